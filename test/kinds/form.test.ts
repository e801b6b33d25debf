import { compilePattern, formDefaults, formKind, formValuesSchema, isIsoDate, MAX_FORM_FIELDS } from "../../src/kinds";
import { loadPatternEngine } from "../../src/kinds/pattern-engine";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

// The payloads below are parsed as this module loads, before test/setup.ts's hooks run.
await loadPatternEngine();

const fields = [
  { type: "text", name: "name", label: "Name", required: true, maxLength: 10 },
  { type: "textarea", name: "bio", label: "Bio", minLength: 3 },
  { type: "email", name: "email", label: "Email" },
  { type: "url", name: "site", label: "Website" },
  { type: "text", name: "code", label: "Code", pattern: "[A-Z]{3}|[0-9]{2}" },
  { type: "number", name: "age", label: "Age", min: 18, max: 120, integer: true },
  { type: "number", name: "price", label: "Price", step: 0.1 },
  { type: "date", name: "start", label: "Start", min: "2024-01-01", max: "2024-12-31", default: "2024-06-01" },
  {
    type: "select",
    name: "size",
    label: "Size",
    options: [
      { value: "s", label: "Small" },
      { value: "m", label: "Medium" },
    ],
    default: "m",
  },
  {
    type: "multiselect",
    name: "tags",
    label: "Tags",
    options: [
      { value: "a", label: "A" },
      { value: "b", label: "B" },
      { value: "c", label: "C" },
    ],
    min: 2,
    max: 2,
  },
  { type: "checkbox", name: "terms", label: "I agree", required: true },
  { type: "checkbox", name: "news", label: "Newsletter", default: true },
];

const validValues = {
  name: "Ada",
  bio: "",
  email: "ada@example.com",
  site: "https://example.com",
  code: "ABC",
  age: 36,
  price: 0.3,
  start: "2024-03-01",
  size: "s",
  tags: ["a", "c"],
  terms: true,
  news: false,
};

const request = parseOk(formKind, { fields, submitLabel: "Send" });
/** The issues of `validValues` with some values replaced (`undefined` removes the key, as JSON would). */
function field(patch: Record<string, unknown>) {
  const values: Record<string, unknown> = { ...validValues, ...patch };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete values[key];
  return answerIssues(formKind, request, { values });
}

