// @vitest-environment node
import { decodeAnswer, encodeAnswer } from "../../src/adapters/eve/envelope";
import type { AnswerClaimStore } from "../../src/server/claim-store";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { EveInboxError, eveSink, parkEveSession } from "../../src/server/eve-inbox";
import { createMemoryInboxStore, deliverSettled } from "../../src/server/inbox-store";
import { createTestFetch } from "../../src/testing/fetch";
import { createTestSession } from "../../src/testing/session";

/**
 * eve sessions in the inbox: the source parks what eve's record shows open, the sink answers
 * through the answer guard. eve is the in-memory test session behind its HTTP routes here; the
 * same source and sink run against a real eve server in test/eve-agent/agent.e2e.test.ts.
 */

const EVE = "http://eve.local";

function setup(options: { claims?: AnswerClaimStore; now?: () => number } = {}) {
  const session = createTestSession();
  session.userMessage("pick");
  const ref = session.ask({
    toolName: "pick_media",
    input: { prompt: "Pick a cover", ui: { kind: "media", items: [{ id: "a", url: "https://x.test/a.png" }] } },
  });
  const eve = createTestFetch(session);
  const store = createMemoryInboxStore(options.now ? { now: options.now } : {});
  const guard = createEveAnswerGuard({
    eveUrl: EVE,
    fetch: eve,
    ...(options.claims ? { claims: options.claims } : {}),
  });
  const park = (extra: { expiresAt?: number } = {}) =>
    parkEveSession({ eveUrl: EVE, fetch: eve, sessionId: session.sessionId, store, owner: "ada", ...extra });
  return { session, ref, eve, store, guard, park, sink: eveSink({ guard }) };
}

describe("parkEveSession", () => {
  it("given a session with an open picker, should park it once as eve's stream shows it", async () => {
    const { session, ref, store, park } = setup();
    expect(await park()).toEqual({ parked: 1 });
    expect(await park()).toEqual({ parked: 0 });
    const record = await store.get(ref.requestId);
    expect(record).toMatchObject({
      owner: "ada",
      source: "eve",
      conversation: session.sessionId,
      state: "open",
      request: { requestId: ref.requestId, callId: ref.callId, kind: "media", prompt: "Pick a cover" },
    });
  });

  it("given a request eve already resolved, should not park it", async () => {
    const { session, ref, store, park } = setup();
    await session.respond([{ requestId: ref.requestId, text: encodeAnswer("media", { selected: ["a"] }) }]);
    await session.whenIdle();
    expect(await park()).toEqual({ parked: 0 });
    expect(await store.get(ref.requestId)).toBeUndefined();
  });

  it("given an eve that cannot be read, should reject with EveInboxError rather than park nothing silently", async () => {
    const store = createMemoryInboxStore();
    const down: typeof fetch = async () => new Response("down", { status: 502 });
    await expect(
      parkEveSession({ eveUrl: EVE, fetch: down, sessionId: "s1", store, owner: "ada" }),
    ).rejects.toBeInstanceOf(EveInboxError);
  });
});

describe("eveSink", () => {
  it("given an answer from the inbox, should reach eve once through the guard, typed, with one tool result", async () => {
    const { session, ref, store, park, sink } = setup();
    await park();
    await store.answer(ref.requestId, {
      owner: "ada",
      answer: { type: "value", value: { selected: ["a"] } },
      outcome: "answered",
    });
    expect((await deliverSettled(store, sink)).delivered).toEqual([ref.requestId]);
    await session.whenIdle();
    const answers = session.answers(ref.requestId);
    expect(answers).toHaveLength(1);
    expect(decodeAnswer(answers[0]?.response.text)).toEqual({
      type: "answered",
      kind: "media",
      value: { selected: ["a"] },
    });
    expect(session.toolResults(ref.callId)).toHaveLength(1);
    expect((await deliverSettled(store, sink)).delivered).toEqual([]);
  });

  it("given the same delivery again (a deliverer that died before marking it delivered), should send nothing more", async () => {
    const { session, ref, store, park, sink } = setup();
    await park();
    await store.answer(ref.requestId, {
      owner: "ada",
      answer: { type: "value", value: { selected: ["a"] } },
      outcome: "answered",
    });
    const record = await store.get(ref.requestId);
    if (!record) throw new Error("parked record missing");
    await sink(record);
    await session.whenIdle();
    await sink(record); // the guard reads eve's record of the first: 409, taken as delivered
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
    expect(session.toolResults(ref.callId)).toHaveLength(1);
  });

  it("given the chat page answered first through the same guard, should deliver nothing to eve and count as delivered", async () => {
    const { session, ref, store, guard, park, sink } = setup();
    await park();
    const page = await guard(
      new Request(`http://app.local/eve/v1/session/${session.sessionId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          inputResponses: [{ requestId: ref.requestId, text: encodeAnswer("media", { selected: ["a"] }) }],
        }),
      }),
    );
    expect(page.status).toBe(202);
    await store.answer(ref.requestId, {
      owner: "ada",
      answer: { type: "declined", reason: "later" },
      outcome: "answered",
    });
    expect((await deliverSettled(store, sink)).delivered).toEqual([ref.requestId]);
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
  });

  it("given a request that expired in the inbox, should decline it in eve so the turn does not wait forever", async () => {
    let now = 1_000;
    const { session, ref, store, park, sink } = setup({ now: () => now });
    await park({ expiresAt: 2_000 });
    now = 3_000;
    expect(await store.expire()).toBe(1);
    expect((await deliverSettled(store, sink)).delivered).toEqual([ref.requestId]);
    await session.whenIdle();
    const answers = session.answers(ref.requestId);
    expect(answers).toHaveLength(1);
    expect(decodeAnswer(answers[0]?.response.text)).toMatchObject({ type: "declined" });
  });

  it("given the guard's claim store down (503), should leave the record undelivered for a later run", async () => {
    const broken: AnswerClaimStore = {
      claim: async () => {
        throw new Error("redis is restarting");
      },
      extend: async () => false,
      release: async () => {},
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { session, ref, store, park, sink } = setup({ claims: broken });
    await park();
    await store.answer(ref.requestId, {
      owner: "ada",
      answer: { type: "value", value: { selected: ["a"] } },
      outcome: "answered",
    });
    const report = await deliverSettled(store, sink);
    expect(report.delivered).toEqual([]);
    expect(report.failed[0]?.error).toMatchObject({ name: "EveInboxError", status: 503 });
    expect((await store.get(ref.requestId))?.delivered).toBe(false);
    expect(session.answers(ref.requestId)).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("given another source's record, should refuse it with a TypeError", async () => {
    const { store, sink } = setup();
    const { record } = await store.park({
      request: { requestId: "lg-1", callId: "c", toolName: "t", kind: "text", prompt: "?", payload: {} },
      owner: "ada",
      source: "langgraph",
    });
    await expect(sink(record)).rejects.toBeInstanceOf(TypeError);
  });
});
