import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The form's parts, each by the `data-slot` it carries (style and test by these). The shell's
 * parts (root, prompt, form, issues, actions, submit, decline, status, receipt) get theirs from
 * `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget. A field's parts
 * keep the names the shared `Field` gives them, so one stylesheet serves both.
 */
export const formAnatomy = /* @__PURE__ */ anatomy({
  form: "form",
  fields: "fields",
  /** A field: its label, description, control(s) and error (a fieldset for a multiselect). */
  field: "field",
  label: "field-label",
  /** The required mark after the label (decoration: the control's `required` says it). */
  required: "field-required",
  description: "field-help",
  control: "control",
  /** A multiselect's checkboxes, each in a `choice`. */
  choices: "choices",
  choice: "choice",
  error: "field-error",
  values: "receipt-values",
});

export type FormSlot = SlotOf<typeof formAnatomy>;
