"use client";
import { type ComponentPropsWithoutRef, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { MAX_ANSWER_TEXT_LENGTH } from "../../core/answer";
import { countIssues, formatIssues, type HitlIssue } from "../../core/issues";
import { isDevelopment } from "../../react/env";
import { useLabels } from "../../react/labels";
import { type FallbackProps, isSettledStatus } from "../../react/widget-props";
import { FreeTextField } from "../shared/free-text-field";
import { ShellDecline } from "../shared/shell-decline";
import { splitShellProps } from "../shared/shell-props";
import { useAnswer } from "../shared/use-answer";
import { cx, ShellActions, ShellPrompt, ShellRoot, ShellStatus, useShell } from "../shared/widget-shell";
import { type FallbackContextValue, FallbackProvider, useFallback } from "./context";
import { fallbackLabels } from "./labels";
import { Receipt, Summary } from "./receipt";

/**
 * The answerable fallback: shown for an unknown kind, a payload its kind's schema refuses, or a
 * widget that threw. Not a kind's widget: it shows the prompt, what went wrong, any options the
 * request carried and a free-text answer, so the person can always answer and the agent always
 * gets a result.
 */

export type { FallbackReason } from "../../react/widget-props";
export type { FallbackOption } from "./context";
export type { FallbackProps };
export type FallbackAnswer = Parameters<FallbackProps["onAnswer"]>[0];

/** Hostile payloads may carry thousands of options or issues; the page shows a readable number. */
const MAX_SHOWN = 100;

/** `items.3.url: Too long`, or the message alone for the value as a whole. */
function formatIssue(issue: HitlIssue): string {
  return formatIssues([issue]);
}

export interface FallbackRootProps
  extends Omit<FallbackProps, "prompt" | "answerText" | "answerValue">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit"> {}

function Root(props: FallbackRootProps) {
  const [{ onDecline, ...shell }, { kind, reason, issues, options = [], onAnswer, className, children, ...rest }] =
    splitShellProps(props);
  const { status } = shell;
  const labels = useLabels("fallback", fallbackLabels);
  const [text, setTextState] = useState("");
  const [textError, setTextError] = useState<string | undefined>();
  const kindName = kind === "" ? "unknown" : kind;

  // No kind: an offered option or the person's words go out as given. A refusal (e.g. "reconnecting")
  // re-opens the fallback and is shown under the text field, so the person is never stuck.
  const reply = useAnswer<FallbackAnswer>({ status, onSubmit: onAnswer, onDecline });
  const send = (answer: FallbackAnswer) => {
    const outcome = reply.submit(answer);
    if (outcome.type === "refused") setTextError(outcome.issues.map((issue) => issue.message).join(" "));
  };

  // Developers should see why a request fell back; once per mount, never in production.
  const warned = useRef(false);
  useEffect(() => {
    if (warned.current) return;
    warned.current = true;
    if (isDevelopment()) {
      console.warn(
        `hitl-kit: request of kind "${kindName}" shown as the fallback (${reason})${issues.length > 0 ? `:\n${formatIssues(issues)}` : ""}`,
      );
    }
  }, [kindName, reason, issues]);

  const context: FallbackContextValue = {
    labels,
    issues,
    options,
    text,
    setText: (next) => {
      setTextError(undefined);
      setTextState(next);
    },
    textError,
    sendOption: (optionId) => send({ type: "option", optionId }),
    sendText: () => {
      if (reply.sent()) return;
      const trimmed = text.trim();
      if (trimmed === "") setTextError(labels.emptyText);
      // The client's own limit for a reply: one limit, so what the field takes the client sends.
      else if (trimmed.length > MAX_ANSWER_TEXT_LENGTH) setTextError(labels.tooLong(MAX_ANSWER_TEXT_LENGTH));
      else send({ type: "reply", text: trimmed });
    },
  };
  return (
    <FallbackProvider value={context}>
      <ShellRoot
        kind={kindName}
        data-reason={reason}
        {...shell}
        onDecline={reply.decline}
        className={cx("hitl-fallback", className)}
        {...rest}
      >
        {children}
      </ShellRoot>
    </FallbackProvider>
  );
}

/** "This request couldn't be shown in its usual form…" */
function Notice({ className, children, ...props }: ComponentPropsWithoutRef<"p">) {
  const { labels } = useFallback();
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
  const { labels, issues } = useFallback();
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
  const { options, sendOption } = useFallback();
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
  const { labels, text, setText, textError, sendText } = useFallback();
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

function Decline({ className }: { className?: string }) {
  return <ShellDecline {...(className ? { className } : {})} />;
}

/** The styled fallback: prompt, notice, details, options, free text, Decline, status, receipt. */
export function Fallback({ prompt, answerText, answerValue, ...props }: FallbackProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Notice />
      <Issues />
      <Options />
      {/* Decline beside Send: one row of actions, as in every other widget. */}
      <FreeText actions={<Decline />} />
      <ShellStatus />
      <Receipt answerText={answerText} answerValue={answerValue} />
    </Root>
  );
}

Fallback.Root = Root;
Fallback.Prompt = ShellPrompt;
Fallback.Notice = Notice;
Fallback.Issues = Issues;
Fallback.Options = Options;
Fallback.FreeText = FreeText;
Fallback.Actions = ShellActions;
Fallback.Decline = Decline;
Fallback.Status = ShellStatus;
Fallback.Receipt = Receipt;
Fallback.Summary = Summary;
