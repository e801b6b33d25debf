"use client";
import { type ComponentPropsWithoutRef, type ReactNode, useCallback, useId, useMemo, useState } from "react";
import { validateAnswer } from "../../kinds/define-kind";
import {
  type FormField,
  type FormRequest,
  type FormResponse,
  type FormValue,
  type FormValues,
  formDefaults,
  formKind,
  patternsReady,
} from "../../kinds/form";
import { useLabels } from "../../react/labels";
import { suspend } from "../../react/suspend";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { fieldUnder } from "../shared/draft-issues";
import { Field, type FieldControlProps } from "../shared/field";
import { byPosition, type SelectionRules, setInSelection } from "../shared/selection";
import { splitShellProps } from "../shared/shell-props";
import { ShellSubmit, type ShellSubmitProps } from "../shared/shell-submit";
import { TextControl } from "../shared/text-control";
import { type Draft, useDraft } from "../shared/use-draft";
import { ValueList } from "../shared/value-list";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
} from "../shared/widget-shell";
import { type FormLabels, formLabels } from "./labels";

/**
 * A form from the `form` kind: one labelled control per field, inline errors from the kind's own
 * schema (shown once a field was left or a submit was tried), focus on the first invalid field.
 */

export type FormProps = HitlWidgetProps<FormRequest, FormResponse> & FormDraftProps;

export interface FormDraftProps {
  /** The field values (controlled). Missing keys read as the field's default. */
  value?: FormValues | undefined;
  /** The initial field values (uncontrolled). @default formDefaults(payload.fields) */
  defaultValue?: FormValues | undefined;
  /** Called with all values whenever a field changes. */
  onValueChange?: ((values: FormValues) => void) | undefined;
}

interface FormContextValue {
  readonly payload: FormRequest;
  readonly labels: FormLabels;
  readonly answer: FormResponse | undefined;
  readonly controlId: (name: string) => string;
  readonly readValue: (field: FormField) => FormValue;
  readonly setFieldValue: (name: string, value: FormValue) => void;
  readonly setBadInput: (name: string, bad: boolean) => void;
  /** Touched fields, their errors, the summary, focus and submit. */
  readonly draft: Draft<FormValues>;
}

const [FormProvider, useFormWidget] = createWidgetContext<FormContextValue>("Form");

/** A value left empty: for an optional field it is left out of the answer. */
function isEmpty(value: FormValue | undefined): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * The answer's values in field order. Empty optional fields are omitted (the kind reads absent as
 * "not given"); checkboxes stay booleans and multiselects lists, since `false` and `[]` are answers.
 * Required empty fields are kept so the schema reports them as "Required".
 */
export function formAnswerValues(fields: readonly FormField[], read: (field: FormField) => FormValue): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = read(field);
    if (!field.required && isEmpty(value)) continue;
    values[field.name] = value ?? null;
  }
  return values;
}

/** A field's value in the draft; a key the draft lacks reads as the field's default. */
function readFormValue(values: FormValues, defaults: FormValues, field: FormField): FormValue {
  return (Object.hasOwn(values, field.name) ? values[field.name] : defaults[field.name]) ?? null;
}

const fieldOfValues = fieldUnder("values");

