import { templateDefaults, templateKind } from "../../src/kinds";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

const templates = [
  {
    id: "welcome",
    name: "Welcome email",
    tags: ["onboarding"],
    variables: [
      { name: "firstName", label: "First name", required: true, maxLength: 20 },
      { name: "signOff", label: "Sign-off", default: "Cheers" },
    ],
  },
  { id: "blank", name: "Blank" },
];

describe("template kind", () => {
  describe("request", () => {
    it("given a payload, should apply the defaults", () => {
      const request = parseOk(templateKind, { templates });
      expect(request.templates[0]?.variables).toEqual([
        { name: "firstName", label: "First name", required: true, multiline: false, maxLength: 20 },
        { name: "signOff", label: "Sign-off", default: "Cheers", required: false, multiline: false },
      ]);
      expect(request.templates[1]).toEqual({ id: "blank", name: "Blank", tags: [] });
    });

    it("given a duplicate template id, should report the repeat", () => {
      expect(parseIssues(templateKind, { templates: [...templates, { id: "blank", name: "Again" }] })).toEqual([
        issueAt(["templates", 2, "id"], 'Duplicate id "blank"'),
      ]);
    });

    it("given a duplicate variable name, should report it inside its template", () => {
      const variables = [
        { name: "x", label: "X" },
        { name: "x", label: "X again" },
      ];
      expect(parseIssues(templateKind, { templates: [{ id: "t", name: "T", variables }] })).toEqual([
        issueAt(["templates", 0, "variables", 1, "name"], 'Duplicate name "x"'),
      ]);
    });

    it.each(["1st", "__proto__", "has space"])("given the variable name %j, should refuse it", (name) => {
      const issues = parseIssues(templateKind, {
        templates: [{ id: "t", name: "T", variables: [{ name, label: "L" }] }],
      });
      expect(issues.map((issue) => issue.path)).toEqual([["templates", 0, "variables", 0, "name"]]);
    });

    it("given a default longer than maxLength, should report it at the default", () => {
      const variables = [{ name: "x", label: "X", default: "toolong", maxLength: 3 }];
      expect(parseIssues(templateKind, { templates: [{ id: "t", name: "T", variables }] })).toEqual([
        issueAt(["templates", 0, "variables", 0, "default"], "longer than maxLength (3 characters)"),
      ]);
    });

    it("given 51 tags or 101 variables, should say too many", () => {
      const tags = Array.from({ length: 51 }, (_, i) => `t${i}`);
      expect(parseIssues(templateKind, { templates: [{ id: "t", name: "T", tags }] })).toEqual([
        issueAt(["templates", 0, "tags"], "Too many tags: at most 50"),
      ]);
      const variables = Array.from({ length: 101 }, (_, i) => ({ name: `v${i}`, label: "V" }));
      expect(parseIssues(templateKind, { templates: [{ id: "t", name: "T", variables }] })).toEqual([
        issueAt(["templates", 0, "variables"], "Too many variables: at most 100"),
      ]);
    });

    it("given no templates, should say at least one is needed", () => {
      expect(parseIssues(templateKind, { templates: [] })).toEqual([issueAt(["templates"], "at least 1 template")]);
    });
  });

  describe("answer", () => {
    const request = parseOk(templateKind, { templates });

    it("given the required variables, should accept the answer", () => {
      const value = { templateId: "welcome", variables: { firstName: "Ada" } };
      expect(answerOk(templateKind, request, value)).toEqual(value);
    });

    it("given a template without variables and none sent, should default variables to {}", () => {
      expect(answerOk(templateKind, request, { templateId: "blank" })).toEqual({ templateId: "blank", variables: {} });
    });

    it("given an unknown template, should report it at templateId", () => {
      expect(answerIssues(templateKind, request, { templateId: "nope" })).toEqual([
        issueAt(["templateId"], 'Unknown template "nope"'),
      ]);
    });

    it("given a missing or blank required variable, should say Required at that variable", () => {
      expect(answerIssues(templateKind, request, { templateId: "welcome", variables: {} })).toEqual([
        { path: ["variables", "firstName"], message: "Required" },
      ]);
      expect(answerIssues(templateKind, request, { templateId: "welcome", variables: { firstName: "  " } })).toEqual([
        { path: ["variables", "firstName"], message: "Required" },
      ]);
    });

    it("given an unknown variable, should report it by name", () => {
      const value = { templateId: "welcome", variables: { firstName: "Ada", lastName: "Lovelace" } };
      expect(answerIssues(templateKind, request, value)).toEqual([
        issueAt(["variables", "lastName"], 'Unknown variable "lastName" for template "welcome"'),
      ]);
    });

    it("given a value over maxLength, should say the limit", () => {
      const value = { templateId: "welcome", variables: { firstName: "x".repeat(21) } };
      expect(answerIssues(templateKind, request, value)).toEqual([
        { path: ["variables", "firstName"], message: "Must be at most 20 characters" },
      ]);
    });

    it("given a non-string variable value, should report it at that variable", () => {
      const value = { templateId: "welcome", variables: { firstName: 3 } };
      expect(answerIssues(templateKind, request, value).map((issue) => issue.path)).toEqual([
        ["variables", "firstName"],
      ]);
    });
  });

  describe("templateDefaults", () => {
    it("given a template, should start each variable at its default or empty", () => {
      const [welcome] = parseOk(templateKind, { templates }).templates;
      expect(welcome && templateDefaults(welcome)).toEqual({ firstName: "", signOff: "Cheers" });
    });
  });
});
