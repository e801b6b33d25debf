import { validateAnswer } from "../../src/core/kind";
import { questionsKind } from "../../src/kinds";
import {
  AskUserQuestionError,
  askUserQuestionRequest,
  askUserQuestionResult,
  geminiAskUserRequest,
  geminiAskUserResult,
} from "../../src/server";

/** An `AskUserQuestion` tool input as Claude writes it (`AskUserQuestionInput` of the Claude Agent SDK). */
const input = {
  questions: [
    {
      question: "Which library should we use for date formatting?",
      header: "Library",
      options: [
        { label: "date-fns", description: "Modular, tree-shakes well" },
        { label: "Luxon", description: "Time zones built in" },
      ],
      multiSelect: false,
    },
    {
      question: "Which features do you want to enable?",
      header: "Features",
      options: [
        { label: "Auth", description: "Sign-in with email" },
        { label: "Billing", description: "Stripe checkout" },
        { label: "Search", description: "Full-text search", preview: "<SearchBox />" },
      ],
      multiSelect: true,
    },
  ],
};

describe("Claude's AskUserQuestion", () => {
  it("given its input, should park a questions request: one question each, its options in order, Other offered", () => {
    const request = askUserQuestionRequest(input);
    expect(request).toEqual({
      kind: "questions",
      questions: [
        {
          id: "q1",
          header: "Library",
          prompt: "Which library should we use for date formatting?",
          options: [
            { id: "o1", label: "date-fns", description: "Modular, tree-shakes well", recommended: false },
            { id: "o2", label: "Luxon", description: "Time zones built in", recommended: false },
          ],
          multiple: false,
          other: true,
          optional: false,
        },
        {
          id: "q2",
          header: "Features",
          prompt: "Which features do you want to enable?",
          options: [
            { id: "o1", label: "Auth", description: "Sign-in with email", recommended: false },
            { id: "o2", label: "Billing", description: "Stripe checkout", recommended: false },
            { id: "o3", label: "Search", description: "Full-text search", recommended: false },
          ],
          multiple: true,
          other: true,
          optional: false,
        },
      ],
    });
  });

  it("given the person's answer, should allow the tool with the answers keyed by question text, labels comma-separated", () => {
    const value = { answers: { q1: { selected: ["o2"] }, q2: { selected: ["o3", "o1"], other: " Audit log " } } };
    expect(validateAnswer(questionsKind, askUserQuestionRequest(input), value).ok).toBe(true);
    expect(askUserQuestionResult(input, { type: "value", value })).toEqual({
      behavior: "allow",
      updatedInput: {
        ...input,
        answers: {
          "Which library should we use for date formatting?": "Luxon",
          "Which features do you want to enable?": "Search, Auth, Audit log",
        },
      },
    });
  });

  it("given an Other answer alone, should send the person's words as the answer", () => {
    const value = { answers: { q1: { other: "Temporal" }, q2: { selected: ["o2"] } } };
    const result = askUserQuestionResult(input, { type: "value", value });
    expect(result.behavior === "allow" && result.updatedInput.answers).toEqual({
      "Which library should we use for date formatting?": "Temporal",
      "Which features do you want to enable?": "Billing",
    });
  });

  it("given a decline, a dismissal or a chat reply, should deny with a message the model reads (never no result)", () => {
    expect(askUserQuestionResult(input, { type: "declined", reason: "Not now" })).toEqual({
      behavior: "deny",
      message: "The user declined to answer the questions: Not now",
    });
    expect(askUserQuestionResult(input, { type: "declined" })).toEqual({
      behavior: "deny",
      message: "The user declined to answer the questions.",
    });
    expect(askUserQuestionResult(input, { type: "dismissed" })).toMatchObject({ behavior: "deny" });
    expect(askUserQuestionResult(input, { type: "reply", text: "use whatever you like" })).toEqual({
      behavior: "deny",
      message: "The user replied in the chat instead of answering: use whatever you like",
    });
  });

  it("given an answer that does not fit the questions, should throw with each issue", () => {
    const value = { answers: { q1: { selected: ["o1", "o2"] } } };
    const error = (() => {
      try {
        askUserQuestionResult(input, { type: "value", value });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AskUserQuestionError);
    expect((error as AskUserQuestionError).issues).toEqual([
      { path: ["answers", "q1"], message: "Choose one answer: one option or your own words" },
      { path: ["answers", "q2"], message: "Answer this question" },
    ]);
  });

  it("given input that is not a question set, should throw a typed error naming where", () => {
    expect(() => askUserQuestionRequest({ questions: "which?" })).toThrow(AskUserQuestionError);
    expect(() => askUserQuestionRequest(null)).toThrow(AskUserQuestionError);
    try {
      askUserQuestionRequest({ questions: [] });
    } catch (error) {
      expect((error as AskUserQuestionError).issues).toEqual([
        { path: ["questions"], message: "Must have at least 1 question" },
      ]);
    }
    expect.assertions(3);
  });
});

/**
 * Gemini CLI's `ask_user` params as its model writes them (the tool's schema in
 * google-gemini/gemini-cli `default-legacy.ts`; the example of its docs/tools/ask-user.md).
 */
const geminiParams = {
  questions: [
    {
      header: "Database",
      question: "Which database would you like to use?",
      type: "choice",
      options: [
        { label: "PostgreSQL", description: "Relational, battle-tested" },
        { label: "SQLite", description: "A single file" },
      ],
    },
    {
      header: "Features",
      question: "Which features?",
      type: "choice",
      multiSelect: true,
      options: [
        { label: "Auth", description: "Login" },
        { label: "Billing", description: "Stripe" },
      ],
    },
    {
      header: "Project Name",
      question: "What is the name of your new project?",
      type: "text",
      placeholder: "for example, my-awesome-app",
    },
    { header: "Deploy", question: "Deploy now?", type: "yesno" },
  ],
};

describe("Gemini CLI's ask_user", () => {
  it("given its params, should park a questions request: choice, multi-select, text as words only, yes/no", () => {
    const request = geminiAskUserRequest(geminiParams);
    expect(request.questions.map((q) => [q.id, q.header, q.multiple, q.other, q.optional])).toEqual([
      ["q1", "Database", false, true, true],
      ["q2", "Features", true, true, true],
      ["q3", "Project Name", false, true, true],
      ["q4", "Deploy", false, true, true],
    ]);
    expect(request.questions.map((q) => q.options.map((o) => o.label))).toEqual([
      ["PostgreSQL", "SQLite"],
      ["Auth", "Billing"],
      [],
      ["Yes", "No"],
    ]);
    expect(request.questions[0]?.options[0]).toMatchObject({ id: "o1", description: "Relational, battle-tested" });
  });

  it("given an answer, should confirm proceed_once with the answers by index as the CLI's dialog writes them, skipped left out", () => {
    const value = {
      answers: {
        q1: { selected: ["o1"] },
        q2: { selected: ["o2", "o1"], other: "Search " },
        q4: { selected: ["no"] },
      },
    };
    expect(validateAnswer(questionsKind, geminiAskUserRequest(geminiParams), value).ok).toBe(true);
    expect(geminiAskUserResult(geminiParams, { type: "value", value })).toEqual({
      outcome: "proceed_once",
      payload: { answers: { "0": "PostgreSQL", "1": "Billing, Auth, Search", "3": "No" } },
    });
    const words = { answers: { q3: { selected: [], other: "my-app" } } };
    expect(geminiAskUserResult(geminiParams, { type: "value", value: words })).toEqual({
      outcome: "proceed_once",
      payload: { answers: { "2": "my-app" } },
    });
  });

  it("given a decline, a dismissal or a chat reply, should cancel (the CLI tells the model the user cancelled)", () => {
    for (const answer of [{ type: "declined" }, { type: "dismissed" }, { type: "reply", text: "later" }] as const) {
      expect(geminiAskUserResult(geminiParams, answer)).toEqual({ outcome: "cancel" });
    }
  });

  it("given params or an answer that do not fit, should throw AskUserQuestionError with the issues", () => {
    expect(() => geminiAskUserRequest({ questions: [{ question: "Q?", type: "choice" }] })).toThrow(
      AskUserQuestionError,
    );
    expect(() => geminiAskUserRequest({ questions: [{ header: "H", question: "Q?", type: "choice" }] })).toThrow(
      /type 'choice' needs at least 2 options/,
    );
    expect(() =>
      geminiAskUserResult(geminiParams, { type: "value", value: { answers: { q1: { selected: ["o9"] } } } }),
    ).toThrow(AskUserQuestionError);
  });
});
