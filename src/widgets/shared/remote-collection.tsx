"use client";
import { type ComponentPropsWithoutRef, useId } from "react";
import { MAX_SOURCE_QUERY_LENGTH } from "../../kinds/limits";
import { useLabels } from "../../react/labels";
import type { RemoteCollection } from "../../react/use-remote-collection";
import { cx, useShell } from "./widget-shell";

/**
 * The parts a widget over a remote collection adds (media picker, template picker): a search box
 * whose query goes to the app's loader, and a polite status line that says what is loading, what
 * failed (with Retry) and how many items are in. Loading more on scroll is the list's business.
 */

/** Strings of remote collections (namespace `collection`). */
export const collectionLabels = {
  search: "Search",
  loading: "Loading…",
  searching: "Searching…",
  loadingMore: "Loading more…",
  loadMore: "Load more",
  loaded: (count: number, more: boolean): string =>
    `${count.toLocaleString("en-US")} ${count === 1 ? "item" : "items"}${more ? ", more available" : ""}`,
  empty: (query: string): string => (query === "" ? "Nothing here." : `Nothing matches “${query}”.`),
  error: (message: string): string => `Couldn't load the items: ${message}`,
  retry: "Retry",
};
export type CollectionLabels = typeof collectionLabels;

/** What the status line says, as one string, and its state (exposed as `data-state`). */
export function describeCollection(
  remote: Pick<
    RemoteCollection<unknown>,
    "status" | "items" | "hasMore" | "loadingMore" | "searching" | "query" | "error"
  >,
  labels: CollectionLabels,
): { readonly state: "loading" | "searching" | "loading-more" | "error" | "ready" | "empty"; readonly text: string } {
  switch (remote.status) {
    case "idle":
    case "ready":
      break;
    case "loading":
      return { state: "loading", text: labels.loading };
    case "error":
      return { state: "error", text: labels.error(remote.error?.message ?? "") };
    default:
      return remote.status satisfies never;
  }
  if (remote.searching) return { state: "searching", text: labels.searching };
  if (remote.loadingMore) return { state: "loading-more", text: labels.loadingMore };
  if (remote.items.length === 0) return { state: "empty", text: labels.empty(remote.query) };
  return { state: "ready", text: labels.loaded(remote.items.length, remote.hasMore) };
}

export interface CollectionSearchProps extends Omit<ComponentPropsWithoutRef<"input">, "value" | "onChange"> {
  readonly remote: RemoteCollection<unknown>;
}

/** The search box: what the person types is searched by the app's loader once they pause. */
export function CollectionSearch({ remote, className, id, ...props }: CollectionSearchProps) {
  const labels = useLabels("collection", collectionLabels);
  const { interactive } = useShell();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div data-slot="search" className="hitl-collection-search">
      <label htmlFor={inputId} className="hitl-label">
        {labels.search}
      </label>
      <input
        id={inputId}
        type="search"
        className={cx("hitl-input", className)}
        value={remote.query}
        disabled={!interactive}
        autoComplete="off"
        maxLength={MAX_SOURCE_QUERY_LENGTH}
        onChange={(event) => remote.setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter in a search box means "search", never "send the answer".
          if (event.key === "Enter") event.preventDefault();
        }}
        {...props}
      />
    </div>
  );
}

export interface CollectionStatusProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  readonly remote: RemoteCollection<unknown>;
  /** Retry's class (the button shown after a failure), beside the kit's own. */
  readonly retryClassName?: string;
}

/**
 * Loading, searching, failure and counts, announced politely (the live region is always in the
 * DOM so its changes are heard); after a failure, Retry loads the failed page again.
 */
export function CollectionStatus({ remote, className, retryClassName, ...props }: CollectionStatusProps) {
  const labels = useLabels("collection", collectionLabels);
  const { state, text } = describeCollection(remote, labels);
  return (
    <div
      data-slot="collection-status"
      data-state={state}
      className={cx("hitl-collection-status", className)}
      {...props}
    >
      <p role="status" aria-live="polite" className="hitl-help">
        {text}
      </p>
      {state === "error" && (
        <button
          type="button"
          data-slot="collection-retry"
          className={cx("hitl-button", retryClassName)}
          onClick={remote.retry}
        >
          {labels.retry}
        </button>
      )}
    </div>
  );
}
