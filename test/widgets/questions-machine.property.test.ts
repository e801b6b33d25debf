import fc from "fast-check";
import { parseRequest } from "../../src/core";
import { validateAnswer } from "../../src/kinds/define-kind";
import { type QuestionsRequest, questionSetBounds, questionsKind } from "../../src/kinds/questions";
import {
  answerOf,
  draftValue,
  initialState,
  isComplete,
  type QuestionsEvent,
  type QuestionsState,
  questionStatus,
  transition,
} from "../../src/widgets/questions/machine";

/**
 * The question-set machine against random question sets and random sequences of what a person
 * (and a host, and a controlled owner) can do. Whatever happens, the answer it builds names only
 * asked questions and offered options, never passes a question's bounds, and the kind's own
 * `check` accepts it exactly when the machine says the set is complete.
 */

const QUESTION_IDS = ["db", "auth", "constructor", "q 4"];
const OPTION_IDS = ["a", "b", "c", "d", "toString"];

const questionArb = fc
  .record({
    header: fc.option(fc.constantFrom("Database", "Auth"), { nil: undefined }),
    options: fc.shuffledSubarray(OPTION_IDS, { maxLength: OPTION_IDS.length }),
    recommended: fc.nat({ max: 5 }),
    described: fc.boolean(),
    multiple: fc.boolean(),
    min: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    max: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    other: fc.boolean(),
    optional: fc.boolean(),
  })
  .map(({ options, recommended, described, multiple, min, max, ...rest }) => ({
    ...rest,
    prompt: "Which one?",
    options: options.map((id, index) => ({
      id,
      label: `Option ${id}`,
      ...(described ? { description: "Because" } : {}),
      recommended: index === recommended,
    })),
    multiple,
    ...(multiple && min !== undefined ? { min } : {}),
    ...(multiple && max !== undefined ? { max } : {}),
  }));

/** Valid question sets only: a drawn set the kind refuses (min past what is offered, …) is drawn again. */
const requestArb: fc.Arbitrary<QuestionsRequest> = fc
  .tuple(fc.shuffledSubarray(QUESTION_IDS, { minLength: 1 }), fc.array(questionArb, { minLength: 4, maxLength: 4 }))
  .map(([ids, questions]) =>
    parseRequest(questionsKind, {
      kind: "questions",
      questions: ids.map((id, index) => ({ ...questions[index], id })),
    }),
  )
  .filter((parsed) => parsed.ok)
  .map((parsed) => {
    if (!parsed.ok) throw new Error("filtered");
    return parsed.value as QuestionsRequest;
  });

const questionIdArb = fc.constantFrom(...QUESTION_IDS, "ghost");
const optionIdArb = fc.constantFrom(...OPTION_IDS, "ghost");
const textArb = fc.constantFrom("", "   ", "Redis", "  spaced  ", "line\nline", "x".repeat(10_050));
const checkedArb = fc.option(fc.boolean(), { nil: undefined });

/** A controlled owner's value: any ids, any counts, Other anywhere. */
const valueArb = fc.dictionary(
  questionIdArb,
  fc.record({ selected: fc.array(optionIdArb, { maxLength: 7 }), other: textArb }, { requiredKeys: ["selected"] }),
  { maxKeys: 5 },
);

const withChecked = <E extends object>(event: E, checked: boolean | undefined) =>
  checked === undefined ? event : { ...event, checked };

const eventArb: fc.Arbitrary<QuestionsEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(questionIdArb, optionIdArb, checkedArb)
      .map(([questionId, optionId, checked]) =>
        withChecked({ type: "toggle" as const, questionId, optionId }, checked),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(questionIdArb, checkedArb)
      .map(([questionId, checked]) => withChecked({ type: "toggle-other" as const, questionId }, checked)),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant("set-other-text" as const), questionId: questionIdArb, text: textArb }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("clear" as const), questionId: questionIdArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("highlight" as const),
      questionId: questionIdArb,
      index: fc.integer({ min: -1, max: 7 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "submit-attempt" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("refused" as const),
      issues: fc.array(fc.constantFrom("No", "Later"), { maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "sent" as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("value-changed" as const), value: valueArb }) },
);
const eventsArb = fc.array(eventArb, { maxLength: 40 });

/** What must hold of any state: its answer only names what was asked and offered, within bounds. */
function expectWellFormed(request: QuestionsRequest, state: QuestionsState) {
  const { answers } = answerOf(state);
  const asked = new Map(request.questions.map((question) => [question.id, question]));
  for (const [id, answer] of Object.entries(answers)) {
    const question = asked.get(id);
    expect(question, `question "${id}" was asked`).toBeDefined();
    if (!question) continue;
    const offered = new Set(question.options.map((option) => option.id));
    for (const optionId of answer.selected) expect(offered.has(optionId)).toBe(true);
    expect(new Set(answer.selected).size).toBe(answer.selected.length);
    if (answer.other !== undefined) expect(question.other).toBe(true);
    const count = answer.selected.length + (answer.other === undefined ? 0 : 1);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(questionSetBounds(question).max);
    if (!question.multiple) expect(count).toBe(1);
  }
  // The answer passes the kind's schema and check exactly when the machine says it is complete.
  const judged = validateAnswer(questionsKind, request, answerOf(state));
  expect(judged.ok, JSON.stringify({ answers, issues: judged.ok ? [] : judged.issues })).toBe(isComplete(state));
  if (judged.ok) expect(judged.value).toEqual(answerOf(state));
}

describe("questions machine (property)", () => {
  it("given random question sets and events, should only ever build answers of asked questions and offered options, within bounds, that the kind accepts exactly when complete", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        let state = initialState(request);
        expectWellFormed(request, state);
        for (const event of events) {
          state = transition(state, event);
          expectWellFormed(request, state);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("given any state, should never choose a recommended option for the person", () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const state = initialState(request);
        expect(answerOf(state)).toEqual({ answers: {} });
        for (const question of request.questions) {
          expect(questionStatus(state, question).answered).toBe(false);
          expect(questionStatus(state, question).issue === undefined).toBe(question.optional);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("given a person's events only, should move the answers only by toggles, texts and clears, and tell each change as the new draft", () => {
    const personEvents = eventsArb.map((events) => events.filter((event) => event.type !== "value-changed"));
    fc.assert(
      fc.property(requestArb, personEvents, (request, events) => {
        let state = initialState(request);
        for (const event of events) {
          const before = state;
          state = transition(before, event);
          if (!["toggle", "toggle-other", "set-other-text", "clear"].includes(event.type)) {
            expect(state.drafts).toBe(before.drafts);
          }
          if (state.lastChange !== before.lastChange) expect(state.lastChange).toEqual(draftValue(state));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("given any events, should be a pure function: same events, same states; a no-op returns the state itself", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const runOnce = () => {
          const states: QuestionsState[] = [initialState(request)];
          for (const event of events) {
            const before = states.at(-1) as QuestionsState;
            const next = transition(Object.freeze({ ...before }), event);
            if (event.type === "highlight" || event.type === "clear" || event.type === "value-changed") {
              expect(transition(next, event)).toBe(next);
            }
            states.push(next);
          }
          return states.map((state) => ({ ...state, drafts: [...state.drafts], tabStops: [...state.tabStops] }));
        };
        expect(runOnce()).toEqual(runOnce());
      }),
      { numRuns: 200 },
    );
  });
});
