import { z } from "zod";
import type { HitlIssue } from "../core/issues";
import { defineKind } from "./define-kind";
import {
  MAX_FORM_FIELDS,
  MAX_FORM_OPTIONS,
  MAX_ITEMS,
  MAX_LABEL_LENGTH,
  MAX_PATTERN_LENGTH,
  MAX_TEXT_LENGTH,
} from "./limits";
import { patternEngine, patternEngineProblem, patternEngineReady, pendingPatternEngine } from "./pattern-engine";
import {
  boundedTotal,
  describeChoices,
  descriptionSchema,
  findDuplicates,
  idSchema,
  isBlank,
  labelSchema,
  listSchema,
  nameSchema,
  plural,
  tooLong,
  uniqueKey,
} from "./schema-parts";

// ─── Request: the fields ─────────────────────────────────────────────────────────────────────────

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_MESSAGE = "Must be a date in the form YYYY-MM-DD (e.g. 2024-01-31)";

/** A real calendar date written as `YYYY-MM-DD` (so "2023-02-29" is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

const isoDateSchema = z.string().refine(isIsoDate, DATE_MESSAGE);

/** A compiled pattern: `matches(value)` is a whole-value match, in time linear in the value. */
export interface CompiledPattern {
  matches(value: string): boolean;
}

/**
 * Compiles a field's pattern for a whole-value match (HTML `pattern` semantics: "[a-z]+" must
 * match all of the value). Patterns are written by a model, so they never reach a backtracking
 * engine: RE2 (re2js, see `pattern-engine.ts`) matches in time linear in the value, whatever the
 * pattern. Syntax RE2 cannot run in linear time (backreferences, lookaround) is refused:
 * `undefined`, as is every pattern while the engine is not loaded.
 */
export function compilePattern(source: string): CompiledPattern | undefined {
  try {
    return patternEngine()?.compile(source);
  } catch {
    return undefined;
  }
}

/** Why a pattern cannot be used: RE2 refuses it, or the engine is not there. `undefined` when it compiles. */
function patternProblem(source: string): string | undefined {
  const engine = patternEngine();
  if (!engine) return patternEngineProblem();
  try {
    engine.compile(source);
    return undefined;
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return `Not a pattern that can be matched safely (RE2 syntax, no backreferences or lookaround): ${problem}`;
  }
}

const patternSchema = z
  .string()
  .max(MAX_PATTERN_LENGTH, tooLong(MAX_PATTERN_LENGTH))
  .superRefine((source, ctx) => {
    const problem = patternProblem(source);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
  });

/** Whether a form payload (parsed or not) has a field with a pattern: what needs the pattern engine. */
function hasPattern(payload: unknown): boolean {
  const fields = typeof payload === "object" && payload !== null && "fields" in payload ? payload.fields : undefined;
  return (
    Array.isArray(fields) &&
    fields.some(
      (field: unknown) =>
        typeof field === "object" && field !== null && "pattern" in field && field.pattern !== undefined,
    )
  );
}

/** The form widget's wait for the pattern engine: its load when `payload` has patterns, else nothing. */
export function patternsReady(payload: FormRequest): Promise<void> | undefined {
  return hasPattern(payload) ? patternEngineReady() : undefined;
}

const fieldBase = {
  /** The key of this field's value in the answer. */
  name: nameSchema,
  label: labelSchema,
  help: descriptionSchema.optional(),
  required: z.boolean().default(false),
};

const lengthSchema = z.int().min(0, "Must be 0 or more").max(MAX_TEXT_LENGTH, `Must be at most ${MAX_TEXT_LENGTH}`);

function textLikeFieldSchema<const T extends "text" | "textarea" | "email" | "url">(type: T) {
  return z
    .object({
      type: z.literal(type),
      ...fieldBase,
      default: z.string().max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH)).optional(),
      placeholder: z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH)).optional(),
      minLength: lengthSchema.optional(),
      /** Absent means the kit's limit for free text (`MAX_TEXT_LENGTH`). */
      maxLength: lengthSchema.min(1, "Must be 1 or more").optional(),
      /** A regular expression source the whole value must match (HTML `pattern` semantics). */
      pattern: patternSchema.optional(),
    })
    .superRefine((field, ctx) => {
      if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
        ctx.addIssue({
          code: "custom",
          path: ["minLength"],
          message: `minLength (${field.minLength}) is greater than maxLength (${field.maxLength})`,
        });
      }
    });
}

export const textFieldSchema = textLikeFieldSchema("text");
export const textareaFieldSchema = textLikeFieldSchema("textarea");
export const emailFieldSchema = textLikeFieldSchema("email");
export const urlFieldSchema = textLikeFieldSchema("url");

