import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import {
  type QuestionSetItem,
  type QuestionSetOption,
  type QuestionsRequest,
  type QuestionsResponse,
  questionSetBounds,
} from "../../kinds/questions";

/**
 * A question set as a pure machine: what the person did (`QuestionsState`), what they can do
 * (`QuestionsEvent`) and `transition(state, event)`. No React, no DOM, no strings of its own (a
 * question's problem is a code `connect` words). A transition that changes nothing returns the
 * same state, so a renderer can skip the render.
 *
 * The rules are the kind's (`questionSetBounds`): a single-choice question takes one answer (an
 * option or "Other", radio-like: choosing one unchooses the other); a multiple-choice one takes
 * `min` to `max` answers, "Other" counting as one, and a choice past `max` is refused, never
 * dropped behind the person's back. A recommended option is shown as such and never chosen for
 * the person. The state only ever holds offered options, within bounds, so every answer it makes
 * names known options and never passes `max`; whether it is complete is `questionStatus`'s.
 */

/** What the person made of one question. */
export interface QuestionDraft {
  /** The chosen option ids, in the order chosen (the kind's order). */
  readonly selected: readonly string[];
  /** "Other" is chosen (for a question without options: its text is not blank). */
  readonly other: boolean;
  /** The "Other" text as typed; kept while "Other" is unchosen, so choosing it again brings it back. */
  readonly text: string;
}

/**
 * The draft as a controlled owner holds it: by question id, each answered question's chosen ids
 * and, while "Other" is chosen, its text as typed (possibly still blank). The kind's answer shape.
 */
export type QuestionsValue = QuestionsResponse["answers"];

export interface QuestionsState {
  /** What is asked (replaced by `request-changed`). */
  readonly request: QuestionsRequest;
  /** Each question's draft, by question id (absent: untouched). */
  readonly drafts: ReadonlyMap<string, QuestionDraft>;
  /** The draft as the person last changed it (`undefined`: untouched); one new object per change. */
  readonly lastChange: QuestionsValue | undefined;
  /** Each checkbox group's tab stop, by question id: the index of its item (options, then "Other"). */
  readonly tabStops: ReadonlyMap<string, number>;
  /** The question whose `max` a choice just went past (said politely until the next change). */
  readonly notice: string | undefined;
  /** The person tried to submit: each question shows what it still needs. */
  readonly attempted: boolean;
  /** Why the last submit was refused (an incomplete set, the schema's or the host's messages). */
  readonly issues: readonly string[];
  readonly submitAttempts: number;
  /** The answer went out (a refusal by the host reopens it with `refused`). */
  readonly submitted: boolean;
}

export type QuestionsEvent =
  /** An option's checkbox or radio (without `checked`: the other way round; a radio is never unchecked). */
  | { readonly type: "toggle"; readonly questionId: string; readonly optionId: string; readonly checked?: boolean }
  /** The "Other" option's checkbox or radio. */
  | { readonly type: "toggle-other"; readonly questionId: string; readonly checked?: boolean }
  | { readonly type: "set-other-text"; readonly questionId: string; readonly text: string }
  /** Unchoose everything of a question (an optional question can be left unanswered again). */
  | { readonly type: "clear"; readonly questionId: string }
  /** An item of a checkbox group took focus (`index`: options, then "Other"). */
  | { readonly type: "highlight"; readonly questionId: string; readonly index: number }
  | { readonly type: "submit-attempt" }
  | { readonly type: "refused"; readonly issues: readonly string[] }
  | { readonly type: "sent" }
  /** A controlled owner's value (taken as far as the request allows it). */
  | { readonly type: "value-changed"; readonly value: QuestionsValue }
  | { readonly type: "request-changed"; readonly request: QuestionsRequest };

const NONE: readonly string[] = [];
const EMPTY: QuestionDraft = { selected: NONE, other: false, text: "" };

export function initialState(
  request: QuestionsRequest,
  start: { readonly value?: QuestionsValue | undefined } = {},
): QuestionsState {
  return {
    request,
    drafts: start.value ? draftsFromValue(request, start.value, new Map()) : new Map(),
    lastChange: undefined,
    tabStops: new Map(),
    notice: undefined,
    attempted: false,
    issues: NONE,
    submitAttempts: 0,
    submitted: false,
  };
}

