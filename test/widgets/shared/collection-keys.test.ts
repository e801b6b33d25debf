import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyTypeahead,
  isTypeaheadKey,
  moveIndex,
  moveInRow,
  nearestEnabled,
  resolveCollectionKey,
  TYPEAHEAD_RESET_MS,
  typeahead,
} from "../../../src/widgets/shared/collection-keys";

const KEYS = ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "PageDown", "PageUp", "Home", "End"];

describe("collection keys", () => {
  describe("given a grid of 10 items in 4 columns", () => {
    const shape = { count: 10, columns: 4, pageRows: 2 };
    it("should move by columns and stop at the edges", () => {
      expect(moveIndex(1, "ArrowDown", shape)).toBe(5);
      expect(moveIndex(5, "ArrowDown", shape)).toBe(9);
      // Column 2 has no item on the short last row: land on the last item.
      expect(moveIndex(6, "ArrowDown", shape)).toBe(9);
      expect(moveIndex(9, "ArrowDown", shape)).toBe(9);
      expect(moveIndex(2, "ArrowUp", shape)).toBe(2);
      expect(moveIndex(3, "ArrowRight", shape)).toBe(4);
      expect(moveIndex(0, "ArrowLeft", shape)).toBe(0);
      expect(moveIndex(1, "PageDown", shape)).toBe(9);
      expect(moveIndex(9, "PageUp", shape)).toBe(1);
      expect(moveIndex(4, "End", shape)).toBe(9);
      expect(moveIndex(4, { key: "Home", ctrlKey: true }, shape)).toBe(0);
      expect(moveIndex(4, "a", shape)).toBeUndefined();
    });
  });

  describe("given a list", () => {
    const shape = { count: 5, columns: 1, pageRows: 2 };
    it("should move by one and page, and leave Left/Right alone", () => {
      expect(moveIndex(0, "ArrowDown", shape)).toBe(1);
      expect(moveIndex(0, "ArrowUp", shape)).toBe(0);
      expect(moveIndex(0, "PageDown", shape)).toBe(2);
      expect(moveIndex(2, "ArrowRight", shape)).toBeUndefined();
      expect(moveIndex(2, "ArrowLeft", shape)).toBeUndefined();
    });
    it("should not move in an empty list", () => {
      expect(moveIndex(0, "ArrowDown", { count: 0, columns: 1, pageRows: 1 })).toBeUndefined();
    });
  });

  describe("given any shape and key", () => {
    it("should always land on an existing item", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 500 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 20 }),
          fc.integer({ min: -5, max: 600 }),
          fc.constantFrom(...KEYS),
          (count, columns, pageRows, index, key) => {
            const next = moveIndex(index, key, { count, columns, pageRows });
            if (next === undefined) return;
            expect(next).toBeGreaterThanOrEqual(0);
            expect(next).toBeLessThan(count);
          },
        ),
      );
    });
    it("should undo ArrowDown with ArrowUp away from the last row", () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 200 }), (columns, index) => {
          const shape = { count: 1000, columns, pageRows: 3 };
          const down = moveIndex(index, "ArrowDown", shape) ?? -1;
          expect(moveIndex(down, "ArrowUp", shape)).toBe(index);
        }),
      );
    });
  });

  describe("given disabled items", () => {
    const disabled = (indices: number[]) => (index: number) => indices.includes(index);
    it("should pass over them in the direction of travel, else step back towards the start", () => {
      expect(nearestEnabled(2, 1, 5, disabled([2]))).toBe(3);
      expect(nearestEnabled(2, 3, 5, disabled([2]))).toBe(1);
      // End on a disabled last item: the one before it; Home on a disabled first: the one after.
      expect(nearestEnabled(4, 1, 5, disabled([4]))).toBe(3);
      expect(nearestEnabled(0, 3, 5, disabled([0]))).toBe(1);
      expect(nearestEnabled(1, 0, 3, disabled([0, 1, 2]))).toBeUndefined();
    });
    it("should always return an enabled item when there is one", () => {
      fc.assert(
        fc.property(
          fc
            .integer({ min: 1, max: 30 })
            .chain((count) =>
              fc.tuple(
                fc.constant(count),
                fc.nat({ max: count - 1 }),
                fc.nat({ max: count - 1 }),
                fc.subarray(Array.from({ length: count }, (_, index) => index)),
              ),
            ),
          ([count, target, from, off]) => {
            const found = nearestEnabled(target, from, count, disabled(off));
            if (off.length === count) expect(found).toBeUndefined();
            else {
              expect(found).toBeDefined();
              expect(off).not.toContain(found);
            }
          },
        ),
      );
    });
  });

  describe("given type-ahead", () => {
    const labels = ["Apple", "Apricot", "Banana", "Blueberry", "avocado"];
    const over = (active: number) => ({
      active,
      count: labels.length,
      labelOf: (index: number) => labels[index] ?? "",
    });

    it("should find the next label starting with the typed letters, ignoring case", () => {
      const first = typeahead(emptyTypeahead, "b", 0, over(0));
      expect(first.index).toBe(2);
      const second = typeahead(first.state, "l", 10, over(2));
      expect(second.index).toBe(3);
    });

    it("should cycle through items on the same letter and wrap around", () => {
      let state = emptyTypeahead;
      const seen: (number | undefined)[] = [];
      let active = 0;
      for (const at of [0, 50, 100]) {
        const found = typeahead(state, "a", at, over(active));
        state = found.state;
        active = found.index ?? active;
        seen.push(found.index);
      }
      expect(seen).toEqual([1, 4, 0]);
    });

    it("should start a new search after a pause", () => {
      const first = typeahead(emptyTypeahead, "b", 0, over(0));
      const later = typeahead(first.state, "a", TYPEAHEAD_RESET_MS + 1, over(2));
      expect(later.state.buffer).toBe("a");
      expect(later.index).toBe(4);
    });

    it("should leave Space to the item unless a word is being typed", () => {
      expect(isTypeaheadKey({ key: " " }, emptyTypeahead, 0)).toBe(false);
      expect(isTypeaheadKey({ key: " " }, { buffer: "new", at: 0 }, 10)).toBe(true);
      expect(isTypeaheadKey({ key: "a", ctrlKey: true }, emptyTypeahead, 0)).toBe(false);
      expect(isTypeaheadKey({ key: "ArrowDown" }, emptyTypeahead, 0)).toBe(false);
    });
  });
});

