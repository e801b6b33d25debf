import { encodeAnswer } from "../../src/adapters/eve/envelope";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { createTestFetch } from "../../src/testing/fetch";
import { createTestSession } from "../../src/testing/session";

/**
 * Two app instances (two guards, no shared memory, so no shared claim store) in front of one eve
 * session, answered from two devices. The guard reads eve's own record (the session stream)
 * before forwarding.
 */
function setup(latencyMs = 0) {
  const session = createTestSession({ latencyMs });
  session.userMessage("pick");
  const ref = session.ask({ toolName: "pick_media", input: { prompt: "Pick", ui: { kind: "media", items: [] } } });
  const eve = createTestFetch(session);
  const guards = [0, 1].map(() => createEveAnswerGuard({ eveUrl: "http://eve.local", fetch: eve }));
  const post = (guard: number, text: string) =>
    (guards[guard] as (request: Request) => Promise<Response>)(
      new Request(`http://app.local/eve/v1/session/${session.sessionId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ inputResponses: [{ requestId: ref.requestId, text }] }),
      }),
    );
  return { session, ref, post };
}

describe("createEveAnswerGuard", () => {
  it("given a second device answering after the first answer settled, should refuse it with 409 and what was chosen", async () => {
    const { session, ref, post } = setup();
    const first = await post(0, encodeAnswer("media", { selected: ["a"] }));
    expect(first.status).toBe(202);
    await session.whenIdle();
    const second = await post(1, encodeAnswer("media", { selected: ["b"] }));
    expect(second.status).toBe(409);
    await expect(second.json()).resolves.toEqual({
      ok: false,
      code: "HITL_ALREADY_ANSWERED",
      error: "This request was already answered elsewhere; your answer was not sent.",
      requestId: ref.requestId,
      outcome: "answered",
      response: { type: "value", value: { selected: ["a"] } },
    });
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
    expect(session.toolResults(ref.callId)).toHaveLength(1);
  });

  it("given a chat message or an answer to a request eve does not know, should forward it for eve to judge", async () => {
    const { session } = setup();
    const eve = createTestFetch(session);
    const guard = createEveAnswerGuard({ eveUrl: "http://eve.local", fetch: eve });
    const send = (body: unknown) =>
      guard(
        new Request(`http://app.local/eve/v1/session/${session.sessionId}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    expect((await send({ message: "hello" })).status).toBe(202);
    const unknown = await send({ inputResponses: [{ requestId: "nope", text: "x" }] });
    expect(unknown.status).not.toBe(409);
    expect(eve.requests.filter((r) => r.method === "POST")).toHaveLength(2);
  });

  it("given two answers in the same instant through guards that share no claim store, should let both through (why instances must share one)", async () => {
    // Both guards read eve's record before eve processed either answer: both see the request open,
    // and each guard's default claim store is its own memory. eve-guard-claim.test.ts shares one.
    const { session, ref, post } = setup(20);
    const [a, b] = await Promise.all([
      post(0, encodeAnswer("media", { selected: ["a"] })),
      post(1, encodeAnswer("media", { selected: ["b"] })),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    await session.whenIdle();
    // eve keeps one and turns the other into a stray user message: only a claim store the guards
    // share (createRedisClaimStore across instances) stops this.
    expect(session.answers(ref.requestId)).toHaveLength(2);
    expect(session.strayMessages).toHaveLength(1);
  });
});
