import type { QueryClient } from "@tanstack/react-query";
import { createContext } from "react";

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

export { MissingCollectionError } from "../core/render";

/**
 * The app's loaders and QueryClient, as `HitlProvider` hands them to widgets over a collection.
 * Apart from the provider's own context, so the hook that reads it does not pull the provider
 * (and the client behind it) into the widgets' chunks.
 */
export interface CollectionsContextValue {
  readonly collections: CollectionLoaders;
  /** The provider's `queryClient` prop. */
  readonly queryClient: QueryClient | undefined;
  /** Where the provider's private QueryClient lives once a remote collection created it. */
  readonly sharedQueryClient: { current?: QueryClient };
}

export const CollectionsContext = createContext<CollectionsContextValue | null>(null);
