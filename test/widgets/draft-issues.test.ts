import { fieldUnder, firstInvalidField, issueSummary, splitIssuesByField } from "../../src/widgets/shared/draft-issues";

const fields = [
  { name: "title", label: "Title" },
  { name: "email", label: "Email" },
  { name: "", label: undefined },
];
const fieldOf = fieldUnder("values");

describe("splitIssuesByField", () => {
  it("given issues under shown fields, should keep the first message of each field", () => {
    const split = splitIssuesByField(
      fields,
      [
        { path: ["values", "email"], message: "Not a number" },
        { path: ["values", "email"], message: "Required" },
        { path: ["values", "title"], message: "Too long" },
      ],
      fieldOf,
    );
    expect([...split.byField]).toEqual([
      ["email", "Not a number"],
      ["title", "Too long"],
    ]);
    expect(split.general).toEqual([]);
  });

  it("given issues about no field or a field not shown, should list them as general", () => {
    const split = splitIssuesByField(
      fields,
      [
        { path: [], message: "Too many answers" },
        { path: ["values", "other"], message: "Unknown field" },
        { path: ["values", 3], message: "Index" },
      ],
      fieldOf,
    );
    expect(split.byField.size).toBe(0);
    expect(split.general).toEqual(["Too many answers", "Unknown field", "Index"]);
  });
});

describe("firstInvalidField", () => {
  it("given problems on several fields, should name the first in display order, not in issue order", () => {
    expect(
      firstInvalidField(
        fields,
        new Map([
          ["email", "Required"],
          ["title", "Required"],
        ]),
      ),
    ).toBe("title");
  });

  it("given no field problem, should name none", () => {
    expect(firstInvalidField(fields, new Map())).toBeUndefined();
  });
});

describe("issueSummary", () => {
  it("given field and general problems, should list fields in order (named by their label) then the rest", () => {
    const lines = issueSummary(
      fields,
      {
        byField: new Map([
          ["", "Choose a template"],
          ["email", "Invalid email"],
        ]),
        general: ["Try again"],
      },
      (label, message) => `${label}: ${message}`,
    );
    expect(lines).toEqual(["Email: Invalid email", "Choose a template", "Try again"]);
  });
});

describe("fieldUnder", () => {
  it("given a path under another root or without a name, should name no field", () => {
    const of = fieldUnder("variables");
    expect(of({ path: ["variables", "name"], message: "" })).toBe("name");
    expect(of({ path: ["values", "name"], message: "" })).toBeUndefined();
    expect(of({ path: ["variables"], message: "" })).toBeUndefined();
  });
});