export interface FormRootProps
  extends Omit<FormProps, "prompt">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: FormRootProps) {
  const [shell, { payload, answer, onSubmit, value, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const labels = useLabels("form", formLabels);
  const { fields } = payload;
  // Patterns need the pattern engine, loaded on first use: the registry waits for it before a
  // request renders, and a Form rendered directly suspends here until it is in.
  const patterns = patternsReady(payload);
  if (patterns) suspend(patterns);
  const defaults = useMemo(() => formDefaults(fields), [fields]);
  const [badInput, setBadInputState] = useState<ReadonlySet<string>>(() => new Set());
  const base = useId();

  const validate = useCallback(
    (values: FormValues) => {
      const checked = validateAnswer(formKind, payload, {
        values: formAnswerValues(fields, (field) => readFormValue(values, defaults, field)),
      });
      if (badInput.size === 0) return checked;
      // The browser hides unparseable number text from the value; say so instead of "Required".
      const local = [...badInput].map((name) => ({ path: ["values", name], message: labels.notANumber }));
      return { ok: false as const, issues: [...local, ...(checked.ok ? [] : checked.issues)] };
    },
    [payload, fields, defaults, badInput, labels],
  );
  const draft = useDraft({
    value,
    defaultValue: defaultValue ?? defaults,
    onValueChange,
    validate,
    fields,
    fieldOf: fieldOfValues,
    formatIssue: labels.issue,
    status: shell.status,
    onSubmit,
  });
  const values = draft.value;
  const readValue = useCallback((field: FormField) => readFormValue(values, defaults, field), [values, defaults]);

  const context: FormContextValue = {
    payload,
    labels,
    answer,
    controlId: (name) => `${base}-field-${name}`,
    readValue,
    setFieldValue: (name, next) => draft.setValue((previous) => ({ ...previous, [name]: next })),
    setBadInput: (name, bad) =>
      setBadInputState((previous) => {
        if (previous.has(name) === bad) return previous;
        const next = new Set(previous);
        if (bad) next.add(name);
        else next.delete(name);
        return next;
      }),
    draft,
  };

  return (
    <FormProvider value={context}>
      <ShellRoot kind="form" {...shell} {...fieldset} className={cx("hitl-form-widget", className)} />
    </FormProvider>
  );
}

/** The `<form>` holding the fields and actions; gone once the receipt shows. */
function Body({ className, ...props }: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const { draft } = useFormWidget();
  return <ShellForm onSubmit={draft.submit} className={cx("hitl-form-body", className)} {...props} />;
}

/** Every field of the payload, in order. */
function Fields({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { payload } = useFormWidget();
  return (
    <div data-slot="fields" className={cx("hitl-form-fields", className)} {...props}>
      {payload.fields.map((field) => (
        <FieldPart key={field.name} name={field.name} />
      ))}
    </div>
  );
}

export interface FormFieldProps {
  /** The field's `name` in the payload. */
  name: string;
  className?: string;
}

/** One field: label, help, control, inline error. */
function FieldPart({ name, className }: FormFieldProps) {
  const { payload, labels, controlId, readValue, draft } = useFormWidget();
  const field = payload.fields.find((candidate) => candidate.name === name);
  if (!field) return null;
  const error = draft.error(field.name);
  const common = {
    label: field.label,
    required: field.required,
    error,
    controlId: controlId(field.name),
    className: cx(`hitl-form-field`, className),
    "data-type": field.type,
  };
  if (field.type === "multiselect") {
    const range = labels.choiceRange(field.min, field.max);
    const help = [field.help, range].filter(Boolean).join(" ");
    return (
      <Field
        {...common}
        layout="group"
        help={help || undefined}
        requiredText={labels.required}
        onBlur={(event) => {
          // Left the group, not just moved between its checkboxes.
          const next = event.relatedTarget;
          if (!(next instanceof Node && event.currentTarget.contains(next))) draft.touch(field.name);
        }}
      >
        {({ id }) => <MultiselectControl field={field} firstId={id} value={readValue(field)} />}
      </Field>
    );
  }
  return (
    <Field {...common} help={field.help || undefined} layout={field.type === "checkbox" ? "inline" : "stacked"}>
      {(control) => <Control field={field} control={control} />}
    </Field>
  );
}

function Control({
  field,
  control,
}: {
  field: Exclude<FormField, { type: "multiselect" }>;
  control: FieldControlProps;
}) {
  const { readValue, setFieldValue, setBadInput, draft } = useFormWidget();
  const value = readValue(field);
  const shared = {
    ...control,
    name: field.name,
    required: field.required,
    ref: (element: HTMLElement | null) => draft.registerControl(field.name, element),
    onBlur: () => draft.touch(field.name),
    "data-slot": "control",
  };
  const text = typeof value === "string" ? value : "";
  switch (field.type) {
    case "text":
    case "email":
    case "url":
    case "textarea":
      return (
        <TextControl
          {...shared}
          type={field.type === "textarea" ? undefined : field.type}
          multiline={field.type === "textarea"}
          value={text}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          onValueChange={(next) => setFieldValue(field.name, next)}
        />
      );
    case "number":
      return (
        <input
          {...shared}
          type="number"
          className="hitl-input"
          // A number (not its string) so React leaves "1.50" alone while it is typed.
          value={typeof value === "number" ? value : ""}
          placeholder={field.placeholder}
          min={field.min}
          max={field.max}
          step={field.step ?? (field.integer ? 1 : "any")}
          inputMode={field.integer ? "numeric" : "decimal"}
          onChange={(event) => {
            const raw = event.target.value;
            const parsed = raw.trim() === "" ? null : Number(raw);
            setBadInput(field.name, event.target.validity.badInput);
            setFieldValue(field.name, parsed !== null && Number.isFinite(parsed) ? parsed : null);
          }}
        />
      );
    case "date":
      return (
        <input
          {...shared}
          type="date"
          className="hitl-input"
          value={text}
          min={field.min}
          max={field.max}
          onChange={(event) => setFieldValue(field.name, event.target.value)}
        />
      );
    case "select":
      return <SelectControl field={field} shared={shared} value={text} />;
    case "checkbox":
      return (
        <input
          {...shared}
          type="checkbox"
          className="hitl-checkbox"
          checked={value === true}
          onChange={(event) => setFieldValue(field.name, event.target.checked)}
        />
      );
    default:
      return field satisfies never;
  }
}

function SelectControl({
  field,
  shared,
  value,
}: {
  field: Extract<FormField, { type: "select" }>;
  shared: FieldControlProps & {
    name: string;
    required: boolean;
    ref: (element: HTMLElement | null) => void;
    onBlur: () => void;
  };
  value: string;
}) {
  const { labels, setFieldValue } = useFormWidget();
  return (
    <select
      {...shared}
      className="hitl-select"
      value={value}
      onChange={(event) => setFieldValue(field.name, event.target.value)}
    >
      {/* An explicit empty choice, so nothing is silently pre-chosen for the person. */}
      <option value="">{labels.selectPlaceholder}</option>
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function MultiselectControl({
  field,
  firstId,
  value,
}: {
  field: Extract<FormField, { type: "multiselect" }>;
  firstId: string;
  value: FormValue;
}) {
  const { setFieldValue, draft } = useFormWidget();
  const chosen = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  const selected = new Set(chosen);
  // Min/max are the draft's to report on submit; here every option may be toggled, kept in option order.
  const rules: SelectionRules<string> = {
    mode: "multiple",
    max: field.options.length,
    compare: byPosition(field.options.map((option) => option.value)),
  };
  return (
    <div data-slot="choices" className="hitl-form-choices">
      {field.options.map((option, index) => {
        const id = index === 0 ? firstId : `${firstId}-${index}`;
        return (
          <span key={option.value} data-slot="choice" className="hitl-field-row">
            <input
              id={id}
              type="checkbox"
              className="hitl-checkbox"
              name={field.name}
              value={option.value}
              checked={selected.has(option.value)}
              ref={index === 0 ? (element) => draft.registerControl(field.name, element) : undefined}
              onChange={(event) => {
                const result = setInSelection(chosen, option.value, event.target.checked, rules);
                if (result.type === "changed") setFieldValue(field.name, [...result.selected]);
              }}
            />
            <label htmlFor={id}>{option.label}</label>
          </span>
        );
      })}
    </div>
  );
}

/** The error summary after a submit attempt: every problem, in field order. */
function Issues({ id }: { id?: string }) {
  const { draft } = useFormWidget();
  return <ShellIssues messages={draft.summary} {...(id ? { id } : {})} />;
}

/** Submit, labelled with the payload's `submitLabel` when it has one. */
function Submit({ children, ...props }: ShellSubmitProps) {
  const { payload } = useFormWidget();
  return <ShellSubmit {...props}>{children ?? payload.submitLabel}</ShellSubmit>;
}

/** A field's answer as a person reads it. */
function readable(field: FormField, value: FormValue | undefined, labels: FormLabels): string {
  if (field.type === "checkbox") return value === true ? labels.yes : labels.no;
  if (value === undefined || value === null || value === "") return labels.empty;
  switch (field.type) {
    case "select":
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case "multiselect": {
      if (!Array.isArray(value) || value.length === 0) return labels.empty;
      const byValue = new Map(field.options.map((option) => [option.value, option.label]));
      return value.map((chosen) => byValue.get(chosen) ?? chosen).join(", ");
    }
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}

/** The answer's values, label → value, as a definition list. */
function Values({ className, ...props }: ComponentPropsWithoutRef<"dl">) {
  const { payload, labels, answer } = useFormWidget();
  if (!answer) return null;
  return (
    <ValueList
      className={className}
      entries={payload.fields.map((field) => ({
        key: field.name,
        label: field.label,
        value: readable(
          field,
          Object.hasOwn(answer.values, field.name) ? answer.values[field.name] : undefined,
          labels,
        ),
      }))}
      {...props}
    />
  );
}

function Receipt({ summary, ...props }: ComponentPropsWithoutRef<"div"> & { summary?: ReactNode }) {
  return <ShellReceipt summary={summary ?? <Values />} {...props} />;
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
Form.Field = FieldPart;
Form.Issues = Issues;
Form.Actions = ShellActions;
Form.Submit = Submit;
Form.Decline = ShellDecline;
Form.Status = ShellStatus;
Form.Receipt = Receipt;
Form.Values = Values;