export const numberFieldSchema = z
  .object({
    type: z.literal("number"),
    ...fieldBase,
    default: z.number().optional(),
    placeholder: z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH)).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    /** Allowed values are `min + k * step` (or `k * step` without `min`), like HTML's `step`. */
    step: z.number().positive("Must be greater than 0").optional(),
    integer: z.boolean().optional(),
  })
  .superRefine((field, ctx) => {
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({ code: "custom", path: ["min"], message: `min (${field.min}) is greater than max (${field.max})` });
    }
  });

export const dateFieldSchema = z
  .object({
    type: z.literal("date"),
    ...fieldBase,
    default: isoDateSchema.optional(),
    min: isoDateSchema.optional(),
    max: isoDateSchema.optional(),
  })
  .superRefine((field, ctx) => {
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({ code: "custom", path: ["min"], message: `min (${field.min}) is after max (${field.max})` });
    }
  });

export const formOptionSchema = z.object({ value: idSchema, label: labelSchema });

const optionsSchema = listSchema(formOptionSchema, { min: 1, max: MAX_ITEMS, noun: "options" }).superRefine(
  uniqueKey("value", "options"),
);

export const selectFieldSchema = z
  .object({
    type: z.literal("select"),
    ...fieldBase,
    options: optionsSchema,
    default: z.string().optional(),
  })
  .superRefine((field, ctx) => {
    if (field.default !== undefined && !field.options.some((option) => option.value === field.default)) {
      ctx.addIssue({ code: "custom", path: ["default"], message: `"${field.default}" is not one of the options` });
    }
  });

export const multiselectFieldSchema = z
  .object({
    type: z.literal("multiselect"),
    ...fieldBase,
    options: optionsSchema,
    min: z.int().min(0, "Must be 0 or more").optional(),
    max: z.int().min(1, "Must be 1 or more").optional(),
    default: listSchema(z.string(), { max: MAX_ITEMS, noun: "values" }).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({ code: "custom", path: ["min"], message: `min (${field.min}) is greater than max (${field.max})` });
    }
    if (field.min !== undefined && field.min > field.options.length) {
      ctx.addIssue({
        code: "custom",
        path: ["min"],
        message: `min (${field.min}) is more than the ${plural(field.options.length, "option")}`,
      });
    }
    const values = new Set(field.options.map((option) => option.value));
    field.default?.forEach((value, index) => {
      if (!values.has(value)) {
        ctx.addIssue({ code: "custom", path: ["default", index], message: `"${value}" is not one of the options` });
      }
    });
    for (const duplicate of findDuplicates(field.default ?? [])) {
      ctx.addIssue({
        code: "custom",
        path: ["default", duplicate.index],
        message: `"${duplicate.value}" is listed twice`,
      });
    }
  });

/** A checkbox's value is a boolean; `required` means it must be checked. */
export const checkboxFieldSchema = z.object({
  type: z.literal("checkbox"),
  ...fieldBase,
  default: z.boolean().optional(),
});

const FIELD_TYPES = [
  "text",
  "textarea",
  "email",
  "url",
  "number",
  "date",
  "select",
  "multiselect",
  "checkbox",
] as const;

export const formFieldSchema = z.discriminatedUnion(
  "type",
  [
    textFieldSchema,
    textareaFieldSchema,
    emailFieldSchema,
    urlFieldSchema,
    numberFieldSchema,
    dateFieldSchema,
    selectFieldSchema,
    multiselectFieldSchema,
    checkboxFieldSchema,
  ],
  { error: `Must have a "type" of ${FIELD_TYPES.join(", ")}` },
);

export type FormField = z.output<typeof formFieldSchema>;
export type FormFieldType = FormField["type"];

// ─── Response: the values ────────────────────────────────────────────────────────────────────────

/** Any one field's value on the wire; `formValuesSchema` narrows it per field. */
export const formValueSchema = z.union(
  [
    z.string().max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH)),
    z.number(),
    z.boolean(),
    listSchema(z.string().max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH)), { max: MAX_ITEMS, noun: "values" }),
    z.null(),
  ],
  { error: "Must be text, a number, true/false, a list of text, or null" },
);
export type FormValue = z.output<typeof formValueSchema>;
export type FormValues = Record<string, FormValue>;

/** A form's list of fields: 1 to `MAX_FORM_FIELDS`, unique names, bounded options in all. */
export const formFieldsSchema = boundedTotal(
  listSchema(formFieldSchema, { min: 1, max: MAX_FORM_FIELDS, noun: "fields" }).superRefine(
    uniqueKey("name", "fields"),
  ),
  "options",
  MAX_FORM_OPTIONS,
  "options",
);

