import fc from "fast-check";
import { MAX_ANSWER_TEXT_LENGTH } from "../../src/core/answer";
import { connect, type FallbackAnswer } from "../../src/widgets/fallback/connect";
import { fallbackLabels } from "../../src/widgets/fallback/labels";
import {
  type FallbackEvent,
  type FallbackState,
  initialState,
  replyOf,
  transition,
} from "../../src/widgets/fallback/machine";
import type { AnswerOutcome } from "../../src/widgets/shared/use-answer";

/** The fallback's machine and connect, without React. */
function harness(
  outcome: AnswerOutcome<FallbackAnswer> = { type: "sent", value: { type: "reply", text: "" }, issues: [] },
) {
  let state: FallbackState = initialState;
  const sent: FallbackAnswer[] = [];
  let out = false;
  const send = (event: FallbackEvent) => {
    state = transition(state, event);
  };
  const api = () =>
    connect(state, send, {
      labels: fallbackLabels,
      kind: "",
      reason: "unknown-kind",
      issues: [],
      options: [{ id: "yes", label: "Yes" }],
      answerText: undefined,
      answerValue: undefined,
      submit: (answer) => {
        sent.push(answer);
        if (outcome.type === "sent") out = true;
        return outcome;
      },
      sent: () => out,
    });
  return { api, sent, state: () => state };
}

describe("the fallback's machine", () => {
  it("given blank text sent, should say so and send nothing; writing clears it", () => {
    const { api, sent } = harness();
    api().setText("   ");
    api().sendText();
    expect(sent).toEqual([]);
    expect(api().textError).toBe(fallbackLabels.emptyText);
    api().setText("  the blue one ");
    expect(api().textError).toBeUndefined();
    api().sendText();
    expect(sent).toEqual([{ type: "reply", text: "the blue one" }]);
  });

  it("given text past the client's limit, should refuse it with the limit", () => {
    expect(replyOf("x".repeat(MAX_ANSWER_TEXT_LENGTH))).toEqual({ text: "x".repeat(MAX_ANSWER_TEXT_LENGTH) });
    const { api, sent } = harness();
    api().setText("x".repeat(MAX_ANSWER_TEXT_LENGTH + 1));
    api().sendText();
    expect(sent).toEqual([]);
    expect(api().textError).toBe(fallbackLabels.tooLong(MAX_ANSWER_TEXT_LENGTH));
  });

  it("given the host refuses the answer (reconnecting), should show why under the field and keep the text", () => {
    const { api, state } = harness({ type: "refused", issues: [{ path: [], message: "Reconnecting." }] });
    api().setText("hello");
    api().sendText();
    expect(api().textError).toBe("Reconnecting.");
    expect(state().text).toBe("hello");
    api().sendOption("yes");
    expect(api().textError).toBe("Reconnecting.");
  });

  it("given an answer already out, should send no second one and show no error", () => {
    const { api, sent } = harness();
    api().sendOption("yes");
    api().sendText();
    expect(sent).toEqual([{ type: "option", optionId: "yes" }]);
    expect(api().textError).toBeUndefined();
  });

  it("given no kind, should say `unknown` on the root with why it fell back", () => {
    expect(harness().api().rootProps).toEqual({ "data-kind": "unknown", "data-reason": "unknown-kind" });
  });

  it("given any sequence of events, a change of text always clears the problem and keeps the text", () => {
    const event: fc.Arbitrary<FallbackEvent> = fc.oneof(
      fc.string().map((text) => ({ type: "text-changed" as const, text })),
      fc.constantFrom<FallbackEvent>(
        { type: "text-refused", problem: { type: "empty" } },
        { type: "text-refused", problem: { type: "refused", message: "no" } },
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.string(), (events, text) => {
        const state = events.reduce(transition, initialState);
        const next = transition(state, { type: "text-changed", text });
        expect(next).toEqual({ text, problem: undefined });
      }),
      { numRuns: 500 },
    );
  });
});
