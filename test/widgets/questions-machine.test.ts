import { validateAnswer } from "../../src/kinds/define-kind";
import { type QuestionsRequest, questionsKind } from "../../src/kinds/questions";
import { connect, type QuestionsConnectContext } from "../../src/widgets/questions/connect";
import { questionsLabels } from "../../src/widgets/questions/labels";
import {
  answerOf,
  draftValue,
  initialState,
  isComplete,
  itemsOf,
  progress,
  type QuestionsEvent,
  type QuestionsState,
  questionStatus,
  takesValue,
  transition,
} from "../../src/widgets/questions/machine";
import type { MessageIssue, SubmitOutcome } from "../../src/widgets/shared/connect-types";
import { sourceImports } from "./source-imports";

/** The machine and its prop getters, without React: state in, props out, events back. */

const request: QuestionsRequest = questionsKind.request.parse({
  kind: "questions",
  questions: [
    {
      id: "db",
      header: "Database",
      prompt: "Which database should the new service use?",
      options: [
        { id: "pg", label: "PostgreSQL", description: "Relational, the team knows it", recommended: true },
        { id: "sqlite", label: "SQLite" },
      ],
      other: true,
    },
    {
      id: "features",
      prompt: "Which features do you want to enable?",
      options: [
        { id: "auth", label: "Auth" },
        { id: "billing", label: "Billing" },
        { id: "search", label: "Search" },
      ],
      multiple: true,
      min: 2,
      max: 3,
      other: true,
    },
    { id: "notes", prompt: "Anything else?", other: true, optional: true },
  ],
});
const [db, features, notes] = request.questions as [
  QuestionsRequest["questions"][number],
  QuestionsRequest["questions"][number],
  QuestionsRequest["questions"][number],
];

const run = (events: QuestionsEvent[], state = initialState(request)) => events.reduce(transition, state);
const toggle = (questionId: string, optionId: string, checked?: boolean): QuestionsEvent => ({
  type: "toggle",
  questionId,
  optionId,
  ...(checked === undefined ? {} : { checked }),
});
const other = (questionId: string, checked?: boolean): QuestionsEvent => ({
  type: "toggle-other",
  questionId,
  ...(checked === undefined ? {} : { checked }),
});
const text = (questionId: string, value: string): QuestionsEvent => ({
  type: "set-other-text",
  questionId,
  text: value,
});

/** The kind's own judgement of the machine's answer. */
const judged = (state: QuestionsState) => validateAnswer(questionsKind, request, answerOf(state));

/** A store of one machine, as a framework adapter would keep it. */
function machine(outcome: SubmitOutcome<MessageIssue> = { type: "sent" }, start = initialState(request)) {
  let state = start;
  const sent: QuestionsEvent[] = [];
  const submitted: unknown[] = [];
  const send = (event: QuestionsEvent) => {
    sent.push(event);
    state = transition(state, event);
  };
  const context: QuestionsConnectContext = {
    id: "qs",
    labels: questionsLabels,
    interactive: true,
    submit: (value) => {
      submitted.push(value);
      return outcome;
    },
  };
  return { api: () => connect(state, send, context), state: () => state, sent, submitted };
}