export const formKind = defineKind({
  kind: "form",
  request: z.object({
    fields: formFieldsSchema,
    submitLabel: labelSchema.optional(),
  }),
  // A payload with patterns waits for the pattern engine; other forms never load it.
  prepare: (payload) => (hasPattern(payload) ? pendingPatternEngine() : undefined),
  response: z.strictObject({ values: z.record(z.string(), formValueSchema) }),
  check: (request, response) => checkFormValues(request.fields, response.values, ["values"]),
});

/**
 * The issues of a form's values against its fields (types, `required`, bounds, patterns, options,
 * unknown keys), each at `at` + the field's name. Empty when the values fit.
 */
export function checkFormValues(
  fields: readonly FormField[],
  values: unknown,
  at: readonly (string | number)[] = [],
): HitlIssue[] {
  const parsed = formValuesSchema(fields).safeParse(values);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue): HitlIssue[] => {
    const path = issue.path.map((key) => (typeof key === "symbol" ? String(key) : key));
    // One issue per unknown key, at that key, so a widget or a model can point at it.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: [...at, ...path, key],
        message: `Unknown field "${key}": not one of the form's fields`,
      }));
    }
    return [{ path: [...at, ...path], message: issue.message }];
  });
}

export type FormRequest = z.output<typeof formKind.request>;
export type FormResponse = z.output<typeof formKind.response>;

/** A value schema for a whole form: a strict object with one key per field. */
export type FormValuesSchema = z.ZodType<Partial<FormValues>>;

const valuesSchemaCache = new WeakMap<readonly FormField[], FormValuesSchema>();

/**
 * Derives the schema of a form's values from its fields: each field's type, `required`, bounds,
 * pattern, options and date range, with messages a person (or a model) can act on. Optional fields
 * may be absent, `null` or empty (`""`, or `[]` for a multiselect); like HTML, a field's other
 * constraints only apply once it has a value. Cached per `fields` array.
 */
export function formValuesSchema(fields: readonly FormField[]): FormValuesSchema {
  const cached = valuesSchemaCache.get(fields);
  if (cached) return cached;
  const shape: Record<string, z.ZodType<FormValue | undefined>> = {};
  for (const field of fields) shape[field.name] = fieldValueSchema(field);
  // Parsed from a copy without a prototype: otherwise an absent optional field named like an
  // Object.prototype member ("toString", "constructor") reads as the inherited function.
  const schema: FormValuesSchema = z.preprocess(ownProperties, z.strictObject(shape));
  // Not while patterns wait for their engine: the schema built once it is in will check them.
  if (patternEngine() || !hasPattern({ fields })) {
    valuesSchemaCache.set(fields, schema);
  }
  return schema;
}

/** A record's own properties on an object with no prototype; anything else unchanged. */
function ownProperties(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return Object.assign(Object.create(null) as Record<string, unknown>, input);
}

/** The initial values of a form: each field's default, or its empty value. */
export function formDefaults(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = defaultValue(field);
  return values;
}

function defaultValue(field: FormField): FormValue {
  switch (field.type) {
    case "text":
    case "textarea":
    case "email":
    case "url":
    case "date":
    case "select":
      return field.default ?? "";
    case "number":
      return field.default ?? null;
    case "multiselect":
      return [...(field.default ?? [])];
    case "checkbox":
      return field.default ?? false;
    default:
      return field satisfies never;
  }
}

/** `undefined`/`null`/"" read as "Required" (a missing value), anything else as a wrong type. */
function typeError(expected: string) {
  return {
    error: (issue: { readonly input?: unknown }) =>
      issue.input === undefined || issue.input === null || issue.input === "" ? "Required" : `Must be ${expected}`,
  };
}

/** A constraint that only applies once the value is not empty (HTML semantics for optional fields). */
function whenFilled(test: (value: string) => boolean): (value: string) => boolean {
  return (value) => value === "" || test(value);
}

const emailFormat = z.email();

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

function isOnStep(value: number, base: number, step: number): boolean {
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) <= 1e-9 * Math.max(1, Math.abs(steps));
}

