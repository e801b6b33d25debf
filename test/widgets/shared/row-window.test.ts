import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowStarts, rowsInView, rowsToRender, scrollToShow } from "../../../src/widgets/shared/row-window";

/** Rows of random heights: the estimate, with some rows measured to other heights. */
const layout = fc
  .record({
    count: fc.integer({ min: 0, max: 300 }),
    estimate: fc.integer({ min: 1, max: 120 }),
    measured: fc.array(fc.tuple(fc.nat(299), fc.integer({ min: 1, max: 400 })), { maxLength: 40 }),
  })
  .map(({ count, estimate, measured }) => ({
    count,
    estimate,
    heights: new Map(measured.filter(([row]) => row < count)),
  }));

describe("row window", () => {
  describe("given rows of one height", () => {
    const starts = rowStarts(100, 40);
    it("should place each row below the last and total their heights", () => {
      expect(starts[0]).toBe(0);
      expect(starts[3]).toBe(120);
      expect(starts[100]).toBe(4_000);
    });

    it("should show the rows a viewport overlaps, partly shown ones included", () => {
      expect(rowsInView(starts, 0, 200)).toEqual({ first: 0, last: 4 });
      // 50..250: row 1 (40..80) to row 6 (240..280).
      expect(rowsInView(starts, 50, 200)).toEqual({ first: 1, last: 6 });
      // Scrolled past the end (the list shrank under the viewport): the last row.
      expect(rowsInView(starts, 9_000, 200)).toEqual({ first: 99, last: 99 });
    });

    it("should render the overscan around the view and the kept row wherever it is", () => {
      expect(rowsToRender({ first: 10, last: 14 }, 100, 2)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
      expect(rowsToRender({ first: 0, last: 4 }, 100, 2, 99)).toEqual([0, 1, 2, 3, 4, 5, 6, 99]);
      expect(rowsToRender({ first: 95, last: 99 }, 100, 2, 0)).toEqual([0, 93, 94, 95, 96, 97, 98, 99]);
      expect(rowsToRender({ first: 0, last: 4 }, 100, 2, 3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });
  });

  describe("given no rows", () => {
    it("should show and render none", () => {
      const starts = rowStarts(0, 40);
      expect(starts[0]).toBe(0);
      expect(rowsInView(starts, 0, 200)).toBeUndefined();
      expect(rowsToRender(undefined, 0, 2, 0)).toEqual([]);
    });
  });

  describe("given a row to show", () => {
    it("should scroll as little as needed, and not at all when it is in view", () => {
      // A row above the viewport comes in at the top, one below at the bottom.
      expect(scrollToShow(40, 80, 100, 200)).toBe(40);
      expect(scrollToShow(320, 360, 100, 200)).toBe(160);
      expect(scrollToShow(120, 160, 100, 200)).toBeUndefined();
      // A row taller than the viewport shows its top.
      expect(scrollToShow(400, 900, 100, 200)).toBe(400);
    });
  });

  describe("given any heights and scroll position", () => {
    it("should show exactly the rows that overlap the viewport", () => {
      fc.assert(
        fc.property(
          layout,
          fc.nat(40_000),
          fc.integer({ min: 1, max: 1_000 }),
          ({ count, estimate, heights }, top, height) => {
            const starts = rowStarts(count, estimate, heights);
            const view = rowsInView(starts, top, height);
            if (count === 0) {
              expect(view).toBeUndefined();
              return;
            }
            const total = starts[count] as number;
            const overlaps = (row: number) =>
              (starts[row + 1] as number) > top && (starts[row] as number) < top + height;
            const expected = Array.from({ length: count }, (_, row) => row).filter(overlaps);
            if (top >= total) {
              // Past the end: the last row stands in.
              expect(view).toEqual({ first: count - 1, last: count - 1 });
            } else {
              expect(view).toEqual({ first: expected[0], last: expected[expected.length - 1] });
            }
          },
        ),
      );
    });

    it("should render each row once, ascending, the kept row among them", () => {
      fc.assert(
        fc.property(
          layout,
          fc.nat(40_000),
          fc.nat(10),
          fc.nat(299),
          ({ count, estimate, heights }, top, overscan, keep) => {
            const view = rowsInView(rowStarts(count, estimate, heights), top, 300);
            const rows = rowsToRender(view, count, overscan, keep);
            expect([...rows].sort((a, b) => a - b)).toEqual(rows);
            expect(new Set(rows).size).toBe(rows.length);
            for (const row of rows) expect(row >= 0 && row < count).toBe(true);
            if (keep < count) expect(rows).toContain(keep);
            if (view) for (let row = view.first; row <= view.last; row++) expect(rows).toContain(row);
          },
        ),
      );
    });

    it("should leave a row fully in view after scrolling to show it, when it fits", () => {
      fc.assert(
        fc.property(
          fc.nat(10_000),
          fc.integer({ min: 1, max: 500 }),
          fc.nat(10_000),
          fc.integer({ min: 1, max: 800 }),
          (start, size, top, height) => {
            const end = start + size;
            const next = scrollToShow(start, end, top, height) ?? top;
            if (size <= height) {
              expect(next <= start && end <= next + height).toBe(true);
            } else {
              // Taller than the viewport: never wholly in view, so it shows its top.
              expect(scrollToShow(start, end, top, height)).toBe(start);
            }
          },
        ),
      );
    });
  });
});
