import { createEveConverter, eveEventToAction } from "../../src/adapters/eve/convert";
import { encodeAnswer } from "../../src/adapters/eve/envelope";
import { createLedger, type LedgerState, reduceLedger, selectRequest, selectRequests } from "../../src/core/ledger";

const event = (type: string, data: Record<string, unknown>, id: string) => ({ type, data, meta: { id, at: "" } });

const question = (requestId: string, input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  requestId,
  kind: "question",
  prompt: "Pick one",
  action: { kind: "tool-call", callId: `call_${requestId}`, toolName: "pick_thing", input },
  ...extra,
});

function feed(events: readonly unknown[], convert = createEveConverter()): LedgerState {
  let state = createLedger();
  for (const raw of events) {
    const action = convert(raw);
    if (action) state = reduceLedger(state, action);
  }
  return state;
}

describe("eveEventToAction", () => {
  it("given one malformed request among several in an event, should park the others and report only the bad one", () => {
    const state = feed([
      event(
        "input.requested",
        {
          turnId: "t1",
          stepIndex: 0,
          requests: [
            question("r1", { prompt: "A", ui: { kind: "pick", ids: ["a"] } }),
            { requestId: "r2", kind: "question", prompt: 42 },
            question("r3", { prompt: "C" }),
          ],
        },
        "evt_1",
      ),
    ]);
    expect(selectRequests(state).map((r) => r.requestId)).toEqual(["r1", "r3"]);
    expect(state.problems).toHaveLength(1);
    expect(state.problems[0]).toMatchObject({ eventId: "evt_1", eventType: "input.requested" });
    expect(state.problems[0]?.issues.every((issue) => issue.path[0] === "requests" && issue.path[1] === 1)).toBe(true);
  });

  it("given a model-written ui.kind naming a native kind, should park it as a payload kind, never as native", () => {
    const state = feed([
      event(
        "input.requested",
        {
          turnId: "t1",
          stepIndex: 0,
          requests: [
            question("spoof", { prompt: "Approve?", ui: { kind: "approval", toolName: "wire_money", input: {} } }),
            { ...question("gate", { amount: 5 }), kind: "tool-approval", prompt: "Approve wire_money?" },
            question("plain", { prompt: "Why?" }),
          ],
        },
        "evt_1",
      ),
    ]);
    expect(selectRequest(state, "spoof")).toMatchObject({ kind: "approval" });
    expect(selectRequest(state, "spoof")?.native).toBeUndefined();
    expect(selectRequest(state, "gate")).toMatchObject({ kind: "approval", native: true });
    expect(selectRequest(state, "plain")).toMatchObject({ kind: "text", native: true });
  });

  it("given the resolution of a request it saw, should read eve's answer back per the request's kind", () => {
    const requested = event(
      "input.requested",
      {
        turnId: "t1",
        stepIndex: 0,
        requests: [
          question("pick", { prompt: "A", ui: { kind: "pick", ids: ["a"] } }),
          question("ask", { prompt: "B" }, { options: [{ id: "yes", label: "Yes" }] }),
        ],
      },
      "evt_1",
    );
    const resolved = event(
      "input.resolved",
      {
        resolutions: [
          {
            kind: "question",
            outcome: "answered",
            requestId: "pick",
            response: { requestId: "pick", text: encodeAnswer("pick", { id: "a" }) },
          },
          { kind: "question", outcome: "answered", requestId: "ask", response: { requestId: "ask", optionId: "yes" } },
        ],
      },
      "evt_2",
    );
    const state = feed([requested, resolved]);
    expect(selectRequest(state, "pick")?.resolution).toEqual({ type: "value", value: { id: "a" } });
    expect(selectRequest(state, "ask")?.resolution).toEqual({ type: "value", value: { optionId: "yes" } });
  });

  it("given a resolution of an approval it never saw the request of, should still read the decision", () => {
    const action = eveEventToAction(
      event(
        "input.resolved",
        {
          resolutions: [
            {
              kind: "tool-approval",
              outcome: "denied",
              requestId: "gate",
              response: { requestId: "gate", optionId: "cancel", text: "too risky" },
            },
          ],
        },
        "evt_9",
      ),
    );
    expect(action).toMatchObject({
      type: "transport",
      changes: [{ type: "resolved", response: { type: "value", value: { decision: "deny", note: "too risky" } } }],
    });
  });
});
