import type { MediaItem, MediaResponse } from "../../kinds/media";
import type { ConnectContext, Send } from "../shared/connect-types";
import type { MediaPickerSlot } from "./anatomy";
import { nameAt } from "./collection";
import { thumbnailSource } from "./grid-logic";
import type { MediaLabels } from "./labels";
import {
  highlightedIndex,
  type MediaPickerEvent,
  type MediaPickerState,
  orderOf,
  resolveKey,
  valueToSend,
} from "./machine";

/**
 * The media picker's machine as props for its parts: `connect(state, send, context)` returns what
 * each part shows and a prop getter per part (ARIA, `data-slot`, `data-state`, handlers that
 * `send`). No React: the props are plain objects with React's attribute names (`tabIndex`,
 * `onClick`); a Vue or Svelte port maps those names, as Zag's `normalizeProps` does.
 */

export interface MediaPickerConnectContext extends ConnectContext<MediaLabels, MediaResponse> {
  /** The shell's status: the grid's `data-state` once it cannot be operated. */
  readonly status: string;
  /** Whether the widget takes an answer now: clicks, Space and Enter toggle only then. */
  readonly interactive: boolean;
  /** A remote collection has more pages: how many items there are is unknown (`aria-setsize` -1). */
  readonly hasMore: boolean;
}

/** The grid's DOM side, from whoever renders it (a virtualized grid mounts and scrolls an item in first). */
export interface MediaPickerGridEnvironment {
  /** The columns as laid out. */
  readonly columns: number;
  /** Rows PageUp / PageDown move by. */
  readonly pageRows: () => number;
  /** Focuses the item at `index`. */
  readonly focusIndex: (index: number) => void;
  /** What names the grid (the prompt's id), unless the renderer names it otherwise. */
  readonly labelledBy: string | undefined;
}

/** What the grid reads of a key press (a DOM `KeyboardEvent` or React's). */
export interface MediaPickerKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly repeat: boolean;
  readonly timeStamp: number;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
  preventDefault(): void;
}

/** One item as its tile shows it. */
export interface MediaTile {
  readonly item: MediaItem;
  readonly index: number;
  readonly name: string;
  /** Its 1-based place in the selection; `undefined` when not chosen. */
  readonly order: number | undefined;
  /** `image`: a safe still to show (`src`); `broken`: refused or failed to load; `empty`: video or audio without a still. */
  readonly thumbnail: "image" | "broken" | "empty";
  readonly src: string | undefined;
}

/** The items carry `data-item-index`: the grid's keys act on them only. */
function isItem(target: EventTarget | null): boolean {
  return target !== null && "hasAttribute" in target && (target as Element).hasAttribute("data-item-index");
}

const flag = (on: boolean) => (on ? "" : undefined);

/** A tile's `data-state` (its cell's and its option's). */
export const tileStateOf = (tile: MediaTile) => (tile.order === undefined ? "unselected" : "selected");

