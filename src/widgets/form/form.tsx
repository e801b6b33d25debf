"use client";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import type { FormApi } from "./connect";
import { Body, Field, Fields, Issues, Submit } from "./parts";
import { type FormProps, FormProvider, useForm } from "./use-form";
import { Receipt, Summary } from "./values";

/**
 * A form from the `form` kind: one labelled control per field, inline errors from the kind's own
 * schema (shown once a field was left or a submit was tried), focus on the first invalid field.
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-form.ts`) and thin parts (`parts.tsx`, `controls.tsx`, `values.tsx`), each part one
 * `data-slot` (`anatomy.ts`); `defineWidget` makes the Root, the styled widget and the statics.
 */

export { formAnswerValues } from "./machine";
export type { FormFieldProps } from "./parts";
export type { FormDraftProps, FormProps } from "./use-form";

/** A styled form: prompt, fields, error summary, Submit / Decline, status, receipt. */
export const Form = defineWidget<FormProps, FormApi>()({
  kind: "form",
  className: "hitl-form-widget",
  Provider: FormProvider,
  use: (props, { status }) => ({ api: useForm({ ...props, status }) }),
  content: <Fields />,
  parts: { Body, Fields, Field, Issues, Submit, Receipt, Summary },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type FormRootProps = WidgetRootProps<FormProps>;