describe("moveInRow (radio groups, toggle rows)", () => {
  it("given every arrow, should step forward or back and wrap at the ends", () => {
    expect(moveInRow(0, "ArrowRight", 3)).toBe(1);
    expect(moveInRow(0, "ArrowDown", 3)).toBe(1);
    expect(moveInRow(2, "ArrowDown", 3)).toBe(0);
    expect(moveInRow(0, "ArrowUp", 3)).toBe(2);
    expect(moveInRow(1, "ArrowLeft", 3)).toBe(0);
    expect(moveInRow(1, "Home", 3)).toBe(0);
    expect(moveInRow(1, "End", 3)).toBe(2);
    expect(moveInRow(1, "Enter", 3)).toBeUndefined();
    expect(moveInRow(0, "ArrowDown", 0)).toBeUndefined();
  });

  it("given disabled items, should skip them, and find none when all are disabled", () => {
    const disabled = (index: number) => index === 1 || index === 0;
    expect(moveInRow(2, "ArrowDown", 4, disabled)).toBe(3);
    expect(moveInRow(3, "ArrowDown", 4, disabled)).toBe(2);
    expect(moveInRow(2, "Home", 4, disabled)).toBe(2);
    expect(moveInRow(2, "ArrowUp", 4, () => true)).toBeUndefined();
  });

  it("given any row and key, should land on an enabled item within the row", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 19 }),
        fc.constantFrom("ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End"),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        (count, from, key, flags) => {
          const index = from % count;
          const next = moveInRow(index, key, count, (i) => flags[i] === true);
          const anyEnabled = flags.slice(0, count).some((flag) => !flag);
          if (!anyEnabled) return next === undefined;
          return next !== undefined && next >= 0 && next < count && flags[next] !== true;
        },
      ),
    );
  });
});

describe("resolveCollectionKey", () => {
  const labels = ["Apple", "Banana", "Blueberry", "Cherry"];
  const shape = { active: 0, count: 4, columns: 1, pageRows: 2, labelOf: (index: number) => labels[index] ?? "" };
  const key = (name: string, now = 1_000) => ({ key: name, now });

  it("should move with the arrows and type ahead by label, and leave Space, Enter and modified keys alone", () => {
    expect(resolveCollectionKey(key("ArrowDown"), emptyTypeahead, shape)?.target).toBe(1);
    expect(resolveCollectionKey(key("b"), emptyTypeahead, shape)?.target).toBe(1);
    expect(resolveCollectionKey(key("c"), emptyTypeahead, shape)?.target).toBe(3);
    expect(resolveCollectionKey(key(" "), emptyTypeahead, shape)).toBeUndefined();
    expect(resolveCollectionKey(key("Enter"), emptyTypeahead, shape)).toBeUndefined();
    expect(resolveCollectionKey({ ...key("ArrowDown"), altKey: true }, emptyTypeahead, shape)).toBeUndefined();
  });

  it("should pass over disabled items, by arrow and by type-ahead", () => {
    const isDisabled = (index: number) => index === 1;
    expect(resolveCollectionKey(key("ArrowDown"), emptyTypeahead, { ...shape, isDisabled })?.target).toBe(2);
    expect(resolveCollectionKey(key("b"), emptyTypeahead, { ...shape, isDisabled })?.target).toBe(2);
  });

  it("should keep typing into one word within the pause", () => {
    const first = resolveCollectionKey(key("b", 1_000), emptyTypeahead, shape);
    const second = resolveCollectionKey(key("l", 1_100), first?.typeahead ?? emptyTypeahead, { ...shape, active: 1 });
    expect(second?.target).toBe(2);
  });
});
