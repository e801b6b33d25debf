import { MAX_ITEMS, mediaKind } from "../../src/kinds";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

const items = [
  { id: "a", url: "https://example.com/a.jpg" },
  { id: "b", url: "https://example.com/b.jpg" },
  { id: "c", url: "https://example.com/c.mp4", mediaType: "video", posterUrl: "/posters/c.jpg" },
];

describe("media kind", () => {
  describe("request", () => {
    it("given a minimal payload, should apply the defaults", () => {
      const request = parseOk(mediaKind, { items: [{ id: "a", url: "https://example.com/a.jpg" }] });
      expect(request).toEqual({
        kind: "media",
        items: [{ id: "a", url: "https://example.com/a.jpg", alt: "", mediaType: "image" }],
        min: 1,
        max: 1,
      });
    });

    it("given unknown keys, should drop them (forward compatible)", () => {
      const request = parseOk(mediaKind, { items: [{ ...items[0], blurhash: "x" }], layout: "grid" });
      expect(request).not.toHaveProperty("layout");
      expect(request.items[0]).not.toHaveProperty("blurhash");
    });

    it("given max greater than the number of items, should accept it (the widget clamps)", () => {
      expect(parseOk(mediaKind, { items, min: 0, max: 10 }).max).toBe(10);
    });

    it("given a payload without kind, should report it at kind", () => {
      const parsed = mediaKind.request.safeParse({ items });
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([["kind"]]);
    });

    it("given no items, should say at least one is needed", () => {
      expect(parseIssues(mediaKind, { items: [] })).toContainEqual(issueAt(["items"], "at least 1 item"));
    });

    it("given a duplicate id, should report the repeat at its id", () => {
      const issues = parseIssues(mediaKind, { items: [...items, { id: "a", url: "https://example.com/a2.jpg" }] });
      expect(issues).toEqual([issueAt(["items", 3, "id"], 'Duplicate id "a" (same as items.0)')]);
    });

    it("given min greater than max, should report it at min", () => {
      expect(parseIssues(mediaKind, { items, min: 3, max: 2 })).toContainEqual(issueAt(["min"], "greater than max"));
    });

    it("given min greater than the number of items, should report it as unanswerable", () => {
      expect(parseIssues(mediaKind, { items, min: 4, max: 5 })).toEqual([issueAt(["min"], "cannot be answered")]);
    });

    it("given 10,001 items, should reject them with one issue at items, without parsing each item", () => {
      const tooMany = Array.from({ length: MAX_ITEMS + 1 }, () => ({ not: "an item" }));
      expect(parseIssues(mediaKind, { items: tooMany })).toEqual([issueAt(["items"], "Too many items: at most 10000")]);
    });

    it("given exactly 10,000 items, should accept them", () => {
      const many = Array.from({ length: MAX_ITEMS }, (_, i) => ({ id: `m${i}`, url: `/media/${i}.jpg` }));
      expect(parseOk(mediaKind, { items: many }).items).toHaveLength(MAX_ITEMS);
    });

    it.each([
      ["a non-integer width", { width: 10.5 }, ["items", 0, "width"]],
      ["a zero height", { height: 0 }, ["items", 0, "height"]],
      ["an unknown media type", { mediaType: "gif" }, ["items", 0, "mediaType"]],
      ["a numeric url", { url: 42 }, ["items", 0, "url"]],
      ["an empty id", { id: "" }, ["items", 0, "id"]],
      ["an over-long id", { id: "x".repeat(257) }, ["items", 0, "id"]],
      ["an over-long url", { url: `https://e.com/${"a".repeat(8192)}` }, ["items", 0, "url"]],
    ])("given %s, should report it at its path", (_, patch, path) => {
      const issues = parseIssues(mediaKind, { items: [{ ...items[0], ...patch }] });
      expect(issues.map((issue) => issue.path)).toEqual([path]);
    });

    it("given a negative min, should report it at min", () => {
      expect(parseIssues(mediaKind, { items, min: -1 }).map((issue) => issue.path)).toEqual([["min"]]);
    });
  });

  describe("answer", () => {
    const request = parseOk(mediaKind, { items, min: 1, max: 2 });

    it("given ids that exist within the bounds, should accept them in the chosen order", () => {
      expect(answerOk(mediaKind, request, { selected: ["c", "a"] })).toEqual({ selected: ["c", "a"] });
    });

    it("given an unknown id, should report it at its index", () => {
      expect(answerIssues(mediaKind, request, { selected: ["a", "zzz"] })).toEqual([
        issueAt(["selected", 1], 'Unknown id "zzz"'),
      ]);
    });

    it("given a repeated id, should report the repeat", () => {
      expect(answerIssues(mediaKind, request, { selected: ["a", "a"] })).toEqual([
        issueAt(["selected", 1], "selected more than once"),
      ]);
    });

    it("given too many ids, should say the maximum", () => {
      expect(answerIssues(mediaKind, request, { selected: ["a", "b", "c"] })).toEqual([
        issueAt(["selected"], "Select at most 2 items (got 3)"),
      ]);
    });

    it("given too few ids, should say the minimum", () => {
      expect(answerIssues(mediaKind, request, { selected: [] })).toEqual([
        issueAt(["selected"], "Select at least 1 item (got 0)"),
      ]);
    });

    it("given an extra key, should refuse it (answers are strict)", () => {
      expect(answerIssues(mediaKind, request, { selected: ["a"], note: "x" })).toEqual([
        issueAt([], 'Unrecognized key: "note"'),
      ]);
    });

    it("given a non-array selection, should report it at selected", () => {
      expect(answerIssues(mediaKind, request, { selected: "a" }).map((issue) => issue.path)).toEqual([["selected"]]);
    });
  });
});
