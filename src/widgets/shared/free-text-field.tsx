"use client";
import { type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode, useId } from "react";
import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import { createPartScope } from "./create-widget-context";
import { type PartProps, part } from "./part";
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

/** What the field's leaf parts read: its ids, its text and what it shows. */
interface FreeTextScope {
  readonly id: string;
  readonly field: FreeTextFieldProps;
  readonly showHint: boolean;
}

const [FreeTextProvider, useFreeText] = createPartScope<FreeTextScope>("a free-text field (a widget's FreeText part)");

/**
 * A labelled text field with Send, as its own form (`data-slot="free-text"`): the free-text answer
 * of Question, TextQuestion and the Fallback. Enter sends from a single-line input (the form's
 * implicit submit); Ctrl/Cmd+Enter from a textarea, where Enter is a new line.
 *
 * Without children it lays out its leaf parts itself; with children, yours lay them out
 * (`FreeTextLabel`, `FreeTextInput`, `FreeTextSend`, `FreeTextHint`, `FreeTextError`), each
 * styled by its own class: the ids and ARIA that tie them together stay the field's.
 */
export function FreeTextField(props: FreeTextFieldProps) {
  const {
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
    maxLength,
    children,
    ...form
  } = props;
  const id = useId();
  const scope: FreeTextScope = { id, field: props, showHint: multiline && Boolean(hint) };
  const input = <FreeTextInput />;
  const send = <FreeTextSend />;
  return (
    <ShellForm onSubmit={onSend} data-slot="free-text" {...form}>
      <FreeTextProvider value={scope}>
        {children ?? (
          <>
            <FreeTextLabel />
            {rowClassName ? (
              <div className={rowClassName}>
                {input}
                {send}
              </div>
            ) : (
              input
            )}
            <FreeTextHint className={hintClassName} />
            <FreeTextError />
            {!rowClassName && (
              <div className="hitl-actions">
                {send}
                {actions}
              </div>
            )}
          </>
        )}
      </FreeTextProvider>
    </ShellForm>
  );
}

/** The field's label. */
export function FreeTextLabel(props: PartProps<"label">) {
  const { id, field } = useFreeText("FreeTextLabel");
  return part("label", { htmlFor: id, className: "hitl-label" }, props, field.label);
}

/** The text control (`data-slot="text-input"`): a textarea when the field is multi-line, else an input. */
export function FreeTextInput({ className }: { className?: string | undefined }) {
  const { id, field, showHint } = useFreeText("FreeTextInput");
  const { multiline, value, placeholder, error, onValueChange, maxLength = MAX_TEXT_LENGTH } = field;
  const common = {
    id,
    "data-slot": "text-input",
    value,
    placeholder,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": cx(showHint && `${id}-hint`, error && `${id}-error`) || undefined,
  } as const;
  if (!multiline) {
    return (
      <input
        {...common}
        type="text"
        className={cx("hitl-input", className)}
        onChange={(event) => onValueChange(event.target.value)}
      />
    );
  }
  const sendOnModEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  return (
    <textarea
      {...common}
      className={cx("hitl-textarea", className)}
      rows={3}
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={sendOnModEnter}
    />
  );
}

/** Send (`data-slot="send"`): the field's submit button. */
export function FreeTextSend(props: PartProps<"button">) {
  const { field } = useFreeText("FreeTextSend");
  return part(
    "button",
    { type: "submit", "data-slot": "send", className: "hitl-button hitl-button-primary" },
    props,
    field.sendLabel,
  );
}

/** How to send from the keyboard, under a multi-line field (nothing under a single-line one). */
export function FreeTextHint(props: PartProps<"p">) {
  const { id, field, showHint } = useFreeText("FreeTextHint");
  if (!showHint) return null;
  return part("p", { id: `${id}-hint`, className: "hitl-help" }, props, field.hint);
}

/** Why the text was refused (`data-slot="field-error"`, an alert), while it is. */
export function FreeTextError(props: PartProps<"p">) {
  const { id, field } = useFreeText("FreeTextError");
  if (!field.error) return null;
  return part(
    "p",
    { id: `${id}-error`, "data-slot": "field-error", className: "hitl-field-error", role: "alert" },
    props,
    field.error,
  );
}

/** The leaf parts, for a widget's parts (each widget with a free text exposes all of them). */
export const freeTextParts = { FreeTextLabel, FreeTextInput, FreeTextSend, FreeTextHint, FreeTextError };
