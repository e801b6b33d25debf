import type { HitlIssue, Validated } from "../../core/issues";
import { validateAnswer } from "../../kinds/define-kind";
import {
  type Template,
  type TemplateResponse,
  type TemplateVariable,
  templateDefaults,
  templateKind,
} from "../../kinds/template";
import {
  type DraftField,
  firstInvalidField,
  issueSummary,
  type SplitIssues,
  splitIssuesByField,
} from "../shared/draft-issues";
import { SEARCH_MAX_LENGTH } from "../shared/search";
import {
  createCollection,
  sameSource,
  type TemplateCollection,
  type TemplateCollectionInput,
  templateView,
} from "./collection";

/**
 * The template picker as a pure machine: what the person did (`TemplatePickerState`), what they
 * can do (`TemplatePickerEvent`) and `transition(state, event)`. No React, no DOM: the search is
 * `search.ts`'s rule, the issues are filed and summed up by `draft-issues.ts`, the answer is
 * checked by the kind. A transition that changes nothing returns the same state, so a renderer can
 * skip the render. (The cards' keys, a radio group's, are the shared virtual collection's: it
 * reports each move as `highlight` and `choose`.)
 */

/** The picker's draft: the chosen template and its variable values. */
export interface TemplateDraft {
  templateId?: string | undefined;
  variables: Record<string, string>;
}

export interface TemplatePickerState {
  /** What the request offers (indexed once; replaced by `collection-changed`). */
  readonly collection: TemplateCollection;
  readonly draft: TemplateDraft;
  /** The draft as the person last changed it (`undefined`: untouched): what to tell a controlled owner. */
  readonly lastChange: TemplateDraft | undefined;
  /** The card holding the tab stop (the last one focused), by id so it survives the filters. */
  readonly highlightedId: string | undefined;
  /** The inline templates' search (a remote catalogue's query is its loader's). */
  readonly query: string;
  /** The pressed tags: a template must carry every one. */
  readonly tags: readonly string[];
  /** The variables left once: their errors show from then on. */
  readonly touched: ReadonlySet<string>;
  /** A submit was tried since the last choice: every error shows, and the summary. */
  readonly submitted: boolean;
  /** What `onSubmit` refused the last answer with; cleared when the draft changes. */
  readonly refused: readonly HitlIssue[];
  /** The answer went out (a refusal by the host reopens it with `refused`). */
  readonly sent: boolean;
}

export type TemplatePickerEvent =
  /** A card was checked (a click, or the keyboard moving the choice). */
  | { readonly type: "choose"; readonly id: string }
  /** A card took focus. */
  | { readonly type: "highlight"; readonly id: string }
  | { readonly type: "set-variable"; readonly name: string; readonly value: string }
  /** A variable's control was left. */
  | { readonly type: "touch"; readonly name: string }
  | { readonly type: "search"; readonly query: string }
  | { readonly type: "set-tags"; readonly tags: readonly string[] }
  | { readonly type: "clear-filters" }
  | { readonly type: "submit-attempt" }
  | { readonly type: "refused"; readonly issues: readonly HitlIssue[] }
  | { readonly type: "sent" }
  /** A controlled owner's draft. */
  | { readonly type: "value-changed"; readonly draft: TemplateDraft }
  /** New templates (a remote page, a new search, a new request) or new labels. */
  | ({ readonly type: "collection-changed" } & TemplateCollectionInput);

/** The draft's field for the choice of template (a variable's name always starts with a letter). */
export const CHOICE = "";
const NONE: readonly never[] = [];

export function initialState(
  input: TemplateCollectionInput,
  options: { readonly draft?: TemplateDraft | undefined } = {},
): TemplatePickerState {
  return {
    collection: createCollection(input),
    draft: options.draft ?? { variables: {} },
    lastChange: undefined,
    highlightedId: undefined,
    query: "",
    tags: NONE,
    touched: new Set(),
    submitted: false,
    refused: NONE,
    sent: false,
  };
}

