"use client";
import { useState } from "react";
import type { HitlIssue } from "../../core/issues";
import { isSettledStatus } from "../../react/widget-props";
import { FreeTextField } from "../shared/free-text-field";
import type { Answer } from "../shared/use-answer";
import { useControllableState } from "../shared/use-controllable-state";
import { cx, useShell } from "../shared/widget-shell";
import type { QuestionLabels } from "./labels";

/** What Question and TextQuestion share: their free-text answer and its receipt line. */

/** The distinct messages of `issues` (those under `field` only, when given). */
export function issueMessages(issues: readonly HitlIssue[], field?: string): string[] {
  return [
    ...new Set(issues.filter((issue) => field === undefined || issue.path[0] === field).map((issue) => issue.message)),
  ];
}

export interface FreeTextState {
  readonly text: string;
  /** Edits the text, clearing its error. */
  readonly setText: (text: string) => void;
  readonly error: string | undefined;
  readonly clearError: () => void;
  /** Sends `{ text }` trimmed, or says why not (empty, or the answer was refused). */
  readonly send: () => void;
}

/**
 * The free-text answer: controllable text, its error, and Send. `onAnswered` runs when the answer
 * was taken or refused by `onSubmit` (not when the schema stopped it): clear other parts' issues there.
 */
export function useFreeText({
  value,
  defaultValue,
  onValueChange,
  reply,
  labels,
  onAnswered,
}: {
  value: string | undefined;
  defaultValue: string | undefined;
  onValueChange: ((text: string) => void) | undefined;
  reply: Answer<unknown, unknown>;
  labels: QuestionLabels;
  onAnswered?: () => void;
}): FreeTextState {
  const [text, setTextState] = useControllableState({ value, defaultValue: defaultValue ?? "", onValueChange });
  const [error, setError] = useState<string | undefined>();
  const send = () => {
    if (reply.sent()) return;
    if (text.trim() === "") {
      setError(labels.emptyText);
      return;
    }
    const outcome = reply.submit({ text: text.trim() });
    if (outcome.type === "ignored") return;
    if (outcome.type !== "invalid") onAnswered?.();
    setError(outcome.type === "sent" ? undefined : issueMessages(outcome.issues).join(" "));
  };
  return {
    text,
    setText: (next) => {
      setError(undefined);
      setTextState(next);
    },
    error,
    clearError: () => setError(undefined),
    send,
  };
}

/** The free-text field with Send, styled as a question's; gone once the receipt shows. */
export function QuestionTextField({
  freeText,
  labels,
  label,
  multiline,
  placeholder,
  className,
}: {
  freeText: FreeTextState;
  labels: QuestionLabels;
  label: string;
  multiline: boolean;
  placeholder?: string | undefined;
  className?: string | undefined;
}) {
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <FreeTextField
      label={label}
      sendLabel={labels.send}
      hint={labels.sendHint}
      multiline={multiline}
      placeholder={placeholder}
      value={freeText.text}
      onValueChange={freeText.setText}
      error={freeText.error}
      onSend={freeText.send}
      className={cx("hitl-question-text", className)}
      rowClassName="hitl-question-text-row"
      hintClassName="hitl-question-hint"
    />
  );
}

/** The text a person wrote, quoted, for the receipt. */
export function TextSummary({ label, text }: { label: string; text: string }) {
  return (
    <div className="hitl-question-summary-text">
      <span className="hitl-help">{label}</span>
      <blockquote className="hitl-question-quote">{text}</blockquote>
    </div>
  );
}
