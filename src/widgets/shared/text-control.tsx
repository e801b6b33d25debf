"use client";
import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import type { FieldControlProps } from "./field";

export interface TextControlProps extends FieldControlProps {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A textarea (Enter is a new line) instead of a single-line input. @default false */
  multiline?: boolean | undefined;
  /** The single-line input's type. @default "text" */
  type?: "text" | "email" | "url" | undefined;
  required?: boolean | undefined;
  placeholder?: string | undefined;
  /** @default MAX_TEXT_LENGTH */
  maxLength?: number | undefined;
  onBlur?: (() => void) | undefined;
  /** Receives the element, e.g. to be focused as a draft's first invalid field. */
  ref?: ((element: HTMLElement | null) => void) | undefined;
  /** @default "control" */
  "data-slot"?: string | undefined;
}

/**
 * The text control inside a `Field`: a form's text, email, URL and textarea fields and a template's
 * variables. Spread the `Field`'s control props on it so it is labelled and described.
 */
export function TextControl({
  multiline = false,
  type = "text",
  maxLength = MAX_TEXT_LENGTH,
  onValueChange,
  "data-slot": slot = "control",
  ...props
}: TextControlProps) {
  return multiline ? (
    <textarea
      {...props}
      data-slot={slot}
      className="hitl-input hitl-textarea"
      rows={3}
      maxLength={maxLength}
      onChange={(event) => onValueChange(event.target.value)}
    />
  ) : (
    <input
      {...props}
      data-slot={slot}
      type={type}
      className="hitl-input"
      maxLength={maxLength}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
