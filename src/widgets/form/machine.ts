import type { HitlIssue, Validated } from "../../core/issues";
import { validateAnswer } from "../../kinds/define-kind";
import {
  type FormField,
  type FormRequest,
  type FormResponse,
  type FormValue,
  type FormValues,
  formDefaults,
  formKind,
} from "../../kinds/form";
import { fieldUnder, firstInvalidField, type SplitIssues, splitIssuesByField } from "../shared/draft-issues";
import { byPosition, setInSelection } from "../shared/selection";
import { formLabels } from "./labels";

/**
 * The form as a pure machine: what the person did (`FormState`), what they can do (`FormEvent`)
 * and `transition(state, event)`. No React, no DOM: the answer is checked by the kind's own schema
 * (`validateAnswer`), its issues filed by field with `draft-issues.ts`. A field's error shows once
 * it was left or a submit was tried; a refused submit asks for focus on its first invalid field.
 * A transition that changes nothing returns the same state, so a renderer can skip the render.
 */

export interface FormState {
  readonly request: FormRequest;
  /** Each field's default (the payload's, else its empty value): what a key `values` lacks reads as. */
  readonly defaults: FormValues;
  /** The values as given or changed (a controlled owner's, once it passes them). */
  readonly values: FormValues;
  /**
   * The values as the person last changed them (`undefined`: untouched). A controlled owner may
   * keep its own `values`; this is what to tell it (one new object per change).
   */
  readonly lastChange: FormValues | undefined;
  /** The fields the person left: their errors show from now on. */
  readonly touched: readonly string[];
  /** Number fields holding text that is not a number (the browser hides it from the value). */
  readonly badInput: readonly string[];
  /** The issues `onSubmit` refused the answer with; any change clears them (they were about the old values). */
  readonly refused: readonly HitlIssue[];
  /** How many times the person tried to send the answer (from the first, every error shows). */
  readonly submitAttempts: number;
  /** Where focus goes after a refused submit: a new object per refusal, so the same field is focused again. */
  readonly focus: { readonly field: string } | undefined;
  /** The answer went out (a later refusal by the host reopens it with `refused`). */
  readonly submitted: boolean;
}

export type FormEvent =
  /** A field's new value (`badInput`: a number field holds text that is not a number). */
  | { readonly type: "change"; readonly name: string; readonly value: FormValue; readonly badInput?: boolean }
  /** A multiselect's checkbox checked or not (the choices stay in option order). */
  | { readonly type: "choose"; readonly name: string; readonly value: string; readonly checked: boolean }
  /** The person left a field. */
  | { readonly type: "touch"; readonly name: string }
  | { readonly type: "submit-attempt" }
  | { readonly type: "refused"; readonly issues: readonly HitlIssue[] }
  | { readonly type: "sent" }
  /** A controlled owner's values. */
  | { readonly type: "value-changed"; readonly values: FormValues }
  | { readonly type: "request-changed"; readonly request: FormRequest };

const NONE: readonly never[] = [];

export function initialState(
  request: FormRequest,
  options: { readonly values?: FormValues | undefined } = {},
): FormState {
  const defaults = formDefaults(request.fields);
  return {
    request,
    defaults,
    values: options.values ?? defaults,
    lastChange: undefined,
    touched: NONE,
    badInput: NONE,
    refused: NONE,
    submitAttempts: 0,
    focus: undefined,
    submitted: false,
  };
}

