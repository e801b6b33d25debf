"use client";
import {
  type ComponentPropsWithoutRef,
  createContext,
  type FormEvent,
  Fragment,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
} from "react";
import { useLabels } from "../../react/labels";
import { useReplyText } from "../../react/reply-text";
import { isInteractive, isSettledStatus, type SettledStatus, type WidgetStatus } from "../../react/widget-props";
import { type CommonLabels, commonLabels } from "./labels";
import { type PartProps, part } from "./part";

/**
 * The parts every widget shares: the labelled root (fieldset + legend), the in-flight / error
 * status with Retry, the explicit Decline flow and the receipt. Widgets compose these with their
 * own parts; each part is one element with a `data-slot`.
 */

interface ShellContextValue {
  readonly status: WidgetStatus;
  readonly interactive: boolean;
  readonly labels: CommonLabels;
  readonly error?: string | undefined;
  readonly declineReason?: string | undefined;
  readonly onDecline?: ((reason?: string) => void) | undefined;
  readonly onRetry?: (() => void) | undefined;
  readonly ids: { readonly prompt: string; readonly status: string };
}

const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error("hitl-kit: widget parts must be rendered inside their widget's Root");
  return value;
}

export interface ShellRootProps extends Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit"> {
  /** @default "open" */
  status?: WidgetStatus | undefined;
  /** The request kind, exposed as `data-kind` for styling. */
  kind: string;
  error?: string | undefined;
  declineReason?: string | undefined;
  onDecline?: ((reason?: string) => void) | undefined;
  onRetry?: (() => void) | undefined;
}

/** A fieldset (disabled while sending) carrying `data-state` and `data-kind`. */
export function ShellRoot({
  status = "open",
  kind,
  error,
  declineReason,
  onDecline,
  onRetry,
  className,
  children,
  ...rest
}: ShellRootProps) {
  const labels = useLabels("common", commonLabels);
  const base = useId();
  // The same value while what it holds is the same: a root attribute that changes (a widget's
  // `data-step`, `data-touched`) renders the fieldset, not every part that reads the shell.
  const value = useMemo<ShellContextValue>(
    () => ({
      status,
      interactive: isInteractive(status),
      labels,
      error,
      declineReason,
      onDecline,
      onRetry,
      ids: { prompt: `${base}-prompt`, status: `${base}-status` },
    }),
    [status, labels, error, declineReason, onDecline, onRetry, base],
  );
  // The hand-off's second half (see defineWidget's `useHandOff`): focus that waited on the status
  // while the answer was in flight moves to the receipt once the request is over.
  const root = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!isSettledStatus(status) || active?.id !== value.ids.status) return;
    root.current?.querySelector<HTMLElement>('[data-slot="receipt"]')?.focus();
  }, [status, value.ids.status]);
  return (
    <ShellContext.Provider value={value}>
      <fieldset
        ref={root}
        data-slot="widget"
        data-state={status}
        data-kind={kind}
        className={["hitl-widget", className].filter(Boolean).join(" ")}
        disabled={status === "submitting" || status === "responded"}
        aria-busy={status === "submitting" || undefined}
        aria-describedby={value.ids.status}
        {...rest}
      >
        {children}
      </fieldset>
    </ShellContext.Provider>
  );
}

/** The agent's question, as the fieldset's legend (its accessible name). */
export function ShellPrompt(props: PartProps<"legend">) {
  const { ids } = useShell();
  return part("legend", { "data-slot": "prompt", id: ids.prompt, className: "hitl-prompt" }, props);
}

/**
 * Polite live status while sending; an alert with Retry when sending failed. Its content is
 * `StatusText` (and `Retry` when sending failed); give it those as children to style each.
 */
export function ShellStatus(props: PartProps<"div">) {
  const { status, ids } = useShell();
  // Focusable by script only: where focus goes once an answer went (see `useHandOff`).
  const own = { "data-slot": "status", "data-state": status, id: ids.status, className: "hitl-status", tabIndex: -1 };
  // Retry renders only on a failure, so one layout serves every state; the role says how it is read.
  const live = status === "error" ? { role: "alert" } : { role: "status", "aria-live": "polite" };
  return part("div", { ...own, ...live }, props, [<ShellStatusText key="text" />, <ShellRetry key="retry" />]);
}

/**
 * What the status says for the widget's state ("Sending…", "Could not send: …"); nothing when
 * there is nothing to say.
 */
