import { z } from "zod";
import type { HitlIssue } from "../core/issues";
import { defineKind } from "./define-kind";
import {
  MAX_ITEMS,
  MAX_LABEL_LENGTH,
  MAX_TAGS,
  MAX_TEMPLATE_VARIABLES,
  MAX_TEMPLATE_VARIABLES_TOTAL,
  MAX_TEXT_LENGTH,
} from "./limits";
import {
  boundedTotal,
  descriptionSchema,
  idSchema,
  isBlank,
  labelSchema,
  listSchema,
  nameSchema,
  tooLong,
  uniqueKey,
  urlSchema,
} from "./schema-parts";

export const templateVariableSchema = z
  .object({
    name: nameSchema,
    label: labelSchema,
    default: z.string().max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH)).optional(),
    required: z.boolean().default(false),
    placeholder: z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH)).optional(),
    multiline: z.boolean().default(false),
    /** Absent means the kit's limit for free text (`MAX_TEXT_LENGTH`). */
    maxLength: z
      .int()
      .min(1, "Must be 1 or more")
      .max(MAX_TEXT_LENGTH, `Must be at most ${MAX_TEXT_LENGTH}`)
      .optional(),
  })
  .superRefine((variable, ctx) => {
    if (
      variable.default !== undefined &&
      variable.maxLength !== undefined &&
      variable.default.length > variable.maxLength
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["default"],
        message: `The default is longer than maxLength (${variable.maxLength} characters)`,
      });
    }
  });

export const templateSchema = z.object({
  id: idSchema,
  name: labelSchema,
  description: descriptionSchema.optional(),
  previewUrl: urlSchema.optional(),
  tags: listSchema(labelSchema, { max: MAX_TAGS, noun: "tags" }).default([]),
  variables: listSchema(templateVariableSchema, { max: MAX_TEMPLATE_VARIABLES, noun: "variables" })
    .superRefine(uniqueKey("name", "variables"))
    .optional(),
});

export const templateKind = defineKind({
  kind: "template",
  request: z.object({
    templates: boundedTotal(
      listSchema(templateSchema, { min: 1, max: MAX_ITEMS, noun: "templates" }).superRefine(
        uniqueKey("id", "templates"),
      ),
      "variables",
      MAX_TEMPLATE_VARIABLES_TOTAL,
      "template variables",
    ),
  }),
  response: z.strictObject({
    templateId: idSchema,
    variables: z.record(z.string(), z.string().max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH))).default({}),
  }),
  check: (request, response) => {
    const template = request.templates.find((candidate) => candidate.id === response.templateId);
    if (!template) {
      return [
        {
          path: ["templateId"],
          message: `Unknown template "${response.templateId}": not one of the offered templates`,
        },
      ];
    }
    return checkTemplateVariables(template, response.variables);
  },
});

export type Template = z.output<typeof templateSchema>;
export type TemplateVariable = z.output<typeof templateVariableSchema>;
export type TemplateRequest = z.output<typeof templateKind.request>;
export type TemplateResponse = z.output<typeof templateKind.response>;

function checkTemplateVariables(template: Template, values: Readonly<Record<string, string>>): HitlIssue[] {
  const issues: HitlIssue[] = [];
  const variables = template.variables ?? [];
  const known = new Set(variables.map((variable) => variable.name));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) {
      issues.push({ path: ["variables", name], message: `Unknown variable "${name}" for template "${template.id}"` });
    }
  }
  for (const variable of variables) {
    const value = Object.hasOwn(values, variable.name) ? values[variable.name] : undefined;
    if (value === undefined || isBlank(value)) {
      if (variable.required) issues.push({ path: ["variables", variable.name], message: "Required" });
      continue;
    }
    const max = variable.maxLength ?? MAX_TEXT_LENGTH;
    if (value.length > max) issues.push({ path: ["variables", variable.name], message: tooLong(max) });
  }
  return issues;
}

/** A template's initial variable values: each default, or "" (widgets start from this). */
export function templateDefaults(template: Pick<Template, "variables">): Record<string, string> {
  return Object.fromEntries((template.variables ?? []).map((variable) => [variable.name, variable.default ?? ""]));
}