describe("questions machine", () => {
  describe("given a fresh request", () => {
    it("should choose nothing, a recommended option included", () => {
      const state = initialState(request);
      expect(answerOf(state)).toEqual({ answers: {} });
      expect(questionStatus(state, db)).toMatchObject({ answered: false, issue: { type: "required" } });
      expect(questionStatus(state, notes)).toMatchObject({ answered: false, issue: undefined });
      expect(isComplete(state)).toBe(false);
      expect(progress(state)).toEqual({ answered: 0, total: 3 });
    });

    it("should list each question's options, then Other when offered beside them", () => {
      expect(itemsOf(db).map((item) => (item.type === "other" ? "other" : item.option.id))).toEqual([
        "pg",
        "sqlite",
        "other",
      ]);
      // A question without options has no Other to choose: its text field is its answer.
      expect(itemsOf(notes)).toEqual([]);
    });
  });

  describe("given a single-choice question", () => {
    it("should keep one answer: an option replaces Other and the other way round", () => {
      let state = run([toggle("db", "pg"), toggle("db", "sqlite")]);
      expect(answerOf(state).answers.db).toEqual({ selected: ["sqlite"] });
      state = run([other("db"), text("db", "  CockroachDB ")], state);
      expect(answerOf(state).answers.db).toEqual({ selected: [], other: "CockroachDB" });
      state = run([toggle("db", "pg")], state);
      expect(answerOf(state).answers.db).toEqual({ selected: ["pg"] });
    });

    it("should never uncheck a radio (a second click keeps it)", () => {
      const state = run([toggle("db", "pg")]);
      expect(run([toggle("db", "pg")], state)).toBe(state);
      expect(run([toggle("db", "pg", false)], state)).toBe(state);
    });

    it("should keep Other's text while another option is chosen, and bring it back", () => {
      const state = run([other("db"), text("db", "DuckDB"), toggle("db", "sqlite"), other("db")]);
      expect(answerOf(state).answers.db).toEqual({ selected: [], other: "DuckDB" });
    });
  });

  describe("given a multiple-choice question", () => {
    it("should keep the ids in the order chosen, and count Other as an answer", () => {
      const state = run([toggle("features", "search"), toggle("features", "auth"), other("features")]);
      expect(draftValue(state).features).toEqual({ selected: ["search", "auth"], other: "" });
      expect(questionStatus(state, features)).toMatchObject({ count: 3, issue: { type: "other-blank" } });
    });

    it("should refuse a choice past max with a notice, and choose nothing behind the person's back", () => {
      const full = run([toggle("features", "auth"), toggle("features", "billing"), toggle("features", "search")]);
      const refused = run([other("features")], full);
      expect(refused.drafts).toBe(full.drafts);
      expect(refused.notice).toBe("features");
      const after = run([toggle("features", "billing")], refused);
      expect(after.notice).toBeUndefined();
      expect(run([other("features")], after).drafts.get("features")?.other).toBe(true);
    });

    it("should say too few below min, and be ready within the bounds", () => {
      const one = run([toggle("features", "auth")]);
      expect(questionStatus(one, features).issue).toEqual({ type: "too-few", min: 2, count: 1 });
      const two = run([toggle("features", "billing")], one);
      expect(questionStatus(two, features).issue).toBeUndefined();
      expect(run([toggle("features", "auth")], two).drafts.get("features")?.selected).toEqual(["billing"]);
    });
  });

  describe("given a question without options", () => {
    it("should answer with its text when not blank, and leave it out when blank", () => {
      const written = run([text("notes", "Ship it on Friday")]);
      expect(answerOf(written).answers.notes).toEqual({ selected: [], other: "Ship it on Friday" });
      const blank = run([text("notes", "   ")], written);
      expect(Object.hasOwn(answerOf(blank).answers, "notes")).toBe(false);
      // No Other to toggle there.
      expect(run([other("notes")])).toEqual(initialState(request));
    });
  });

  describe("given the kind's checks", () => {
    it("should be complete exactly when the kind accepts the answer", () => {
      const steps: QuestionsEvent[] = [
        toggle("db", "pg"),
        toggle("features", "auth"),
        other("features"),
        text("features", "Audit log"),
        text("notes", "Thanks"),
      ];
      let state = initialState(request);
      for (const event of steps) {
        state = transition(state, event);
        expect(judged(state).ok).toBe(isComplete(state));
      }
      expect(isComplete(state)).toBe(true);
      expect(judged(state)).toEqual({
        ok: true,
        value: {
          answers: {
            db: { selected: ["pg"] },
            features: { selected: ["auth"], other: "Audit log" },
            notes: { selected: [], other: "Thanks" },
          },
        },
      });
    });

    it("should refuse unknown questions and options in events", () => {
      const state = initialState(request);
      expect(run([toggle("ghost", "pg"), toggle("db", "ghost"), other("ghost"), text("ghost", "x")], state)).toBe(
        state,
      );
    });
  });

  describe("given a controlled value", () => {
    it("should take what the request offers, within the bounds, and nothing else", () => {
      const value = {
        db: { selected: ["ghost", "sqlite", "pg"] },
        features: { selected: ["auth", "auth", "billing", "search"], other: "Audit" },
        ghost: { selected: ["x"] },
      };
      const state = run([{ type: "value-changed", value }]);
      expect(draftValue(state)).toEqual({
        db: { selected: ["sqlite"] },
        features: { selected: ["auth", "billing"], other: "Audit" },
      });
      // Taken as far as it goes: taking it again changes nothing (a renderer's loop stops).
      expect(takesValue(state, value)).toBe(false);
      expect(run([{ type: "value-changed", value }], state)).toBe(state);
      // The owner's value is not the person's change.
      expect(state.lastChange).toBeUndefined();
    });

    it("should tell each change the person makes once, as a new value", () => {
      const one = run([toggle("db", "pg")]);
      expect(one.lastChange).toEqual({ db: { selected: ["pg"] } });
      const same = run([toggle("db", "pg")], one);
      expect(same.lastChange).toBe(one.lastChange);
      // Text typed while Other is unchosen changes no answer.
      expect(run([text("db", "hidden")], one).lastChange).toBe(one.lastChange);
    });
  });

  describe("given a new request", () => {
    it("should keep the answers it still offers and drop the rest", () => {
      const state = run([toggle("db", "sqlite"), toggle("features", "search"), toggle("features", "auth")]);
      const next = questionsKind.request.parse({
        kind: "questions",
        questions: [
          { ...db, options: [{ id: "pg", label: "PostgreSQL" }] },
          { ...features, max: 1, min: undefined },
        ],
      });
      const after = run([{ type: "request-changed", request: next }], state);
      expect(draftValue(after)).toEqual({ features: { selected: ["search"] } });
      expect(run([{ type: "request-changed", request: next }], after)).toBe(after);
    });
  });
});

