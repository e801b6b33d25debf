"use client";
import { type RefObject, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { type RowRange, rowStarts, rowsInView, rowsToRender, scrollToShow } from "./row-window";

/*
 * The React side of `row-window.ts`: which rows of a scroll box to render, following its scroll
 * position and height. Apart from `useVirtualCollection` (the keys, the tab stop) so each file
 * holds one concern.
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

export interface RowWindowOptions {
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
export function useRowWindow({
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