export function connect(state: MediaPickerState, send: Send<MediaPickerEvent>, context: MediaPickerConnectContext) {
  const { collection } = state;
  const { labels, id, interactive } = context;
  const { items, multiple } = collection;
  const { min, max } = collection.bounds;
  const highlighted = highlightedIndex(state);
  const orders = orderOf(state);
  const countId = `${id}-count`;
  const orderId = (tile: MediaTile) => `${id}-order-${tile.index}`;
  const brokenId = (tile: MediaTile) => `${id}-broken-${tile.index}`;

  const toggle = (itemId: string) => {
    if (interactive) send({ type: "toggle", id: itemId });
  };
  const highlight = (index: number) => send({ type: "highlight", index });
  const tileAt = (index: number): MediaTile | undefined => {
    const item = items[index];
    if (!item) return undefined;
    const source = thumbnailSource(item);
    const broken = source.type === "refused" || state.broken.has(item.id);
    return {
      item,
      index,
      name: nameAt(collection, index),
      order: orders.get(item.id),
      thumbnail: broken ? "broken" : source.type === "image" ? "image" : "empty",
      src: source.type === "image" ? source.src : undefined,
    };
  };

  return {
    state,
    collection,
    labels,
    /** How many items the grid holds (loaded so far, for a remote collection). */
    count: items.length,
    multiple,
    highlightedIndex: highlighted,
    issues: state.issues,
    texts: {
      count: labels.count(state.selected.length, min, max),
      message: state.notice === "max-reached" ? labels.maxReached(max) : "",
    },
    /** The tab stop's item, shown larger in the preview (`undefined` without items). */
    preview: tileAt(highlighted),
    tileAt,

    toggle,
    highlight,
    /** Validates and sends the answer once; a refusal shows its issues (each message once). */
    submit() {
      const outcome = context.submit(valueToSend(state));
      if (outcome.type === "ignored") return;
      if (outcome.type === "sent") return send({ type: "sent" });
      send({ type: "refused", issues: [...new Set(outcome.issues.map((issue) => issue.message))] });
    },

    /** One tab stop (roving): arrows, Home/End, PageUp/PageDown and type-ahead move; Space and Enter toggle. */
    getGridProps: (environment: MediaPickerGridEnvironment) => ({
      role: "listbox",
      "aria-labelledby": environment.labelledBy,
      "aria-multiselectable": multiple || undefined,
      "aria-disabled": !interactive || undefined,
      "aria-describedby": countId,
      "data-slot": "grid" satisfies MediaPickerSlot,
      "data-state": interactive ? "open" : context.status,
      "data-columns": environment.columns,
      style: { position: "relative" as const, overflowY: "auto" as const },
      onKeyDown: (event: MediaPickerKeyEvent) => {
        const { key, ctrlKey } = event;
        if (event.defaultPrevented || event.altKey || event.metaKey || !isItem(event.target)) return;
        const input = {
          key,
          ctrlKey,
          now: event.timeStamp,
          columns: environment.columns,
          pageRows: environment.pageRows(),
        };
        const move = resolveKey(state, input);
        if (move) {
          event.preventDefault();
          send({ type: "key", ...input });
          if (move.target !== undefined) environment.focusIndex(move.target);
        } else if (key === " " || key === "Enter") {
          // Enter would otherwise submit the form: here it toggles, like Space.
          event.preventDefault();
          const item = items[highlighted];
          if (item && !event.repeat) toggle(item.id);
        }
      },
    }),
    /** The option: its name is the item's, its description the order badge's words and why it is broken. */
    getItemProps: (tile: MediaTile) => {
      const chosen = tile.order !== undefined;
      const broken = tile.thumbnail === "broken";
      const describedBy = [chosen && multiple ? orderId(tile) : "", broken ? brokenId(tile) : ""];
      return {
        role: "option",
        tabIndex: tile.index === highlighted ? 0 : -1,
        "data-item-index": tile.index,
        "aria-selected": chosen,
        "aria-setsize": context.hasMore ? -1 : items.length,
        "aria-posinset": tile.index + 1,
        "aria-label": tile.name,
        "aria-describedby": describedBy.filter(Boolean).join(" ") || undefined,
        "data-slot": "item" satisfies MediaPickerSlot,
        "data-state": tileStateOf(tile),
        "data-highlighted": flag(tile.index === highlighted),
        "data-media-type": tile.item.mediaType,
        onClick: () => {
          highlight(tile.index);
          toggle(tile.item.id);
        },
        onFocus: () => {
          if (tile.index !== highlighted) highlight(tile.index);
        },
      };
    },
    /** The thumbnail's placeholder (broken or empty); an image gets `getThumbnailImageProps`. */
    getThumbnailProps: (tile: MediaTile) => ({
      "data-slot": "thumbnail" satisfies MediaPickerSlot,
      "data-state": tile.thumbnail,
    }),
    /** The still, loaded lazily; a failed load shows the tile as broken from then on. */
    getThumbnailImageProps: (tile: MediaTile) => ({
      "data-slot": "thumbnail" satisfies MediaPickerSlot,
      src: tile.src,
      // The option carries the name; the thumbnail itself is decoration.
      alt: "",
      loading: "lazy" as const,
      decoding: "async" as const,
      draggable: false,
      onError: () => send({ type: "thumbnail-error", id: tile.item.id }),
    }),
    getPlaceholderTextProps: (tile: MediaTile) => ({
      "data-slot": "placeholder-text" satisfies MediaPickerSlot,
      id: tile.thumbnail === "broken" ? brokenId(tile) : undefined,
      "aria-hidden": true,
    }),
    /** Hidden, yet read as the option's description ("Choice 2"). */
    getOrderTextProps: (tile: MediaTile) => ({ id: orderId(tile), hidden: true }),
    getPreviewProps: (tile: MediaTile) => ({
      "data-slot": "preview" satisfies MediaPickerSlot,
      "data-media-type": tile.item.mediaType,
      "aria-label": `${labels.previewLabel}: ${tile.name}`,
    }),
    /** "2 of 3 selected", announced politely; the grid is described by it. */
    getCountProps: () => ({
      id: countId,
      role: "status",
      "aria-live": "polite" as const,
      "data-slot": "count" satisfies MediaPickerSlot,
    }),
    /** Always in the page (a live region), empty until a choice past max is refused. */
    getMessageProps: () => ({
      role: "status",
      "aria-live": "polite" as const,
      "data-slot": "message" satisfies MediaPickerSlot,
    }),
  };
}

export type MediaPickerApi = ReturnType<typeof connect>;