describe("questions connect", () => {
  it("given one single and one multiple question, should make a radio group and a group of checkboxes named by the prompt", () => {
    const m = machine();
    const api = m.api();
    const radios = api.getRadioGroupProps(db);
    expect(radios["aria-labelledby"]).toBe(api.getPromptProps(db).id);
    expect(radios.values).toEqual(["0", "1", "2"]);
    expect(radios.value).toBeNull();
    const group = api.getCheckboxGroupProps(features, { focusIndex: () => {} });
    expect(group.role).toBe("group");
    expect(group["aria-labelledby"]).toBe(api.getPromptProps(features).id);
    expect(group["aria-describedby"]).toBe(api.getBoundsProps(features).id);
    expect(api.questionOf(features).bounds).toBe("Choose 2 to 3.");
  });

  it("given a radio's value, should choose its item (Other included) and show Other's field", () => {
    const m = machine();
    m.api().getRadioGroupProps(db).onValueChange("2");
    expect(m.api().questionOf(db).showsText).toBe(true);
    expect(m.api().getRadioGroupProps(db).value).toBe("2");
    m.api().getRadioGroupProps(db).onValueChange("0");
    expect(m.api().getOptionProps(db, itemsOf(db)[0]!)["data-state"]).toBe("checked");
    expect(m.api().questionOf(db).showsText).toBe(false);
  });

  it("given a recommended option with a description, should describe its control by both", () => {
    const api = machine().api();
    const pg = itemsOf(db)[0]!;
    const described = api.getRadioProps(db, pg)["aria-describedby"]?.split(" ");
    expect(described).toEqual([api.getRecommendedProps(db, pg).id, api.getOptionDescriptionProps(db, pg).id]);
    expect(api.getOptionProps(db, pg)["data-recommended"]).toBe("");
    expect(api.getOptionProps(db, pg)["data-state"]).toBe("unchecked");
    expect(api.getRadioProps(db, itemsOf(db)[1]!)["aria-describedby"]).toBeUndefined();
  });

  it("given the arrows, Home and End on a checkbox, should move the one tab stop, wrapping", () => {
    const m = machine();
    const focused: number[] = [];
    const press = (key: string, from: number) => {
      let prevented = false;
      m.api()
        .getCheckboxGroupProps(features, { focusIndex: (index) => focused.push(index) })
        .onKeyDown({
          key,
          ctrlKey: false,
          metaKey: false,
          altKey: false,
          defaultPrevented: false,
          target: { getAttribute: () => String(from) } as unknown as EventTarget,
          preventDefault: () => {
            prevented = true;
          },
        });
      return prevented;
    };
    const tabStops = () => itemsOf(features).map((item) => m.api().getCheckboxProps(features, item).tabIndex);
    expect(tabStops()).toEqual([0, -1, -1, -1]);
    expect(press("ArrowDown", 0)).toBe(true);
    expect(tabStops()).toEqual([-1, 0, -1, -1]);
    press("End", 1);
    press("ArrowDown", 3);
    expect(focused).toEqual([1, 3, 0]);
    expect(tabStops()).toEqual([0, -1, -1, -1]);
    // Enter checks nothing and sends nothing; a letter is left alone.
    expect(press("Enter", 0)).toBe(true);
    expect(press("x", 0)).toBe(false);
    expect(m.submitted).toEqual([]);
  });

  it("given an incomplete set, should keep Submit aria-disabled with its reason, and send nothing on submit", () => {
    const m = machine();
    m.api().choose(db, itemsOf(db)[0]!);
    const api = m.api();
    expect(api.complete).toBe(false);
    expect(api.getSubmitProps()["aria-disabled"]).toBe(true);
    expect(api.getSubmitProps()["aria-describedby"]).toBe(api.getPendingProps().id);
    expect(api.texts.pending).toBe("1 question still needs an answer.");
    expect(api.questionOf(features).issue).toBeUndefined();
    api.submit();
    expect(m.submitted).toEqual([]);
    expect(m.api().issues).toEqual(["Still to answer: “Which features do you want to enable?”"]);
    expect(m.api().questionOf(features).issue).toBe("Answer this question.");
    expect(m.api().getQuestionProps(features)["data-invalid"]).toBe("");
    expect(m.api().getQuestionProps(db)["data-state"]).toBe("answered");
  });

  it("given a complete set, should submit the kind's answer once and clear the issues", () => {
    const m = machine();
    for (const item of [itemsOf(features)[2]!, itemsOf(features)[3]!]) m.api().choose(features, item, true);
    m.api().choose(db, itemsOf(db)[1]!, true);
    m.api().setOtherText(features, " Audit ");
    expect(m.api().complete).toBe(true);
    expect(m.api().getSubmitProps()["aria-disabled"]).toBeUndefined();
    m.api().submit();
    expect(m.submitted).toEqual([
      { answers: { db: { selected: ["sqlite"] }, features: { selected: ["search"], other: "Audit" } } },
    ]);
    expect(m.state().submitted).toBe(true);
  });

  it("given the host's refusal, should show its messages", () => {
    const m = machine({ type: "refused", issues: [{ message: "Not now" }] });
    m.api().choose(db, itemsOf(db)[0]!);
    m.api().choose(features, itemsOf(features)[0]!);
    m.api().choose(features, itemsOf(features)[1]!);
    m.api().submit();
    expect(m.api().issues).toEqual(["Not now"]);
    expect(m.state().submitted).toBe(false);
  });

  it("given an answered optional question with options, should offer to clear it", () => {
    const optional = questionsKind.request.parse({
      kind: "questions",
      questions: [{ id: "tone", prompt: "Tone?", options: [{ id: "a", label: "A" }], optional: true }],
    });
    const m = machine(undefined, initialState(optional));
    const tone = optional.questions[0]!;
    expect(m.api().questionOf(tone).clearable).toBe(false);
    m.api().choose(tone, itemsOf(tone)[0]!);
    expect(m.api().questionOf(tone).clearable).toBe(true);
    m.api().getClearProps(tone).onClick();
    expect(answerOf(m.state())).toEqual({ answers: {} });
  });
});

describe("questions machine modules", () => {
  it("given connect and everything it imports, should import nothing but zod and the RE2 engine (no React, no DOM library)", () => {
    const { files: seen, outside } = sourceImports("src/widgets/questions/connect.ts");
    expect(seen.size).toBeGreaterThan(5);
    expect(outside.filter((specifier) => specifier !== "zod" && specifier !== "re2js")).toEqual([]);
  });
});
