import { z } from "zod";
import { fromZodIssues, type HitlIssue, MAX_ISSUES } from "../core/issues";
import { MAX_CURSOR_LENGTH, MAX_PAGE_ITEMS } from "../kinds/limits";

/**
 * Remote collections, the app's side: a loader per collection id, registered once on
 * `HitlProvider` (`collections={{ library: loadLibrary }}`). A request names one with
 * `source: { id, query? }`; the widget pages and searches through it with TanStack Query.
 */

export interface CollectionLoadParams {
  /** What the person searches for ("" for everything): the search runs on the app's server. */
  readonly query: string;
  /** The page to load: `undefined` for the first, then the previous page's `nextCursor`. */
  readonly cursor: string | undefined;
  /** Aborted when the page is no longer wanted (a new search, the widget gone). */
  readonly signal: AbortSignal;
}

export interface CollectionPage<Item = unknown> {
  /** At most `MAX_PAGE_ITEMS` (else the page is refused); each is parsed with the kind's item schema, the invalid dropped. */
  readonly items: readonly Item[];
  /** Where the next page starts; absent on the last page. */
  readonly nextCursor?: string | null | undefined;
}

/**
 * Loads one page of a collection. `Item` is what the app's backend returns; the widget parses
 * every item with its kind's item schema anyway (a loader is a network boundary).
 */
export type CollectionLoader<Item = unknown> = (params: CollectionLoadParams) => Promise<CollectionPage<Item>>;

/** Loaders by collection id: the `source.id` a request may name. */
export type CollectionLoaders = Readonly<Record<string, CollectionLoader>>;

/** A request named a collection the app registered no loader for. */
export class MissingCollectionError extends Error {
  readonly type = "missing-collection";
  constructor(readonly sourceId: string) {
    super(
      `No loader for the collection "${sourceId}": register one with <HitlProvider collections={{ "${sourceId}": loader }}>`,
    );
    this.name = "MissingCollectionError";
  }
}

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

// Built on first use: a schema at module scope is a call a bundler must keep, and every chat page
// imports this module (for `MissingCollectionError`) whether or not it has collections.
let pageSchema: z.ZodType<{ items: unknown[]; nextCursor?: string | null | undefined }> | undefined;
function schemaOfPage() {
  pageSchema ??= z.object({
    items: z.array(z.unknown()).max(MAX_PAGE_ITEMS, `Too many items in one page: at most ${MAX_PAGE_ITEMS}`),
    nextCursor: z.string().min(1).max(MAX_CURSOR_LENGTH).nullish(),
  });
  return pageSchema;
}

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
  const parsed = schemaOfPage().safeParse(page);
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
