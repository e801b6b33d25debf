import type { AnyKind } from "../kinds/define-kind";
import type { ElicitContent } from "./form-schema";

/**
 * Rich pickers over MCP elicitation. A server that wants the kit's media or template picker
 * instead of a flat form puts the kind's `ui` payload in the request's `_meta` under
 * `HITL_UI_META_KEY`, next to an ordinary `requestedSchema` that a client without the kit
 * renders as a flat form. The mapping below is how a kind's typed answer becomes `content`
 * that still validates against that schema — and back, on the server. Shared by the adapter
 * (browser) and `elicitationFor` (`hitl-kit/server`), so both sides agree. Pure: no SDK.
 */

/** The `_meta` key of the kit's hint: a reverse-DNS name, as the spec asks for `_meta` keys. */
export const HITL_UI_META_KEY = "dev.hitl-kit/ui";
/** The `_meta` key a decline's reason travels under in the `ElicitResult` (MCP has no field for it). */
export const HITL_REASON_META_KEY = "dev.hitl-kit/reason";

interface Annotated {
  title?: string;
  description?: string;
}
interface Choice {
  const: string;
  title: string;
}

/** One property of an elicitation schema: the spec's primitive subset (what `elicitInput` takes). */
export type ElicitProperty =
  | (Annotated & {
      type: "string";
      minLength?: number;
      maxLength?: number;
      format?: "email" | "uri" | "date" | "date-time";
      default?: string;
    })
  | (Annotated & { type: "string"; enum: string[]; enumNames?: string[]; default?: string })
  | (Annotated & { type: "string"; oneOf: Choice[]; default?: string })
  | (Annotated & { type: "number" | "integer"; minimum?: number; maximum?: number; default?: number })
  | (Annotated & { type: "boolean"; default?: boolean })
  | (Annotated & {
      type: "array";
      minItems?: number;
      maxItems?: number;
      items: { type: "string"; enum: string[] };
      default?: string[];
    })
  | (Annotated & {
      type: "array";
      minItems?: number;
      maxItems?: number;
      items: { anyOf: Choice[] };
      default?: string[];
    });

/** An elicitation's `requestedSchema`: a flat object of primitive properties. */
export interface ElicitSchema {
  type: "object";
  properties: Record<string, ElicitProperty>;
  required?: string[];
}

/** How one kind's answers travel as elicitation `content`. */
export interface ElicitationMapping<Req = never, Res = never> {
  /** The flat schema a client without the kit renders, and the server validates against. */
  requestedSchema(request: Req): ElicitSchema;
  toContent(value: Res): ElicitContent;
  /** The typed value back from content (the kind's schema and check validate it afterwards). */
  fromContent(content: Readonly<Record<string, unknown>>, request: Req): unknown;
}

interface Item {
  readonly id: string;
  readonly label: string;
}

/** `selected: string[]` over a list of choices (media items, multi-select options). */
function selection<Req>(
  choices: (request: Req) => readonly Item[],
  bounds: (request: Req) => { min?: number; max?: number },
  title: string,
): ElicitationMapping<Req, { selected: string[] }> {
  return {
    requestedSchema(request) {
      const { min, max } = bounds(request);
      return {
        type: "object",
        properties: {
          selected: {
            type: "array",
            title,
            items: { anyOf: choices(request).map((choice) => ({ const: choice.id, title: choice.label })) },
            ...(min !== undefined ? { minItems: min } : {}),
            ...(max !== undefined ? { maxItems: max } : {}),
          },
        },
        ...((bounds(request).min ?? 0) > 0 ? { required: ["selected"] } : {}),
      };
    },
    toContent: (value) => ({ selected: [...value.selected] }),
    fromContent: (content) => ({ selected: Array.isArray(content.selected) ? content.selected : [] }),
  };
}

interface MediaLike {
  readonly items: readonly { readonly id: string; readonly alt?: string }[];
  readonly min: number;
  readonly max: number;
}
interface OptionsLike {
  readonly options: readonly { readonly id: string; readonly label: string }[];
  readonly min: number;
  readonly max?: number | undefined;
}
interface PresetsLike {
  readonly presets: readonly { readonly ratio: string; readonly label?: string | undefined }[];
}
interface TemplatesLike {
  readonly templates: readonly {
    readonly id: string;
    readonly name: string;
    readonly variables?: readonly { readonly name: string; readonly label: string }[] | undefined;
  }[];
}

const VARIABLE_PREFIX = "variables.";

interface FieldLike {
  readonly type: string;
  readonly name: string;
  readonly label: string;
  readonly help?: string | undefined;
  readonly required: boolean;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly minLength?: number | undefined;
  readonly maxLength?: number | undefined;
  readonly min?: number | string | undefined;
  readonly max?: number | string | undefined;
  readonly integer?: boolean | undefined;
}