/** `state` with `changes`, or `state` itself when they change nothing. */
function patch(state: TemplatePickerState, changes: Partial<TemplatePickerState>): TemplatePickerState {
  const keys = Object.keys(changes) as (keyof TemplatePickerState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

export function transition(state: TemplatePickerState, event: TemplatePickerEvent): TemplatePickerState {
  switch (event.type) {
    case "choose": {
      const template = lookup(state, event.id);
      if (!template) return state;
      // A new choice starts clean: its variables' errors show once they are left or submitted.
      const touched = state.touched.size ? new Set<string>() : state.touched;
      const clean = { highlightedId: event.id, touched, submitted: false, refused: NONE };
      if (state.draft.templateId === event.id) return patch(state, clean);
      const draft = { templateId: event.id, variables: templateDefaults(template) };
      return { ...state, ...clean, draft, lastChange: draft };
    }
    case "highlight":
      return state.collection.byId.has(event.id) ? patch(state, { highlightedId: event.id }) : state;
    case "set-variable": {
      const { draft } = state;
      if (draft.variables[event.name] === event.value && Object.hasOwn(draft.variables, event.name)) return state;
      const next = { ...draft, variables: { ...draft.variables, [event.name]: event.value } };
      return { ...state, draft: next, lastChange: next, refused: NONE };
    }
    case "touch":
      return state.touched.has(event.name) ? state : { ...state, touched: new Set(state.touched).add(event.name) };
    case "search":
      return patch(state, { query: event.query.slice(0, SEARCH_MAX_LENGTH) });
    case "set-tags":
      return { ...state, tags: event.tags };
    case "clear-filters":
      return patch(state, { query: "", tags: state.tags.length ? NONE : state.tags });
    case "submit-attempt":
      return patch(state, { submitted: true });
    case "refused":
      return { ...state, refused: event.issues, sent: false };
    case "sent":
      return patch(state, { refused: NONE, sent: true });
    case "value-changed":
      return sameDraft(state.draft, event.draft) ? state : { ...state, draft: event.draft };
    case "collection-changed": {
      const { type: _, ...input } = event;
      return sameSource(state.collection, input) ? state : { ...state, collection: createCollection(input) };
    }
    default:
      return event satisfies never;
  }
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** Any template the picker knows by id (a remote one from an earlier search too). */
export function lookup(state: TemplatePickerState, id: string | undefined): Template | undefined {
  const { byId, known } = state.collection;
  return id === undefined ? undefined : (byId.get(id) ?? known?.(id));
}

export const chosenTemplate = (state: TemplatePickerState) => lookup(state, state.draft.templateId);

/** The positions of the templates the filters show (`query`: the search as the cards show it, maybe deferred). */
export function visible(state: TemplatePickerState, query = state.query): readonly number[] {
  return templateView(state.collection, query, state.tags);
}

/** The position in `view` holding the tab stop: the highlighted card, else the chosen one, else the first. */
export function highlightedIndex(state: TemplatePickerState, view = visible(state)): number {
  const { templates } = state.collection;
  const at = (id: string | undefined) => view.findIndex((position) => templates[position]?.id === id);
  const index = at(state.highlightedId);
  return index >= 0 ? index : Math.max(0, at(state.draft.templateId));
}

/** A variable's text in the draft; one the draft lacks reads as the variable's default. */
export function variableValue(state: TemplatePickerState, variable: TemplateVariable): string {
  const { variables } = state.draft;
  return (Object.hasOwn(variables, variable.name) ? variables[variable.name] : undefined) ?? variable.default ?? "";
}

/** The answer to send: the chosen template's variables only (the draft may hold another's). */
export function valueToSend(state: TemplatePickerState): TemplateResponse | undefined {
  const { templateId } = state.draft;
  if (templateId === undefined) return undefined;
  const variables = (chosenTemplate(state)?.variables ?? []).map((v) => [v.name, variableValue(state, v)]);
  return { templateId, variables: Object.fromEntries(variables) };
}

/** A remote answer is checked against what the loader returned: the chosen template's record. */
export function answerContext(state: TemplatePickerState): { items: Template[] } | undefined {
  const chosen = chosenTemplate(state);
  return state.collection.known && { items: chosen ? [chosen] : [] };
}

/** The draft checked by the kind: the answer, or what is in its way. */
export function check(state: TemplatePickerState): Validated<TemplateResponse> {
  const value = valueToSend(state);
  const { request, labels } = state.collection;
  if (!value) return { ok: false, issues: [{ path: ["templateId"], message: labels.chooseTemplate }] };
  return validateAnswer(templateKind, request, value, answerContext(state));
}

/** The fields in the order the picker shows them: the choice, then the chosen template's variables. */
export function fields(state: TemplatePickerState): DraftField[] {
  const variables = chosenTemplate(state)?.variables ?? [];
  return [{ name: CHOICE }, ...variables.map(({ name, label }) => ({ name, label }))];
}

/** Where an issue shows: the choice, one of its variables, or (undefined) the summary only. */
function fieldOf({ path: [root, name] }: HitlIssue): string | undefined {
  if (root === "templateId") return CHOICE;
  return root === "variables" && typeof name === "string" ? name : undefined;
}

const issuesOf = new WeakMap<TemplatePickerState, { checked: Validated<TemplateResponse>; split: SplitIssues }>();

/** The draft's issues (the kind's, then `onSubmit`'s), filed by field; computed once per state. */
export function draftIssues(state: TemplatePickerState): { checked: Validated<TemplateResponse>; split: SplitIssues } {
  let found = issuesOf.get(state);
  if (!found) {
    const checked = check(state);
    const split = splitIssuesByField(fields(state), [...(checked.ok ? [] : checked.issues), ...state.refused], fieldOf);
    found = { checked, split };
    issuesOf.set(state, found);
  }
  return found;
}

/** The error a field shows now: none before it was left or a submit was tried. */
export function errorOf(state: TemplatePickerState, name: string): string | undefined {
  return state.submitted || state.touched.has(name) ? draftIssues(state).split.byField.get(name) : undefined;
}

/** Every problem after a submit attempt, fields in order then the rest; empty before. */
export function summary(state: TemplatePickerState): readonly string[] {
  return state.submitted ? issueSummary(fields(state), draftIssues(state).split, state.collection.labels.issue) : NONE;
}

/** The first field with a problem, in display order: where focus goes on a refused submit. */
export function firstInvalid(state: TemplatePickerState, issues = draftIssues(state).split): string | undefined {
  return firstInvalidField(fields(state), issues.byField);
}

/** Whether two drafts choose the same template with the same texts. */
export function sameDraft(a: TemplateDraft, b: TemplateDraft): boolean {
  const keys = Object.keys(a.variables);
  return (
    a === b ||
    (a.templateId === b.templateId &&
      keys.length === Object.keys(b.variables).length &&
      keys.every((key) => Object.hasOwn(b.variables, key) && a.variables[key] === b.variables[key]))
  );
}

/** The machine in one object, for headless use (`hitl-kit/widgets`): a renderer needs no more. */
export const templatePickerMachine = {
  initialState,
  transition,
  lookup,
  chosenTemplate,
  visible,
  highlightedIndex,
  variableValue,
  valueToSend,
  answerContext,
  check,
  fields,
  draftIssues,
  errorOf,
  summary,
  firstInvalid,
  sameDraft,
} as const;
