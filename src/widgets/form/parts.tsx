"use client";
import { scopedPart } from "../shared/create-widget-context";
import { Field as SharedField } from "../shared/field";
import { type PartProps, part } from "../shared/part";
import { ShellSubmit, type ShellSubmitProps } from "../shared/shell-submit";
import { type BodyProps, cx, ShellForm, ShellIssues, type ShellIssuesProps } from "../shared/widget-shell";
import type { FormSlot } from "./anatomy";
import { Choices, Control } from "./controls";
import { readValue } from "./machine";
import { FormProvider, useField, useFormContext } from "./use-form";

/**
 * The form's parts: each reads the connect API from its Root and spreads one prop getter onto one
 * element (a field's label, help and error are the shared `Field`'s: see `Field`).
 */

/** The `<form>` holding the fields and actions; gone once the receipt shows. */
export function Body({ className, ...props }: BodyProps) {
  const api = useFormContext();
  return <ShellForm onSubmit={api.submit} className={cx("hitl-form-body", className)} {...props} />;
}

/** Every field of the payload, in order. */
export function Fields(props: PartProps<"div">) {
  const api = useFormContext();
  const own = { "data-slot": "fields" satisfies FormSlot, className: "hitl-form-fields" };
  return part(
    "div",
    own,
    props,
    api.fields.map((field) => <Field key={field.name} name={field.name} />),
  );
}

export interface FormFieldProps {
  /** The field's `name` in the payload. */
  name: string;
  className?: string;
}

/**
 * One field: label (with the required mark), help, control, inline error. The markup is the shared
 * `Field`'s, which the template picker loads too (so it loads once): it names and describes the
 * parts with the ids the getters give a headless renderer (`getLabelProps`, `getDescriptionProps`,
 * `getErrorProps`; a test holds the two equal), the field's own props are `getFieldProps`, and the
 * control spreads `getControlProps`. A checkbox comes before its label; a multiselect's checkboxes
 * sit in a fieldset whose legend is the label. It renders again only when what it shows changes,
 * not when another field does.
 */
export const Field = scopedPart([FormProvider, useFormContext], FieldBody, (api, { name }) => {
  // What a field shows: its value and its error as shown now (touched, a submit attempt, a
  // refusal and a number's bad input are in it), and the labels.
  const field = api.fields.find((one) => one.name === name);
  return [api.labels, field, field && readValue(api.state, field), api.errorOf(name)];
});

function FieldBody({ name, className }: FormFieldProps) {
  const api = useFormContext();
  const field = useField(name);
  if (!field) return null;
  const group = field.type === "multiselect";
  return (
    <SharedField
      {...api.getFieldProps(field)}
      label={field.label}
      required={field.required}
      help={api.helpOf(field) || undefined}
      error={api.errorOf(field.name)}
      layout={api.layoutOf(field)}
      requiredText={api.labels.required}
      controlId={api.getControlId(field)}
      className={cx("hitl-form-field", className)}
      onBlur={group ? api.getGroupBlur(field) : undefined}
    >
      {() => (group ? <Choices field={field} /> : <Control name={name} />)}
    </SharedField>
  );
}

/** The error summary after a submit attempt: every problem, in field order. */
export function Issues(props: Omit<ShellIssuesProps, "messages">) {
  const api = useFormContext();
  return <ShellIssues messages={api.summary} {...props} />;
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
