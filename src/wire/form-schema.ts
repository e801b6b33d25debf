import type { HitlIssue } from "../core/issues";
import type { FormField, FormValues } from "../kinds/form";
import { MAX_ELICIT_PROPERTIES, MAX_ELICIT_CHOICES as MAX_ENUM_VALUES } from "../kinds/limits";

/**
 * MCP form-mode elicitation (spec 2025-11-25) ⇄ the kit's `form` kind. The spec allows a flat
 * object of primitive properties in `requestedSchema`; this module turns exactly that subset into
 * form fields, refuses anything else with a clear issue (a form that silently ignored a
 * constraint would collect an answer the server then rejects), turns the form's values back
 * into `content`, and validates `content` against the schema before it is sent. Pure: no SDK.
 */

/** A `requestedSchema` as the wire carries it: untrusted, so everything is `unknown` until read. */
export type RequestedSchema = Readonly<Record<string, unknown>>;

/** One value of an `ElicitResult`'s `content`. */
export type ContentValue = string | number | boolean | string[];
export type ElicitContent = Record<string, ContentValue>;

export { MAX_ELICIT_PROPERTIES };

const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
/** `uri` (RFC 3986 scheme, then anything without spaces) and `date-time` (RFC 3339). */
const URI_PATTERN = "[A-Za-z][A-Za-z0-9+.\\-]*:[^\\s]*";
const DATE_TIME_PATTERN = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+\\-]\\d{2}:\\d{2})";
const URI = new RegExp(`^(?:${URI_PATTERN})$`);
const DATE_TIME = new RegExp(`^(?:${DATE_TIME_PATTERN})$`);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Annotation keywords that change nothing about what a valid answer is. */
const ANNOTATIONS = ["title", "description", "default"];
const ALLOWED: Record<string, readonly string[]> = {
  string: [...ANNOTATIONS, "type", "minLength", "maxLength", "format", "enum", "enumNames", "oneOf"],
  number: [...ANNOTATIONS, "type", "minimum", "maximum"],
  integer: [...ANNOTATIONS, "type", "minimum", "maximum"],
  boolean: [...ANNOTATIONS, "type"],
  array: [...ANNOTATIONS, "type", "items", "minItems", "maxItems"],
};
const TOP_LEVEL = ["type", "properties", "required", "$schema", "title", "description"];

/** One property, read and checked: what both the converter and the validator work from. */
type Property =
  | {
      readonly type: "text";
      readonly format?: "email" | "uri" | "date" | "date-time";
      readonly min?: number;
      readonly max?: number;
    }
  | { readonly type: "number"; readonly integer: boolean; readonly min?: number; readonly max?: number }
  | { readonly type: "boolean" }
  | { readonly type: "enum"; readonly options: readonly { value: string; label: string }[] }
  | {
      readonly type: "multi";
      readonly options: readonly { value: string; label: string }[];
      readonly min?: number;
      readonly max?: number;
    };

interface ReadProperty {
  readonly name: string;
  readonly required: boolean;
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly property: Property;
}

export type SchemaReading =
  | { readonly ok: true; readonly properties: readonly ReadProperty[] }
  | { readonly ok: false; readonly issues: readonly HitlIssue[] };

const readingCache = new WeakMap<object, SchemaReading>();

/** Reads a `requestedSchema`, refusing anything outside the spec's subset. Never throws. */
export function readRequestedSchema(schema: unknown): SchemaReading {
  if (!isRecord(schema)) return refuse([], "requestedSchema must be an object");
  const cached = readingCache.get(schema);
  if (cached) return cached;
  const reading = read(schema);
  readingCache.set(schema, reading);
  return reading;
}

