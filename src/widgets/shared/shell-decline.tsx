"use client";
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { createPartScope } from "./create-widget-context";
import { type PartProps, part } from "./part";
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
  /** The first step's button's class. */
  className?: string;
  /** The reason step's fieldset's class. */
  formClassName?: string;
  /**
   * The reason step laid out from its leaf parts (`DeclineLabel`, `DeclineReason`,
   * `DeclineConfirm`, `DeclineBack`), each with your class; without, those four in that order.
   */
  children?: ReactNode;
}

/** What a widget's own Decline (the approval's Deny, the URL consent's) passes on: your classes and layout. */
export type DeclineLayoutProps = Pick<ShellDeclineProps, "className" | "formClassName" | "children">;

/** What the reason step's leaf parts read: the reason, its field's id and focus, send and back. */
interface DeclineStep {
  readonly id: string;
  readonly reason: string;
  readonly setReason: (reason: string) => void;
  readonly field: RefObject<HTMLInputElement | null>;
  readonly send: () => void;
  readonly back: () => void;
  readonly reasonLabel: ReactNode;
  readonly confirmLabel: ReactNode;
  readonly backLabel: ReactNode;
}

const [DeclineStepProvider, useDeclineStep] = createPartScope<DeclineStep>("Decline (its reason step)");

/**
 * Decline in two steps: the button reveals an optional reason and a confirm button, so a stray
 * click never sends an answer. Confirming sends exactly one decline answer.
 */
export function ShellDecline({
  label,
  reasonLabel,
  confirmLabel,
  withReason = true,
  className,
  formClassName,
  children,
}: ShellDeclineProps) {
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
  const step: DeclineStep = {
    id: reasonId,
    reason,
    setReason,
    field: reasonRef,
    send,
    back: () => setAsking(false),
    reasonLabel: reasonLabel ?? labels.declineReason,
    confirmLabel: confirmLabel ?? labels.declineConfirm,
    backLabel: labels.declineBack,
  };
  return (
    <fieldset data-slot="decline-form" className={cx("hitl-decline", formClassName)}>
      <legend className="hitl-visually-hidden">{labels.declineTitle}</legend>
      <DeclineStepProvider value={step}>
        {children ?? (
          <>
            <DeclineLabel />
            <DeclineReason />
            <DeclineConfirm />
            <DeclineBack />
          </>
        )}
      </DeclineStepProvider>
    </fieldset>
  );
}

/** The reason's label. */
export function DeclineLabel(props: PartProps<"label">) {
  const step = useDeclineStep("DeclineLabel");
  return part("label", { htmlFor: step.id, className: "hitl-label" }, props, step.reasonLabel);
}

/** The optional reason: Enter sends the decline, Escape goes back. */
export function DeclineReason(props: Omit<PartProps<"input">, "value">) {
  const step = useDeclineStep("DeclineReason");
  return part(
    "input",
    {
      id: step.id,
      "data-slot": "decline-reason",
      className: "hitl-input",
      value: step.reason,
      maxLength: 2000,
      ref: step.field,
      onChange: (event: { target: { value: string } }) => step.setReason(event.target.value),
      onKeyDown: (event: { key: string; preventDefault(): void }) => {
        if (event.key === "Enter") {
          event.preventDefault();
          step.send();
        } else if (event.key === "Escape") {
          event.preventDefault();
          step.back();
        }
      },
    },
    props,
  );
}

/** Sends the decline (once), with the reason when one was written. */
export function DeclineConfirm(props: PartProps<"button">) {
  const step = useDeclineStep("DeclineConfirm");
  return part(
    "button",
    { type: "button", "data-slot": "decline-confirm", className: "hitl-button hitl-button-danger", onClick: step.send },
    props,
    step.confirmLabel,
  );
}

/** Back to the first step, nothing sent. */
export function DeclineBack(props: PartProps<"button">) {
  const step = useDeclineStep("DeclineBack");
  return part(
    "button",
    { type: "button", "data-slot": "decline-back", className: "hitl-button", onClick: step.back },
    props,
    step.backLabel,
  );
}

/** The reason step's leaf parts, for a widget's statics. */
export const declineParts = { DeclineLabel, DeclineReason, DeclineConfirm, DeclineBack };