/** `state` with `changes`, or `state` itself when they change nothing. */
function patch(state: QuestionsState, changes: Partial<QuestionsState>): QuestionsState {
  const keys = Object.keys(changes) as (keyof QuestionsState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

/** The question asked with this id. */
export function questionById(state: QuestionsState, questionId: string): QuestionSetItem | undefined {
  return state.request.questions.find((question) => question.id === questionId);
}

export function draftOf(state: QuestionsState, questionId: string): QuestionDraft {
  return state.drafts.get(questionId) ?? EMPTY;
}

/** The person changed a question: the new draft, told to the owner; the notice and issues cleared. */
function changed(state: QuestionsState, questionId: string, draft: QuestionDraft, notice?: string): QuestionsState {
  const before = draftOf(state, questionId);
  if (before.other === draft.other && before.text === draft.text && sameIds(before.selected, draft.selected)) {
    return patch(state, { notice, issues: NONE });
  }
  const drafts = new Map(state.drafts);
  drafts.set(questionId, draft);
  const next = { ...state, drafts, notice, issues: NONE };
  // A text typed while its "Other" is unchosen changes no answer: nothing to tell the owner.
  const value = draftValue(next);
  return sameValue(draftValue(state), value) ? next : { ...next, lastChange: value };
}

/** How many answers a draft holds ("Other" counts as one). */
function countOf(draft: QuestionDraft): number {
  return draft.selected.length + (draft.other ? 1 : 0);
}

function choose(state: QuestionsState, question: QuestionSetItem, optionId: string | undefined, checked?: boolean) {
  const draft = draftOf(state, question.id);
  const chosen = optionId === undefined ? draft.other : draft.selected.includes(optionId);
  const wanted = checked ?? !chosen;
  // A radio is checked, never unchecked: choosing it again keeps it.
  if (!question.multiple && !wanted) return patch(state, { notice: undefined, issues: NONE });
  if (!question.multiple) {
    const next =
      optionId === undefined
        ? { ...draft, selected: NONE, other: true }
        : { ...draft, selected: [optionId], other: false };
    return changed(state, question.id, next);
  }
  if (wanted === chosen) return patch(state, { notice: undefined, issues: NONE });
  if (!wanted) {
    const next =
      optionId === undefined
        ? { ...draft, other: false }
        : { ...draft, selected: draft.selected.filter((id) => id !== optionId) };
    return changed(state, question.id, next);
  }
  if (countOf(draft) >= questionSetBounds(question).max) return patch(state, { notice: question.id, issues: NONE });
  const next =
    optionId === undefined ? { ...draft, other: true } : { ...draft, selected: [...draft.selected, optionId] };
  return changed(state, question.id, next);
}

export function transition(state: QuestionsState, event: QuestionsEvent): QuestionsState {
  switch (event.type) {
    case "toggle": {
      const question = questionById(state, event.questionId);
      if (!question?.options.some((option) => option.id === event.optionId)) return state;
      return choose(state, question, event.optionId, event.checked);
    }
    case "toggle-other": {
      const question = questionById(state, event.questionId);
      // A question without options has no "Other" to choose: its text is its answer.
      if (!question?.other || question.options.length === 0) return state;
      return choose(state, question, undefined, event.checked);
    }
    case "set-other-text": {
      const question = questionById(state, event.questionId);
      if (!question?.other) return state;
      const draft = draftOf(state, question.id);
      const text = event.text.slice(0, MAX_TEXT_LENGTH);
      const other = question.options.length === 0 ? text.trim() !== "" : draft.other;
      return changed(state, question.id, { ...draft, text, other }, state.notice);
    }
    case "clear": {
      const question = questionById(state, event.questionId);
      if (!question) return state;
      const draft = draftOf(state, question.id);
      if (countOf(draft) === 0) return state;
      return changed(state, question.id, { ...draft, selected: NONE, other: false });
    }
    case "highlight": {
      const question = questionById(state, event.questionId);
      if (!question || !Number.isInteger(event.index) || event.index < 0) return state;
      if (event.index >= itemsOf(question).length || state.tabStops.get(question.id) === event.index) return state;
      const tabStops = new Map(state.tabStops);
      tabStops.set(question.id, event.index);
      return { ...state, tabStops };
    }
    case "submit-attempt":
      return { ...state, attempted: true, submitAttempts: state.submitAttempts + 1 };
    case "refused":
      return patch(state, { issues: event.issues, submitted: false });
    case "sent":
      return patch(state, { issues: NONE, submitted: true });
    case "value-changed":
      return takesValue(state, event.value)
        ? { ...state, drafts: draftsFromValue(state.request, event.value, state.drafts) }
        : state;
    case "request-changed": {
      if (event.request === state.request) return state;
      const drafts = draftsFromValue(event.request, draftValue(state), state.drafts);
      return { ...state, request: event.request, drafts };
    }
    default:
      return event satisfies never;
  }
}

/**
 * Drafts from an owner's value, as far as `request` allows: only questions asked and options
 * offered, each once; "Other" only where offered; single choice one answer, multiple at most `max`
 * (the first ones given). The texts of `previous` drafts are kept where "Other" is not chosen.
 */
function draftsFromValue(
  request: QuestionsRequest,
  value: QuestionsValue,
  previous: ReadonlyMap<string, QuestionDraft>,
): ReadonlyMap<string, QuestionDraft> {
  const drafts = new Map<string, QuestionDraft>();
  for (const question of request.questions) {
    const given = Object.hasOwn(value, question.id) ? value[question.id] : undefined;
    const kept = previous.get(question.id)?.text ?? "";
    const { max } = questionSetBounds(question);
    const offered = new Set(question.options.map((option) => option.id));
    const wantsOther = question.other && given?.other !== undefined;
    const room = wantsOther ? max - 1 : max;
    const selected: string[] = [];
    for (const id of given?.selected ?? []) {
      if (selected.length >= room) break;
      if (offered.has(id) && !selected.includes(id)) selected.push(id);
    }
    const text = wantsOther ? (given?.other ?? "").slice(0, MAX_TEXT_LENGTH) : kept;
    const other = wantsOther && (question.options.length > 0 || text.trim() !== "");
    if (selected.length > 0 || other || text !== "") drafts.set(question.id, { selected, other, text });
  }
  return drafts;
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** An item of a question's group: an option, or the "Other" answer (last). */
export type QuestionItem =
  | { readonly type: "option"; readonly option: QuestionSetOption; readonly index: number }
  | { readonly type: "other"; readonly index: number };

const itemsByQuestion = new WeakMap<QuestionSetItem, readonly QuestionItem[]>();

/** The question's radios or checkboxes: its options, then "Other" when offered beside them. */
export function itemsOf(question: QuestionSetItem): readonly QuestionItem[] {
  const known = itemsByQuestion.get(question);
  if (known) return known;
  const items: QuestionItem[] = question.options.map((option, index) => ({ type: "option", option, index }));
  if (question.other && question.options.length > 0) items.push({ type: "other", index: items.length });
  itemsByQuestion.set(question, items);
  return items;
}

/** A question without options is answered in words alone: a text field, no radios. */
export function isTextOnly(question: QuestionSetItem): boolean {
  return question.options.length === 0;
}

/** Whether an item is chosen in a draft. */
export function isChosen(draft: QuestionDraft, item: QuestionItem): boolean {
  return item.type === "other" ? draft.other : draft.selected.includes(item.option.id);
}

/** The index of a checkbox group's tab stop: the item last focused, else the first. */
export function tabStopOf(state: QuestionsState, question: QuestionSetItem): number {
  const index = state.tabStops.get(question.id) ?? 0;
  return index < itemsOf(question).length ? index : 0;
}

/** What a question still needs before the set can be sent. */
export type QuestionIssue =
  /** Nothing chosen, and the question is not optional. */
  | { readonly type: "required" }
  /** "Other" is chosen, its text blank. */
  | { readonly type: "other-blank" }
  /** Fewer answers than `min` (multiple choice). */
  | { readonly type: "too-few"; readonly min: number; readonly count: number };

export interface QuestionStatus {
  /** How many answers are chosen ("Other" counts as one). */
  readonly count: number;
  readonly min: number;
  readonly max: number;
  /** Something is chosen. */
  readonly answered: boolean;
  /** What it still needs (`undefined`: ready to send, answered or optional). */
  readonly issue: QuestionIssue | undefined;
}

export function questionStatus(state: QuestionsState, question: QuestionSetItem): QuestionStatus {
  const draft = draftOf(state, question.id);
  const count = countOf(draft);
  const { min, max } = questionSetBounds(question);
  const issue: QuestionIssue | undefined =
    count === 0
      ? question.optional
        ? undefined
        : { type: "required" }
      : draft.other && draft.text.trim() === ""
        ? { type: "other-blank" }
        : count < min
          ? { type: "too-few", min, count }
          : undefined;
  return { count, min, max, answered: count > 0, issue };
}

/** The questions that still need something, in order. */
export function pendingQuestions(state: QuestionsState): readonly QuestionSetItem[] {
  return state.request.questions.filter((question) => questionStatus(state, question).issue !== undefined);
}

/** Every question is answered within its bounds (or optional and left out): the set can be sent. */
export function isComplete(state: QuestionsState): boolean {
  return pendingQuestions(state).length === 0;
}

/** How many questions are answered, of how many. */
export function progress(state: QuestionsState): { readonly answered: number; readonly total: number } {
  const { questions } = state.request;
  const answered = questions.filter((question) => countOf(draftOf(state, question.id)) > 0).length;
  return { answered, total: questions.length };
}

/** The draft by question id, as an owner holds it (`other`: the text as typed, while chosen). */
export function draftValue(state: QuestionsState): QuestionsValue {
  return valueOfDrafts(state.request, state.drafts);
}

/**
 * Whether an owner's value changes what the machine holds, once taken as far as the request
 * allows (ids not offered and answers past the bounds left out). Taking it twice changes nothing,
 * so a renderer that sends it in every render that brings it stops.
 */
export function takesValue(state: QuestionsState, value: QuestionsValue): boolean {
  if (sameValue(draftValue(state), value)) return false;
  return !sameValue(draftValue(state), valueOfDrafts(state.request, draftsFromValue(state.request, value, new Map())));
}

function valueOfDrafts(request: QuestionsRequest, drafts: ReadonlyMap<string, QuestionDraft>): QuestionsValue {
  const entries: [string, QuestionsValue[string]][] = [];
  for (const question of request.questions) {
    const draft = drafts.get(question.id) ?? EMPTY;
    if (countOf(draft) === 0) continue;
    entries.push([question.id, { selected: [...draft.selected], ...(draft.other ? { other: draft.text } : {}) }]);
  }
  // `fromEntries` defines each key as the object's own, whatever the id ("__proto__" included).
  return Object.fromEntries(entries);
}

/**
 * The kind's answer: each answered question's chosen ids (in the order chosen) and "Other"'s text,
 * trimmed; unanswered questions left out. It passes the kind's checks exactly when `isComplete`.
 */
export function answerOf(state: QuestionsState): QuestionsResponse {
  const answers = Object.entries(draftValue(state)).map(
    ([id, answer]) => [id, answer.other === undefined ? answer : { ...answer, other: answer.other.trim() }] as const,
  );
  return { answers: Object.fromEntries(answers) };
}

/** Whether two drafts hold the same answers (ids in the same order, the same texts). */
export function sameValue(a: QuestionsValue, b: QuestionsValue): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = a[key];
    const right = Object.hasOwn(b, key) ? b[key] : undefined;
    return (
      left !== undefined && right !== undefined && left.other === right.other && sameIds(left.selected, right.selected)
    );
  });
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, index) => id === b[index]));
}

/** The machine in one object, for headless use: a renderer needs no more. */
export const questionsMachine = {
  initialState,
  transition,
  itemsOf,
  isTextOnly,
  isChosen,
  tabStopOf,
  questionStatus,
  pendingQuestions,
  isComplete,
  progress,
  draftValue,
  takesValue,
  answerOf,
  sameValue,
} as const;
