import { z } from "zod";
import { fromZodIssues, type HitlIssue, MAX_ISSUES } from "../core/issues";
import { MAX_CURSOR_LENGTH, MAX_PAGE_ITEMS } from "../kinds/limits";

/*
 * What a loader resolved to, checked: apart from `collections.ts` (the loaders' types, which the
 * provider and `useParkedInput` read), so a chat page loads this only with a widget that pages.
 */

/** A loader returned something that is not a page. */
export class CollectionPageError extends Error {
  readonly type = "malformed-page";
  constructor(
    readonly sourceId: string,
    readonly issues: readonly HitlIssue[],
  ) {
    super(`The collection "${sourceId}" returned a malformed page`);
    this.name = "CollectionPageError";
  }
}

const pageSchema = z.object({
  items: z.array(z.unknown()).max(MAX_PAGE_ITEMS, `Too many items in one page: at most ${MAX_PAGE_ITEMS}`),
  nextCursor: z.string().min(1).max(MAX_CURSOR_LENGTH).nullish(),
});

/** A page whose items passed the kind's item schema, and what was dropped and why. */
export interface ValidatedPage<Item> {
  readonly items: readonly Item[];
  readonly nextCursor: string | undefined;
  readonly issues: readonly HitlIssue[];
}

/**
 * Parses what a loader resolved to: the page's shape (else `CollectionPageError`), then each
 * item with `item`. An invalid item is dropped with an issue; one bad item never hides the rest.
 */
export function validatePage<Item>(sourceId: string, page: unknown, item: z.ZodType<Item>): ValidatedPage<Item> {
  const parsed = pageSchema.safeParse(page);
  if (!parsed.success) {
    throw new CollectionPageError(sourceId, fromZodIssues(parsed.error.issues));
  }
  const items: Item[] = [];
  const issues: HitlIssue[] = [];
  parsed.data.items.forEach((raw, index) => {
    const result = item.safeParse(raw);
    if (result.success) items.push(result.data);
    else if (issues.length < MAX_ISSUES) {
      const [first] = fromZodIssues(result.error.issues);
      issues.push({
        path: ["items", index, ...(first?.path ?? [])],
        message: `Dropped an invalid item: ${first?.message ?? "invalid"}`,
      });
    }
  });
  return { items, nextCursor: parsed.data.nextCursor ?? undefined, issues };
}
