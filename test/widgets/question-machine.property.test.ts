import fc from "fast-check";
import { parseRequest } from "../../src/core";
import { validateAnswer } from "../../src/kinds/define-kind";
import { type QuestionRequest, questionKind, textKind } from "../../src/kinds/native";
import {
  initialState,
  type QuestionEvent,
  type QuestionState,
  submitCheck,
  transition,
} from "../../src/widgets/question/machine";

/**
 * The question's machine against random requests and random sequences of what a person (and a
 * host) can do. What must hold after every step is what held of the widget before it was a
 * machine: only an offered option is ever chosen by the person, an answer sent only when there is
 * one and the kind accepts it, a refusal shown on the part that answered (a host's replacing the
 * other part's), and the owner's value and text followed as given.
 */

const IDS = ["a", "b", "c", "d", "e"];

/** Valid requests: 0 to 5 distinct options, some described, free text allowed half of the time. */
const requestArb: fc.Arbitrary<QuestionRequest> = fc
  .record({
    ids: fc.shuffledSubarray(IDS, { maxLength: 5 }),
    described: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    allowFreeform: fc.boolean(),
  })
  .map(({ ids, described, allowFreeform }) => {
    const parsed = parseRequest(questionKind, {
      kind: "question",
      options: ids.map((id, index) => ({
        id,
        label: `Option ${id}`,
        ...(described[index] ? { description: "d" } : {}),
      })),
      allowFreeform,
    });
    if (!parsed.ok) throw new Error("the arbitrary makes valid requests only");
    return parsed.value as QuestionRequest;
  });

const textArb = fc.constantFrom("", " ", "  Echo ", "line\nline", "x", "\t");
const issuesArb = fc.array(fc.constantFrom("Not now", "Too rude"), { maxLength: 2 });

/** What a person does (choices may be of no option: the machine must refuse them), and the host's answers. */
const eventArb: fc.Arbitrary<QuestionEvent> = fc.oneof(
  fc.record({ type: fc.constant("choose" as const), value: fc.constantFrom(...IDS, "zulu", "") }),
  fc.record({ type: fc.constant("set-text" as const), text: textArb }),
  fc.record({
    type: fc.constant("submit-attempt" as const),
    source: fc.constantFrom("option" as const, "text" as const),
  }),
  fc.record({ type: fc.constant("invalid" as const), issues: issuesArb }),
  fc.record({ type: fc.constant("refused" as const), issues: issuesArb }),
  fc.constant({ type: "sent" as const }),
);
const eventsArb = fc.array(eventArb, { maxLength: 30 });

describe("question machine (property)", () => {
  it("given random requests and events, should only ever choose an offered option, and take the text as typed", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        let state = initialState(request);
        for (const event of events) {
          const before = state;
          state = transition(before, event);
          if (state.value !== "") expect(request.options.map((option) => option.id)).toContain(state.value);
          if (event.type === "choose" && !request.options.some((option) => option.id === event.value)) {
            expect(state).toBe(before);
          }
          if (event.type === "set-text") expect(state.text).toBe(event.text);
          // Only the person moves the value and the text.
          if (state.value !== before.value) expect(event.type).toBe("choose");
          if (state.text !== before.text) expect(event.type).toBe("set-text");
        }
      }),
      { numRuns: 400 },
    );
  });

  it("given any state, should send only an answer the kind accepts, and find nothing to send only when there is nothing", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const state = events.reduce(transition, initialState(request));
        const option = submitCheck(state, "option");
        if (option.type === "send") expect(validateAnswer(questionKind, request, option.value).ok).toBe(true);
        else expect(state.value).toBe("");
        const text = submitCheck(state, "text");
        if (text.type === "send") {
          expect(text.value).toEqual({ text: state.text.trim() });
          // The text question's kind takes any text sent; the question's when free text is offered.
          expect(validateAnswer(textKind, { kind: "text" }, text.value).ok).toBe(true);
          if (request.allowFreeform || request.options.length === 0) {
            expect(validateAnswer(questionKind, request, text.value).ok).toBe(true);
          }
        } else expect(state.text.trim()).toBe("");
      }),
      { numRuns: 400 },
    );
  });

  it("given a refusal, should show it on the part that answered; a host's clears the other part, a check's keeps it", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, issuesArb, fc.boolean(), (request, events, issues, host) => {
        const before = events.reduce(transition, initialState(request));
        const state = transition(before, { type: host ? "refused" : "invalid", issues });
        if (!before.attempt) {
          expect(state).toBe(before);
          return;
        }
        const [own, other] =
          before.attempt === "option"
            ? (["optionIssues", "textIssues"] as const)
            : (["textIssues", "optionIssues"] as const);
        expect(state[own]).toEqual(issues);
        if (host) expect(state[other]).toEqual([]);
        else expect(state[other]).toBe(before[other]);
        // Sent: nothing left to show.
        expect(transition(state, { type: "sent" })).toMatchObject({ optionIssues: [], textIssues: [] });
      }),
      { numRuns: 300 },
    );
  });

  it("given the owner's value and text, should show them as given, whatever the person did before", () => {
    fc.assert(
      fc.property(
        requestArb,
        eventsArb,
        fc.constantFrom(...IDS, "zulu", ""),
        textArb,
        (request, events, value, text) => {
          const before = events.reduce(transition, initialState(request));
          const state = [
            { type: "value-changed", value },
            { type: "text-changed", text },
          ].reduce<QuestionState>((current, event) => transition(current, event as QuestionEvent), before);
          expect(state).toMatchObject({ value, text });
          expect(state.optionIssues).toBe(before.optionIssues);
          expect(state.textIssues).toBe(before.textIssues);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("given any events, should be a pure function: same events, same states; inputs never changed; no-ops return the state itself", () => {
    fc.assert(
      fc.property(requestArb, eventsArb, (request, events) => {
        const run = () => {
          const states: QuestionState[] = [initialState(request)];
          for (const event of events) {
            const before = states.at(-1) as QuestionState;
            const next = transition(Object.freeze({ ...before }), event);
            // Doing the same again changes nothing more.
            expect(transition(next, event)).toBe(next);
            states.push(next);
          }
          return states;
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: 200 },
    );
  });
});