function read(schema: Record<string, unknown>): SchemaReading {
  const issues: HitlIssue[] = [];
  if (schema.type !== "object") issues.push({ path: ["type"], message: 'requestedSchema must have type "object"' });
  for (const key of Object.keys(schema)) {
    if (!TOP_LEVEL.includes(key)) issues.push({ path: [key], message: unsupported(key) });
  }
  const properties = schema.properties;
  if (!isRecord(properties)) {
    issues.push({ path: ["properties"], message: "requestedSchema.properties must be an object" });
    return { ok: false, issues };
  }
  const names = Object.keys(properties);
  if (names.length === 0) issues.push({ path: ["properties"], message: "requestedSchema asks for nothing" });
  if (names.length > MAX_ELICIT_PROPERTIES) {
    return refuse(["properties"], `requestedSchema has ${names.length} properties; at most ${MAX_ELICIT_PROPERTIES}`);
  }
  const required = schema.required;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === "string"))) {
    issues.push({ path: ["required"], message: "required must be a list of property names" });
  }
  const requiredNames = Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : [];
  for (const name of requiredNames) {
    if (!Object.hasOwn(properties, name))
      issues.push({ path: ["required"], message: `"${name}" is required but not a property` });
  }
  const read: ReadProperty[] = [];
  for (const name of names) {
    const path = ["properties", name];
    if (!NAME.test(name)) {
      issues.push({
        path,
        message: 'Property names must start with a letter and use only letters, digits, "_", "-", "."',
      });
      continue;
    }
    const result = readProperty(properties[name], path);
    if (!result.ok) {
      issues.push(...result.issues);
      continue;
    }
    const raw = properties[name] as Record<string, unknown>;
    read.push({
      name,
      required: requiredNames.includes(name),
      ...(typeof raw.title === "string" ? { title: raw.title } : {}),
      ...(typeof raw.description === "string" ? { description: raw.description } : {}),
      ...(raw.default !== undefined ? { default: raw.default } : {}),
      property: result.property,
    });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, properties: read };
}

function readProperty(
  raw: unknown,
  path: (string | number)[],
): { ok: true; property: Property } | { ok: false; issues: HitlIssue[] } {
  if (!isRecord(raw)) return { ok: false, issues: [{ path, message: "A property must be an object" }] };
  const type = raw.type;
  if (typeof type !== "string" || !Object.hasOwn(ALLOWED, type)) {
    const what = typeof type === "string" ? `type "${type}"` : "no type";
    return {
      ok: false,
      issues: [
        {
          path: [...path, "type"],
          message: `Unsupported ${what}: elicitation allows string, number, integer, boolean and arrays of enum strings`,
        },
      ],
    };
  }
  const issues: HitlIssue[] = [];
  for (const key of Object.keys(raw)) {
    if (!(ALLOWED[type] ?? []).includes(key)) issues.push({ path: [...path, key], message: unsupported(key) });
  }
  for (const key of ["title", "description"]) {
    if (raw[key] !== undefined && typeof raw[key] !== "string")
      issues.push({ path: [...path, key], message: `${key} must be text` });
  }
  const bound = (key: string, integer = false) => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value) || (integer && (!Number.isInteger(value) || value < 0))) {
      issues.push({
        path: [...path, key],
        message: `${key} must be a ${integer ? "whole number of 0 or more" : "number"}`,
      });
      return undefined;
    }
    return value;
  };
  let property: Property | undefined;
  switch (type) {
    case "string": {
      const options = readOptions(raw, path, issues);
      if (options) {
        property = { type: "enum", options };
        break;
      }
      const format = raw.format;
      if (
        format !== undefined &&
        format !== "email" &&
        format !== "uri" &&
        format !== "date" &&
        format !== "date-time"
      ) {
        issues.push({
          path: [...path, "format"],
          message: `Unsupported format ${JSON.stringify(format)}: email, uri, date or date-time`,
        });
      }
      const min = bound("minLength", true);
      const max = bound("maxLength", true);
      if (min !== undefined && max !== undefined && min > max)
        issues.push({ path: [...path, "minLength"], message: "minLength is greater than maxLength" });
      property = {
        type: "text",
        ...(format === "email" || format === "uri" || format === "date" || format === "date-time" ? { format } : {}),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
      break;
    }
    case "number":
    case "integer": {
      const min = bound("minimum");
      const max = bound("maximum");
      if (min !== undefined && max !== undefined && min > max)
        issues.push({ path: [...path, "minimum"], message: "minimum is greater than maximum" });
      property = {
        type: "number",
        integer: type === "integer",
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
      break;
    }
    case "boolean":
      property = { type: "boolean" };
      break;
    case "array": {
      const items = raw.items;
      const options = isRecord(items) ? readItems(items, [...path, "items"], issues) : undefined;
      if (!isRecord(items))
        issues.push({ path: [...path, "items"], message: "An array must list its items as an enum" });
      const min = bound("minItems", true);
      const max = bound("maxItems", true);
      if (min !== undefined && max !== undefined && min > max)
        issues.push({ path: [...path, "minItems"], message: "minItems is greater than maxItems" });
      if (options)
        property = {
          type: "multi",
          options,
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
        };
      break;
    }
  }
  if (property && raw.default !== undefined) {
    const problem = valueProblem(property, raw.default);
    if (problem) issues.push({ path: [...path, "default"], message: `The default is not valid: ${problem}` });
  }
  return issues.length > 0 || !property ? { ok: false, issues } : { ok: true, property };
}

/** A single-select's options: plain `enum` (+ legacy `enumNames`) or titled `oneOf`. */
function readOptions(raw: Record<string, unknown>, path: (string | number)[], issues: HitlIssue[]) {
  if (raw.enum !== undefined) {
    const values = stringList(raw.enum, [...path, "enum"], issues);
    const names = raw.enumNames === undefined ? undefined : stringList(raw.enumNames, [...path, "enumNames"], issues);
    if (names && values && names.length !== values.length) {
      issues.push({ path: [...path, "enumNames"], message: "enumNames must name every enum value" });
    }
    return values?.map((value, index) => ({ value, label: names?.[index] ?? value }));
  }
  if (raw.oneOf !== undefined) return titled(raw.oneOf, [...path, "oneOf"], issues);
  return undefined;
}

/** A multi-select's items: `{ type: "string", enum }` or titled `{ anyOf: [{ const, title }] }`. */
function readItems(items: Record<string, unknown>, path: (string | number)[], issues: HitlIssue[]) {
  for (const key of Object.keys(items)) {
    if (!["type", "enum", "anyOf"].includes(key)) issues.push({ path: [...path, key], message: unsupported(key) });
  }
  if (items.enum !== undefined) {
    if (items.type !== "string")
      issues.push({ path: [...path, "type"], message: 'Enum items must have type "string"' });
    return stringList(items.enum, [...path, "enum"], issues)?.map((value) => ({ value, label: value }));
  }
  if (items.anyOf !== undefined) return titled(items.anyOf, [...path, "anyOf"], issues);
  issues.push({ path, message: "An array's items must be an enum (enum, or anyOf of { const, title })" });
  return undefined;
}

function titled(list: unknown, path: (string | number)[], issues: HitlIssue[]) {
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_ENUM_VALUES) {
    issues.push({ path, message: `Must list 1 to ${MAX_ENUM_VALUES} choices` });
    return undefined;
  }
  const options: { value: string; label: string }[] = [];
  list.forEach((entry, index) => {
    if (isRecord(entry) && typeof entry.const === "string" && typeof entry.title === "string") {
      options.push({ value: entry.const, label: entry.title });
    } else {
      issues.push({ path: [...path, index], message: "Each choice must be { const: text, title: text }" });
    }
  });
  return unique(options, path, issues);
}

