import { approvalKind, questionKind, textKind } from "../../src/kinds";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

describe("approval kind", () => {
  const request = parseOk(approvalKind, { toolName: "deleteFile", input: { path: "/tmp/x" } });

  it("given a tool name and input, should parse them", () => {
    expect(request).toEqual({ kind: "approval", toolName: "deleteFile", input: { path: "/tmp/x" } });
  });

  it("given no input, should report it at input", () => {
    expect(parseIssues(approvalKind, { toolName: "x" }).map((issue) => issue.path)).toEqual([["input"]]);
  });

  it("given approve or deny (with or without a note), should accept it", () => {
    expect(answerOk(approvalKind, request, { decision: "approve" })).toEqual({ decision: "approve" });
    expect(answerOk(approvalKind, request, { decision: "deny" })).toEqual({ decision: "deny" });
    expect(answerOk(approvalKind, request, { decision: "deny", note: "not that file" })).toEqual({
      decision: "deny",
      note: "not that file",
    });
  });

  it("given another decision, should name the allowed ones", () => {
    expect(answerIssues(approvalKind, request, { decision: "maybe" })).toEqual([
      issueAt(["decision"], 'Must have a "decision" of "approve", "deny" or "edit"'),
    ]);
  });

  it("given approve-always, should accept it only where the request offers it (and refuse a blank offer label)", () => {
    const offered = parseOk(approvalKind, { toolName: "Bash", input: {}, always: { label: "Always allow" } });
    expect(answerOk(approvalKind, offered, { decision: "approve", always: true })).toEqual({
      decision: "approve",
      always: true,
    });
    expect(answerIssues(approvalKind, request, { decision: "approve", always: true })).toEqual([
      issueAt(["always"], "This request offers no way to approve always"),
    ]);
    expect(
      parseIssues(approvalKind, { toolName: "Bash", input: {}, always: { label: "" } }).map((i) => i.path),
    ).toEqual([["always", "label"]]);
  });

  describe("given a request that narrows its decisions or offers an edit step (LangChain's HITL review)", () => {
    const fields = [
      { type: "text", name: "path", label: "Path", required: true, default: "/tmp/x" },
      { type: "number", name: "retries", label: "Retries", min: 0, max: 3, default: 1 },
    ];
    const editable = parseOk(approvalKind, { toolName: "deleteFile", input: { path: "/tmp/x" }, edit: { fields } });
    const approveOnly = parseOk(approvalKind, { toolName: "deleteFile", input: {}, decisions: ["approve"] });

    it("should accept an edit whose input fits the fields, and refuse one that does not, at input.<field>", () => {
      expect(answerOk(approvalKind, editable, { decision: "edit", input: { path: "/tmp/y", retries: 2 } })).toEqual({
        decision: "edit",
        input: { path: "/tmp/y", retries: 2 },
      });
      expect(answerIssues(approvalKind, editable, { decision: "edit", input: { path: "", retries: 9 } })).toEqual([
        issueAt(["input", "path"], "Required"),
        issueAt(["input", "retries"], "Must be at most 3"),
      ]);
    });

    it("should refuse an edit where the request has no edit step, and a decision it does not offer", () => {
      expect(answerIssues(approvalKind, request, { decision: "edit", input: { path: "/y" } })).toEqual([
        issueAt(["decision"], '"edit" is not a decision this request offers'),
      ]);
      expect(answerIssues(approvalKind, approveOnly, { decision: "deny" })).toEqual([
        issueAt(["decision"], '"deny" is not a decision this request offers'),
      ]);
      expect(answerOk(approvalKind, approveOnly, { decision: "approve" })).toEqual({ decision: "approve" });
    });

    it("should refuse an edit step whose fields are not a form's, and an empty list of decisions", () => {
      expect(
        parseIssues(approvalKind, { toolName: "x", input: {}, edit: { fields: [{ type: "nope", name: "a" }] } }).map(
          (issue) => issue.path,
        ),
      ).toEqual([["edit", "fields", 0, "type"]]);
      expect(parseIssues(approvalKind, { toolName: "x", input: {}, decisions: [] }).map((i) => i.path)).toEqual([
        ["decisions"],
      ]);
    });
  });

  it("given a note on an approval or an over-long note, should refuse it", () => {
    expect(answerIssues(approvalKind, request, { decision: "approve", note: "x" })).toEqual([
      issueAt([], 'Unrecognized key: "note"'),
    ]);
    expect(answerIssues(approvalKind, request, { decision: "deny", note: "x".repeat(2001) })).toEqual([
      issueAt(["note"], "Must be at most 2000 characters"),
    ]);
  });
});

