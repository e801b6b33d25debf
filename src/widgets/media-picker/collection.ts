import type { MediaItem } from "../../kinds/media";
import type { SelectionRules } from "../shared/selection";
import type { MediaLabels } from "./labels";

/**
 * What a media request offers, indexed once per list of items: the inline items, or a remote
 * collection's items loaded so far for the current search (a new page is a new list). Pure: no
 * React, no DOM.
 */

export interface MediaCollectionInput {
  readonly items: readonly MediaItem[];
  /** The request's `min`. */
  readonly min: number;
  /** The request's `max` (it may exceed the number of items). */
  readonly max: number;
  /** The items come page by page from the app's loader: how many there are is unknown. */
  readonly remote: boolean;
  /** The names the options carry (and type-ahead matches). */
  readonly labels: Pick<MediaLabels, "itemName" | "itemFallback">;
}

export interface MediaCollection extends MediaCollectionInput {
  /** `max` clamped to the number of inline items (a remote collection keeps the request's), at least 1. */
  readonly bounds: { readonly min: number; readonly max: number };
  /** More than one may be chosen: a listbox with `aria-multiselectable`, numbered choices. */
  readonly multiple: boolean;
  readonly indexOf: ReadonlyMap<string, number>;
  /**
   * The selection rules (`selection.ts`): in the order chosen; one replaces the other when only
   * one may be chosen, past `max` is refused; ids not offered can be unchosen, never chosen.
   */
  readonly rules: SelectionRules<string>;
}

export function createCollection(input: MediaCollectionInput): MediaCollection {
  const indexOf = new Map(input.items.map((item, index) => [item.id, index]));
  const max = Math.max(1, input.remote ? input.max : Math.min(input.max, input.items.length));
  return {
    ...input,
    bounds: { min: input.min, max },
    multiple: max > 1,
    indexOf,
    rules: { mode: max > 1 ? "multiple" : "single", max, isDisabled: (id) => !indexOf.has(id) },
  };
}

/** Whether `input` offers what the collection holds already (no need to index it again). */
export function sameSource(collection: MediaCollection, input: MediaCollectionInput): boolean {
  return (
    collection.items === input.items &&
    collection.min === input.min &&
    collection.max === input.max &&
    collection.remote === input.remote &&
    collection.labels === input.labels
  );
}

/** An item's name: its alt text (video and audio say what they are), else its position. */
export function itemName(labels: MediaCollectionInput["labels"], item: MediaItem, index: number): string {
  return item.alt ? labels.itemName(item.alt, item.mediaType) : labels.itemFallback(index + 1, item.mediaType);
}

/** The name of the item at `index` ("" past the end). */
export function nameAt(collection: MediaCollection, index: number): string {
  const item = collection.items[index];
  return item ? itemName(collection.labels, item, index) : "";
}
