import { z } from "zod";
import {
  listSchema,
  MAX_DESCRIPTION_LENGTH,
  MAX_FORM_FIELDS,
  MAX_ID_LENGTH,
  MAX_ITEMS,
  MAX_LABEL_LENGTH,
  MAX_TAGS,
  MAX_TEMPLATE_VARIABLES,
  MAX_URL_LENGTH,
  nameSchema,
  urlSchema,
} from "../../src/kinds";
import { describeChoices, findDuplicates } from "../../src/kinds/schema-parts";

describe("limits", () => {
  it("given the documented limits, should expose them as named constants", () => {
    expect({
      MAX_ITEMS,
      MAX_ID_LENGTH,
      MAX_LABEL_LENGTH,
      MAX_DESCRIPTION_LENGTH,
      MAX_URL_LENGTH,
      MAX_TAGS,
      MAX_TEMPLATE_VARIABLES,
      MAX_FORM_FIELDS,
    }).toEqual({
      MAX_ITEMS: 10_000,
      MAX_ID_LENGTH: 256,
      MAX_LABEL_LENGTH: 500,
      MAX_DESCRIPTION_LENGTH: 5_000,
      MAX_URL_LENGTH: 8_192,
      MAX_TAGS: 50,
      MAX_TEMPLATE_VARIABLES: 100,
      MAX_FORM_FIELDS: 500,
    });
  });

  describe("listSchema", () => {
    it("given a list over the limit, should report one readable issue without parsing the items", () => {
      let parsedItems = 0;
      const item = z.string().refine(() => {
        parsedItems += 1;
        return true;
      });
      const result = listSchema(item, { max: 3, noun: "items" }).safeParse(["a", "b", "c", "d"]);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Too many items: at most 3 allowed"]);
      expect(parsedItems).toBe(0);
    });

    it("given an empty list with min 1, should say what is missing in the singular", () => {
      const result = listSchema(z.string(), { min: 1, max: 3, noun: "options" }).safeParse([]);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Must have at least 1 option"]);
    });
  });

  describe("urlSchema", () => {
    it("given a URL one character over the limit, should refuse it; at the limit, should accept it", () => {
      const atLimit = `https://e.com/${"a".repeat(MAX_URL_LENGTH - 14)}`;
      expect(atLimit).toHaveLength(MAX_URL_LENGTH);
      expect(urlSchema.safeParse(atLimit).success).toBe(true);
      expect(urlSchema.safeParse(`${atLimit}a`).error?.issues[0]?.message).toBe("Must be at most 8192 characters");
    });

    it("given a javascript: URL, should accept it (schemes are checked at display time)", () => {
      expect(urlSchema.safeParse("javascript:alert(1)").success).toBe(true);
    });
  });

  describe("nameSchema", () => {
    it.each(["firstName", "first_name", "first-name", "a.b", "x1"])("given %j, should accept it", (name) => {
      expect(nameSchema.safeParse(name).success).toBe(true);
    });

    it.each(["", "1st", "__proto__", "_x", "first name", "a/b", "a".repeat(101)])(
      "given %j, should refuse it",
      (name) => {
        expect(nameSchema.safeParse(name).success).toBe(false);
      },
    );
  });

  describe("findDuplicates", () => {
    it("given repeated values, should report each repeat with its first index", () => {
      expect(findDuplicates(["a", "b", "a", "c", "b", "a"])).toEqual([
        { index: 2, firstIndex: 0, value: "a" },
        { index: 4, firstIndex: 1, value: "b" },
        { index: 5, firstIndex: 0, value: "a" },
      ]);
    });

    it("given distinct values, should report nothing", () => {
      expect(findDuplicates(["a", "b", "c"])).toEqual([]);
    });
  });

  describe("describeChoices", () => {
    it("given a long list, should quote the first ones and count the rest", () => {
      expect(describeChoices(["a", "b", "c", "d"], 2)).toBe('"a", "b", … (2 more)');
      expect(describeChoices(["a", "b"], 2)).toBe('"a", "b"');
    });
  });
});
