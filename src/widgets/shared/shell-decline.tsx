"use client";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useSentFlag } from "./use-answer";
import { cx, useShell } from "./widget-shell";

/* The shell's Decline, apart from the rest of the shell so each file holds one part's logic. */

export interface ShellDeclineProps {
  /** @default labels.decline */
  label?: ReactNode;
  /** @default labels.declineReason */
  reasonLabel?: ReactNode;
  /** @default labels.declineConfirm */
  confirmLabel?: ReactNode;
  /** Ask for an optional reason before sending. @default true */
  withReason?: boolean;
  className?: string;
}

/**
 * Decline in two steps: the button reveals an optional reason and a confirm button, so a stray
 * click never sends an answer. Confirming sends exactly one decline answer.
 */
export function ShellDecline({ label, reasonLabel, confirmLabel, withReason = true, className }: ShellDeclineProps) {
  const { labels, onDecline, interactive } = useShell();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const reasonRef = useRef<HTMLInputElement>(null);
  // One decline per open request, also where the widget passes `onDecline` unguarded. The request
  // may reopen (a failed send): allow one decline again then.
  const sent = useSentFlag(interactive);
  // Focus the reason as soon as the step opens: the keyboard user is already here.
  useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);
  if (!onDecline) return null;
  const send = () => {
    // One decline per open request: a double click on "Send decline" must not answer twice.
    if (!interactive || sent.current) return;
    sent.current = true;
    onDecline(reason.trim() === "" ? undefined : reason.trim());
  };
  if (!withReason) {
    return (
      <button type="button" data-slot="decline" className={cx("hitl-button", className)} onClick={send}>
        {label ?? labels.decline}
      </button>
    );
  }
  if (!asking) {
    return (
      <button
        type="button"
        data-slot="decline"
        className={cx("hitl-button", className)}
        aria-expanded={false}
        onClick={() => setAsking(true)}
      >
        {label ?? labels.decline}
      </button>
    );
  }
  return (
    <fieldset data-slot="decline-form" className={cx("hitl-decline", className)}>
      <legend className="hitl-visually-hidden">{labels.declineTitle}</legend>
      <label htmlFor={reasonId} className="hitl-label">
        {reasonLabel ?? labels.declineReason}
      </label>
      <input
        id={reasonId}
        data-slot="decline-reason"
        className="hitl-input"
        value={reason}
        maxLength={2000}
        ref={reasonRef}
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            send();
          } else if (event.key === "Escape") {
            event.preventDefault();
            setAsking(false);
          }
        }}
      />
      <button type="button" data-slot="decline-confirm" className="hitl-button hitl-button-danger" onClick={send}>
        {confirmLabel ?? labels.declineConfirm}
      </button>
      <button type="button" data-slot="decline-back" className="hitl-button" onClick={() => setAsking(false)}>
        {labels.declineBack}
      </button>
    </fieldset>
  );
}
