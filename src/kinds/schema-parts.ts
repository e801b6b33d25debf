import { z } from "zod";
import { MAX_DESCRIPTION_LENGTH, MAX_ID_LENGTH, MAX_LABEL_LENGTH, MAX_NAME_LENGTH, MAX_URL_LENGTH } from "./limits";

/** The zod parts the built-in kinds share, each applying a limit from `./limits` with a readable message. */

export function tooLong(max: number): string {
  return `Must be at most ${max} characters`;
}

/** A non-empty id (of an item, option, template…). */
export const idSchema = z.string().min(1, "Must not be empty").max(MAX_ID_LENGTH, tooLong(MAX_ID_LENGTH));

/** A non-empty, one-line label or name. */
export const labelSchema = z.string().min(1, "Must not be empty").max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH));

/** A description or help text (may be empty). */
export const descriptionSchema = z.string().max(MAX_DESCRIPTION_LENGTH, tooLong(MAX_DESCRIPTION_LENGTH));

/**
 * A bounded URL string. The scheme is NOT checked here: a payload with one bad thumbnail should
 * still render (that image shows as broken); `isSafeMediaUrl` decides at display time.
 */
export const urlSchema = z.string().min(1, "Must not be empty").max(MAX_URL_LENGTH, tooLong(MAX_URL_LENGTH));

/**
 * A field or variable name: starts with a letter, then letters, digits, "_", "-" or ".". It becomes
 * a key of the answer, so it can never be `__proto__`.
 */
export const nameSchema = z
  .string()
  .max(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH))
  .regex(
    /^[A-Za-z][A-Za-z0-9_.-]*$/,
    'Must start with a letter and contain only letters, digits, "_", "-" or "." (e.g. "firstName")',
  );

/**
 * Refuses, before a single item is parsed, a list whose items hold more than `max` entries of
 * `key` in all — a form with 500 fields of 10,000 options each is refused in microseconds, not
 * parsed for seconds.
 */
export function boundedTotal<T extends z.ZodType>(schema: T, key: string, max: number, noun: string) {
  return z.preprocess((input, ctx) => {
    if (!Array.isArray(input)) return input;
    let total = 0;
    for (const item of input) {
      const list = typeof item === "object" && item !== null ? (item as Record<string, unknown>)[key] : undefined;
      if (Array.isArray(list)) total += list.length;
    }
    if (total <= max) return input;
    ctx.addIssue({
      code: "custom",
      message: `Too many ${noun} in all: ${total.toLocaleString("en-US")}; at most ${max.toLocaleString("en-US")}`,
    });
    return z.NEVER;
  }, schema);
}

/** A list with readable count messages; the length check runs before any item is parsed. */
export function listSchema<T extends z.ZodType>(
  item: T,
  options: { readonly min?: number; readonly max: number; readonly noun: string },
): z.ZodArray<T> {
  const { min = 0, max, noun } = options;
  const list = z.array(item).max(max, `Too many ${noun}: at most ${max} allowed`);
  return min > 0 ? list.min(min, `Must have at least ${min} ${min === 1 ? singular(noun) : noun}`) : list;
}

function singular(noun: string): string {
  return noun.endsWith("ies") ? `${noun.slice(0, -3)}y` : noun.replace(/s$/, "");
}

export interface Duplicate {
  /** Index of the repeat. */
  readonly index: number;
  /** Index of the first occurrence. */
  readonly firstIndex: number;
  readonly value: string;
}

/** Every repeat of a value after its first occurrence, in order. O(n). */
export function findDuplicates(values: readonly string[]): Duplicate[] {
  const first = new Map<string, number>();
  const duplicates: Duplicate[] = [];
  values.forEach((value, index) => {
    const firstIndex = first.get(value);
    if (firstIndex === undefined) first.set(value, index);
    else duplicates.push({ index, firstIndex, value });
  });
  return duplicates;
}

/**
 * A refinement for a list whose items must have distinct keys, reporting each repeat at
 * `[index, field]`, e.g. `items.3.id: Duplicate id "a" (same as items.0)`.
 */
export function uniqueKey<T>(field: string & keyof T, listName: string) {
  return (items: readonly T[], ctx: z.RefinementCtx): void => {
    for (const duplicate of findDuplicates(items.map((item) => String(item[field])))) {
      ctx.addIssue({
        code: "custom",
        path: [duplicate.index, field],
        message: `Duplicate ${field} "${duplicate.value}" (same as ${listName}.${duplicate.firstIndex})`,
      });
    }
  };
}

/** "1 item", "2 items". */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** A short, quoted list of choices for a message; long lists are cut so the message stays readable. */
export function describeChoices(values: readonly string[], shown = 10): string {
  const quoted = values.slice(0, shown).map((value) => `"${value}"`);
  return values.length > shown ? `${quoted.join(", ")}, … (${values.length - shown} more)` : quoted.join(", ");
}

/** Blank means empty or only whitespace. */
export function isBlank(value: string): boolean {
  return value.trim() === "";
}
