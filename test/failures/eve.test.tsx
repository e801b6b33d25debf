import { act, fireEvent, screen } from "@testing-library/react";
import { encodeAnswer } from "../../src/adapters/eve/envelope";
import { createTestSession } from "../../src/testing/session";
import { askPick, settle, setup } from "../react/harness";

/**
 * eve: a typed HITL tool that answered twice gave two tool results for one call, and the
 * provider refused the next request with a 400. Proven end to end on a real eve server in
 * `test/eve-agent/agent.e2e.test.ts` ("…exactly one answered result", "a second device…") and in
 * Chromium in `test/e2e/races.spec.ts`; here it is reproduced on eve's wire (the in-memory eve
 * 0.80.1 session) and prevented by the kit.
 */
describe("eve: one typed HITL tool call answered twice", () => {
  it("given eve's respond called twice for one request (no kit), should reproduce the failure: a second answer the call cannot take", async () => {
    const session = createTestSession();
    session.userMessage("pick something");
    const ref = askPick(session);
    const text = encodeAnswer("pick", { id: "a" });
    await session.respond([{ requestId: ref.requestId, text }]);
    await session
      .respond([{ requestId: ref.requestId, text: encodeAnswer("pick", { id: "b" }) }])
      .catch(() => undefined);
    await session.whenIdle();
    // eve settles the first; the second is not a result of the call any more: it turns into a
    // stray user message beside the call's result (the history a provider then refuses).
    expect(session.answers(ref.requestId).map((a) => a.handling)).toEqual(["settled", "stray"]);
    expect(session.strayMessages).toHaveLength(1);
  });

  it("given the kit and a double click on two different choices, should send one answer and give the call one result", async () => {
    const session = createTestSession({ latencyMs: 20 });
    session.userMessage("pick something");
    const ref = askPick(session);
    setup({ session });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
      fireEvent.click(screen.getByRole("button", { name: "Pick b" }));
    });
    await settle(session);
    expect(session.answers(ref.requestId).map((a) => a.handling)).toEqual(["settled"]);
    expect(session.strayMessages).toEqual([]);
    expect(session.toolResults(ref.callId)).toHaveLength(1);
  });
});