describe("form kind", () => {
  describe("request", () => {
    it("given every field type, should parse them with defaults applied", () => {
      expect(request.fields.map((f) => [f.type, f.required])).toEqual([
        ["text", true],
        ["textarea", false],
        ["email", false],
        ["url", false],
        ["text", false],
        ["number", false],
        ["number", false],
        ["date", false],
        ["select", false],
        ["multiselect", false],
        ["checkbox", true],
        ["checkbox", false],
      ]);
      expect(request.submitLabel).toBe("Send");
    });

    it("given a duplicate field name, should report the repeat", () => {
      expect(parseIssues(formKind, { fields: [...fields, { type: "text", name: "email", label: "Again" }] })).toEqual([
        issueAt(["fields", 12, "name"], 'Duplicate name "email"'),
      ]);
    });

    it("given an unknown field type, should name the allowed types", () => {
      expect(parseIssues(formKind, { fields: [{ type: "color", name: "c", label: "C" }] })).toEqual([
        issueAt(["fields", 0, "type"], 'Must have a "type" of text, textarea, email'),
      ]);
    });

    it("given an uncompilable pattern, should report it at the pattern", () => {
      expect(parseIssues(formKind, { fields: [{ type: "text", name: "x", label: "X", pattern: "([a-z]" }] })).toEqual([
        issueAt(["fields", 0, "pattern"], "Not a pattern that can be matched safely"),
      ]);
    });

    it.each([
      ["a backreference", "(a)\\1"],
      ["a lookahead", "(?=a)a"],
      ["a lookbehind", "(?<=a)b"],
    ])("given %s (no linear-time match exists), should refuse the pattern with the reason", (_, pattern) => {
      expect(parseIssues(formKind, { fields: [{ type: "text", name: "x", label: "X", pattern }] })).toEqual([
        issueAt(["fields", 0, "pattern"], "no backreferences or lookaround"),
      ]);
    });

    it("given a pattern over 500 characters, should refuse it", () => {
      const pattern = "a".repeat(501);
      expect(parseIssues(formKind, { fields: [{ type: "text", name: "x", label: "X", pattern }] })).toEqual([
        issueAt(["fields", 0, "pattern"], "at most 500 characters"),
      ]);
    });

    it.each([
      ["minLength > maxLength", { type: "text", minLength: 5, maxLength: 2 }, ["fields", 0, "minLength"]],
      ["number min > max", { type: "number", min: 5, max: 2 }, ["fields", 0, "min"]],
      ["a zero step", { type: "number", step: 0 }, ["fields", 0, "step"]],
      ["date min after max", { type: "date", min: "2024-02-01", max: "2024-01-01" }, ["fields", 0, "min"]],
      ["an impossible date", { type: "date", max: "2023-02-29" }, ["fields", 0, "max"]],
      ["a non-ISO date", { type: "date", default: "01/02/2024" }, ["fields", 0, "default"]],
      ["a number default for text", { type: "text", default: 5 }, ["fields", 0, "default"]],
      ["a string default for a number", { type: "number", default: "5" }, ["fields", 0, "default"]],
      ["a select without options", { type: "select", options: [] }, ["fields", 0, "options"]],
      [
        "a select default that is not an option",
        { type: "select", options: [{ value: "a", label: "A" }], default: "b" },
        ["fields", 0, "default"],
      ],
      [
        "a duplicate option value",
        {
          type: "select",
          options: [
            { value: "a", label: "A" },
            { value: "a", label: "A2" },
          ],
        },
        ["fields", 0, "options", 1, "value"],
      ],
      [
        "a multiselect min over its options",
        { type: "multiselect", options: [{ value: "a", label: "A" }], min: 2 },
        ["fields", 0, "min"],
      ],
      [
        "a multiselect default outside its options",
        { type: "multiselect", options: [{ value: "a", label: "A" }], default: ["z"] },
        ["fields", 0, "default", 0],
      ],
      ["a boolean-less checkbox default", { type: "checkbox", default: "yes" }, ["fields", 0, "default"]],
      ["a name that is not an identifier", { type: "text", name: "first name" }, ["fields", 0, "name"]],
    ])("given %s, should report it at its path", (_, patch, path) => {
      const issues = parseIssues(formKind, { fields: [{ name: "x", label: "X", ...patch }] });
      expect(issues.map((issue) => issue.path)).toEqual([path]);
    });

    it("given 501 fields, should say too many", () => {
      const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => ({ type: "text", name: `f${i}`, label: "F" }));
      expect(parseIssues(formKind, { fields: many })).toEqual([issueAt(["fields"], "Too many fields: at most 500")]);
    });
  });

  describe("answer", () => {
    it("given valid values for every field, should accept them", () => {
      expect(answerOk(formKind, request, { values: validValues })).toEqual({ values: validValues });
    });

    it("given optional fields absent, null or empty, should accept them", () => {
      const values = {
        name: "Ada",
        terms: true,
        bio: null,
        email: "",
        site: "",
        code: "",
        age: "",
        price: null,
        start: "",
        size: "",
        tags: [],
      };
      expect(answerOk(formKind, request, { values })).toEqual({ values });
      expect(answerOk(formKind, request, { values: { name: "Ada", terms: true } })).toBeTruthy();
    });

    it.each([
      ["missing", undefined],
      ["null", null],
      ["empty", ""],
      ["blank", "   "],
    ])("given a required text field that is %s, should say Required", (_, name) => {
      expect(field({ name })).toEqual([{ path: ["values", "name"], message: "Required" }]);
    });

    it.each([
      ["over maxLength", { name: "x".repeat(11) }, ["values", "name"], "Must be at most 10 characters"],
      ["under minLength", { bio: "ab" }, ["values", "bio"], "Must be at least 3 characters"],
      ["a bad email", { email: "ada@" }, ["values", "email"], "Must be a valid email address"],
      ["a javascript: URL", { site: "javascript:alert(1)" }, ["values", "site"], "Must be a valid URL"],
      ["a pattern mismatch", { code: "ABCD" }, ["values", "code"], "Must match the pattern [A-Z]{3}|[0-9]{2}"],
      [
        "a partial pattern match (patterns are anchored)",
        { code: "ABC12" },
        ["values", "code"],
        "Must match the pattern",
      ],
      ["a number above max", { age: 121 }, ["values", "age"], "Must be at most 120"],
      ["a number below min", { age: 17 }, ["values", "age"], "Must be at least 18"],
      ["a fractional integer", { age: 36.5 }, ["values", "age"], "Must be a whole number"],
      ["a number off its step", { price: 0.25 }, ["values", "price"], "Must be a multiple of 0.1"],
      ["a number as text", { age: "36" }, ["values", "age"], "Must be a number"],
      ["a date before min", { start: "2023-12-31" }, ["values", "start"], "Must be on or after 2024-01-01"],
      ["a date after max", { start: "2025-01-01" }, ["values", "start"], "Must be on or before 2024-12-31"],
      [
        "a date in another format",
        { start: "03/01/2024" },
        ["values", "start"],
        "Must be a date in the form YYYY-MM-DD",
      ],
      ["an impossible date", { start: "2024-02-30" }, ["values", "start"], "Must be a date in the form YYYY-MM-DD"],
      ["a select value that is not an option", { size: "xl" }, ["values", "size"], 'Must be one of "s", "m"'],
      ["an unknown multiselect value", { tags: ["a", "z"] }, ["values", "tags", 1], '"z" is not one of the options'],
      ["a repeated multiselect value", { tags: ["a", "a"] }, ["values", "tags", 1], "selected more than once"],
      ["too few multiselect values", { tags: ["a"] }, ["values", "tags"], "Select at least 2 options"],
      ["too many multiselect values", { tags: ["a", "b", "c"] }, ["values", "tags"], "Select at most 2 options"],
      ["an unchecked required checkbox", { terms: false }, ["values", "terms"], "Must be checked"],
      ["a missing required checkbox", { terms: undefined }, ["values", "terms"], "Must be checked"],
      ["a checkbox as text", { news: "yes" }, ["values", "news"], "Must be true or false"],
      ["an unknown field", { extra: "x" }, ["values", "extra"], 'Unknown field "extra"'],
    ])("given %s, should report it at the field", (_, values, path, message) => {
      expect(field(values)).toEqual([issueAt(path, message)]);
    });

    it("given a pattern alternative matched in full, should accept it", () => {
      expect(answerOk(formKind, request, { values: { ...validValues, code: "42" } })).toBeTruthy();
    });

    it("given a value of no form type, should report it before the cross-check", () => {
      expect(answerIssues(formKind, request, { values: { name: { first: "Ada" } } })).toEqual([
        issueAt(["values", "name"], "Must be text, a number, true/false, a list of text, or null"),
      ]);
    });

    it("given no values object, should report it at values", () => {
      expect(answerIssues(formKind, request, {}).map((issue) => issue.path)).toEqual([["values"]]);
    });
  });

  describe("formValuesSchema", () => {
    it("given the same fields, should reuse the derived schema", () => {
      expect(formValuesSchema(request.fields)).toBe(formValuesSchema(request.fields));
    });

    it("given a required multiselect that is empty, should say Required", () => {
      const { fields: required } = parseOk(formKind, {
        fields: [{ type: "multiselect", name: "m", label: "M", required: true, options: [{ value: "a", label: "A" }] }],
      });
      expect(
        formValuesSchema(required)
          .safeParse({ m: [] })
          .error?.issues.map((issue) => issue.message),
      ).toEqual(["Required"]);
    });
  });

  describe("formValuesSchema for a required number", () => {
    const { fields: required } = parseOk(formKind, {
      fields: [{ type: "number", name: "n", label: "N", required: true, integer: true }],
    });
    const messages = (values: Record<string, unknown>) =>
      formValuesSchema(required)
        .safeParse(values)
        .error?.issues.map((issue) => issue.message);

    it.each([
      ["missing", {}, "Required"],
      ["null", { n: null }, "Required"],
      ["empty", { n: "" }, "Required"],
      ["fractional", { n: 1.5 }, "Must be a whole number"],
      ["text", { n: "one" }, "Must be a number"],
    ])("given a value that is %s, should say %j", (_, values, message) => {
      expect(messages(values)).toEqual([message]);
    });

    it("given a whole number, should accept it", () => {
      expect(messages({ n: 0 })).toBeUndefined();
    });
  });

  describe("formDefaults", () => {
    it("given fields, should start each at its default or its empty value", () => {
      expect(formDefaults(request.fields)).toEqual({
        name: "",
        bio: "",
        email: "",
        site: "",
        code: "",
        age: null,
        price: null,
        start: "2024-06-01",
        size: "m",
        tags: [],
        terms: false,
        news: true,
      });
    });
  });

  describe("helpers", () => {
    it.each([
      ["2024-02-29", true],
      ["2023-02-29", false],
      ["2000-02-29", true],
      ["1900-02-29", false],
      ["2024-04-31", false],
      ["2024-13-01", false],
      ["2024-1-01", false],
    ])("given %s, isIsoDate should be %s", (date, expected) => {
      expect(isIsoDate(date)).toBe(expected);
    });

    it("given a catastrophic pattern and a matching-then-failing value, should answer at once on both sides", () => {
      // `^(a+)+$` takes a backtracking engine minutes on 40 characters; the test timeout is the guard.
      const fields = [{ type: "text", name: "code", label: "Code", pattern: "(a+)+" }];
      const request = formKind.request.parse({ kind: "form", fields });
      const value = `${"a".repeat(40)}!`;
      expect(formKind.check?.(request, { values: { code: value } })).toEqual([
        issueAt(["values", "code"], "Must match the pattern (a+)+"),
      ]);
      expect(formKind.check?.(request, { values: { code: "a".repeat(5_000) } })).toEqual([]);
    });

    it("given an unbalanced pattern, compilePattern should refuse it rather than escape the anchors", () => {
      expect(compilePattern("a)|(b")).toBeUndefined();
      expect(compilePattern("a|b")?.matches("ab")).toBe(false);
    });
  });
});

describe("field names that shadow Object.prototype", () => {
  it.each([
    "toString",
    "constructor",
    "valueOf",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
  ])(
    "given an optional field named %s left empty or absent, should accept the answer; filled, should check it",
    (name) => {
      const request = formKind.request.parse({
        kind: "form",
        fields: [{ type: "text", name, label: "L", maxLength: 3 }],
      });
      expect(formKind.check?.(request, { values: {} })).toEqual([]);
      expect(formKind.check?.(request, JSON.parse(`{"values":{"${name}":""}}`))).toEqual([]);
      expect(formKind.check?.(request, JSON.parse(`{"values":{"${name}":"abcd"}}`))).toEqual([
        issueAt(["values", name], "at most 3"),
      ]);
    },
  );
});
