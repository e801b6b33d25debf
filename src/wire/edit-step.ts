import type { FormField, FormValues } from "../kinds/form";
import { MAX_TEXT_LENGTH } from "../kinds/limits";
import { readRequestedSchema, type SchemaReading, toContent, toFormFields } from "./form-schema";

/**
 * A tool call's edit step: its input as form fields (from the tool's input JSON Schema where the
 * form can show it, else from the input's own primitive values), and the edited values back as
 * the tool's input. Shared by the askers that let a person change a call before it runs
 * (LangChain's HITL review, the Claude Agent SDK's permission prompt). Pure, never throws.
 */
export interface EditStep {
  /** The input's fields, prefilled with its current values. */
  readonly fields: readonly FormField[];
  /** Where `fields` came from the input's schema: how to type the edited values back. */
  readonly schema?: Extract<SchemaReading, { ok: true }>;
}

/** The edit step for `input`, or `undefined` when no part of it can be shown as a field. */
export function editStep(input: Readonly<Record<string, unknown>>, inputSchema: unknown): EditStep | undefined {
  const schema = readInputSchema(inputSchema);
  if (schema) {
    const fields = toFormFields(schema.properties).map((field) => prefilled(field, input[field.name]));
    return { fields, schema };
  }
  const fields = Object.entries(input).flatMap(([name, value]) => inferredField(name, value));
  return fields.length > 0 ? { fields } : undefined;
}

/** The input with the edit step's values: typed by the schema where it had one; the rest kept. */
export function editedInput(
  input: Readonly<Record<string, unknown>>,
  step: EditStep,
  values: FormValues,
): Record<string, unknown> {
  if (step.schema) {
    // The schema's properties come from the form (an emptied optional one is left out); the rest stay.
    const asked = new Set(step.schema.properties.map((property) => property.name));
    const kept = Object.fromEntries(Object.entries(input).filter(([name]) => !asked.has(name)));
    return { ...kept, ...toContent(step.schema.properties, values) };
  }
  const edited: Record<string, unknown> = { ...input };
  for (const field of step.fields) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    edited[field.name] = field.type === "text" || field.type === "textarea" ? (value ?? "") : value;
  }
  return edited;
}

/** The input schema as the form reads it (`additionalProperties` says nothing the form does not keep to). */
function readInputSchema(inputSchema: unknown): Extract<SchemaReading, { ok: true }> | undefined {
  if (!isRecord(inputSchema)) return undefined;
  const { additionalProperties: _, $schema: __, ...schema } = inputSchema;
  const reading = readRequestedSchema(schema);
  return reading.ok ? reading : undefined;
}

const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;

/** A field for an arg of a primitive value (text, number, checkbox); other args are kept as they are. */
function inferredField(name: string, value: unknown): FormField[] {
  if (!NAME.test(name)) return [];
  const base = { name, label: name };
  if (typeof value === "string" && value.length <= MAX_TEXT_LENGTH) {
    const long = value.length > 80 || value.includes("\n");
    return [{ type: long ? "textarea" : "text", ...base, required: value !== "", default: value }];
  }
  if (typeof value === "number" && Number.isFinite(value)) {
    return [{ type: "number", ...base, required: true, default: value }];
  }
  if (typeof value === "boolean") return [{ type: "checkbox", ...base, required: false, default: value }];
  return [];
}

/** A schema field, prefilled with the arg's current value where it fits the field. */
function prefilled(field: FormField, value: unknown): FormField {
  switch (field.type) {
    case "text":
    case "textarea":
    case "email":
    case "url":
    case "date":
      return typeof value === "string" && value.length <= MAX_TEXT_LENGTH ? { ...field, default: value } : field;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? { ...field, default: value } : field;
    case "checkbox":
      return typeof value === "boolean" ? { ...field, default: value } : field;
    case "select":
      return typeof value === "string" && field.options.some((o) => o.value === value)
        ? { ...field, default: value }
        : field;
    case "multiselect":
      return Array.isArray(value) && value.every((v) => field.options.some((o) => o.value === v))
        ? { ...field, default: value as string[] }
        : field;
    default:
      return field satisfies never;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
