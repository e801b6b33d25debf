import type { QuestionOption } from "../../kinds/native";

/**
 * eve's question as a pure machine: what the person did (`QuestionState`), what they can do
 * (`QuestionEvent`) and `transition(state, event)`. No React, no DOM, no strings of its own (the
 * problems it holds are the ones `connect` worded). A transition that changes nothing returns the
 * same state, so a renderer can skip the render. TextQuestion is this machine without options.
 */

/** Where an answer comes from: an option (a button, or the radio group's Submit), or the free text. */
export type QuestionSource = "option" | "text";

/** What a question offers: its options, and whether free text is allowed beside them. */
export interface QuestionOffer {
  readonly options: readonly QuestionOption[];
  readonly allowFreeform: boolean;
}

export interface QuestionState extends QuestionOffer {
  /* The offer (`options`, `allowFreeform`) is replaced by `request-changed`. */
  /** The option chosen in the radio group (`""`: none); unused when options are buttons. */
  readonly value: string;
  /** The free text, as typed. */
  readonly text: string;
  /** The part whose answer was last tried: the one a refusal is shown on. */
  readonly attempt: QuestionSource | undefined;
  /** Why the options' last answer was refused (shown under the options). */
  readonly optionIssues: readonly string[];
  /** Why the free text's last answer was refused (shown on the field). */
  readonly textIssues: readonly string[];
}

export type QuestionEvent =
  /** A radio was checked (only an offered option's id is taken). */
  | { readonly type: "choose"; readonly value: string }
  | { readonly type: "set-text"; readonly text: string }
  | { readonly type: "submit-attempt"; readonly source: QuestionSource }
  /** The attempt was stopped before reaching the host (nothing chosen or written, or the schema said no). */
  | { readonly type: "invalid"; readonly issues: readonly string[] }
  /** The host refused the answer: it replaces what either part showed. */
  | { readonly type: "refused"; readonly issues: readonly string[] }
  | { readonly type: "sent" }
  /** A controlled owner's value or text. */
  | { readonly type: "value-changed"; readonly value: string }
  | { readonly type: "text-changed"; readonly text: string }
  | { readonly type: "request-changed"; readonly request: QuestionOffer };

const NONE: readonly string[] = [];

export function initialState(
  { options, allowFreeform }: QuestionOffer,
  start: { readonly value?: string | undefined; readonly text?: string | undefined } = {},
): QuestionState {
  return {
    options,
    allowFreeform,
    value: start.value ?? "",
    text: start.text ?? "",
    attempt: undefined,
    optionIssues: NONE,
    textIssues: NONE,
  };
}

/** `state` with `changes`, or `state` itself when they change nothing. */
function patch(state: QuestionState, changes: Partial<QuestionState>): QuestionState {
  const keys = Object.keys(changes) as (keyof QuestionState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

/** The issues of the part tried; `both`: none left on the other one. */
function refuse(state: QuestionState, issues: readonly string[], both: boolean): QuestionState {
  if (!state.attempt) return state;
  const cleared = both ? { optionIssues: NONE, textIssues: NONE } : {};
  return patch(state, { ...cleared, [`${state.attempt}Issues`]: issues });
}

export function transition(state: QuestionState, event: QuestionEvent): QuestionState {
  switch (event.type) {
    case "choose":
      if (!state.options.some((option) => option.id === event.value)) return state;
      return patch(state, { value: event.value, optionIssues: NONE });
    case "set-text":
      return patch(state, { text: event.text, textIssues: NONE });
    case "submit-attempt":
      return patch(state, { attempt: event.source });
    case "invalid":
      return refuse(state, event.issues, false);
    case "refused":
      return refuse(state, event.issues, true);
    case "sent":
      return patch(state, { optionIssues: NONE, textIssues: NONE });
    case "value-changed":
      return patch(state, { value: event.value });
    case "text-changed":
      return patch(state, { text: event.text });
    case "request-changed":
      return patch(state, { options: event.request.options, allowFreeform: event.request.allowFreeform });
    default:
      return event satisfies never;
  }
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** More options than this, or any description, and the options become a radio group. */
export const MAX_BUTTON_OPTIONS = 3;

/** How a question shows its options. */
export function questionLayout(options: readonly QuestionOption[]): "buttons" | "radio" | "none" {
  if (options.length === 0) return "none";
  return options.length > MAX_BUTTON_OPTIONS || options.some((option) => option.description) ? "radio" : "buttons";
}

/** Free text is offered when allowed, or when there is nothing else to answer with. */
export function offersText(state: QuestionOffer): boolean {
  return state.allowFreeform || state.options.length === 0;
}

/** eve allows empty labels; the id is better than an empty button. */
export function optionLabel(option: QuestionOption): string {
  return option.label.trim() === "" ? option.id : option.label;
}

/**
 * What an answer from `source` would send: the option (`optionId`, else the chosen one) or the text
 * trimmed; `empty` when there is none yet.
 */
export function submitCheck(
  state: QuestionState,
  source: QuestionSource,
  optionId = state.value,
): { readonly type: "empty" } | { readonly type: "send"; readonly value: { optionId: string } | { text: string } } {
  const text = state.text.trim();
  if (source === "option") return optionId === "" ? { type: "empty" } : { type: "send", value: { optionId } };
  return text === "" ? { type: "empty" } : { type: "send", value: { text } };
}

/** The machine in one object, for headless use (`hitl-kit/widgets`): a renderer needs no more. */
export const questionMachine = {
  initialState,
  transition,
  layout: questionLayout,
  offersText,
  optionLabel,
  submitCheck,
} as const;
