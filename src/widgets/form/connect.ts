import type { HitlIssue } from "../../core/issues";
import type { FormField, FormResponse, FormValue } from "../../kinds/form";
import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import type { ConnectContext, Send } from "../shared/connect-types";
import { issueSummary } from "../shared/draft-issues";
import type { FormSlot } from "./anatomy";
import type { FormLabels } from "./labels";
import { chosenOf, type FormEvent, type FormState, readValue, showsError, validation, valueToSend } from "./machine";

/**
 * The form's machine as props for its parts: `connect(state, send, context)` returns what each
 * part shows and a prop getter per part (ARIA, `data-slot`, handlers that `send`). No React: the
 * props are plain objects with React's attribute names (`htmlFor`, `onChange`); a Vue or Svelte
 * port maps those names, as Zag's `normalizeProps` does. A field's control is named by its label
 * and described by its help and error, so a screen reader announces the problem on focus.
 */

export interface FormConnectContext extends ConnectContext<FormLabels, FormResponse, HitlIssue> {
  /** Whether the widget takes an answer now (the shell's status). */
  readonly interactive: boolean;
  /** An answer went out and the status has not moved since: a submit does nothing, not even show errors. */
  readonly answered: () => boolean;
  /** The answer a receipt shows (the widget's `answer` prop). */
  readonly answer?: FormResponse | undefined;
  /** Where focus goes when this field is the first invalid one (`null` on unmount). */
  readonly registerControl: (name: string, control: FormFocusable | null) => void;
}

/** Anything focus can be moved to: an element, or a part that knows which of its elements to focus. */
export interface FormFocusable {
  focus(): void;
}

/** What a control's change reads (a DOM event or React's). */
export interface FormControlEvent {
  readonly currentTarget: {
    readonly name: string;
    readonly value: string;
    readonly checked?: boolean;
    readonly validity?: { readonly badInput: boolean };
  };
}
/** What a multiselect group's blur reads: whether focus left the group, or moved between its checkboxes. */
export interface FormGroupBlurEvent {
  readonly relatedTarget: unknown;
  readonly currentTarget: { contains(other: never): boolean };
}

/** A field's layout: a label above its control, a checkbox before its label, a multiselect's group. */
export type FormFieldLayout = "stacked" | "inline" | "group";

/**
 * A field's `data-type`. Written out rather than inferred from the schema: declarations print an
 * inferred union in the order the checker happened to meet its members, which differed on a fresh
 * clone, and the API report flipped. `satisfies` below keeps it covering the schema's types.
 */
export type FormFieldDataType =
  | "text"
  | "textarea"
  | "email"
  | "url"
  | "number"
  | "date"
  | "select"
  | "multiselect"
  | "checkbox";

export function layoutOf(field: FormField): FormFieldLayout {
  return field.type === "multiselect" ? "group" : field.type === "checkbox" ? "inline" : "stacked";
}

/** Handlers that read everything from the event (the control's `name` is its field's). */
function createHandlers(send: Send<FormEvent>) {
  const change = (value: (target: FormControlEvent["currentTarget"]) => FormValue) => (event: FormControlEvent) =>
    send({ type: "change", name: event.currentTarget.name, value: value(event.currentTarget) });
  return {
    text: change((target) => target.value),
    checkbox: change((target) => target.checked === true),
    number: ({ currentTarget }: FormControlEvent) => {
      const raw = currentTarget.value;
      const parsed = raw.trim() === "" ? null : Number(raw);
      const value = parsed !== null && Number.isFinite(parsed) ? parsed : null;
      send({ type: "change", name: currentTarget.name, value, badInput: currentTarget.validity?.badInput ?? false });
    },
    // A multiselect's checkbox: its `value` is the choice.
    choice: ({ currentTarget }: FormControlEvent) =>
      send({
        type: "choose",
        name: currentTarget.name,
        value: currentTarget.value,
        checked: currentTarget.checked === true,
      }),
    blur: ({ currentTarget }: FormControlEvent) => send({ type: "touch", name: currentTarget.name }),
  };
}
const flag = (on: boolean) => (on ? "" : undefined);

