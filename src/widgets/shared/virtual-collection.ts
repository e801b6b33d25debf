"use client";
import {
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { emptyTypeahead, resolveCollectionKey, type TypeaheadState } from "./collection-keys";
import { type CollectionVirtualizer, useRowWindow } from "./use-row-window";

export type { CollectionVirtualizer, VirtualRow } from "./use-row-window";

/**
 * A virtualized roving-focus collection (a list, or a grid of `columns`): only the rows in view
 * (and a few beyond) are in the DOM, placed by `row-window.ts`'s arithmetic. One tab stop (the active item, `tabIndex` 0);
 * the active item's row stays mounted even when scrolled away, and moving to an off-screen item
 * scrolls its row in before focusing it, so keyboard focus survives virtualization. Items are
 * found by `data-item-index`; the widget renders the rows and the items it wants.
 */

export interface VirtualCollectionOptions {
  /** How many items (after any filter). */
  readonly count: number;
  /** Items per row: 1 for a list. @default 1 */
  readonly columns?: number;
  /**
   * Rows that are not items (group headings) make the rows differ from the items: how many rows
   * there are and which row holds item `index`. @default `columns` items per row
   */
  readonly rows?: { readonly count: number; readonly of: (index: number) => number };
  /** Items the keyboard passes over (a disabled checkbox cannot take focus). */
  readonly isDisabled?: (index: number) => boolean;
  /** A row's height in pixels, measured later when `measure` is set. */
  readonly rowHeight: number;
  /** Rows have their own heights: render them with `measureElement`. @default false */
  readonly measure?: boolean;
  /** The index of the item holding the tab stop (clamped to the items). */
  readonly activeIndex: number;
  readonly onActiveIndexChange: (index: number) => void;
  /**
   * `grid`: arrows move by row and column (the grid pattern). `linear`: every arrow steps through
   * the items in reading order, whatever the layout (the radio group pattern). @default "grid"
   */
  readonly arrows?: "grid" | "linear";
  /** A keyboard move (arrows, paging, type-ahead), after the active index follows it: a radio group checks there. */
  readonly onMove?: (index: number) => void;
  /** Space / Enter on an item (a picker's toggle). Without it those keys stay with the item. */
  readonly onActivate?: (index: number) => void;
  /** The text type-ahead matches; without it there is no type-ahead. */
  readonly labelOf?: (index: number) => string;
  /** Rows assumed visible while the scroll box has no height (first render, jsdom, hidden). */
  readonly fallbackRows: number;
  /** Rows rendered beyond the viewport on each side. @default 2 */
  readonly overscan?: number;
  /**
   * Called while the last rows are in view or the tab stop is on them (End, PageDown): a remote
   * collection's next page. Called again as they change; ignore calls while a page loads.
   */
  readonly onEndReached?: (() => void) | undefined;
  /** A new value scrolls back to the top and puts the tab stop on the first item (new search results). */
  readonly resetKey?: unknown;
}

/** Rows short of the end at which `onEndReached` is called. */
const END_AHEAD_ROWS = 2;

export interface VirtualCollection {
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: CollectionVirtualizer;
  readonly columns: number;
  /** The active index, clamped to the items (0 when there are none). */
  readonly active: number;
  /** The keydown handler for the scroll box (the items' container). */
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Props for the focusable element of item `index`. */
  readonly itemProps: (index: number) => { tabIndex: number; "data-item-index": number; onFocus: () => void };
  /** Moves the tab stop to `index`, scrolling it in and focusing it. */
  readonly moveTo: (index: number) => void;
}

/**
 * Collections of up to this many rows render whole: a short list stays findable in the page (and
 * by scripts that click what they see after scrolling) at no cost; windowing starts where it pays.
 */
export const EAGER_ROWS = 50;

/** In a linear collection Left/Right step like Up/Down. */
const LINEAR_KEYS: Readonly<Record<string, string>> = { ArrowLeft: "ArrowUp", ArrowRight: "ArrowDown" };

export function useVirtualCollection(options: VirtualCollectionOptions): VirtualCollection {
  const { count, rowHeight, measure = false, onActiveIndexChange, onActivate, labelOf, fallbackRows } = options;
  const columns = Math.max(1, Math.floor(options.columns ?? 1));
  const active = count === 0 ? 0 : Math.min(Math.max(options.activeIndex, 0), count - 1);
  const rowOf = (index: number) => (options.rows ? options.rows.of(index) : Math.floor(index / columns));
  const activeRow = rowOf(active);
  const rowCount = options.rows ? options.rows.count : Math.ceil(count / columns);
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useRowWindow({
    scrollRef,
    count: rowCount,
    rowHeight,
    measure,
    overscan: rowCount <= EAGER_ROWS ? rowCount : (options.overscan ?? 2),
    keep: count === 0 ? undefined : activeRow,
    fallbackHeight: rowHeight * fallbackRows,
  });

  const endRow = Math.max(virtualizer.range?.last ?? -1, activeRow);
  const { onEndReached, resetKey } = options;
  useEffect(() => {
    if (onEndReached && endRow >= rowCount - 1 - END_AHEAD_ROWS) onEndReached();
  }, [onEndReached, endRow, rowCount]);

  const shownKey = useRef(resetKey);
  useLayoutEffect(() => {
    if (Object.is(shownKey.current, resetKey)) return;
    shownKey.current = resetKey;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    onActiveIndexChange(0);
  }, [resetKey, onActiveIndexChange]);

  // Focus moves after the render that mounted the target item, scrolling its row in first.
  const pendingFocus = useRef<number | null>(null);
  const pendingScroll = useRef(false);
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    const scroller = scrollRef.current;
    if (index === null || !scroller) return;
    if (pendingScroll.current) {
      pendingScroll.current = false;
      virtualizer.scrollToIndex(rowOf(index));
    }
    const target = scroller.querySelector<HTMLElement>(`[data-item-index="${index}"]`);
    const focused = scroller.ownerDocument.activeElement;
    if (target) {
      pendingFocus.current = null;
      if (target !== focused) target.focus({ preventScroll: true });
    } else if (!scroller.contains(focused)) {
      // The person has moved on (clicked elsewhere): never pull focus back later.
      pendingFocus.current = null;
    }
  });

  const moveTo = (index: number) => {
    options.onMove?.(index);
    if (index === active) {
      // No state change, so no render to run the effect: bring the item back into view directly.
      virtualizer.scrollToIndex(rowOf(index));
      scrollRef.current?.querySelector<HTMLElement>(`[data-item-index="${index}"]`)?.focus({ preventScroll: true });
      return;
    }
    pendingFocus.current = index;
    pendingScroll.current = true;
    onActiveIndexChange(index);
  };

  const typed = useRef<TypeaheadState>(emptyTypeahead);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.metaKey) return;
    if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute("data-item-index")) return;
    const viewport = scrollRef.current?.clientHeight || virtualizer.viewportHeight;
    const pageRows = Math.max(1, Math.floor(viewport / rowHeight));
    // A radio group's arrows run through the items one by one (Left as Up, Right as Down).
    const linear = options.arrows === "linear";
    const key = linear ? (LINEAR_KEYS[event.key] ?? event.key) : event.key;
    const shape = linear ? { columns: 1, pageRows: pageRows * columns } : { columns, pageRows };
    const input = { key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, now: event.timeStamp };
    const resolved = resolveCollectionKey(input, typed.current, {
      ...shape,
      active,
      count,
      labelOf,
      isDisabled: options.isDisabled,
    });
    if (resolved) {
      typed.current = resolved.typeahead;
      event.preventDefault();
      if (resolved.target !== undefined) moveTo(resolved.target);
      return;
    }
    if (onActivate && (event.key === " " || event.key === "Enter")) {
      // Enter would otherwise submit the form: here it toggles, like Space.
      event.preventDefault();
      if (!event.repeat) onActivate(active);
    }
  };

  const itemProps = (index: number) => ({
    tabIndex: index === active ? 0 : -1,
    "data-item-index": index,
    onFocus: () => {
      if (index !== active) onActiveIndexChange(index);
    },
  });

  return { scrollRef, virtualizer, columns, active, onKeyDown, itemProps, moveTo };
}

/** The content-box width of an element, following resizes (0 until measured, and always in jsdom). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const next = entries[0]?.contentRect.width;
      if (next !== undefined) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The style of the box inside the scroll box that is as tall as every row together. */
export function sizerStyle(virtualizer: Pick<CollectionVirtualizer, "getTotalSize">): CSSProperties {
  return { position: "relative", width: "100%", height: virtualizer.getTotalSize() };
}

/** The style placing a rendered row at its offset (`start`) inside the sizer. */
export function rowStyle(start: number, extra?: CSSProperties): CSSProperties {
  return { position: "absolute", top: 0, left: 0, width: "100%", transform: `translateY(${start}px)`, ...extra };
}
