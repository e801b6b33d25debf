"use client";
import { type ComponentPropsWithoutRef, lazy, type ReactNode, Suspense, useId, useState } from "react";
import { MAX_ANSWER_TEXT_LENGTH } from "../../core/answer";
import { countIssues, formatIssues, type HitlIssue } from "../../core/issues";
import { type FallbackProps, isSettledStatus } from "../../react/widget-props";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import { FreeTextField, freeTextParts } from "../shared/free-text-field";
import { ShellDecline } from "../shared/shell-decline";
import { cx, ShellReceipt, type ShellReceiptProps, useShell } from "../shared/widget-shell";
import type { FallbackApi } from "./connect";
import { FallbackProvider, useFallback, useFallbackContext } from "./use-fallback";

/**
 * The answerable fallback: shown for an unknown kind, a payload its kind's schema refuses, or a
 * widget that threw. Not a kind's widget: it shows the prompt, what went wrong, any options the
 * request carried and a free-text answer, so the person can always answer and the agent always
 * gets a result.
 *
 * Built as the widgets are: a pure machine (`machine.ts`: the text and why it was not sent),
 * `connect.ts` over it, a hook (`use-fallback.ts`: the one-answer guard, the developer's warning)
 * and the parts below; `defineWidget` makes the Root, the styled fallback and the statics. The
 * root's `data-kind` is the request's kind, `data-reason` why it fell back.
 */

export type { FallbackReason } from "../../react/widget-props";
export type { FallbackAnswer, FallbackOption } from "./connect";
export type { FallbackProps };

/** Hostile payloads may carry thousands of options or issues; the page shows a readable number. */
const MAX_SHOWN = 100;

/** `items.3.url: Too long`, or the message alone for the value as a whole. */
function formatIssue(issue: HitlIssue): string {
  return formatIssues([issue]);
}

/**
 * Only the receipt of a structured answer (a widget that crashed after answering) shows a value:
 * loaded then, not with every fallback.
 */
const ReadableValue = lazy(() =>
  import("../shared/readable-value").then((module) => ({ default: module.ReadableValue })),
);

/** "This request couldn't be shown in its usual form…" */
function Notice({ className, children, ...props }: ComponentPropsWithoutRef<"p">) {
  const { labels } = useFallbackContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <p data-slot="notice" className={cx("hitl-fallback-notice", className)} {...props}>
      {children ?? labels.notice}
    </p>
  );
}

/** The problems, collapsed under Details. */
function Issues({ className, onToggle, ...props }: ComponentPropsWithoutRef<"details">) {
  const { labels, issues } = useFallbackContext();
  const { status } = useShell();
  // Open, the list is a tab stop; closed, none (its content is not shown).
  const [open, setOpen] = useState(false);
  // A request refused as invalid keeps saying why; any other receipt drops the details.
  if ((isSettledStatus(status) && status !== "invalid") || issues.length === 0) return null;
  return (
    <details
      data-slot="issues"
      className={cx("hitl-fallback-issues", className)}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
        onToggle?.(event);
      }}
      {...props}
    >
      <summary>{labels.details(countIssues(issues))}</summary>
      <section
        aria-label={labels.details(countIssues(issues))}
        // The list scrolls past 200px: a labelled region with a tab stop (while open) is how a
        // keyboard scrolls it (WCAG 2.1.1, axe's scrollable-region-focusable).
        tabIndex={open ? 0 : -1}
        data-slot="issue-list"
        className="hitl-fallback-issue-list"
      >
        <ul>
          {issues.slice(0, MAX_SHOWN).map((issue, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static, read-only list; issues may repeat.
            <li key={index}>
              <code className="hitl-fallback-issue">{formatIssue(issue)}</code>
            </li>
          ))}
          {issues.length > MAX_SHOWN && <li>… {issues.length - MAX_SHOWN} more</li>}
        </ul>
      </section>
    </details>
  );
}

