import { aspectRatioKind, normalizeRatio } from "../../src/kinds";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

const presets = [{ ratio: "16:9", label: "Widescreen" }, { ratio: "1:1" }, { ratio: "9:16" }];

describe("aspect-ratio kind", () => {
  describe("normalizeRatio", () => {
    it.each([
      ["16:9", 1, 0.5625, 16 / 9],
      ["9:16", 0.5625, 1, 9 / 16],
      ["1:1", 1, 1, 1],
      ["4:3", 1, 0.75, 4 / 3],
      ["32:18", 1, 0.5625, 16 / 9],
      ["99999:1", 1, 1 / 99999, 99999],
    ])("given %s, should make the longer side 1", (ratio, width, height, value) => {
      expect(normalizeRatio(ratio)).toEqual({ ok: true, value: { ratio, width, height, value } });
    });

    it.each(["16/9", "16x9", "0:1", "16:0", "-1:2", "1.5:1", "123456:1", " 16:9", "16:9 ", "016:9", "", ":"])(
      "given %j, should return an issue",
      (ratio) => {
        const result = normalizeRatio(ratio);
        expect(result.ok).toBe(false);
        expect(result.ok ? [] : result.issues).toEqual([issueAt([], 'Must be a ratio like "16:9"')]);
      },
    );
  });

  describe("request", () => {
    it("given presets and custom bounds, should parse them", () => {
      expect(parseOk(aspectRatioKind, { presets, custom: { min: 0.25, max: 4 } })).toEqual({
        kind: "aspect-ratio",
        presets,
        custom: { min: 0.25, max: 4 },
      });
    });

    it("given a bad ratio string, should report it at that preset", () => {
      expect(parseIssues(aspectRatioKind, { presets: [{ ratio: "16/9" }] })).toEqual([
        issueAt(["presets", 0, "ratio"], 'Must be a ratio like "16:9"'),
      ]);
    });

    it("given the same ratio twice (even unreduced), should report the repeat", () => {
      expect(parseIssues(aspectRatioKind, { presets: [...presets, { ratio: "32:18" }] })).toEqual([
        issueAt(["presets", 3, "ratio"], 'Duplicate ratio "32:18" (same as presets.0)'),
      ]);
    });

    it("given custom min greater than max, should report it at custom.min", () => {
      expect(parseIssues(aspectRatioKind, { presets, custom: { min: 4, max: 0.25 } })).toEqual([
        issueAt(["custom", "min"], "min must not be greater than max"),
      ]);
    });

    it("given a zero custom bound, should refuse it", () => {
      expect(parseIssues(aspectRatioKind, { presets, custom: { min: 0, max: 1 } })).toEqual([
        issueAt(["custom", "min"], "greater than 0"),
      ]);
    });

    it("given no presets or 101 presets, should report it at presets", () => {
      expect(parseIssues(aspectRatioKind, { presets: [] })).toEqual([issueAt(["presets"], "at least 1 preset")]);
      const many = Array.from({ length: 101 }, (_, i) => ({ ratio: `${i + 1}:1` }));
      expect(parseIssues(aspectRatioKind, { presets: many })).toEqual([issueAt(["presets"], "at most 100")]);
    });
  });

  describe("answer", () => {
    const presetsOnly = parseOk(aspectRatioKind, { presets });
    const withCustom = parseOk(aspectRatioKind, { presets, custom: { min: 0.5, max: 2 } });

    it("given a preset with its normalized sides, should accept it", () => {
      const value = { ratio: "16:9", width: 1, height: 0.5625 };
      expect(answerOk(aspectRatioKind, presetsOnly, value)).toEqual(value);
      expect(answerOk(aspectRatioKind, presetsOnly, { ratio: "9:16", width: 0.5625, height: 1 })).toBeTruthy();
    });

    it("given an unreduced form of a preset, should accept it as that preset", () => {
      expect(answerOk(aspectRatioKind, presetsOnly, { ratio: "32:18", width: 1, height: 0.5625 })).toBeTruthy();
    });

    it("given sides within 1e-6 of the normalized ones, should accept them", () => {
      expect(answerOk(aspectRatioKind, presetsOnly, { ratio: "16:9", width: 1, height: 0.5625005 })).toBeTruthy();
    });

    it("given a ratio that is not a preset and no custom bounds, should list the offered ratios", () => {
      expect(answerIssues(aspectRatioKind, presetsOnly, { ratio: "4:3", width: 1, height: 0.75 })).toEqual([
        issueAt(["ratio"], '"4:3" is not one of the offered ratios ("16:9", "1:1", "9:16")'),
      ]);
    });

    it("given a custom ratio within the bounds, should accept it", () => {
      expect(answerOk(aspectRatioKind, withCustom, { ratio: "4:3", width: 1, height: 0.75 })).toBeTruthy();
    });

    it("given a custom ratio outside the bounds, should say the range", () => {
      expect(answerIssues(aspectRatioKind, withCustom, { ratio: "3:1", width: 1, height: 1 / 3 })).toEqual([
        issueAt(["ratio"], "outside the allowed range: width/height must be between 0.5 and 2"),
      ]);
    });

    it("given a preset outside the custom bounds, should still accept it (presets are always allowed)", () => {
      expect(answerOk(aspectRatioKind, withCustom, { ratio: "9:16", width: 0.5625, height: 1 })).toBeTruthy();
    });

    it("given wrong normalized sides, should say the expected value", () => {
      expect(answerIssues(aspectRatioKind, presetsOnly, { ratio: "16:9", width: 0.5625, height: 1 })).toEqual([
        issueAt(["width"], "Must be 1 for ratio 16:9"),
        issueAt(["height"], "Must be 0.5625 for ratio 16:9"),
      ]);
    });

    it("given un-normalized sides, should refuse them before the cross-check", () => {
      expect(answerIssues(aspectRatioKind, presetsOnly, { ratio: "16:9", width: 16, height: 9 })).toEqual([
        issueAt(["width"], "Must be at most 1"),
        issueAt(["height"], "Must be at most 1"),
      ]);
    });

    it("given a bad ratio string, should report it at ratio", () => {
      expect(answerIssues(aspectRatioKind, presetsOnly, { ratio: "wide", width: 1, height: 1 })).toEqual([
        issueAt(["ratio"], 'Must be a ratio like "16:9"'),
      ]);
    });
  });
});

describe("aspect-ratio presets that are not ratios", () => {
  it("given a preset whose ratio is not W:H (found by the fuzzer: it overflowed the stack), should refuse it with an issue", () => {
    const result = aspectRatioKind.request.safeParse({
      kind: "aspect-ratio",
      presets: [{ ratio: "javascript:alert(1)" }, { ratio: "16:9" }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["presets", 0, "ratio"]);
  });
});