describe("question kind", () => {
  const options = [
    { id: "yes", label: "Yes", style: "primary" },
    { id: "no", label: "No", style: "danger", description: "Stop here" },
  ];
  const closed = parseOk(questionKind, { options });
  const open = parseOk(questionKind, { options, allowFreeform: true });
  const textOnly = parseOk(questionKind, {});

  it("given no options or allowFreeform, should default them", () => {
    expect(textOnly).toEqual({ kind: "question", options: [], allowFreeform: false });
  });

  it("given a duplicate option id or an unknown style, should report it", () => {
    expect(parseIssues(questionKind, { options: [...options, { id: "yes", label: "Y" }] })).toEqual([
      issueAt(["options", 2, "id"], 'Duplicate id "yes"'),
    ]);
    expect(parseIssues(questionKind, { options: [{ id: "a", label: "A", style: "loud" }] }).map((i) => i.path)).toEqual(
      [["options", 0, "style"]],
    );
  });

  it("given an offered option, should accept it", () => {
    expect(answerOk(questionKind, closed, { optionId: "no" })).toEqual({ optionId: "no" });
  });

  it("given an unknown option, should list the offered ones", () => {
    expect(answerIssues(questionKind, closed, { optionId: "maybe" })).toEqual([
      issueAt(["optionId"], 'Unknown option "maybe": expected one of "yes", "no"'),
    ]);
  });

  it("given free text where only options are allowed, should refuse it", () => {
    expect(answerIssues(questionKind, closed, { text: "perhaps" })).toEqual([
      issueAt(["text"], "Free-text answers are not allowed here"),
    ]);
  });

  it("given free text where it is allowed or there are no options, should accept it", () => {
    expect(answerOk(questionKind, open, { text: "perhaps" })).toEqual({ text: "perhaps" });
    expect(answerOk(questionKind, open, { optionId: "yes", text: "and more" })).toEqual({
      optionId: "yes",
      text: "and more",
    });
    expect(answerOk(questionKind, textOnly, { text: "perhaps" })).toEqual({ text: "perhaps" });
  });

  it("given neither an option nor text, should ask for one", () => {
    expect(answerIssues(questionKind, open, {})).toEqual([issueAt([], "Choose an option or write an answer")]);
  });

  it("given blank or over-long text, should refuse it", () => {
    expect(answerIssues(questionKind, open, { text: "  " })).toEqual([issueAt(["text"], "Must not be blank")]);
    expect(answerIssues(questionKind, open, { text: "x".repeat(10_001) })).toEqual([
      issueAt(["text"], "Must be at most 10000 characters"),
    ]);
  });
});

describe("text kind", () => {
  const request = parseOk(textKind, {});

  it("given an empty payload or one with a placeholder, should parse it", () => {
    expect(request).toEqual({ kind: "text" });
    expect(parseOk(textKind, { placeholder: "Your answer", multiline: true })).toEqual({
      kind: "text",
      placeholder: "Your answer",
      multiline: true,
    });
  });

  it("given text, should accept it; blank, should refuse it", () => {
    expect(answerOk(textKind, request, { text: "hello" })).toEqual({ text: "hello" });
    expect(answerIssues(textKind, request, { text: " \n " })).toEqual([issueAt(["text"], "Must not be blank")]);
  });
});
