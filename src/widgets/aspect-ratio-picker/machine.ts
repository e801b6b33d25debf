import { type AspectRatioRequest, normalizeRatio } from "../../kinds/aspect-ratio";
import { type AspectRatioCollection, CUSTOM, createCollection, offersSame, presetOf } from "./collection";

/**
 * The aspect-ratio picker as a pure machine: what the person did (`AspectRatioState`), what they
 * can do (`AspectRatioEvent`) and `transition(state, event)`. No React, no DOM, no strings to show
 * (problems are codes; `connect` words them). A transition that changes nothing returns the same
 * state, so a renderer can skip the render.
 */

export type CustomSide = "width" | "height";

/** The custom W:H as typed (kept while another radio is chosen, so Custom comes back as it was). */
export interface CustomDraft {
  /** Custom is the chosen radio. */
  readonly active: boolean;
  readonly width: string;
  readonly height: string;
}

export interface AspectRatioState {
  /** What the request offers (indexed once; replaced by `request-changed`). */
  readonly collection: AspectRatioCollection;
  /**
   * The chosen ratio, "W:H": a preset's, the custom one (`""` while it is incomplete), or `""` for
   * none. Controlled, it is the owner's: the person's changes only ask for one (`lastChange`).
   */
  readonly value: string;
  readonly controlled: boolean;
  /** The value the person last asked for, one new object per change (`undefined`: untouched): what to tell the owner. */
  readonly lastChange: { readonly value: string } | undefined;
  readonly custom: CustomDraft;
  /** A submit was tried with Custom chosen: from then on an empty side is a problem too. */
  readonly attempted: boolean;
  /** Why the last submit was refused (the schema's messages, or `onSubmit`'s). */
  readonly issues: readonly string[];
}

export type AspectRatioEvent =
  /** A radio was checked: a preset's ratio, or `CUSTOM`. */
  | { readonly type: "choose"; readonly choice: string }
  /** A custom side's text (it chooses Custom). */
  | { readonly type: "set-side"; readonly side: CustomSide; readonly text: string }
  | { readonly type: "submit-attempt" }
  | { readonly type: "refused"; readonly issues: readonly string[] }
  | { readonly type: "sent" }
  /** A controlled owner's value (a new one moves the choice). */
  | { readonly type: "value-changed"; readonly value: string }
  | { readonly type: "request-changed"; readonly request: AspectRatioRequest };

/** What is wrong with the custom draft: a side that is not a whole number, or a ratio out of bounds. */
export interface CustomErrors {
  readonly width?: "whole-number" | undefined;
  readonly height?: "whole-number" | undefined;
  readonly ratio?: "out-of-bounds" | undefined;
}

const NONE: readonly string[] = [];
const NO_ERRORS: CustomErrors = {};
const EMPTY_DRAFT: CustomDraft = { active: false, width: "", height: "" };
const WHOLE_NUMBER = /^[1-9]\d{0,4}$/;

export function initialState(
  request: AspectRatioRequest,
  options: { readonly value?: string | undefined; readonly controlled?: boolean } = {},
): AspectRatioState {
  const collection = createCollection(request);
  const value = options.value ?? "";
  return {
    collection,
    value,
    controlled: options.controlled ?? false,
    lastChange: undefined,
    // A value no preset shows opens Custom with its sides.
    custom: follow(collection, EMPTY_DRAFT, value),
    attempted: false,
    issues: NONE,
  };
}

/** `object` with `changes`, or `object` itself when they change nothing. */
function patch<T extends object>(object: T, changes: Partial<T>): T {
  const keys = Object.keys(changes) as (keyof T)[];
  return keys.every((key) => Object.is(object[key], changes[key])) ? object : { ...object, ...changes };
}

/** The person's change: it clears the issues shown, and asks for `value` when it is a new one. */
function changed(state: AspectRatioState, value: string, custom: CustomDraft): AspectRatioState {
  if (value === state.value) return patch(state, { custom, issues: NONE });
  return {
    ...state,
    custom,
    issues: NONE,
    lastChange: { value },
    value: state.controlled ? state.value : value,
  };
}

