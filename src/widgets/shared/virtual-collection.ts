"use client";
import {
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import {
  emptyTypeahead,
  isTypeaheadKey,
  moveIndex,
  nearestEnabled,
  type TypeaheadState,
  typeahead,
} from "./collection-keys";
import { type RowRange, rowStarts, rowsInView, rowsToRender, scrollToShow } from "./row-window";

/**
 * A virtualized roving-focus collection (a list, or a grid of `columns`): only the rows in view
 * (and a few beyond) are in the DOM, placed by `row-window.ts`'s arithmetic. One tab stop (the active item, `tabIndex` 0);
 * the active item's row stays mounted even when scrolled away, and moving to an off-screen item
 * scrolls its row in before focusing it, so keyboard focus survives virtualization. Items are
 * found by `data-item-index`; the widget renders the rows and the items it wants.
 */

/** A rendered row: where it starts and how high it is (estimated, or measured once rendered). */
export interface VirtualRow {
  readonly index: number;
  /** The row's React key (its index: rows are positions, not items). */
  readonly key: number;
  readonly start: number;
  readonly size: number;
}

/**
 * The rows to render and their offsets; the method names follow TanStack Virtual's, which the
 * collections ran on until 2026-11 (its 3.19 core alone was ~10 kB gz, more than any widget).
 */
export interface CollectionVirtualizer {
  /** The rows to render now, ascending. */
  getVirtualItems(): readonly VirtualRow[];
  /** The height of every row together: the sizer's height. */
  getTotalSize(): number;
  /** Ref callback for a row of its own height (`measure: true`); the element carries `data-index`. */
  measureElement(element: Element | null): void;
  /** Scrolls as little as needed to show row `index` whole. */
  scrollToIndex(index: number): void;
  /** The rows in view (without overscan), once there are rows. */
  readonly range: RowRange | undefined;
  /** The scroll box's visible height (the fallback while it has none). */
  readonly viewportHeight: number;
}

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
    const now = event.timeStamp;
    if (labelOf && isTypeaheadKey(event, typed.current, now)) {
      const isDisabled = options.isDisabled;
      const found = typeahead(typed.current, event.key, now, {
        active,
        count,
        labelOf: isDisabled ? (index) => (isDisabled(index) ? "" : labelOf(index)) : labelOf,
      });
      typed.current = found.state;
      event.preventDefault();
      if (found.index !== undefined) moveTo(found.index);
      return;
    }
    const viewport = scrollRef.current?.clientHeight || virtualizer.viewportHeight;
    const pageRows = Math.max(1, Math.floor(viewport / rowHeight));
    const linear = options.arrows === "linear";
    const key = linear ? (LINEAR_KEYS[event.key] ?? event.key) : event.key;
    const moved = linear
      ? moveIndex(active, key, { count, columns: 1, pageRows: pageRows * columns })
      : moveIndex(active, key, { count, columns, pageRows });
    const next =
      moved === undefined || !options.isDisabled ? moved : nearestEnabled(moved, active, count, options.isDisabled);
    if (moved !== undefined) event.preventDefault();
    if (next !== undefined) {
      event.preventDefault();
      moveTo(next);
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

interface RowWindowOptions {
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly count: number;
  readonly rowHeight: number;
  readonly measure: boolean;
  readonly overscan: number;
  /** A row rendered wherever it is (the tab stop's). */
  readonly keep: number | undefined;
  /** The viewport height assumed while the scroll box has none (first render, jsdom, hidden). */
  readonly fallbackHeight: number;
}

/**
 * The rows of a scroll box to render: follows its scroll position and height, measures rows of
 * their own height, and re-renders only when the rows to render change (not on every scroll event).
 */
function useRowWindow({
  scrollRef,
  count,
  rowHeight,
  measure,
  overscan,
  keep,
  fallbackHeight,
}: RowWindowOptions): CollectionVirtualizer {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // The scroll box as last read (refs: a scroll event must not re-render unless the rows change).
  const view = useRef({ top: 0, height: 0 });
  const viewportHeight = view.current.height > 0 ? view.current.height : fallbackHeight;
  // Measured heights by row (a new map on each change), and which element is measured for which row.
  const sizes = useRef<ReadonlyMap<number, number>>(new Map());
  const heights = sizes.current;
  const elements = useRef(new Map<number, Element>()).current;
  const starts = useMemo(
    () => rowStarts(count, rowHeight, measure ? heights : undefined),
    [count, rowHeight, measure, heights],
  );
  const windowAt = (top: number, height: number) => {
    const inView = rowsInView(starts, top, height > 0 ? height : fallbackHeight);
    return { range: inView, rows: rowsToRender(inView, count, overscan, keep) };
  };
  const { range, rows } = windowAt(view.current.top, view.current.height);

  // What the scroll and resize handlers compare against (the latest render's rows).
  const latest = useRef({ starts, range, rows, rowHeight, windowAt });
  latest.current = { starts, range, rows, rowHeight, windowAt };

  // Read the box, and re-render when that changes which rows to render.
  const sync = useRef((element: HTMLElement) => {
    const next = { top: element.scrollTop, height: element.clientHeight };
    view.current = next;
    const { range, rows, windowAt } = latest.current;
    const wanted = windowAt(next.top, next.height);
    // The rows in view matter too: a short collection renders whole, yet its end coming into
    // view asks for the next page.
    if (
      wanted.range?.first !== range?.first ||
      wanted.range?.last !== range?.last ||
      wanted.rows.length !== rows.length ||
      wanted.rows.some((row, i) => row !== rows[i])
    ) {
      rerender();
    }
  }).current;

  // Follow the scroll box (it may mount later than this hook, or be replaced).
  const attached = useRef<{ element: HTMLElement; detach: () => void } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (attached.current?.element === element) return;
    attached.current?.detach();
    attached.current = null;
    if (!element) return;
    const onScroll = () => sync(element);
    element.addEventListener("scroll", onScroll, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(onScroll);
    observer?.observe(element);
    sync(element);
    attached.current = {
      element,
      detach: () => {
        element.removeEventListener("scroll", onScroll);
        observer?.disconnect();
      },
    };
  });
  useEffect(
    () => () => {
      // Also on StrictMode's rehearsed unmount: the layout effect attaches again after it.
      attached.current?.detach();
      attached.current = null;
    },
    [],
  );

  // Rows of their own height: measured when they mount and whenever they resize. Created once,
  // so it reads the latest render through refs.
  const [measurer] = useState(() => {
    const record = (element: Element) => {
      const index = Number(element.getAttribute("data-index"));
      if (!element.isConnected) {
        observer?.unobserve(element);
        if (elements.get(index) === element) elements.delete(index);
        return;
      }
      const height = element.getBoundingClientRect().height;
      const { starts, rowHeight } = latest.current;
      const before = sizes.current.get(index) ?? rowHeight;
      // Without layout (jsdom, a hidden box) a row measures 0: keep its estimate.
      if (!Number.isInteger(index) || !(height > 0) || height === before) return;
      sizes.current = new Map(sizes.current).set(index, height);
      // A row above the viewport changed height: scroll by as much, so what is in view stays put.
      const scroller = scrollRef.current;
      if (scroller && (starts[index] ?? 0) < view.current.top) {
        scroller.scrollTop += height - before;
        view.current = { ...view.current, top: scroller.scrollTop };
      }
      rerender();
    };
    const observer =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver((entries) => {
            for (const entry of entries) record(entry.target);
          });
    return {
      observer,
      measureElement: (element: Element | null) => {
        if (!element) return;
        const index = Number(element.getAttribute("data-index"));
        const previous = elements.get(index);
        if (previous !== element) {
          if (previous) observer?.unobserve(previous);
          elements.set(index, element);
          observer?.observe(element);
        }
        record(element);
      },
    };
  });
  useEffect(
    () => () => {
      measurer.observer?.disconnect();
      // Nothing is observed now: a row that attaches again (StrictMode) is observed anew.
      elements.clear();
    },
    [measurer, elements],
  );

  return {
    getVirtualItems: () =>
      rows.map((index) => ({
        index,
        key: index,
        start: starts[index] as number,
        size: (starts[index + 1] as number) - (starts[index] as number),
      })),
    getTotalSize: () => starts[count] ?? 0,
    measureElement: measurer.measureElement,
    scrollToIndex: (index) => {
      const scroller = scrollRef.current;
      const start = starts[index];
      const end = starts[index + 1];
      if (!scroller || start === undefined || end === undefined) return;
      const top = scrollToShow(start, end, scroller.scrollTop, scroller.clientHeight || viewportHeight);
      if (top === undefined) return;
      // jsdom's elements have no scrollTo.
      if (typeof scroller.scrollTo === "function") scroller.scrollTo({ top });
      else scroller.scrollTop = top;
      // Read at once: the scroll event comes after the next frame, the rows are wanted now.
      sync(scroller);
    },
    range,
    viewportHeight,
  };
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
