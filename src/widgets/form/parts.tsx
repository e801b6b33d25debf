"use client";
import type { ComponentPropsWithoutRef } from "react";
import { ShellSubmit, type ShellSubmitProps } from "../shared/shell-submit";
import { cx, ShellForm, ShellIssues } from "../shared/widget-shell";
import type { FormSlot } from "./anatomy";
import { Choices, Control } from "./controls";
import { useField, useFormContext } from "./use-form";

/**
 * The form's parts: each reads the connect API from its Root and spreads one prop getter onto one
 * element (a field's label, help and error are the field's own: see `Field`).
 */

/** The `<form>` holding the fields and actions; gone once the receipt shows. */
export function Body({ className, ...props }: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const api = useFormContext();
  return <ShellForm onSubmit={api.submit} className={cx("hitl-form-body", className)} {...props} />;
}

/** Every field of the payload, in order. */
export function Fields({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const api = useFormContext();
  return (
    <div data-slot={"fields" satisfies FormSlot} className={cx("hitl-form-fields", className)} {...props}>
      {api.fields.map((field) => (
        <Field key={field.name} name={field.name} />
      ))}
    </div>
  );
}

export interface FormFieldProps {
  /** The field's `name` in the payload. */
  name: string;
  className?: string;
}

/**
 * One field: label (with the required mark), help, control, inline error, each spreading its
 * getter. A checkbox comes before its label; a multiselect's checkboxes sit in a fieldset whose
 * legend is the label (saying "required" in words, since no one checkbox carries `required`).
 */
export function Field({ name, className }: FormFieldProps) {
  const api = useFormContext();
  const field = useField(name);
  if (!field) return null;
  const layout = api.layoutOf(field);
  const group = layout === "group";
  const own = {
    ...api.getFieldProps(field),
    className: cx("hitl-field", !(layout === "stacked") && `hitl-field-${layout}`, "hitl-form-field", className),
  };
  const Caption = group ? "legend" : "label";
  const label = (
    <Caption {...api.getLabelProps(field)} className={cx("hitl-label", group && "hitl-field-legend")}>
      {field.label}
      {/* Decoration: the control's `required` (or the legend's hidden text) tells assistive tech. */}
      {field.required && (
        <span data-slot={"field-required" satisfies FormSlot} className="hitl-required" aria-hidden="true">
          *
        </span>
      )}
      {field.required && group && <span className="hitl-visually-hidden"> {api.labels.required}</span>}
    </Caption>
  );
  const help = api.helpOf(field);
  const description = help && (
    <span {...api.getDescriptionProps(field)} className="hitl-help hitl-field-help">
      {help}
    </span>
  );
  const problem = api.errorOf(field.name);
  const error = problem && (
    <span {...api.getErrorProps(field)} className="hitl-field-error">
      {problem}
    </span>
  );
  if (group) {
    return (
      <fieldset {...own} onBlur={api.getGroupBlur(field)}>
        {label}
        {description}
        <Choices field={field} />
        {error}
      </fieldset>
    );
  }
  return (
    <div {...own}>
      {layout === "inline" ? (
        <span className="hitl-field-row">
          <Control name={name} />
          {label}
        </span>
      ) : (
        <>
          {label}
          {description}
          <Control name={name} />
        </>
      )}
      {layout === "inline" && description}
      {error}
    </div>
  );
}

/** The error summary after a submit attempt: every problem, in field order. */
export function Issues({ id }: { id?: string }) {
  const api = useFormContext();
  return <ShellIssues messages={api.summary} {...(id ? { id } : {})} />;
}

/** Submit, labelled with the payload's `submitLabel` when it has one. */
export function Submit({ children, ...props }: ShellSubmitProps) {
  const api = useFormContext();
  return (
    <ShellSubmit {...api.getSubmitProps()} {...props}>
      {children ?? api.request.submitLabel}
    </ShellSubmit>
  );
}