/** The choice a new value from outside makes: the custom draft it shows, or its preset's radio. */
function follow(collection: AspectRatioCollection, custom: CustomDraft, value: string): CustomDraft {
  if (custom.active && customRatio(custom) === value) return custom;
  if (value !== "" && collection.request.custom && !presetOf(collection, value)) {
    const [width = "", height = ""] = value.split(":");
    return { active: true, width, height };
  }
  return patch(custom, { active: false });
}

export function transition(state: AspectRatioState, event: AspectRatioEvent): AspectRatioState {
  const { collection } = state;
  switch (event.type) {
    case "choose": {
      // Only an offered radio can be checked (Custom only with custom bounds).
      if (!collection.values.includes(event.choice)) return state;
      const custom = patch(state.custom, { active: event.choice === CUSTOM });
      return changed(state, custom.active ? customRatio(custom) : event.choice, custom);
    }
    case "set-side": {
      if (!collection.request.custom) return state;
      const custom = patch(state.custom, { active: true, [event.side]: event.text });
      return changed(state, customRatio(custom), custom);
    }
    case "submit-attempt":
      return patch(state, { attempted: state.attempted || state.custom.active });
    case "refused":
      return patch(state, { issues: event.issues });
    case "sent":
      return patch(state, { issues: NONE });
    case "value-changed":
      if (event.value === state.value) return patch(state, { controlled: true });
      return {
        ...state,
        controlled: true,
        value: event.value,
        custom: follow(collection, state.custom, event.value),
      };
    case "request-changed":
      return offersSame(collection, event.request) ? state : { ...state, collection: createCollection(event.request) };
    default:
      return event satisfies never;
  }
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** The checked radio: `CUSTOM`, the preset showing the value, or `null`. */
export function choice(state: AspectRatioState): string | null {
  return state.custom.active ? CUSTOM : (presetOf(state.collection, state.value)?.ratio ?? null);
}

/** The ratio the custom sides make ("21:9"), or `""` until both are whole numbers. */
export function customRatio(custom: CustomDraft): string {
  return WHOLE_NUMBER.test(custom.width.trim()) && WHOLE_NUMBER.test(custom.height.trim())
    ? `${Number(custom.width)}:${Number(custom.height)}`
    : "";
}

/** The custom draft's problems while Custom is chosen (an empty side only once a submit was tried, or with `showEmpty`). */
export function customErrors(state: AspectRatioState, showEmpty = state.attempted): CustomErrors {
  const { custom } = state;
  if (!custom.active) return NO_ERRORS;
  const side = (text: string) =>
    (text.trim() === "" ? showEmpty : !WHOLE_NUMBER.test(text.trim())) ? ("whole-number" as const) : undefined;
  const errors = { width: side(custom.width), height: side(custom.height) };
  const bounds = state.collection.request.custom;
  const normalized = normalizeRatio(customRatio(custom));
  if (!bounds || !normalized.ok) return errors;
  const outside = normalized.value.value < bounds.min || normalized.value.value > bounds.max;
  return { ...errors, ratio: outside ? "out-of-bounds" : undefined };
}

/** The answer for a value: the ratio normalized (the longer side 1), or as given for the schema to refuse. */
export function valueToSend(value: string): unknown {
  const normalized = normalizeRatio(value);
  return normalized.ok
    ? { ratio: normalized.value.ratio, width: normalized.value.width, height: normalized.value.height }
    : { ratio: value };
}

/** What a submit does now: send the value, send nothing until a custom side is fixed, or ask for a choice. */
export function submitCheck(
  state: AspectRatioState,
):
  | { readonly type: "fix"; readonly side: CustomSide }
  | { readonly type: "choose-first" }
  | { readonly type: "send"; readonly value: unknown } {
  const errors = customErrors(state, true);
  if (errors.width || errors.height || errors.ratio)
    return { type: "fix", side: errors.height && !errors.width ? "height" : "width" };
  if (state.value === "") return { type: "choose-first" };
  return { type: "send", value: valueToSend(state.value) };
}

/** The machine in one object, for headless use (`hitl-kit/widgets`): a renderer needs no more. */
export const aspectRatioPickerMachine = {
  initialState,
  transition,
  choice,
  customRatio,
  customErrors,
  valueToSend,
  submitCheck,
} as const;
