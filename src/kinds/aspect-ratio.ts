import { z } from "zod";
import type { HitlIssue, Validated } from "../core/issues";
import { defineKind } from "./define-kind";
import { MAX_ASPECT_RATIO_PRESETS } from "./limits";
import { describeChoices, findDuplicates, labelSchema, listSchema } from "./schema-parts";

/** Tolerance when comparing an answer's normalized width/height with the ratio's. */
export const RATIO_TOLERANCE = 1e-6;

const RATIO_PATTERN = /^([1-9]\d{0,4}):([1-9]\d{0,4})$/;
const RATIO_MESSAGE = 'Must be a ratio like "16:9": two positive whole numbers of at most 5 digits, joined by ":"';

export const ratioSchema = z.string().regex(RATIO_PATTERN, RATIO_MESSAGE);

export interface NormalizedRatio {
  /** The ratio as given ("32:18" stays "32:18"). */
  readonly ratio: string;
  /** Width relative to the longer side (the longer side is 1). */
  readonly width: number;
  /** Height relative to the longer side. */
  readonly height: number;
  /** W / H, e.g. 16:9 → 1.777… */
  readonly value: number;
}

/** Reads "W:H": `16:9` → `{ width: 1, height: 0.5625, value: 1.777… }`; `9:16` → `{ width: 0.5625, height: 1 }`. */
export function normalizeRatio(ratio: string): Validated<NormalizedRatio> {
  const match = RATIO_PATTERN.exec(ratio);
  if (!match) return { ok: false, issues: [{ path: [], message: RATIO_MESSAGE }] };
  const w = Number(match[1]);
  const h = Number(match[2]);
  const longer = Math.max(w, h);
  return { ok: true, value: { ratio, width: w / longer, height: h / longer, value: w / h } };
}

/**
 * "32:18" → "16:9": two ratios are the same preset when their reduced forms match. Text that is
 * not a ratio stays as it is (the schema reports it; this must not loop or throw on it).
 */
function reduced(ratio: string): string {
  const match = RATIO_PATTERN.exec(ratio);
  if (!match) return ratio;
  const w = Number(match[1]);
  const h = Number(match[2]);
  const divisor = gcd(w, h);
  return `${w / divisor}:${h / divisor}`;
}

/** Euclid's algorithm, iteratively, for positive whole numbers of at most 5 digits. */
function gcd(a: number, b: number): number {
  let [x, y] = [a, b];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export const aspectRatioPresetSchema = z.object({
  ratio: ratioSchema,
  label: labelSchema.optional(),
});

export const aspectRatioKind = defineKind({
  kind: "aspect-ratio",
  request: z.object({
    presets: listSchema(aspectRatioPresetSchema, {
      min: 1,
      max: MAX_ASPECT_RATIO_PRESETS,
      noun: "presets",
    }).superRefine((presets, ctx) => {
      for (const duplicate of findDuplicates(presets.map((preset) => reduced(preset.ratio)))) {
        ctx.addIssue({
          code: "custom",
          path: [duplicate.index, "ratio"],
          message: `Duplicate ratio "${presets[duplicate.index]?.ratio}" (same as presets.${duplicate.firstIndex})`,
        });
      }
    }),
    /** Bounds on W/H for a custom ratio (e.g. 0.25 to 4). Absent: only presets can be chosen. */
    custom: z
      .object({
        min: z.number().positive("Must be greater than 0"),
        max: z.number().positive("Must be greater than 0"),
      })
      .refine((bounds) => bounds.min <= bounds.max, {
        path: ["min"],
        message: "min must not be greater than max",
      })
      .optional(),
  }),
  response: z.strictObject({
    ratio: ratioSchema,
    width: z.number().positive("Must be greater than 0").max(1, "Must be at most 1 (the longer side is 1)"),
    height: z.number().positive("Must be greater than 0").max(1, "Must be at most 1 (the longer side is 1)"),
  }),
  check: (request, response) => {
    const normalized = normalizeRatio(response.ratio);
    if (!normalized.ok) return normalized.issues.map((issue) => ({ ...issue, path: ["ratio", ...issue.path] }));
    const issues: HitlIssue[] = [];
    const isPreset = request.presets.some((preset) => reduced(preset.ratio) === reduced(response.ratio));
    if (!isPreset) {
      const offered = describeChoices(request.presets.map((preset) => preset.ratio));
      if (!request.custom) {
        issues.push({ path: ["ratio"], message: `"${response.ratio}" is not one of the offered ratios (${offered})` });
      } else if (normalized.value.value < request.custom.min || normalized.value.value > request.custom.max) {
        issues.push({
          path: ["ratio"],
          message: `"${response.ratio}" (${round(normalized.value.value)}) is outside the allowed range: width/height must be between ${request.custom.min} and ${request.custom.max}`,
        });
      }
    }
    for (const side of ["width", "height"] as const) {
      if (Math.abs(response[side] - normalized.value[side]) > RATIO_TOLERANCE) {
        issues.push({
          path: [side],
          message: `Must be ${round(normalized.value[side])} for ratio ${response.ratio} (the longer side is 1)`,
        });
      }
    }
    return issues;
  },
});

export type AspectRatioPreset = z.output<typeof aspectRatioPresetSchema>;
export type AspectRatioRequest = z.output<typeof aspectRatioKind.request>;
export type AspectRatioResponse = z.output<typeof aspectRatioKind.response>;

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
