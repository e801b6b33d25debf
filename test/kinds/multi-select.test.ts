import { MAX_ITEMS, multiSelectBounds, multiSelectKind } from "../../src/kinds";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

const options = [
  { id: "red", label: "Red" },
  { id: "green", label: "Green", group: "Cool" },
  { id: "blue", label: "Blue", group: "Cool", description: "Like the sky" },
  { id: "black", label: "Black", disabled: true },
];

describe("multi-select kind", () => {
  describe("request", () => {
    it("given a minimal payload, should apply the defaults", () => {
      const request = parseOk(multiSelectKind, { options: [{ id: "a", label: "A" }] });
      expect(request).toEqual({ kind: "multi-select", options: [{ id: "a", label: "A", disabled: false }], min: 0 });
    });

    it("given no max, should bound the count by the number of options", () => {
      expect(multiSelectBounds(parseOk(multiSelectKind, { options }))).toEqual({ min: 0, max: 4 });
      expect(multiSelectBounds(parseOk(multiSelectKind, { options, min: 1, max: 2 }))).toEqual({ min: 1, max: 2 });
    });

    it("given a duplicate id, should report the repeat at its id", () => {
      expect(parseIssues(multiSelectKind, { options: [...options, { id: "red", label: "Rot" }] })).toEqual([
        issueAt(["options", 4, "id"], 'Duplicate id "red"'),
      ]);
    });

    it("given min greater than max, should report it at min", () => {
      expect(parseIssues(multiSelectKind, { options, min: 3, max: 2 })).toEqual([issueAt(["min"], "greater than max")]);
    });

    it("given min greater than the enabled options, should report it as unanswerable", () => {
      expect(parseIssues(multiSelectKind, { options, min: 4 })).toEqual([
        issueAt(["min"], "more than the 3 enabled options"),
      ]);
    });

    it("given max 0, should report it at max", () => {
      expect(parseIssues(multiSelectKind, { options, max: 0 }).map((issue) => issue.path)).toEqual([["max"]]);
    });

    it("given an empty label, should report it at the label", () => {
      expect(parseIssues(multiSelectKind, { options: [{ id: "a", label: "" }] })).toEqual([
        issueAt(["options", 0, "label"], "Must not be empty"),
      ]);
    });

    it("given 10,001 options, should reject them at options", () => {
      const tooMany = Array.from({ length: MAX_ITEMS + 1 }, (_, i) => ({ id: `o${i}`, label: `O${i}` }));
      expect(parseIssues(multiSelectKind, { options: tooMany })).toEqual([issueAt(["options"], "Too many options")]);
    });
  });

  describe("answer", () => {
    const request = parseOk(multiSelectKind, { options, min: 1, max: 2 });

    it("given enabled ids within the bounds, should accept them", () => {
      expect(answerOk(multiSelectKind, request, { selected: ["blue", "red"] })).toEqual({ selected: ["blue", "red"] });
    });

    it("given a disabled option, should refuse it", () => {
      expect(answerIssues(multiSelectKind, request, { selected: ["black"] })).toEqual([
        issueAt(["selected", 0], '"black" is disabled'),
      ]);
    });

    it("given an unknown id, should report it at its index", () => {
      expect(answerIssues(multiSelectKind, request, { selected: ["red", "pink"] })).toEqual([
        issueAt(["selected", 1], 'Unknown id "pink"'),
      ]);
    });

    it("given a repeated id, should report the repeat", () => {
      expect(answerIssues(multiSelectKind, request, { selected: ["red", "red"] })).toEqual([
        issueAt(["selected", 1], "more than once"),
      ]);
    });

    it("given too many or too few, should say the bound", () => {
      expect(answerIssues(multiSelectKind, request, { selected: ["red", "green", "blue"] })).toEqual([
        issueAt(["selected"], "Select at most 2 options"),
      ]);
      expect(answerIssues(multiSelectKind, request, { selected: [] })).toEqual([
        issueAt(["selected"], "Select at least 1 option"),
      ]);
    });

    it("given no max and every enabled option, should accept them", () => {
      const open = parseOk(multiSelectKind, { options });
      expect(answerOk(multiSelectKind, open, { selected: ["red", "green", "blue"] }).selected).toHaveLength(3);
    });
  });
});