function fieldValueSchema(field: FormField): z.ZodType<FormValue | undefined> {
  switch (field.type) {
    case "text":
    case "textarea":
    case "email":
    case "url":
      return optionalUnlessRequired(field, textValueSchema(field));
    case "number": {
      const value = numberValueSchema(field);
      // An optional number may also be "" (an untouched input).
      return optionalUnlessRequired(
        field,
        field.required ? value : z.union([value, z.literal("")], typeError("a number")),
      );
    }
    case "date": {
      let value = requiredString(field, typeError("a date (YYYY-MM-DD)")).refine(whenFilled(isIsoDate), {
        message: DATE_MESSAGE,
        abort: true,
      });
      const { min, max } = field;
      if (min !== undefined)
        value = value.refine(
          whenFilled((v) => v >= min),
          `Must be on or after ${min}`,
        );
      if (max !== undefined)
        value = value.refine(
          whenFilled((v) => v <= max),
          `Must be on or before ${max}`,
        );
      return optionalUnlessRequired(field, value);
    }
    case "select": {
      const values = field.options.map((option) => option.value);
      const known = new Set(values);
      const value = requiredString(field, typeError("one of the options")).refine(
        whenFilled((v) => known.has(v)),
        `Must be one of ${describeChoices(values)}`,
      );
      return optionalUnlessRequired(field, value);
    }
    case "multiselect": {
      const value = multiselectValueSchema(field);
      return optionalUnlessRequired(
        field,
        field.required ? value : z.union([value, z.literal("")], typeError("a list of options")),
      );
    }
    case "checkbox":
      if (!field.required) return z.boolean(typeError("true or false")).nullable().optional();
      return z
        .boolean({ error: (issue) => (typeof issue.input === "boolean" ? undefined : "Must be checked") })
        .refine((checked) => checked, "Must be checked");
    default:
      return field satisfies never;
  }
}

function optionalUnlessRequired<T extends FormValue>(
  field: { readonly required: boolean },
  schema: z.ZodType<T>,
): z.ZodType<T | null | undefined> {
  return field.required ? schema : schema.nullable().optional();
}

function requiredString(
  field: { readonly required: boolean },
  error: ReturnType<typeof typeError>,
  maxLength = MAX_TEXT_LENGTH,
): z.ZodString {
  const value = z.string(error);
  const filled = field.required ? value.refine((v) => !isBlank(v), { message: "Required", abort: true }) : value;
  return filled.max(maxLength, tooLong(maxLength));
}

type TextLikeField = Extract<FormField, { type: "text" | "textarea" | "email" | "url" }>;

function textValueSchema(field: TextLikeField): z.ZodString {
  const { minLength, maxLength, pattern } = field;
  let value = requiredString(field, typeError("text"), maxLength);
  if (minLength !== undefined && minLength > 0) {
    value = value.refine(
      whenFilled((v) => v.length >= minLength),
      `Must be at least ${minLength} characters`,
    );
  }
  if (field.type === "email") {
    value = value.refine(
      whenFilled((v) => emailFormat.safeParse(v).success),
      "Must be a valid email address",
    );
  }
  if (field.type === "url") {
    value = value.refine(whenFilled(isWebUrl), "Must be a valid URL starting with http:// or https://");
  }
  if (pattern !== undefined) {
    // A pattern that cannot run (no engine) refuses every value rather than letting any through.
    const regex = compilePattern(pattern);
    value = value.refine(
      whenFilled((v) => regex?.matches(v) ?? false),
      regex ? `Must match the pattern ${pattern}` : (patternProblem(pattern) ?? `Must match the pattern ${pattern}`),
    );
  }
  return value;
}

type NumberField = Extract<FormField, { type: "number" }>;

function numberValueSchema(field: NumberField): z.ZodNumber {
  let value = z.number(typeError("a number"));
  const { min, max, step } = field;
  // A refinement, not `.int()`: `.int()` aborts, which would hide this message behind the "" union.
  if (field.integer) value = value.refine(Number.isInteger, "Must be a whole number");
  if (min !== undefined) value = value.min(min, `Must be at least ${min}`);
  if (max !== undefined) value = value.max(max, `Must be at most ${max}`);
  if (step !== undefined) {
    const base = min ?? 0;
    const message = base === 0 ? `Must be a multiple of ${step}` : `Must be ${base} plus a multiple of ${step}`;
    value = value.refine((v) => isOnStep(v, base, step), message);
  }
  return value;
}

type MultiselectField = Extract<FormField, { type: "multiselect" }>;

function multiselectValueSchema(field: MultiselectField): z.ZodType<string[]> {
  const known = new Set(field.options.map((option) => option.value));
  const { min, max = field.options.length } = field;
  let value = z
    .array(z.string(), typeError("a list of options"))
    .max(MAX_ITEMS, `Too many values: at most ${MAX_ITEMS} allowed`);
  if (field.required) value = value.refine((v) => v.length > 0, { message: "Required", abort: true });
  value = value.superRefine((selected, ctx) => {
    selected.forEach((v, index) => {
      if (!known.has(v)) ctx.addIssue({ code: "custom", path: [index], message: `"${v}" is not one of the options` });
    });
    for (const duplicate of findDuplicates(selected)) {
      ctx.addIssue({
        code: "custom",
        path: [duplicate.index],
        message: `"${duplicate.value}" is selected more than once`,
      });
    }
  });
  if (min !== undefined && min > 0) {
    value = value.refine((v) => v.length === 0 || v.length >= min, `Select at least ${plural(min, "option")}`);
  }
  return value.refine((v) => v.length <= max, `Select at most ${plural(max, "option")}`);
}