/** The request's options as buttons: one click answers. */
function Options({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { options, sendOption } = useFallbackContext();
  const { status, interactive } = useShell();
  const base = useId();
  if (isSettledStatus(status) || options.length === 0) return null;
  return (
    <div data-slot="options" className={cx("hitl-fallback-options", className)} {...props}>
      {options.slice(0, MAX_SHOWN).map((option, index) => {
        // The payload failed validation: its option fields may not be what the types promise.
        const label = typeof option.label === "string" && option.label.trim() !== "" ? option.label : String(option.id);
        const description =
          typeof option.description === "string" && option.description !== "" ? option.description : undefined;
        const descriptionId = `${base}-${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an invalid payload may repeat ids; the list never reorders.
          <div key={index} data-slot="option" className="hitl-fallback-option">
            <button
              type="button"
              className="hitl-button"
              aria-describedby={description ? descriptionId : undefined}
              onClick={() => {
                if (interactive) sendOption(String(option.id));
              }}
            >
              {label}
            </button>
            {description && (
              <p id={descriptionId} className="hitl-help hitl-fallback-option-description">
                {description}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A labelled textarea with Send (Ctrl/Cmd+Enter sends). */
function FreeText({
  className,
  actions,
  ...props
}: Omit<ComponentPropsWithoutRef<"form">, "onSubmit"> & { actions?: ReactNode }) {
  const { labels, text, setText, textError, sendText } = useFallbackContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <FreeTextField
      label={labels.textLabel}
      sendLabel={labels.send}
      hint={labels.sendHint}
      hintClassName="hitl-fallback-hint"
      multiline
      maxLength={MAX_ANSWER_TEXT_LENGTH}
      value={text}
      onValueChange={setText}
      error={textError}
      onSend={sendText}
      actions={actions}
      className={cx("hitl-fallback-text", className)}
      {...props}
    />
  );
}

/** The receipt's summary: what was answered (the recorded answer unless given). */
function Summary(props: Partial<Pick<FallbackProps, "answerText" | "answerValue">>): ReactNode {
  const api = useFallbackContext();
  const answerText = "answerText" in props ? props.answerText : api.answerText;
  const answerValue = "answerValue" in props ? props.answerValue : api.answerValue;
  if (answerText === undefined && answerValue === undefined) return null;
  // The recorded answer is an option id, a structured value (a widget that crashed still
  // answered) or a person's words: show each the way a person reads it.
  const option = api.options.find((candidate) => candidate.id === answerText);
  return (
    <div data-slot="summary" className="hitl-fallback-summary">
      <span className="hitl-help">{api.labels.receiptWrote}</span>
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
function Receipt({
  answerText,
  answerValue,
  ...props
}: ShellReceiptProps & Partial<Pick<FallbackProps, "answerText" | "answerValue">>) {
  const api = useFallbackContext();
  const { status } = useShell();
  const given = {
    ...(answerText === undefined ? {} : { answerText }),
    ...(answerValue === undefined ? {} : { answerValue }),
  };
  const unanswered =
    status === "invalid" &&
    (answerText ?? api.answerText) === undefined &&
    (answerValue ?? api.answerValue) === undefined;
  return (
    <ShellReceipt
      summary={<Summary {...given} />}
      {...(unanswered ? { outcome: api.labels.receiptNotShown } : {})}
      {...props}
    />
  );
}

/** The fallback's props: the renderer's `FallbackProps`, with no payload (there is none it could read). */
type FallbackWidgetProps = FallbackProps & { readonly payload?: undefined };

/** The styled fallback: prompt, notice, details, options, free text with Decline, status, receipt. */
export const Fallback = defineWidget<FallbackWidgetProps, FallbackApi>()({
  kind: "fallback",
  className: "hitl-fallback",
  ownProps: {
    kind: true,
    reason: true,
    issues: true,
    options: true,
    onAnswer: true,
    answerText: true,
    answerValue: true,
  },
  answerProp: "onAnswer",
  Provider: FallbackProvider,
  use: (props, { status, onDecline }) => useFallback({ ...props, status, onDecline }),
  // The request's kind and why it fell back, over the definition's `data-kind`.
  rootProps: (api) => api.rootProps,
  content: (
    <>
      <Notice />
      <Issues />
      <Options />
      {/* Decline beside Send: one row of actions, as in every other widget. */}
      <FreeText actions={<ShellDecline />} />
    </>
  ),
  form: false,
  actions: null,
  parts: { Notice, Issues, Options, FreeText, ...freeTextParts, Summary, Receipt },
});

/** The Root's props: the fallback's, but the prompt (its `Prompt` part), and the fieldset's. */
export type FallbackRootProps = WidgetRootProps<FallbackWidgetProps>;
