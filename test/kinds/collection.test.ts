import { validateAnswer } from "../../src/core";
import { MAX_SOURCE_QUERY_LENGTH, mediaKind, templateKind } from "../../src/kinds";
import { readAnswer } from "../../src/server";
import { issueAt, parseIssues, parseOk } from "./helpers";

const source = { id: "library", query: "sunset" };
const loaded = [
  { id: "m1", url: "data:image/png;base64,AAAA", alt: "One" },
  { id: "m2", url: "data:image/png;base64,AAAA", alt: "Two" },
];

describe("remote collections in kinds", () => {
  describe("media request", () => {
    it("given a source instead of items, should accept it with no items", () => {
      const request = parseOk(mediaKind, { source, max: 3 });
      expect(request.source).toEqual(source);
      expect(request.items).toEqual([]);
    });

    it("given min above the (unknown) size of a source, should accept it", () => {
      expect(parseOk(mediaKind, { source, min: 5, max: 5 }).min).toBe(5);
    });

    it("given both items and a source, should refuse it at source", () => {
      expect(parseIssues(mediaKind, { items: loaded, source })).toContainEqual(issueAt(["source"], "not both"));
    });

    it("given neither items nor a source, should say one is needed", () => {
      expect(parseIssues(mediaKind, {})).toContainEqual(issueAt(["items"], "or name a source"));
    });

    it("given an over-long query or an empty source id, should refuse them with readable issues", () => {
      const issues = parseIssues(mediaKind, { source: { id: "", query: "q".repeat(MAX_SOURCE_QUERY_LENGTH + 1) } });
      expect(issues).toContainEqual(issueAt(["source", "id"], "Must not be empty"));
      expect(issues).toContainEqual(issueAt(["source", "query"], `at most ${MAX_SOURCE_QUERY_LENGTH}`));
    });

    it("given unknown keys in a source, should refuse them (a source is strict)", () => {
      expect(parseIssues(mediaKind, { source: { id: "library", url: "https://x" } })).toHaveLength(1);
    });
  });

  describe("answers to a source", () => {
    const request = parseOk(mediaKind, { source, min: 1, max: 2 });

    it("given the loaded items, should accept a selection among them", () => {
      expect(validateAnswer(mediaKind, request, { selected: ["m2", "m1"] }, { items: loaded })).toEqual({
        ok: true,
        value: { selected: ["m2", "m1"] },
      });
    });

    it("given the loaded items, should refuse an id the loader never returned", () => {
      const result = validateAnswer(mediaKind, request, { selected: ["m1", "forged"] }, { items: loaded });
      expect(result.ok ? [] : result.issues).toEqual([issueAt(["selected", 1], 'Unknown id "forged"')]);
    });

    it("given a hostile item among the known ones, should not let it vouch for its id", () => {
      const hostile = [{ id: "evil", url: 42 }];
      const result = validateAnswer(mediaKind, request, { selected: ["evil"] }, { items: hostile });
      expect(result.ok ? [] : result.issues).toEqual([issueAt(["selected", 0], 'Unknown id "evil"')]);
    });

    it("given no known items (a server), should still check counts and repeats", () => {
      const result = validateAnswer(mediaKind, request, { selected: ["a", "a", "b"] });
      expect(result.ok ? [] : result.issues.map((issue) => issue.message)).toEqual([
        '"a" is selected more than once',
        "Select at most 2 items (got 3)",
      ]);
    });

    it("given a server that looked the chosen ids up itself, should refuse one its backend lacks", () => {
      const result = readAnswer(
        mediaKind,
        request,
        { type: "value", value: { selected: ["m1", "m9"] } },
        { items: loaded },
      );
      expect(result).toMatchObject({ status: "invalid", issues: [issueAt(["selected", 1], 'Unknown id "m9"')] });
    });

    it("given a server reading an answer to a source, should accept ids it cannot see", () => {
      expect(readAnswer(mediaKind, request, { type: "value", value: { selected: ["m9"] } })).toEqual({
        status: "answered",
        value: { selected: ["m9"] },
      });
    });
  });

  describe("template request", () => {
    const request = parseOk(templateKind, { source: { id: "catalogue" } });
    const templates = [
      { id: "t1", name: "Launch", variables: [{ name: "product", label: "Product", required: true }] },
    ];

    it("given a source, should accept it with no templates", () => {
      expect(request.templates).toEqual([]);
    });

    it("given the loaded templates, should check the chosen template's variables", () => {
      const result = validateAnswer(templateKind, request, { templateId: "t1", variables: {} }, { items: templates });
      expect(result.ok ? [] : result.issues).toEqual([issueAt(["variables", "product"], "Required")]);
    });

    it("given the loaded templates, should refuse a template the loader never returned", () => {
      const result = validateAnswer(templateKind, request, { templateId: "t2" }, { items: templates });
      expect(result.ok ? [] : result.issues).toEqual([issueAt(["templateId"], 'Unknown template "t2"')]);
    });
  });
});