export function connect(state: FormState, send: Send<FormEvent>, context: FormConnectContext) {
  const { request } = state;
  const { labels, id } = context;
  const on = createHandlers(send);
  const { issues } = validation(state, labels.notANumber);
  const controlId = (name: string) => `${id}-field-${name}`;
  const error = (name: string) => (showsError(state, name) ? issues.byField.get(name) : undefined);
  /** The help under a field: its own, and a multiselect's bounds. */
  const help = (field: FormField) =>
    (field.type === "multiselect" ? [field.help, labels.choiceRange(field.min, field.max)] : [field.help])
      .filter(Boolean)
      .join(" ");
  const described = (field: FormField) => {
    const invalid = Boolean(error(field.name));
    const base = controlId(field.name);
    const describedBy = [help(field) && `${base}-help`, invalid && `${base}-error`].filter(Boolean).join(" ");
    return {
      "aria-describedby": describedBy || undefined,
      "aria-invalid": invalid || undefined,
      "aria-errormessage": invalid ? `${base}-error` : undefined,
    };
  };

  /** Every problem after a submit attempt, fields in order then the rest; empty before. */
  const summary = state.submitAttempts > 0 ? issueSummary(request.fields, issues, labels.issue) : [];

  return {
    state,
    request,
    labels,
    fields: request.fields,
    summary,
    /** The answer a receipt shows. */
    answer: context.answer,
    registerControl: context.registerControl,
    layoutOf,
    /** A field's error as shown now. */
    errorOf: error,
    helpOf: help,

    /** Sends the answer once, or shows every problem and asks for focus on the first invalid field. */
    submit() {
      if (context.answered()) return;
      send({ type: "submit-attempt" });
      const value = valueToSend(state);
      if (value === undefined) return;
      const outcome = context.submit(value);
      if (outcome.type === "sent") send({ type: "sent" });
      else if (outcome.type !== "ignored") send({ type: "refused", issues: outcome.issues });
    },

    /** The id of a field's control (a multiselect's first checkbox): its label points there, focus goes there. */
    getControlId: (field: FormField) => controlId(field.name),
    getFieldProps: (field: FormField) => {
      const layout = layoutOf(field);
      const invalid = Boolean(error(field.name));
      return {
        "data-slot": "field" satisfies FormSlot,
        "data-layout": layout,
        "data-type": field.type satisfies FormFieldDataType as FormFieldDataType,
        "data-invalid": flag(invalid),
        "data-required": flag(field.required),
        // A group is described as a whole: no one checkbox carries the problem.
        ...(layout === "group" ? described(field) : {}),
      };
    },
    /** A label for the control (a legend for a multiselect's group, which has no one control). */
    getLabelProps: (field: FormField) => ({
      "data-slot": "field-label" satisfies FormSlot,
      htmlFor: layoutOf(field) === "group" ? undefined : controlId(field.name),
    }),
    getDescriptionProps: (field: FormField) => ({
      id: `${controlId(field.name)}-help`,
      "data-slot": "field-help" satisfies FormSlot,
    }),
    getErrorProps: (field: FormField) => ({
      id: `${controlId(field.name)}-error`,
      "data-slot": "field-error" satisfies FormSlot,
    }),
    /** The control of a field that has one (every type but multiselect). */
    getControlProps: (field: FormField) => {
      const value = readValue(state, field);
      const text = typeof value === "string" ? value : "";
      const common = {
        id: controlId(field.name),
        ...described(field),
        name: field.name,
        required: field.required,
        "data-slot": "control" satisfies FormSlot,
        onBlur: on.blur,
      };
      switch (field.type) {
        case "checkbox":
          return { ...common, type: "checkbox", checked: value === true, onChange: on.checkbox };
        case "number":
          return {
            ...common,
            type: "number",
            // A number (not its string) so React leaves "1.50" alone while it is typed.
            value: typeof value === "number" ? value : "",
            placeholder: field.placeholder,
            min: field.min,
            max: field.max,
            step: field.step ?? (field.integer ? 1 : "any"),
            inputMode: field.integer ? ("numeric" as const) : ("decimal" as const),
            onChange: on.number,
          };
        case "date":
          return { ...common, type: "date", value: text, min: field.min, max: field.max, onChange: on.text };
        case "select":
        case "multiselect":
          return { ...common, value: text, onChange: on.text };
        default:
          return {
            ...common,
            type: field.type === "textarea" ? undefined : field.type,
            value: text,
            placeholder: field.placeholder,
            maxLength: field.maxLength ?? MAX_TEXT_LENGTH,
            onChange: on.text,
          };
      }
    },
    /** A multiselect's checkbox: the first takes the field's id (where its label and focus point). */
    getChoiceControlProps: (field: FormField, choice: string, index: number) => ({
      id: index === 0 ? controlId(field.name) : `${controlId(field.name)}-${index}`,
      type: "checkbox",
      name: field.name,
      value: choice,
      checked: chosenOf(readValue(state, field)).includes(choice),
      onChange: on.choice,
    }),
    /** Left the group, not just moved between its checkboxes: the field was left. */
    getGroupBlur: (field: FormField) => (event: FormGroupBlurEvent) => {
      const next = event.relatedTarget;
      const inside = typeof next === "object" && next !== null && event.currentTarget.contains(next as never);
      if (!inside) send({ type: "touch", name: field.name });
    },
    getSubmitProps: () => ({
      type: "submit" as const,
      "data-slot": "submit" satisfies FormSlot,
      "aria-disabled": !context.interactive || undefined,
    }),
  };
}

export type FormApi = ReturnType<typeof connect>;
