"use client";
import type { ComponentPropsWithoutRef } from "react";
import { splitShellProps } from "../shared/shell-props";
import { cx, ShellActions, ShellDecline, ShellPrompt, ShellRoot, ShellStatus } from "../shared/widget-shell";
import { Body, Field, Fields, Issues, Submit } from "./parts";
import { type FormProps, FormProvider, useForm } from "./use-form";
import { Receipt, Values } from "./values";

/**
 * A form from the `form` kind: one labelled control per field, inline errors from the kind's own
 * schema (shown once a field was left or a submit was tried), focus on the first invalid field.
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-form.ts`) and thin parts (`parts.tsx`, `controls.tsx`, `values.tsx`), each part one
 * `data-slot` (`anatomy.ts`).
 */

export { formAnswerValues } from "./machine";
export type { FormFieldProps } from "./parts";
export type { FormDraftProps, FormProps } from "./use-form";

export interface FormRootProps
  extends Omit<FormProps, "prompt">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: FormRootProps) {
  const [shell, { payload, answer, onSubmit, value, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const api = useForm({ payload, answer, value, defaultValue, onValueChange, status: shell.status, onSubmit });
  return (
    <FormProvider value={api}>
      <ShellRoot kind="form" {...shell} {...fieldset} className={cx("hitl-form-widget", className)} />
    </FormProvider>
  );
}

/** A styled form: prompt, fields, error summary, Submit / Decline, status, receipt. */
export function Form({ prompt, ...props }: FormProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Body>
        <Fields />
        <Issues />
        <ShellActions>
          <Submit />
          <ShellDecline />
        </ShellActions>
      </Body>
      <ShellStatus />
      <Receipt />
    </Root>
  );
}

Form.Root = Root;
Form.Prompt = ShellPrompt;
Form.Body = Body;
Form.Fields = Fields;
Form.Field = Field;
Form.Issues = Issues;
Form.Actions = ShellActions;
Form.Submit = Submit;
Form.Decline = ShellDecline;
Form.Status = ShellStatus;
Form.Receipt = Receipt;
Form.Summary = Values;
/** @deprecated the same part as `Summary` (one name across widgets). */
Form.Values = Values;
