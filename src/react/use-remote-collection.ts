"use client";
import {
  type InfiniteData,
  keepPreviousData,
  QueryClient,
  QueryClientContext,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import type { HitlIssue } from "../core/issues";
import { MAX_ISSUES } from "../core/issues";
import type { CollectionSource } from "../kinds/collection";
import { CollectionPageError, type ValidatedPage, validatePage } from "./collection-pages";
import {
  type CollectionLoader,
  CollectionsContext,
  type CollectionsContextValue,
  MissingCollectionError,
} from "./collections";

export interface UseRemoteCollectionOptions<Item> {
  /** The collection the request names; `undefined` leaves the hook idle (inline items). */
  readonly source: CollectionSource | undefined;
  /** Every loaded item must pass it (a kind's `collection.item`); the rest are dropped with an issue. */
  readonly item: z.ZodType<Item>;
  readonly itemId: (item: Item) => string;
  /**
   * Namespaces the cache (usually the kind): two kinds may load different items under one
   * collection id. Widgets with the same scope, source and search share their pages.
   */
  readonly scope: string;
  /** Quiet time after the last keystroke before a search goes to the loader. @default 250 */
  readonly debounceMs?: number;
  /** A loader to use instead of the provider's (a widget outside `HitlProvider`, a test). */
  readonly loader?: CollectionLoader;
}

export type RemoteCollectionStatus = "idle" | "loading" | "ready" | "error";

export interface RemoteCollection<Item> {
  /** `loading` until the first page of the current search; `error` when a page failed. */
  readonly status: RemoteCollectionStatus;
  /** The current search's items, page after page, each id once. */
  readonly items: readonly Item[];
  /** What was dropped (invalid or repeated items), for a dev report; never shown as a crash. */
  readonly issues: readonly HitlIssue[];
  readonly error: Error | undefined;
  /** The loader has more pages for this search. */
  readonly hasMore: boolean;
  /** A next page is on its way. */
  readonly loadingMore: boolean;
  /** What the person typed (the search that runs once they pause). */
  readonly query: string;
  readonly setQuery: (query: string) => void;
  /** A new search is waiting for its pause or its first page (the items shown are the last search's). */
  readonly searching: boolean;
  /** The search the shown `items` answer (a list scrolls back to its top when it changes). */
  readonly resultsQuery: string;
  /** Asks for the next page (the list's end reached); ignored while one loads or after the last. */
  readonly loadMore: () => void;
  /** After an error: loads the failed page again. */
  readonly retry: () => void;
  /** Any item this hook has loaded, under any search: what an answer may pick. */
  readonly known: (id: string) => Item | undefined;
}

type Key = readonly ["hitl-kit", "collection", string, string, string];

/** The cache key of one search of one collection (for `queryClient.invalidateQueries`, prefetching). */
export function collectionQueryKey(scope: string, sourceId: string, query: string): Key {
  return ["hitl-kit", "collection", scope, sourceId, query];
}

const DEFAULT_DEBOUNCE_MS = 250;
/** Failed loads tried again before the error shows (unless the QueryClient's defaults say otherwise). */
const DEFAULT_RETRIES = 1;

/**
 * Nothing is gained by asking again without a loader, or a loader that answers nonsense; other
 * failures follow the QueryClient's `retry` default (the app's policy), else one more try.
 */
function shouldRetry(client: QueryClient | undefined, failures: number, error: Error): boolean {
  if (error instanceof MissingCollectionError || error instanceof CollectionPageError) return false;
  const policy = client?.getDefaultOptions().queries?.retry ?? DEFAULT_RETRIES;
  if (typeof policy === "function") return policy(failures, error);
  return typeof policy === "number" ? failures < policy : policy;
}
/** Pages stay fresh this long: a second widget on the same collection shows them without a refetch. */
const STALE_MS = 60_000;

/**
 * The provider's `queryClient`, else the app's `QueryClientProvider`, else a private one: shared
 * by the provider's widgets (one cache), created by the first that needs it — a widget used
 * without a provider keeps its own.
 */
function useQueryClient(context: CollectionsContextValue | null): QueryClient {
  const appClient = useContext(QueryClientContext);
  const [own] = useState<{ current?: QueryClient }>(() => ({}));
  if (context?.queryClient) return context.queryClient;
  if (appClient) return appClient;
  const slot = context?.sharedQueryClient ?? own;
  slot.current ??= new QueryClient();
  return slot.current;
}

/**
 * A remote collection for a widget: TanStack Query's `useInfiniteQuery` over the loader the app
 * registered for `source.id`. Pages come as the list's end is reached (`loadMore`), searches go to
 * the loader after a pause, and every page is validated before a widget sees it.
 */
export function useRemoteCollection<Item>(options: UseRemoteCollectionOptions<Item>): RemoteCollection<Item> {
  const { source, item, itemId, scope, debounceMs = DEFAULT_DEBOUNCE_MS } = options;
  const context = useContext(CollectionsContext);
  const queryClient = useQueryClient(context);
  const loader = options.loader ?? (source ? context?.collections[source.id] : undefined);

  const [query, setQueryState] = useState(source?.query ?? "");
  const [searched, setSearched] = useState(query);
  useEffect(() => {
    if (searched === query) return;
    const timer = setTimeout(() => setSearched(query), debounceMs);
    return () => clearTimeout(timer);
  }, [query, searched, debounceMs]);
  const setQuery = useCallback((next: string) => setQueryState(next), []);

  const sourceId = source?.id ?? "";
  const loaderRef = useRef(loader);
  loaderRef.current = loader;
  const itemRef = useRef(item);
  itemRef.current = item;

  const result = useInfiniteQuery<
    ValidatedPage<Item>,
    Error,
    InfiniteData<ValidatedPage<Item>, string | undefined>,
    Key,
    string | undefined
  >(
    {
      queryKey: collectionQueryKey(scope, sourceId, searched),
      queryFn: async ({ pageParam, signal }) => {
        const load = loaderRef.current;
        if (!load) throw new MissingCollectionError(sourceId);
        const page: unknown = await load({ query: searched, cursor: pageParam, signal });
        return validatePage(sourceId, page, itemRef.current);
      },
      initialPageParam: undefined,
      getNextPageParam: (last) => last.nextCursor,
      enabled: source !== undefined,
      staleTime: STALE_MS,
      placeholderData: keepPreviousData,
      retry: (failures, error) => shouldRetry(queryClient, failures, error),
    },
    queryClient,
  );

  // While a new search loads, the last search's items stay on screen (`keepPreviousData`).
  const results = useRef(searched);
  if (result.data !== undefined && !result.isPlaceholderData) results.current = searched;

  const known = useRef(new Map<string, Item>());
  const pages = result.data?.pages;
  const { items, issues } = useMemo(() => {
    const seen = new Set<string>();
    const kept: Item[] = [];
    const dropped: HitlIssue[] = [];
    for (const page of pages ?? []) {
      for (const issue of page.issues) if (dropped.length < MAX_ISSUES) dropped.push(issue);
      for (const entry of page.items) {
        const id = itemId(entry);
        if (seen.has(id)) {
          if (dropped.length < MAX_ISSUES) dropped.push({ path: ["items"], message: `Dropped a repeat of "${id}"` });
          continue;
        }
        seen.add(id);
        kept.push(entry);
        // Idempotent: the same item under the same id, whichever render adds it.
        known.current.set(id, entry);
      }
    }
    return { items: kept, issues: dropped };
  }, [pages, itemId]);

  const { fetchNextPage, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError } = result;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError]);
  const retry = useCallback(() => {
    void (isFetchNextPageError ? fetchNextPage() : refetch());
  }, [isFetchNextPageError, fetchNextPage, refetch]);

  const status: RemoteCollectionStatus =
    source === undefined
      ? "idle"
      : result.error && !result.isFetching
        ? "error"
        : result.data === undefined
          ? "loading"
          : "ready";

  return {
    status,
    items,
    issues,
    error: result.error ?? undefined,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    query,
    setQuery,
    searching: query !== searched || result.isPlaceholderData,
    resultsQuery: results.current,
    loadMore,
    retry,
    known: useCallback((id: string) => known.current.get(id), []),
  };
}