function stringList(list: unknown, path: (string | number)[], issues: HitlIssue[]): string[] | undefined {
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > MAX_ENUM_VALUES ||
    !list.every((v) => typeof v === "string")
  ) {
    issues.push({ path, message: `Must list 1 to ${MAX_ENUM_VALUES} text values` });
    return undefined;
  }
  return list;
}

function unique(options: { value: string; label: string }[], path: (string | number)[], issues: HitlIssue[]) {
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option.value)) issues.push({ path, message: `"${option.value}" is listed twice` });
    seen.add(option.value);
  }
  return options;
}

// ─── schema → form fields ────────────────────────────────────────────────────────────────────────

/** The `form` kind's fields for a subset schema (call after `readRequestedSchema` said ok). */
export function toFormFields(properties: readonly ReadProperty[]): FormField[] {
  return properties.map((read): FormField => {
    const base = {
      name: read.name,
      label: read.title ?? read.name,
      ...(read.description !== undefined ? { help: read.description } : {}),
      required: read.required,
    };
    const { property } = read;
    const text = typeof read.default === "string" ? { default: read.default } : {};
    switch (property.type) {
      case "text": {
        const lengths = {
          ...(property.min !== undefined ? { minLength: property.min } : {}),
          ...(property.max !== undefined && property.max > 0 ? { maxLength: property.max } : {}),
        };
        switch (property.format) {
          case "email":
            return { type: "email", ...base, ...text, ...lengths };
          case "date":
            return { type: "date", ...base, ...text };
          case "uri":
            return { type: "text", ...base, ...text, ...lengths, pattern: URI_PATTERN, placeholder: "https://…" };
          case "date-time":
            return {
              type: "text",
              ...base,
              ...text,
              ...lengths,
              pattern: DATE_TIME_PATTERN,
              placeholder: "2025-01-31T09:00:00Z",
            };
          default:
            return { type: (property.max ?? 0) > 200 ? "textarea" : "text", ...base, ...text, ...lengths };
        }
      }
      case "number":
        return {
          type: "number",
          ...base,
          ...(typeof read.default === "number" ? { default: read.default } : {}),
          ...(property.min !== undefined ? { min: property.min } : {}),
          ...(property.max !== undefined ? { max: property.max } : {}),
          ...(property.integer ? { integer: true, step: 1 } : {}),
        };
      case "boolean":
        return { type: "checkbox", ...base, ...(typeof read.default === "boolean" ? { default: read.default } : {}) };
      case "enum":
        return { type: "select", ...base, options: [...property.options], ...text };
      case "multi":
        return {
          type: "multiselect",
          ...base,
          options: [...property.options],
          ...(property.min !== undefined ? { min: property.min } : {}),
          ...(property.max !== undefined && property.max > 0 ? { max: property.max } : {}),
          ...(Array.isArray(read.default)
            ? { default: read.default.filter((v): v is string => typeof v === "string") }
            : {}),
        };
      default:
        return property satisfies never;
    }
  });
}