/** A form field as an elicitation property (the subset's closest type; patterns do not travel). */
function fieldProperty(field: FieldLike): ElicitProperty {
  const base = { title: field.label, ...(field.help !== undefined ? { description: field.help } : {}) };
  const lengths = {
    ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
  };
  const choices = (field.options ?? []).map((option) => ({ const: option.value, title: option.label }));
  switch (field.type) {
    case "email":
      return { type: "string", format: "email", ...base, ...lengths };
    case "url":
      return { type: "string", format: "uri", ...base, ...lengths };
    case "date":
      return { type: "string", format: "date", ...base };
    case "number":
      return {
        type: field.integer ? "integer" : "number",
        ...base,
        ...(typeof field.min === "number" ? { minimum: field.min } : {}),
        ...(typeof field.max === "number" ? { maximum: field.max } : {}),
      };
    case "checkbox":
      return { type: "boolean", ...base };
    case "select":
      return { type: "string", ...base, oneOf: choices };
    case "multiselect":
      return {
        type: "array",
        ...base,
        items: { anyOf: choices },
        ...(typeof field.min === "number" ? { minItems: field.min } : {}),
        ...(typeof field.max === "number" ? { maxItems: field.max } : {}),
      };
    default:
      return { type: "string", ...base, ...lengths };
  }
}

/** The mappings of the built-in picker kinds. */
export const builtInMappings: Readonly<Record<string, ElicitationMapping<never, never>>> = {
  media: selection<MediaLike>(
    (request) => request.items.map((item) => ({ id: item.id, label: item.alt || item.id })),
    (request) => ({ min: request.min, max: request.max }),
    "Choose",
  ),
  "multi-select": selection<OptionsLike>(
    (request) => request.options.map((option) => ({ id: option.id, label: option.label })),
    (request) => ({ min: request.min, ...(request.max !== undefined ? { max: request.max } : {}) }),
    "Choose",
  ),
  "aspect-ratio": {
    requestedSchema: (request: PresetsLike) => ({
      type: "object",
      properties: {
        ratio: {
          type: "string",
          title: "Aspect ratio",
          oneOf: request.presets.map((preset) => ({ const: preset.ratio, title: preset.label ?? preset.ratio })),
        },
      },
      required: ["ratio"],
    }),
    toContent: (value: { ratio: string }) => ({ ratio: value.ratio }),
    fromContent: (content: Readonly<Record<string, unknown>>) => {
      const ratio = typeof content.ratio === "string" ? content.ratio : "";
      const [w = 0, h = 0] = ratio.split(":").map(Number);
      const longer = Math.max(w, h) || 1;
      return { ratio, width: w / longer, height: h / longer };
    },
  },
  form: {
    requestedSchema: (request: { readonly fields: readonly FieldLike[] }) => ({
      type: "object",
      properties: Object.fromEntries(request.fields.map((field) => [field.name, fieldProperty(field)])),
      required: request.fields.filter((field) => field.required).map((field) => field.name),
    }),
    toContent: (value: { values: Record<string, unknown> }) => {
      const content: ElicitContent = {};
      for (const [name, field] of Object.entries(value.values)) {
        // Empty optional values are left out, not sent as "" or null.
        if (field === null || field === "" || (Array.isArray(field) && field.length === 0)) continue;
        if (typeof field === "string" || typeof field === "number" || typeof field === "boolean") content[name] = field;
        else if (Array.isArray(field)) content[name] = field.filter((item): item is string => typeof item === "string");
      }
      return content;
    },
    fromContent: (content: Readonly<Record<string, unknown>>) => ({ values: { ...content } }),
  },
  template: {
    requestedSchema: (request: TemplatesLike) => {
      const variables: Record<string, ElicitProperty> = {};
      for (const template of request.templates) {
        for (const variable of template.variables ?? []) {
          variables[`${VARIABLE_PREFIX}${variable.name}`] ??= { type: "string", title: variable.label };
        }
      }
      return {
        type: "object",
        properties: {
          templateId: {
            type: "string",
            title: "Template",
            oneOf: request.templates.map((template) => ({ const: template.id, title: template.name })),
          },
          ...variables,
        },
        required: ["templateId"],
      };
    },
    toContent: (value: { templateId: string; variables: Record<string, string> }) => {
      const content: ElicitContent = { templateId: value.templateId };
      for (const [name, text] of Object.entries(value.variables)) content[`${VARIABLE_PREFIX}${name}`] = text;
      return content;
    },
    fromContent: (content: Readonly<Record<string, unknown>>) => {
      const variables: Record<string, string> = {};
      for (const [key, text] of Object.entries(content)) {
        if (key.startsWith(VARIABLE_PREFIX) && typeof text === "string")
          variables[key.slice(VARIABLE_PREFIX.length)] = text;
      }
      return { templateId: content.templateId, variables };
    },
  },
};

/** The mapping for a kind: yours, else the built-in one, else none (the flat form is used). */
export function mappingFor(
  kind: AnyKind | string,
  mappings: Readonly<Record<string, ElicitationMapping<never, never>>> = {},
): ElicitationMapping<never, never> | undefined {
  const name = typeof kind === "string" ? kind : kind.kind;
  if (Object.hasOwn(mappings, name)) return mappings[name];
  return Object.hasOwn(builtInMappings, name) ? builtInMappings[name] : undefined;
}
