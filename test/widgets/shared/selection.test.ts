import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addToSelection,
  byPosition,
  clearSelection,
  removeFromSelection,
  type SelectionResult,
  type SelectionRules,
  selectAllVisible,
  setInSelection,
  toggleSelection,
} from "../../../src/widgets/shared/selection";

const multiple = (max: number, extra: Partial<SelectionRules<string>> = {}): SelectionRules<string> => ({
  mode: "multiple",
  max,
  ...extra,
});
const applied = <Id>(selected: readonly Id[], result: SelectionResult<Id>): readonly Id[] =>
  result.type === "changed" ? result.selected : selected;

const ids = ["a", "b", "c", "d", "e", "f"];
const arbitraryIds = fc.uniqueArray(fc.constantFrom(...ids), { maxLength: ids.length });
const operation = fc.oneof(
  fc.record({ type: fc.constant("toggle" as const), id: fc.constantFrom(...ids) }),
  fc.record({ type: fc.constant("selectAll" as const), visible: arbitraryIds }),
  fc.record({ type: fc.constant("clear" as const) }),
);

describe("selection model", () => {
  describe("given multiple mode", () => {
    it("should keep the order ids were chosen in and refuse past max", () => {
      const rules = multiple(2);
      expect(toggleSelection(["a"], "b", rules)).toEqual({ type: "changed", selected: ["a", "b"] });
      expect(toggleSelection(["a", "b"], "a", rules)).toEqual({ type: "changed", selected: ["b"] });
      expect(toggleSelection(["a", "b"], "c", rules)).toEqual({ type: "refused", reason: "max" });
    });

    it("should keep option order when given a comparator", () => {
      const rules = multiple(5, { compare: byPosition(ids) });
      expect(addToSelection(["c"], "a", rules)).toEqual({ type: "changed", selected: ["a", "c"] });
      expect(selectAllVisible(["e"], ["d", "b"], rules)).toEqual({ type: "changed", selected: ["b", "d", "e"] });
    });
  });

  describe("given single mode", () => {
    it("should replace the choice and un-choose it on a second toggle", () => {
      const rules: SelectionRules<string> = { mode: "single", max: 1 };
      expect(toggleSelection(["a"], "b", rules)).toEqual({ type: "changed", selected: ["b"] });
      expect(toggleSelection(["b"], "b", rules)).toEqual({ type: "changed", selected: [] });
    });
  });

  describe("given disabled ids", () => {
    const rules = multiple(5, { isDisabled: (id) => id === "c" });
    it("should refuse choosing them and leave them out of select-all", () => {
      expect(addToSelection([], "c", rules)).toEqual({ type: "refused", reason: "disabled" });
      expect(selectAllVisible([], ["a", "c"], rules)).toEqual({ type: "changed", selected: ["a"] });
    });
    it("should still let a disabled id be un-chosen", () => {
      expect(setInSelection(["c"], "c", false, rules)).toEqual({ type: "changed", selected: [] });
    });
  });

  describe("given select-all and clear", () => {
    it("should add all or nothing within max and clear everything", () => {
      expect(selectAllVisible(["a"], ["b", "c"], multiple(2))).toEqual({ type: "refused", reason: "max" });
      expect(selectAllVisible(["a"], ["a"], multiple(2))).toEqual({ type: "unchanged" });
      expect(clearSelection(["a", "b"])).toEqual({ type: "changed", selected: [] });
      expect(clearSelection([])).toEqual({ type: "unchanged" });
      expect(removeFromSelection(["a"], "b")).toEqual({ type: "unchanged" });
    });
  });

  describe("given any sequence of operations", () => {
    it("should never hold duplicates, a disabled newcomer or more than max", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 6 }),
          fc.constantFrom<"single" | "multiple">("single", "multiple"),
          fc.subarray(ids),
          fc.array(operation, { maxLength: 30 }),
          (max, mode, disabled, operations) => {
            const rules: SelectionRules<string> = { mode, max, isDisabled: (id) => disabled.includes(id) };
            const limit = mode === "single" ? 1 : max;
            let selected: readonly string[] = [];
            for (const op of operations) {
              const result =
                op.type === "toggle"
                  ? toggleSelection(selected, op.id, rules)
                  : op.type === "selectAll"
                    ? selectAllVisible(selected, op.visible, rules)
                    : clearSelection(selected);
              selected = applied(selected, result);
              expect(new Set(selected).size).toBe(selected.length);
              expect(selected.length).toBeLessThanOrEqual(limit);
              expect(selected.some((id) => disabled.includes(id))).toBe(false);
            }
          },
        ),
      );
    });

    it("should undo a successful toggleSelection with a second toggleSelection (multiple mode)", () => {
      fc.assert(
        fc.property(arbitraryIds, fc.constantFrom(...ids), (start, id) => {
          const rules = multiple(ids.length);
          const once = applied(start, toggleSelection(start, id, rules));
          const twice = applied(once, toggleSelection(once, id, rules));
          expect(new Set(twice)).toEqual(new Set(start));
        }),
      );
    });
  });
});
