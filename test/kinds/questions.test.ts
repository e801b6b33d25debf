import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, questionSetBounds, questionsKind } from "../../src/kinds";
import { answerIssues, answerOk, issueAt, parseIssues, parseOk } from "./helpers";

const db = {
  id: "db",
  header: "Database",
  prompt: "Which database should the new service use?",
  options: [
    { id: "pg", label: "PostgreSQL", description: "Relational, the team knows it", recommended: true },
    { id: "sqlite", label: "SQLite" },
  ],
};
const features = {
  id: "features",
  prompt: "Which features do you want to enable?",
  options: [
    { id: "auth", label: "Auth" },
    { id: "billing", label: "Billing" },
    { id: "search", label: "Search" },
  ],
  multiple: true,
  other: true,
};
const notes = { id: "notes", prompt: "Anything else?", other: true, optional: true };

const request = parseOk(questionsKind, { questions: [db, features, notes] });

describe("questions kind", () => {
  describe("request", () => {
    it("given a minimal question, should apply the defaults", () => {
      const parsed = parseOk(questionsKind, {
        questions: [{ id: "q", prompt: "Go?", options: [{ id: "y", label: "Yes" }] }],
      });
      expect(parsed).toEqual({
        kind: "questions",
        questions: [
          {
            id: "q",
            prompt: "Go?",
            options: [{ id: "y", label: "Yes", recommended: false }],
            multiple: false,
            other: false,
            optional: false,
          },
        ],
      });
    });

    it("given the bounds of each question, should take one answer for single choice and min..all for multiple", () => {
      const [single, multiple] = request.questions;
      expect(single && questionSetBounds(single)).toEqual({ min: 1, max: 1 });
      // Three options and "Other".
      expect(multiple && questionSetBounds(multiple)).toEqual({ min: 1, max: 4 });
    });

    it("given no questions, or more than the kit takes, should refuse the set", () => {
      expect(parseIssues(questionsKind, { questions: [] })).toEqual([issueAt(["questions"], "at least 1 question")]);
      const many = Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => ({ ...notes, id: `q${i}` }));
      expect(parseIssues(questionsKind, { questions: many })).toEqual([issueAt(["questions"], "Too many questions")]);
    });

    it("given more options than the kit takes, should refuse the question", () => {
      const options = Array.from({ length: MAX_QUESTION_OPTIONS + 1 }, (_, i) => ({ id: `o${i}`, label: `O${i}` }));
      expect(parseIssues(questionsKind, { questions: [{ ...db, options }] })).toEqual([
        issueAt(["questions", 0, "options"], "Too many options"),
      ]);
    });

    it("given repeated question or option ids, should report each repeat", () => {
      const twice = { ...db, options: [...db.options, { id: "pg", label: "Postgres again" }] };
      expect(parseIssues(questionsKind, { questions: [twice, { ...features, id: "db" }] })).toEqual([
        issueAt(["questions", 0, "options", 2, "id"], 'Duplicate id "pg"'),
        issueAt(["questions", 1, "id"], 'Duplicate id "db"'),
      ]);
    });

    it("given a question nobody can answer (no options, no Other), should say so", () => {
      expect(parseIssues(questionsKind, { questions: [{ id: "q", prompt: "Hm?" }] })).toEqual([
        issueAt(["questions", 0, "options"], "cannot be answered"),
      ]);
    });

    it("given a blank question, should refuse it", () => {
      expect(parseIssues(questionsKind, { questions: [{ ...db, prompt: "  " }] })).toEqual([
        issueAt(["questions", 0, "prompt"], "blank"),
      ]);
    });

    it("given bounds on a single-choice question, or bounds that cannot be met, should report them at min", () => {
      expect(parseIssues(questionsKind, { questions: [{ ...db, max: 2 }] })).toEqual([
        issueAt(["questions", 0, "min"], "multiple-choice question only"),
      ]);
      expect(parseIssues(questionsKind, { questions: [{ ...features, min: 3, max: 2 }] })).toEqual([
        issueAt(["questions", 0, "min"], "greater than max"),
      ]);
      expect(parseIssues(questionsKind, { questions: [{ ...features, min: 5 }] })).toEqual([
        issueAt(["questions", 0, "min"], "more than the 4 answers offered"),
      ]);
    });
  });

  describe("answer", () => {
    it("given one value per question, should accept it", () => {
      const value = {
        answers: { db: { selected: ["pg"] }, features: { selected: ["search", "auth"], other: "Audit log" } },
      };
      expect(answerOk(questionsKind, request, value)).toEqual(value);
    });

    it("given an Other answer alone, should accept it where Other is offered", () => {
      const value = {
        answers: { db: { selected: ["sqlite"] }, features: { other: "Exports" }, notes: { other: "No" } },
      };
      expect(answerOk(questionsKind, request, value)).toEqual({
        answers: {
          db: { selected: ["sqlite"] },
          features: { selected: [], other: "Exports" },
          notes: { selected: [], other: "No" },
        },
      });
    });

    it("given a required question left out, should ask for it; an optional one may be left out", () => {
      expect(answerIssues(questionsKind, request, { answers: { db: { selected: ["pg"] } } })).toEqual([
        issueAt(["answers", "features"], "Answer this question"),
      ]);
    });

    it("given an unknown question or option, should name it", () => {
      const value = {
        answers: { db: { selected: ["mysql"] }, features: { selected: ["auth"] }, colour: { selected: [] } },
      };
      expect(answerIssues(questionsKind, request, value)).toEqual([
        issueAt(["answers", "colour"], 'Unknown question "colour"'),
        issueAt(["answers", "db", "selected", 0], 'Unknown id "mysql"'),
      ]);
    });

    it("given two answers to a single-choice question, or none, should ask for exactly one", () => {
      const both = { answers: { db: { selected: ["pg"], other: "Both" }, features: { selected: ["auth"] } } };
      expect(answerIssues(questionsKind, request, both)).toEqual([
        issueAt(["answers", "db", "other"], 'no "Other" answer'),
        issueAt(["answers", "db"], "Choose one answer"),
      ]);
      const none = { answers: { db: { selected: [] }, features: { selected: ["auth"] } } };
      expect(answerIssues(questionsKind, request, none)).toEqual([issueAt(["answers", "db"], "Choose an option")]);
    });

    it("given a multiple-choice answer out of its bounds or with a repeat, should say which", () => {
      const bounded = parseOk(questionsKind, { questions: [{ ...features, min: 2, max: 2 }] });
      expect(answerIssues(questionsKind, bounded, { answers: { features: { selected: ["auth"] } } })).toEqual([
        issueAt(["answers", "features"], "at least 2 answers (got 1)"),
      ]);
      const three = { answers: { features: { selected: ["auth", "billing"], other: "Chat" } } };
      expect(answerIssues(questionsKind, bounded, three)).toEqual([
        issueAt(["answers", "features"], "at most 2 answers (got 3)"),
      ]);
      const repeat = { answers: { features: { selected: ["auth", "auth"] } } };
      expect(answerIssues(questionsKind, bounded, repeat)).toEqual([
        issueAt(["answers", "features", "selected", 1], "more than once"),
      ]);
    });

    it("given a blank Other answer or an unknown field, should refuse the value", () => {
      const blank = { answers: { db: { selected: ["pg"] }, features: { other: " " } } };
      expect(answerIssues(questionsKind, request, blank)).toEqual([issueAt(["answers", "features", "other"], "blank")]);
      const extra = { answers: { db: { selected: ["pg"], note: "x" } } };
      expect(answerIssues(questionsKind, request, extra).map((issue) => issue.path)).toEqual([["answers", "db"]]);
    });
  });
});
