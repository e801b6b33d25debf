/**
 * Windowing of a column of rows, as pure functions: where each row starts, which rows a scroll
 * position shows, and where to scroll to show a row. `virtual-collection.ts` runs them against the
 * DOM. Rows are either all `estimate` pixels high or measured one by one (a measured height
 * replaces the estimate of its row).
 */

/** `starts[i]` is where row `i` begins, `starts[count]` the height of every row together. */
export function rowStarts(count: number, estimate: number, measured?: ReadonlyMap<number, number>): Float64Array {
  const rows = Math.max(0, Math.floor(count));
  const starts = new Float64Array(rows + 1);
  for (let i = 0; i < rows; i++) starts[i + 1] = (starts[i] as number) + (measured?.get(i) ?? estimate);
  return starts;
}

export interface RowRange {
  /** The first and last row in the range (inclusive). */
  readonly first: number;
  readonly last: number;
}

/**
 * The rows a viewport of `height` pixels scrolled to `top` shows, at least partly; `undefined` when
 * there are no rows. A viewport past the end shows the last row (a list that shrank under it).
 */
export function rowsInView(starts: Float64Array, top: number, height: number): RowRange | undefined {
  const count = starts.length - 1;
  if (count <= 0) return undefined;
  const bottom = top + Math.max(0, height);
  // The first row ending below `top`, then the last row starting above `bottom`.
  const first = Math.max(0, Math.min(firstWhere(starts, (start) => start > top) - 1, count - 1));
  const last = Math.min(count - 1, Math.max(first, firstWhere(starts, (start) => start >= bottom) - 1));
  return { first, last };
}

/** The smallest index of `starts` whose value passes `after`, or its length (binary search; `starts` ascends). */
function firstWhere(starts: Float64Array, after: (start: number) => boolean): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (after(starts[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The rows to render: those in view, `overscan` more on each side, and `keep` (the row holding
 * the tab stop, mounted wherever it is), ascending.
 */
export function rowsToRender(
  view: RowRange | undefined,
  count: number,
  overscan: number,
  keep?: number,
): readonly number[] {
  if (!view) return [];
  const first = Math.max(0, view.first - overscan);
  const last = Math.min(count - 1, view.last + overscan);
  const rows: number[] = [];
  if (keep !== undefined && keep >= 0 && keep < first) rows.push(keep);
  for (let row = first; row <= last; row++) rows.push(row);
  if (keep !== undefined && keep > last && keep < count) rows.push(keep);
  return rows;
}

/**
 * Where to scroll so that the row from `start` to `end` is in view, moving as little as possible:
 * `undefined` when it already is. A row taller than the viewport shows its top.
 */
export function scrollToShow(start: number, end: number, top: number, height: number): number | undefined {
  if (start < top) return start;
  if (end > top + height) return Math.min(start, end - height);
  return undefined;
}