// ─── values → content, and the final check ───────────────────────────────────────────────────────

/**
 * The form's values as `content`: typed per the schema (an integer is a number, a boolean a
 * boolean, a multi-select an array); empty optional values are left out rather than sent as "".
 */
export function toContent(properties: readonly ReadProperty[], values: FormValues): ElicitContent {
  const content: ElicitContent = {};
  for (const { name, property, required } of properties) {
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (value === null || value === undefined) continue;
    switch (property.type) {
      case "boolean":
        if (typeof value === "boolean") content[name] = value;
        break;
      case "number":
        if (typeof value === "number") content[name] = value;
        break;
      case "multi":
        if (Array.isArray(value) && (value.length > 0 || required)) content[name] = [...value];
        break;
      case "text":
      case "enum":
        if (typeof value === "string" && value !== "") content[name] = value;
        break;
      default:
        return property satisfies never;
    }
  }
  return content;
}

/** Checks `content` against the schema the server asked with: what the server will check too. */
export function validateContent(properties: readonly ReadProperty[], content: unknown): HitlIssue[] {
  if (!isRecord(content)) return [{ path: ["content"], message: "content must be an object" }];
  const issues: HitlIssue[] = [];
  const known = new Set(properties.map((p) => p.name));
  for (const key of Object.keys(content)) {
    if (!known.has(key)) issues.push({ path: ["content", key], message: `"${key}" was not asked for` });
  }
  for (const { name, property, required } of properties) {
    if (!Object.hasOwn(content, name)) {
      if (required) issues.push({ path: ["content", name], message: "Required" });
      continue;
    }
    const problem = valueProblem(property, content[name]);
    if (problem) issues.push({ path: ["content", name], message: problem });
  }
  return issues;
}

function valueProblem(property: Property, value: unknown): string | undefined {
  switch (property.type) {
    case "text": {
      if (typeof value !== "string") return "Must be text";
      if (property.min !== undefined && value.length < property.min)
        return `Must be at least ${property.min} characters`;
      if (property.max !== undefined && value.length > property.max)
        return `Must be at most ${property.max} characters`;
      if (property.format === "email" && !EMAIL.test(value)) return "Must be an email address";
      if (property.format === "uri" && !URI.test(value)) return "Must be a URI";
      if (property.format === "date" && !DATE.test(value)) return "Must be a date (YYYY-MM-DD)";
      if (property.format === "date-time" && !DATE_TIME.test(value)) return "Must be a date and time (RFC 3339)";
      return undefined;
    }
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return "Must be a number";
      if (property.integer && !Number.isInteger(value)) return "Must be a whole number";
      if (property.min !== undefined && value < property.min) return `Must be at least ${property.min}`;
      if (property.max !== undefined && value > property.max) return `Must be at most ${property.max}`;
      return undefined;
    case "boolean":
      return typeof value === "boolean" ? undefined : "Must be true or false";
    case "enum":
      return typeof value === "string" && property.options.some((o) => o.value === value)
        ? undefined
        : "Must be one of the choices";
    case "multi": {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return "Must be a list of choices";
      if (value.some((v) => !property.options.some((o) => o.value === v)))
        return "Must only contain the listed choices";
      if (new Set(value).size !== value.length) return "Must not list a choice twice";
      if (property.min !== undefined && value.length < property.min) return `Must choose at least ${property.min}`;
      if (property.max !== undefined && value.length > property.max) return `Must choose at most ${property.max}`;
      return undefined;
    }
    default:
      return property satisfies never;
  }
}

function unsupported(keyword: string): string {
  return keyword === "$ref"
    ? "$ref is not supported: elicitation schemas must be flat and self-contained"
    : `Unsupported keyword "${keyword}" in an elicitation schema`;
}

function refuse(path: (string | number)[], message: string): SchemaReading {
  return { ok: false, issues: [{ path, message }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
