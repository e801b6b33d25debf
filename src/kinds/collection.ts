import { z } from "zod";
import { MAX_SOURCE_QUERY_LENGTH } from "./limits";
import { idSchema, tooLong } from "./schema-parts";

/**
 * A collection the app serves (a media library, a template catalogue) named by a request instead
 * of inlining every item. The app registers a loader for `id` once (`HitlProvider`'s
 * `collections`); the widget pages through it. `query` is the search the agent starts with.
 */
export const collectionSourceSchema = z.strictObject({
  id: idSchema,
  query: z.string().max(MAX_SOURCE_QUERY_LENGTH, tooLong(MAX_SOURCE_QUERY_LENGTH)).optional(),
});

export type CollectionSource = z.output<typeof collectionSourceSchema>;

/**
 * How a kind's request names a remote collection, and how its answer is checked against what the
 * loader returned. Its `check` cannot see remote items; once the widget knows them (at least the
 * ones an answer names), `withItems` gives the request as if they had been inlined, and the
 * ordinary `check` runs on that.
 */
export interface KindCollection<Req, Item> {
  /** Each item a loader returns must pass this; anything else is dropped with an issue. */
  readonly item: z.ZodType<Item>;
  itemId(item: Item): string;
  /** The collection the request names, or `undefined` for inline items. */
  sourceOf(request: Req): CollectionSource | undefined;
  /** The request with `items` inlined instead of its source. */
  withItems(request: Req, items: readonly Item[]): Req;
}

/** Issue for a request that names both inline items and a source, or neither. */
export function sourceOrItems<T extends { readonly source?: CollectionSource | undefined }>(
  field: string & keyof T,
  noun: string,
) {
  return (request: T, ctx: z.RefinementCtx): void => {
    const inline = request[field];
    const count = Array.isArray(inline) ? inline.length : 0;
    if (request.source !== undefined && count > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["source"],
        message: `Give either ${field} or a source, not both`,
      });
    } else if (request.source === undefined && count === 0) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `Must have at least 1 ${noun}, or name a source ({ id, query? }) the app serves`,
      });
    }
  };
}
