"use client";
import { lazy, type ReactNode, Suspense } from "react";
import type { FallbackProps } from "../../react/widget-props";
import { ShellReceipt, type ShellReceiptProps, useShell } from "../shared/widget-shell";
import { useFallback } from "./context";

/**
 * Only the receipt of a structured answer (a widget that crashed after answering) shows a value:
 * loaded then, not with every chat page (the fallback is in the page before any request).
 */
const ReadableValue = lazy(() =>
  import("../shared/readable-value").then((module) => ({ default: module.ReadableValue })),
);

/** The receipt's summary: what was answered. */
export function Summary({
  answerText,
  answerValue,
}: {
  answerText: string | undefined;
  answerValue?: unknown;
}): ReactNode {
  const { labels, options } = useFallback();
  if (answerText === undefined && answerValue === undefined) return null;
  // The recorded answer is an option id, a structured value (a widget that crashed still
  // answered) or a person's words: show each the way a person reads it.
  const option = options.find((candidate) => candidate.id === answerText);
  return (
    <div data-slot="summary" className="hitl-fallback-summary">
      <span className="hitl-help">{labels.receiptWrote}</span>
      {option ? (
        <p className="hitl-fallback-quote">{option.label}</p>
      ) : answerText === undefined ? (
        <Suspense fallback={<span className="hitl-help">…</span>}>
          <ReadableValue value={answerValue} />
        </Suspense>
      ) : (
        <blockquote className="hitl-fallback-quote">{answerText}</blockquote>
      )}
    </div>
  );
}

/**
 * The receipt. A request refused before anyone answered it (the transport found it unusable, as
 * MCP does with a form outside the spec's schema subset) says it could not be shown, rather than
 * the shell's "could not use this answer": there was none. Its issues stay above, saying why.
 */
export function Receipt({
  answerText,
  answerValue,
  ...props
}: ShellReceiptProps & Pick<FallbackProps, "answerText" | "answerValue">) {
  const { labels } = useFallback();
  const { status } = useShell();
  const unanswered = status === "invalid" && answerText === undefined && answerValue === undefined;
  return (
    <ShellReceipt
      summary={<Summary answerText={answerText} answerValue={answerValue} />}
      {...(unanswered ? { outcome: labels.receiptNotShown } : {})}
      {...props}
    />
  );
}
