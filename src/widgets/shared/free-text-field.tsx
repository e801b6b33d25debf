"use client";
import { type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode, useId } from "react";
import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import { cx, ShellForm } from "./widget-shell";

export interface FreeTextFieldProps extends Omit<ComponentPropsWithoutRef<"form">, "onSubmit" | "onChange"> {
  label: ReactNode;
  sendLabel: ReactNode;
  /** Shown under a multi-line field (how to send from the keyboard). */
  hint?: ReactNode;
  /** The hint's class, next to `hitl-help`. */
  hintClassName?: string | undefined;
  /**
   * Set: the field and Send sit side by side in a div of this class. Unset: Send sits in an
   * actions row under the hint and error.
   */
  rowClassName?: string | undefined;
  multiline: boolean;
  placeholder?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  onSend: () => void;
  /** More buttons for the actions row beside Send (e.g. Decline), when Send sits below the field. */
  actions?: ReactNode;
  /** The longest text the field takes: the answer's own limit. @default MAX_TEXT_LENGTH */
  maxLength?: number;
}

/**
 * A labelled text field with Send, as its own form (`data-slot="free-text"`): the free-text answer
 * of Question, TextQuestion and the Fallback. Enter sends from a single-line input (the form's
 * implicit submit); Ctrl/Cmd+Enter from a textarea, where Enter is a new line.
 */
export function FreeTextField({
  label,
  sendLabel,
  hint,
  hintClassName,
  rowClassName,
  actions,
  multiline,
  placeholder,
  value,
  onValueChange,
  error,
  onSend,
  maxLength = MAX_TEXT_LENGTH,
  ...props
}: FreeTextFieldProps) {
  const id = useId();
  const showHint = multiline && Boolean(hint);
  const describedBy = cx(showHint && `${id}-hint`, error && `${id}-error`) || undefined;
  const common = {
    id,
    "data-slot": "text-input",
    value,
    placeholder,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const sendOnModEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  const control = multiline ? (
    <textarea
      {...common}
      className="hitl-textarea"
      rows={3}
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={sendOnModEnter}
    />
  ) : (
    <input {...common} type="text" className="hitl-input" onChange={(event) => onValueChange(event.target.value)} />
  );
  const send = (
    <button type="submit" data-slot="send" className="hitl-button hitl-button-primary">
      {sendLabel}
    </button>
  );
  return (
    <ShellForm onSubmit={onSend} data-slot="free-text" {...props}>
      <label htmlFor={id} className="hitl-label">
        {label}
      </label>
      {rowClassName ? (
        <div className={rowClassName}>
          {control}
          {send}
        </div>
      ) : (
        control
      )}
      {showHint && (
        <p id={`${id}-hint`} className={cx("hitl-help", hintClassName)}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} data-slot="field-error" className="hitl-field-error" role="alert">
          {error}
        </p>
      )}
      {!rowClassName && (
        <div className="hitl-actions">
          {send}
          {actions}
        </div>
      )}
    </ShellForm>
  );
}