/** `state` with `changes`, or `state` itself when they change nothing. */
function patch(state: FormState, changes: Partial<FormState>): FormState {
  const keys = Object.keys(changes) as (keyof FormState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

/** `names` with `name` in or out. */
function withName(names: readonly string[], name: string, on: boolean): readonly string[] {
  if (names.includes(name) === on) return names;
  return on ? [...names, name] : names.filter((other) => other !== name);
}

/** The person's new value for a field: it clears what `onSubmit` refused. */
function changed(state: FormState, name: string, value: FormValue, badInput?: boolean): FormState {
  const field = fieldNamed(state, name);
  if (!field) return state;
  const next = sameValue(readValue(state, field), value) ? undefined : { ...state.values, [name]: value };
  return patch(state, {
    refused: state.refused.length === 0 ? state.refused : NONE,
    badInput: badInput === undefined ? state.badInput : withName(state.badInput, name, badInput),
    ...(next ? { values: next, lastChange: next } : {}),
  });
}

export function transition(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case "change":
      return changed(state, event.name, event.value, event.badInput);
    case "choose": {
      const field = fieldNamed(state, event.name);
      if (field?.type !== "multiselect") return state;
      const options = field.options.map((option) => option.value);
      // Min/max are the kind's to report on submit: here every offered choice may be toggled (a
      // choice not offered can only be unchosen, as from a stale controlled value).
      const rules = {
        mode: "multiple" as const,
        max: options.length,
        compare: byPosition(options),
        isDisabled: (choice: string) => !options.includes(choice),
      };
      const result = setInSelection(chosenOf(readValue(state, field)), event.value, event.checked, rules);
      return result.type === "changed" ? changed(state, field.name, [...result.selected]) : state;
    }
    case "touch":
      return patch(state, { touched: withName(state.touched, event.name, true) });
    case "submit-attempt": {
      const first = firstInvalid(state, validation(state).issues);
      return { ...state, submitAttempts: state.submitAttempts + 1, focus: first ? { field: first } : state.focus };
    }
    case "refused": {
      // Focus follows the refusal's own issues (the values passed the kind's checks).
      const first = firstInvalid(state, splitIssuesByField(state.request.fields, event.issues, fieldOfValues));
      return { ...state, refused: event.issues, submitted: false, focus: first ? { field: first } : state.focus };
    }
    case "sent":
      return patch(state, { submitted: true });
    case "value-changed":
      return sameValues(state.values, event.values) ? state : { ...state, values: event.values };
    case "request-changed": {
      const { request } = event;
      // A host may pass the same fields in a new request object (the approval's edit step does).
      const defaults = request.fields === state.request.fields ? state.defaults : formDefaults(request.fields);
      return patch(state, { request, defaults });
    }
    default:
      return event satisfies never;
  }
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** The field of the request by its name. */
export function fieldNamed(state: FormState, name: string): FormField | undefined {
  return state.request.fields.find((field) => field.name === name);
}

/** A field's value; a key `values` lacks reads as the field's default. */
export function readValue(state: FormState, field: FormField): FormValue {
  return (Object.hasOwn(state.values, field.name) ? state.values[field.name] : state.defaults[field.name]) ?? null;
}

/** A multiselect's chosen values (anything else in its value is not a choice). */
export function chosenOf(value: FormValue): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** A value left empty: for an optional field it is left out of the answer. */
function isEmpty(value: FormValue | undefined): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * The answer's values in field order. Empty optional fields are omitted (the kind reads absent as
 * "not given"); checkboxes stay booleans and multiselects lists, since `false` and `[]` are answers.
 * Required empty fields are kept so the schema reports them as "Required".
 */
export function formAnswerValues(fields: readonly FormField[], read: (field: FormField) => FormValue): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = read(field);
    if (!field.required && isEmpty(value)) continue;
    values[field.name] = value ?? null;
  }
  return values;
}

const fieldOfValues = fieldUnder("values");

export interface FormValidation {
  /** The kind's check of the answer, bad number text first: the answer to send when `ok`. */
  readonly checked: Validated<FormResponse>;
  /** Every problem (onSubmit's refusal too), one per field, and those of no field. */
  readonly issues: SplitIssues;
}

/** The answer checked against the kind; `notANumber` names unparseable number text. */
export function validation(state: FormState, notANumber: string = formLabels.notANumber): FormValidation {
  const { fields } = state.request;
  const answer = { values: formAnswerValues(fields, (field) => readValue(state, field)) };
  const kind = validateAnswer(formKind, state.request, answer);
  // The browser hides unparseable number text from the value: say so instead of "Required".
  const local = state.badInput.map((name) => ({ path: ["values", name], message: notANumber }));
  const checked: Validated<FormResponse> =
    local.length === 0 ? kind : { ok: false, issues: [...local, ...(kind.ok ? [] : kind.issues)] };
  const all = [...(checked.ok ? [] : checked.issues), ...state.refused];
  return { checked, issues: splitIssuesByField(fields, all, fieldOfValues) };
}

function firstInvalid(state: FormState, issues: SplitIssues): string | undefined {
  return firstInvalidField(state.request.fields, issues.byField);
}

/** Whether a field's error shows: once it was left or a submit was tried. */
export function showsError(state: FormState, name: string): boolean {
  return state.submitAttempts > 0 || state.touched.includes(name);
}

/** The error to show now for a field (none before it was left or a submit was tried). */
export function errorOf(state: FormState, name: string, checked = validation(state)): string | undefined {
  return showsError(state, name) ? checked.issues.byField.get(name) : undefined;
}

/** The answer to send (checked by the kind), or `undefined` while anything is in its way. */
export function valueToSend(state: FormState): FormResponse | undefined {
  const { checked, issues } = validation(state);
  // A refusal about no field in particular does not hold the answer back: the host may take it now.
  return checked.ok && firstInvalid(state, issues) === undefined ? checked.value : undefined;
}

/** Whether the answer would pass the kind's checks and no field holds a refusal. */
export function canSubmit(state: FormState): boolean {
  return valueToSend(state) !== undefined;
}

/** Whether two field values are the same (lists by their items). */
export function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return Object.is(a, b);
}

/** Whether two sets of values hold the same keys with the same values. */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = Object.keys(b);
  return a === b || (keys.length === Object.keys(a).length && keys.every((key) => sameValue(a[key], b[key])));
}

/** The machine in one object, for headless use (`hitl-kit/widgets`): a renderer needs no more. */
export const formMachine = {
  initialState,
  transition,
  fieldNamed,
  readValue,
  chosenOf,
  formAnswerValues,
  validation,
  showsError,
  errorOf,
  valueToSend,
  canSubmit,
  sameValue,
  sameValues,
} as const;
