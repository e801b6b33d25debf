"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { HitlIssue, Validated } from "../../core/issues";
import type { AnswerContext } from "../../kinds/define-kind";
import type { SubmitResult, WidgetStatus } from "../../react/widget-props";
import { type DraftField, firstInvalidField, issueSummary, splitIssuesByField } from "./draft-issues";
import { useAnswer } from "./use-answer";
import { useControllableState } from "./use-controllable-state";

/**
 * A draft answer that is filled in, checked as it changes and sent once: the form's fields, the
 * template picker's variables, a custom widget's inputs. A field's error shows once it was left
 * (`touch`) or a submit was tried; a submit with problems moves focus to the first invalid field and
 * fills the error summary; issues `onSubmit` refuses with are shown on their fields until the draft
 * changes.
 */

/** Anything focus can be moved to: an element, or a part that knows which of its elements to focus. */
export interface Focusable {
  focus(): void;
}

export interface DraftOptions<D, Res> {
  /** The draft (controlled). */
  value?: D | undefined;
  /** The initial draft (uncontrolled). */
  defaultValue: D;
  /** Called with the whole draft whenever it changes. */
  onValueChange?: ((draft: D) => void) | undefined;
  /**
   * Checks a draft: the answer to send, or the issues in its way. Runs whenever the draft changes,
   * so keep it stable (`useCallback`). Put a local problem (e.g. unparseable text) before the
   * schema's issues to show it instead of theirs.
   */
  validate: (draft: D) => Validated<Res>;
  /**
   * The fields shown, in order: the summary and the focus on a refused submit follow it. A function
   * when they depend on the draft (a template's variables); keep it stable then.
   */
  fields: readonly DraftField[] | ((draft: D) => readonly DraftField[]);
  /**
   * The field an issue belongs to; `undefined` (or a field not shown) puts it in the summary only.
   * @default the first key of the issue's path (an answer shaped `{ name, city }`)
   */
  fieldOf?: ((issue: HitlIssue) => string | undefined) | undefined;
  /** A summary line for a field's problem. @default "Label: message" */
  formatIssue?: ((label: string, message: string) => string) | undefined;
  status: WidgetStatus | undefined;
  onSubmit: ((value: Res, context?: AnswerContext) => SubmitResult | undefined) | undefined;
  /**
   * The loaded records a draft's answer picks, for a draft over a remote collection: handed to
   * `onSubmit` with the value, so the host checks the answer against them (see `validateAnswer`).
   */
  context?: ((draft: D) => AnswerContext | undefined) | undefined;
}

export interface Draft<D> {
  readonly value: D;
  /** Changes the draft; issues `onSubmit` refused with are cleared, since they were about the old one. */
  readonly setValue: (next: D | ((previous: D) => D)) => void;
  /** Marks a field as left: its error shows from now on. */
  readonly touch: (name: string) => void;
  /** The error to show now for a field (none before it was left or a submit was tried). */
  readonly error: (name: string) => string | undefined;
  /** A submit was tried since the last `reset`. */
  readonly submitted: boolean;
  /** Every problem after a submit attempt, fields in order then the rest; empty before. */
  readonly summary: readonly string[];
  /** Where focus goes when this field is the first invalid one (pass `null` on unmount). */
  readonly registerControl: (name: string, control: Focusable | null) => void;
  /** Sends the checked answer once, or shows what is in the way and focuses its first field. */
  readonly submit: () => void;
  /** Starts over: nothing touched, submitted or refused (e.g. another template was chosen). */
  readonly reset: () => void;
}

export function useDraft<D, Res>({
  value,
  defaultValue,
  onValueChange,
  validate,
  fields,
  fieldOf = topLevelField,
  formatIssue = labelled,
  status,
  onSubmit,
  context,
}: DraftOptions<D, Res>): Draft<D> {
  const [draft, setDraft] = useControllableState<D>({ value, defaultValue, onValueChange });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<readonly HitlIssue[]>([]);
  const [focusRequest, setFocusRequest] = useState<{ readonly name: string; readonly attempt: number } | null>(null);
  const controls = useRef(new Map<string, Focusable>());
  // Checked ahead for the inline errors, so sent as is. Decline is the shell's own, guarded there.
  const reply = useAnswer<Res>({ status, onSubmit });

  const checked = useMemo(() => validate(draft), [validate, draft]);
  const shown = useMemo(() => (typeof fields === "function" ? fields(draft) : fields), [fields, draft]);
  const issues = useMemo(
    () => splitIssuesByField(shown, [...(checked.ok ? [] : checked.issues), ...refused], fieldOf),
    [shown, checked, refused, fieldOf],
  );
  const summary = useMemo(
    () => (submitted ? issueSummary(shown, issues, formatIssue) : []),
    [submitted, shown, issues, formatIssue],
  );

  useEffect(() => {
    if (focusRequest) controls.current.get(focusRequest.name)?.focus();
  }, [focusRequest]);

  const focus = (name: string | undefined) => {
    // A new object each time: a second refused submit focuses the same field again.
    if (name !== undefined) setFocusRequest((previous) => ({ name, attempt: (previous?.attempt ?? 0) + 1 }));
  };

  const submit = () => {
    if (reply.sent()) return;
    setSubmitted(true);
    const first = firstInvalidField(shown, issues.byField);
    if (!checked.ok || first !== undefined) {
      focus(first);
      return;
    }
    const outcome = reply.submit(checked.value, context?.(draft));
    if (outcome.type === "refused") {
      setRefused(outcome.issues);
      focus(firstInvalidField(shown, splitIssuesByField(shown, outcome.issues, fieldOf).byField));
    }
  };

  const setValue = useCallback(
    (next: D | ((previous: D) => D)) => {
      setRefused([]);
      setDraft(next);
    },
    [setDraft],
  );

  const reset = useCallback(() => {
    setRefused([]);
    setSubmitted(false);
    setTouched(new Set());
  }, []);

  const touch = useCallback(
    (name: string) => setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name))),
    [],
  );

  const registerControl = useCallback((name: string, control: Focusable | null) => {
    if (control) controls.current.set(name, control);
    else controls.current.delete(name);
  }, []);

  return {
    value: draft,
    setValue,
    touch,
    error: (name) => (submitted || touched.has(name) ? issues.byField.get(name) : undefined),
    submitted,
    summary,
    registerControl,
    submit,
    reset,
  };
}

function topLevelField(issue: HitlIssue): string | undefined {
  const [name] = issue.path;
  return typeof name === "string" ? name : undefined;
}

function labelled(label: string, message: string): string {
  return `${label}: ${message}`;
}
