"use client";
import {
  type ComponentPropsWithoutRef,
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useId,
  useMemo,
} from "react";
import { useLabels } from "../../react/labels";
import { useReplyText } from "../../react/reply-text";
import { isInteractive, isSettledStatus, type SettledStatus, type WidgetStatus } from "../../react/widget-props";
import { type CommonLabels, commonLabels } from "./labels";

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
  return (
    <ShellContext.Provider value={value}>
      <fieldset
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
export function ShellPrompt({ className, ...props }: ComponentPropsWithoutRef<"legend">) {
  const { ids } = useShell();
  return <legend data-slot="prompt" id={ids.prompt} className={cx("hitl-prompt", className)} {...props} />;
}

/** Polite live status while sending; an alert with Retry when sending failed. */
export function ShellStatus({ className }: { className?: string }) {
  const { status, labels, error, onRetry, ids } = useShell();
  if (status === "error") {
    return (
      <div data-slot="status" data-state="error" id={ids.status} className={cx("hitl-status", className)} role="alert">
        <span>{error ? `${labels.error} ${error}` : labels.error}</span>
        {onRetry && (
          <button type="button" data-slot="retry" className="hitl-button" onClick={() => onRetry()}>
            {labels.retry}
          </button>
        )}
      </div>
    );
  }
  const text =
    status === "submitting"
      ? error
        ? labels.unconfirmed
        : labels.submitting
      : status === "responded"
        ? labels.responded
        : "";
  return (
    <div
      data-slot="status"
      data-state={status}
      id={ids.status}
      className={cx("hitl-status", className)}
      role="status"
      aria-live="polite"
    >
      {text}
    </div>
  );
}

export interface ShellActionsProps extends ComponentPropsWithoutRef<"div"> {}

/** The row holding Submit and Decline. Hidden once the widget shows its receipt. */
export function ShellActions({ className, ...props }: ShellActionsProps) {
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return <div data-slot="actions" className={cx("hitl-actions", className)} {...props} />;
}

export interface ShellReceiptProps extends ComponentPropsWithoutRef<"div"> {
  /** What was chosen, shown for answered / approved / denied. */
  summary?: ReactNode;
  /** Replaces the outcome's heading ("Answered", "Declined", …) where a widget knows better. */
  outcome?: ReactNode;
}

/** The read-only record once the request is answered or ended; nothing otherwise. */
export function ShellReceipt({ summary, outcome, className, ...props }: ShellReceiptProps) {
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
  return (
    <div data-slot="receipt" data-state={status} className={cx("hitl-receipt", className)} {...props}>
      <p data-slot="receipt-outcome" className="hitl-receipt-outcome">
        {outcome ?? heading[status]}
      </p>
      {showSummary &&
        (replyText !== undefined ? (
          <p data-slot="receipt-reply" className="hitl-receipt-reason">
            {labels.receiptReplied(replyText)}
          </p>
        ) : (
          summary
        ))}
      {(status === "declined" || status === "denied") && declineReason && (
        <p data-slot="receipt-reason" className="hitl-receipt-reason">
          {labels.reasonPrefix} {declineReason}
        </p>
      )}
    </div>
  );
}

/** A form that never navigates, calling `onSubmit` only while the widget can be operated. */
export function ShellForm({
  onSubmit,
  className,
  ...props
}: Omit<ComponentPropsWithoutRef<"form">, "onSubmit"> & { onSubmit: () => void }) {
  const { interactive, status } = useShell();
  // Once the request is over, the receipt replaces the form.
  if (isSettledStatus(status)) return null;
  return (
    <form
      data-slot="form"
      noValidate
      className={cx("hitl-form", className)}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (interactive) onSubmit();
      }}
      {...props}
    />
  );
}

/** Inline validation problems for the whole answer (per-field ones sit next to their field). */
export function ShellIssues({ messages, id }: { messages: readonly string[]; id?: string }) {
  if (messages.length === 0) return null;
  // The alert wraps the list: a <ul> may not carry role="alert" itself (axe: aria-allowed-role).
  return (
    <div data-slot="issues" id={id} className="hitl-issues" role="alert">
      <ul>
        {messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; the list is rebuilt as a whole.
          <li key={`${index}:${message}`}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
