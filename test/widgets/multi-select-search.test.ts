import fc from "fast-check";
import { MAX_SOURCE_QUERY_LENGTH } from "../../src/kinds/limits";
import {
  foldSearchText,
  matchesSearch,
  matchesWords,
  SEARCH_MAX_LENGTH,
  searchWords,
} from "../../src/widgets/shared/search";

/** The shared search rule (`src/widgets/shared/search.ts`), which the multi-select uses first. */
describe("search rule", () => {
  it("should match when every word is somewhere in the text, in any order", () => {
    expect(matchesSearch("payments-ledger-v2", "ledger payments")).toBe(true);
    expect(matchesSearch("Berry 12", "berr 1")).toBe(true);
    expect(matchesSearch("Nut 3\nTastes like BERRIES", "berr")).toBe(true);
    expect(matchesSearch("Berry 12", "berry 3")).toBe(false);
  });

  it("should ignore case and accents on both sides", () => {
    expect(matchesSearch("Crème Brûlée", "creme brulee")).toBe(true);
    expect(matchesSearch("creme", "CRÈME")).toBe(true);
    expect(matchesSearch("São Paulo", "sao")).toBe(true);
    expect(matchesSearch("ﬁle", "fi")).toBe(true);
    expect(foldSearchText("ＡＢＣ Ĳ")).toBe("abc ij");
  });

  it("should match everything for a blank query", () => {
    expect(searchWords("  \t\n ")).toEqual([]);
    expect(matchesSearch("anything", "   ")).toBe(true);
  });

  it("should read the query up to the shared length limit", () => {
    expect(SEARCH_MAX_LENGTH).toBe(MAX_SOURCE_QUERY_LENGTH);
    const long = `${"a".repeat(SEARCH_MAX_LENGTH)} zzz`;
    expect(searchWords(long)).toEqual(["a".repeat(SEARCH_MAX_LENGTH)]);
  });

  it("given any text, should find it by any of its own words, in any case", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), (parts) => {
        const text = parts.join(" ");
        const words = searchWords(text.toUpperCase());
        expect(matchesWords(foldSearchText(text), words)).toBe(true);
        for (const word of words) expect(matchesWords(foldSearchText(text), [word])).toBe(true);
      }),
    );
  });
});
