import { z } from "zod";
import type { HitlIssue } from "../core/issues";
import { defineKind } from "./define-kind";
import { MAX_ITEMS } from "./limits";
import {
  descriptionSchema,
  findDuplicates,
  idSchema,
  labelSchema,
  listSchema,
  plural,
  uniqueKey,
} from "./schema-parts";

export const multiSelectOptionSchema = z.object({
  id: idSchema,
  label: labelSchema,
  description: descriptionSchema.optional(),
  /** Options with the same group are shown together under that heading. */
  group: labelSchema.optional(),
  disabled: z.boolean().default(false),
});

/** A selection answer: ids in the order the person chose them. */
export const selectionResponseSchema = z.strictObject({
  selected: listSchema(idSchema, { max: MAX_ITEMS, noun: "selected ids" }),
});

export const multiSelectKind = defineKind({
  kind: "multi-select",
  request: z
    .object({
      options: listSchema(multiSelectOptionSchema, { min: 1, max: MAX_ITEMS, noun: "options" }).superRefine(
        uniqueKey("id", "options"),
      ),
      min: z.int().min(0, "Must be 0 or more").default(0),
      /** Absent means "as many as there are options" (see `multiSelectBounds`). */
      max: z.int().min(1, "Must be 1 or more").optional(),
    })
    .superRefine((request, ctx) => {
      if (request.max !== undefined && request.min > request.max) {
        ctx.addIssue({
          code: "custom",
          path: ["min"],
          message: `min (${request.min}) is greater than max (${request.max})`,
        });
      }
      const enabled = request.options.filter((option) => !option.disabled).length;
      if (request.min > enabled) {
        ctx.addIssue({
          code: "custom",
          path: ["min"],
          message: `min (${request.min}) is more than the ${plural(enabled, "enabled option")}: the question cannot be answered`,
        });
      }
    }),
  response: selectionResponseSchema,
  check: (request, response) => {
    const { min, max } = multiSelectBounds(request);
    return checkSelection(response.selected, {
      ids: new Map(request.options.map((option) => [option.id, option.disabled])),
      min,
      max,
      noun: "option",
    });
  },
});

export type MultiSelectRequest = z.output<typeof multiSelectKind.request>;
export type MultiSelectResponse = z.output<typeof multiSelectKind.response>;

/** The effective count bounds of a multi-select request (`max` defaults to the number of options). */
export function multiSelectBounds(request: Pick<MultiSelectRequest, "options" | "min" | "max">): {
  min: number;
  max: number;
} {
  return { min: request.min, max: request.max ?? request.options.length };
}

/**
 * Checks a selection of ids against what was offered: each id exists, is not disabled, appears once,
 * and the count is within [min, max]. Issues point at `["selected", index]` or `["selected"]`.
 */
export function checkSelection(
  selected: readonly string[],
  offered: {
    /** Offered ids, each mapped to whether it is disabled. */
    readonly ids: ReadonlyMap<string, boolean>;
    readonly min: number;
    readonly max: number;
    readonly noun: string;
  },
): HitlIssue[] {
  const issues: HitlIssue[] = [];
  selected.forEach((id, index) => {
    const disabled = offered.ids.get(id);
    if (disabled === undefined) {
      issues.push({
        path: ["selected", index],
        message: `Unknown id "${id}": not one of the offered ${offered.noun}s`,
      });
    } else if (disabled) {
      issues.push({ path: ["selected", index], message: `"${id}" is disabled and cannot be selected` });
    }
  });
  for (const duplicate of findDuplicates(selected)) {
    issues.push({ path: ["selected", duplicate.index], message: `"${duplicate.value}" is selected more than once` });
  }
  if (selected.length < offered.min) {
    issues.push({
      path: ["selected"],
      message: `Select at least ${plural(offered.min, offered.noun)} (got ${selected.length})`,
    });
  }
  if (selected.length > offered.max) {
    issues.push({
      path: ["selected"],
      message: `Select at most ${plural(offered.max, offered.noun)} (got ${selected.length})`,
    });
  }
  return issues;
}
