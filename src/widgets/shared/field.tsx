"use client";
import { type HTMLAttributes, type ReactNode, useId } from "react";
import { cx } from "./widget-shell";

/**
 * A labelled field: label (or legend), help, one control (or a group of them) and its inline
 * error. The control gets its accessible name from the label and its description from the help
 * and error, so a screen reader announces the problem when the control is focused.
 */

/** Props to spread on the field's control (for `layout="group"`: only the id of its first control). */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: true | undefined;
  "aria-errormessage"?: string | undefined;
}

export interface FieldProps extends Omit<HTMLAttributes<HTMLElement>, "children"> {
  label: ReactNode;
  /** Shows the required mark; the control itself must carry `required` (groups say it in the legend). */
  required?: boolean | undefined;
  help?: ReactNode;
  /** The message shown under the control; the control is marked invalid while it is set. */
  error?: string | undefined;
  /**
   * `stacked`: label above the control. `inline`: control before its label (a checkbox).
   * `group`: a fieldset with a legend around several controls (checkboxes, radios).
   * @default "stacked"
   */
  layout?: "stacked" | "inline" | "group" | undefined;
  /** Screen-reader text after a required group's legend, where no control can carry `required`. */
  requiredText?: string | undefined;
  /** The control's id. @default a generated id */
  controlId?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({
  label,
  required = false,
  help,
  error,
  layout = "stacked",
  requiredText,
  controlId,
  className,
  children,
  ...rest
}: FieldProps) {
  const generated = useId();
  const id = controlId ?? generated;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== "";
  const describedBy = [help ? helpId : undefined, invalid ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  const described: FieldControlProps = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
    "aria-errormessage": invalid ? errorId : undefined,
  };
  // The mark is decoration: the control's `required` (or the legend's hidden text) tells assistive tech.
  const mark = required ? (
    <span data-slot="field-required" className="hitl-required" aria-hidden="true">
      *
    </span>
  ) : null;
  const helpNode = help ? (
    <span data-slot="field-help" id={helpId} className="hitl-help hitl-field-help">
      {help}
    </span>
  ) : null;
  const errorNode = invalid ? (
    <span data-slot="field-error" id={errorId} className="hitl-field-error">
      {error}
    </span>
  ) : null;
  const state = {
    "data-invalid": invalid ? "" : undefined,
    "data-required": required ? "" : undefined,
  };

  if (layout === "group") {
    return (
      <fieldset
        data-slot="field"
        data-layout="group"
        className={cx("hitl-field hitl-field-group", className)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-errormessage={invalid ? errorId : undefined}
        {...state}
        {...rest}
      >
        <legend data-slot="field-label" className="hitl-label hitl-field-legend">
          {label}
          {mark}
          {required && requiredText ? <span className="hitl-visually-hidden"> {requiredText}</span> : null}
        </legend>
        {helpNode}
        {children({ id })}
        {errorNode}
      </fieldset>
    );
  }

  const labelNode = (
    <label data-slot="field-label" htmlFor={id} className="hitl-label">
      {label}
      {mark}
    </label>
  );
  if (layout === "inline") {
    return (
      <div
        data-slot="field"
        data-layout="inline"
        className={cx("hitl-field hitl-field-inline", className)}
        {...state}
        {...rest}
      >
        <span className="hitl-field-row">
          {children(described)}
          {labelNode}
        </span>
        {helpNode}
        {errorNode}
      </div>
    );
  }
  return (
    <div data-slot="field" data-layout="stacked" className={cx("hitl-field", className)} {...state} {...rest}>
      {labelNode}
      {helpNode}
      {children(described)}
      {errorNode}
    </div>
  );
}