export function ShellStatusText(props: PartProps<"span">) {
  const { status, labels, error } = useShell();
  const text = statusText(status, labels, error);
  if (text === "") return null;
  return part("span", { "data-slot": "status-text" }, props, text);
}

function statusText(status: WidgetStatus, labels: CommonLabels, error: string | undefined): string {
  if (status === "error") return error ? `${labels.error} ${error}` : labels.error;
  if (status === "submitting") return error ? labels.unconfirmed : labels.submitting;
  return status === "responded" ? labels.responded : "";
}

/** Sends the answer again: only while sending failed and the widget was given `onRetry`. */
export function ShellRetry(props: PartProps<"button">) {
  const { status, labels, onRetry } = useShell();
  if (status !== "error" || !onRetry) return null;
  return part(
    "button",
    { type: "button", "data-slot": "retry", className: "hitl-button", onClick: () => onRetry() },
    props,
    labels.retry,
  );
}

export type ShellActionsProps = PartProps<"div">;

/** The row holding Submit and Decline. Hidden once the widget shows its receipt. */
export function ShellActions(props: ShellActionsProps) {
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part("div", { "data-slot": "actions", className: "hitl-actions" }, props);
}

export interface ShellReceiptProps extends PartProps<"div"> {
  /** What was chosen, shown for answered / approved / denied. */
  summary?: ReactNode;
  /** Replaces the outcome's heading ("Answered", "Declined", …) where a widget knows better. */
  outcome?: ReactNode;
}

/** The read-only record once the request is answered or ended; nothing otherwise. */
export function ShellReceipt({ summary, outcome, ...props }: ShellReceiptProps) {
  const { status, labels, declineReason } = useShell();
  const replyText = useReplyText();
  if (!isSettledStatus(status)) return null;
  const heading: Record<SettledStatus, string> = {
    answered: labels.receiptAnswered,
    approved: labels.receiptApproved,
    declined: labels.receiptDeclined,
    denied: labels.receiptDenied,
    cancelled: labels.receiptCancelled,
    ignored: labels.receiptIgnored,
    invalid: labels.receiptInvalid,
    withdrawn: labels.receiptWithdrawn,
    dismissed: labels.receiptDismissed,
    "answered-elsewhere": labels.receiptAnsweredElsewhere,
  };
  const showSummary =
    status === "answered" || status === "approved" || status === "denied" || status === "answered-elsewhere";
  const own = { "data-slot": "receipt", "data-state": status, className: "hitl-receipt", tabIndex: -1 };
  return part("div", own, props, [
    <p key="outcome" data-slot="receipt-outcome" className="hitl-receipt-outcome">
      {outcome ?? heading[status]}
    </p>,
    showSummary &&
      (replyText !== undefined ? (
        <p key="reply" data-slot="receipt-reply" className="hitl-receipt-reason">
          {labels.receiptReplied(replyText)}
        </p>
      ) : (
        <Fragment key="summary">{summary}</Fragment>
      )),
    (status === "declined" || status === "denied") && declineReason && (
      <p key="reason" data-slot="receipt-reason" className="hitl-receipt-reason">
        {labels.reasonPrefix} {declineReason}
      </p>
    ),
  ]);
}

/** A widget's `Body`: the shell's form, submitting the widget's answer. */
export type BodyProps = Omit<PartProps<"form">, "onSubmit">;

/** A form that never navigates, calling `onSubmit` only while the widget can be operated. */
export function ShellForm({ onSubmit, ...props }: BodyProps & { onSubmit: () => void }) {
  const { interactive, status } = useShell();
  // Once the request is over, the receipt replaces the form.
  if (isSettledStatus(status)) return null;
  const own = {
    "data-slot": "form",
    noValidate: true,
    className: "hitl-form",
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      if (interactive) onSubmit();
    },
  };
  return part("form", own, props);
}

export interface ShellIssuesProps extends PartProps<"div"> {
  readonly messages: readonly string[];
}

/** Inline validation problems for the whole answer (per-field ones sit next to their field). */
export function ShellIssues({ messages, ...props }: ShellIssuesProps) {
  if (messages.length === 0) return null;
  // The alert wraps the list: a <ul> may not carry role="alert" itself (axe: aria-allowed-role).
  return part(
    "div",
    { "data-slot": "issues", className: "hitl-issues", role: "alert" },
    props,
    <ul>
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; the list is rebuilt as a whole.
        <li key={`${index}:${message}`}>{message}</li>
      ))}
    </ul>,
  );
}

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
