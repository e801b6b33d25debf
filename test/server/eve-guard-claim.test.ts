// @vitest-environment node
import { encodeAnswer } from "../../src/adapters/eve/envelope";
import { type AnswerClaimStore, createMemoryClaimStore, createRedisClaimStore } from "../../src/server/claim-store";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { createTestFetch, type TestFetch } from "../../src/testing/fetch";
import { createTestSession } from "../../src/testing/session";
import {
  adaptRedis,
  REDIS_MISSING,
  type RedisClient,
  redisClient,
  redisServerBinary,
  startRedis,
  type TestRedis,
} from "../support/redis";

/**
 * The guard's claim: two app instances (two guards) sharing one claim store, answered from two
 * devices in the same instant. eve is the in-memory test session behind its real HTTP routes;
 * the Redis store runs against a real `redis-server` started by this file.
 */

const ROUNDS = 20;
const REFUSAL = {
  ok: false,
  code: "HITL_ALREADY_ANSWERED",
  error: "This request was already answered elsewhere; your answer was not sent.",
  outcome: "answered",
};

interface SetupOptions {
  /** eve's delay before it processes an answer: long enough that both guards read "open". */
  readonly latencyMs?: number;
  readonly claimTtlMs?: number;
  readonly leaseMs?: number;
  readonly whenClaimsFail?: "refuse" | "forward";
  /** How many picker requests the model parks in one step. @default 1 */
  readonly requests?: number;
  /** What the guards call instead of eve directly (to refuse or hold a POST). */
  readonly wrap?: (eve: TestFetch) => typeof fetch;
}

type Answers = readonly { requestId: string; text: string }[];

const media = (selected: string) => encodeAnswer("media", { selected: [selected] });

/** Picker requests in a fresh session, two guards (one per app instance) in front of it. */
function setup(claims: readonly [AnswerClaimStore, AnswerClaimStore], options: SetupOptions = {}) {
  const session = createTestSession({ latencyMs: options.latencyMs ?? 20 });
  session.userMessage("pick");
  const refs = session.askAll(
    Array.from({ length: options.requests ?? 1 }, (_, index) => ({
      toolName: "pick_media",
      input: { prompt: `Pick ${index + 1}`, ui: { kind: "media", items: [] } },
    })),
  );
  const ref = refs[0]!;
  const eve = createTestFetch(session);
  const fetcher = options.wrap?.(eve) ?? eve;
  const guards = claims.map((store) =>
    createEveAnswerGuard({
      eveUrl: "http://eve.local",
      fetch: fetcher,
      claims: store,
      ...(options.claimTtlMs !== undefined ? { claimTtlMs: options.claimTtlMs } : {}),
      ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
      ...(options.whenClaimsFail !== undefined ? { whenClaimsFail: options.whenClaimsFail } : {}),
    }),
  );
  const post = (guard: 0 | 1, inputResponses: Answers, sessionId?: string) =>
    guards[guard]!(
      new Request(`http://app.local/eve/v1/session/${sessionId ?? session.sessionId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ inputResponses }),
      }),
    );
  const answer = (guard: 0 | 1, selected: string, requestId = ref.requestId) =>
    post(guard, [{ requestId, text: media(selected) }]);
  return { session, ref, refs, eve, post, answer };
}

/** Both devices answer in the same tick, one through each guard: exactly one answer reaches eve. */
async function raceOnce(claims: readonly [AnswerClaimStore, AnswerClaimStore]) {
  const { session, ref, answer } = setup(claims);
  const responses = await Promise.all([answer(0, "a"), answer(1, "b")]);
  expect(responses.map((response) => response.status).sort()).toEqual([202, 409]);
  const winner = responses[0]!.status === 202 ? "a" : "b";
  const loser = responses.find((response) => response.status === 409)!;
  await expect(loser.json()).resolves.toEqual({
    ...REFUSAL,
    requestId: ref.requestId,
    response: { type: "value", value: { selected: [winner] } },
  });
  await session.whenIdle();
  const recorded = session.answers(ref.requestId);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]!.response.text).toBe(media(winner));
  expect(session.strayMessages).toEqual([]);
  expect(session.toolResults(ref.callId)).toHaveLength(1);
}

/**
 * Both devices answer the same two requests in one POST each, in opposite orders, in the same
 * tick: one device's POST reaches eve whole, the other is refused whole.
 */
async function raceBatchOnce(claims: readonly [AnswerClaimStore, AnswerClaimStore]) {
  const { session, refs, post } = setup(claims, { requests: 2 });
  const [one, two] = refs as [(typeof refs)[0], (typeof refs)[0]];
  const responses = await Promise.all([
    post(0, [
      { requestId: one.requestId, text: media("a1") },
      { requestId: two.requestId, text: media("a2") },
    ]),
    post(1, [
      { requestId: two.requestId, text: media("b2") },
      { requestId: one.requestId, text: media("b1") },
    ]),
  ]);
  expect(responses.map((response) => response.status).sort()).toEqual([202, 409]);
  const winner = responses[0]!.status === 202 ? "a" : "b";
  const refusal = (await responses.find((response) => response.status === 409)!.json()) as { requestId: string };
  const number = refusal.requestId === one.requestId ? 1 : 2;
  expect(refusal).toEqual({
    ...REFUSAL,
    requestId: refusal.requestId,
    response: { type: "value", value: { selected: [`${winner}${number}`] } },
  });
  await session.whenIdle();
  expect(session.answers(one.requestId).map((recorded) => recorded.response.text)).toEqual([media(`${winner}1`)]);
  expect(session.answers(two.requestId).map((recorded) => recorded.response.text)).toEqual([media(`${winner}2`)]);
  expect(session.strayMessages).toEqual([]);
}

/** A fetch whose first answer POST waits at eve's door until `open()`; `held` once it does. */
function holdFirstPost() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = {
    held: false,
    open: () => open(),
    wrap: (eve: TestFetch): typeof fetch => {
      return async (input, init) => {
        if ((init?.method ?? "GET") === "POST" && !state.held) {
          state.held = true;
          await gate;
        }
        return eve(input, init);
      };
    },
  };
  return state;
}

/** A fetch that answers eve's answer route with 503 once, without reaching eve. */
function refuseFirstPost(eve: TestFetch): typeof fetch {
  let refused = false;
  return async (input, init) => {
    if ((init?.method ?? "GET") === "POST" && !refused) {
      refused = true;
      return Response.json({ ok: false, error: "Service unavailable." }, { status: 503 });
    }
    return eve(input, init);
  };
}

describe("createEveAnswerGuard with a shared memory claim store", () => {
  it(`given two answers in the same instant through two guards, should forward exactly one (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const store = createMemoryClaimStore();
      await raceOnce([store, store]);
    }
  });

  it("given eve refusing the first answer (503), should release its claim so the next answer goes through", async () => {
    const store = createMemoryClaimStore();
    const { session, ref, answer } = setup([store, store], { wrap: refuseFirstPost });
    expect((await answer(0, "a")).status).toBe(503);
    expect((await answer(1, "b")).status).toBe(202);
    await session.whenIdle();
    expect(session.answers(ref.requestId).map((recorded) => recorded.response.text)).toEqual([
      encodeAnswer("media", { selected: ["b"] }),
    ]);
    expect(session.strayMessages).toEqual([]);
  });

  it("given eve's own 4xx, should release the claim so the next answer goes through", async () => {
    const store = createMemoryClaimStore();
    const { session, ref, post, answer } = setup([store, store]);
    session.failNextRespond({ status: 400 });
    expect((await answer(0, "a")).status).toBe(400);
    expect((await answer(1, "b")).status).toBe(202);
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    // An answer to a session eve does not know (404) leaves no claim behind either.
    expect((await post(0, [{ requestId: ref.requestId, text: "x" }], "wrun_unknown")).status).toBe(404);
    await expect(store.claim(`hitl:wrun_unknown:${ref.requestId}`, "probe", 1_000)).resolves.toEqual({ won: true });
  });

  it("given a connection to eve dropped before eve got the answer, should release the claim so the answer can be sent again", async () => {
    const store = createMemoryClaimStore();
    const { session, ref, answer } = setup([store, store]);
    session.failNextRespond({ network: true });
    await expect(answer(0, "a")).rejects.toThrow("Failed to fetch");
    // eve never had it: the retry (here from the other instance) is not refused as answered elsewhere.
    expect((await answer(1, "a")).status).toBe(202);
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
  });

  it("given a connection to eve dropped after eve took the answer, should refuse a second device with the first answer", async () => {
    const store = createMemoryClaimStore();
    const { session, ref, answer } = setup([store, store]);
    session.failNextRespond({ network: true, afterAccept: true });
    await expect(answer(0, "a")).rejects.toThrow("Failed to fetch");
    const second = await answer(1, "b");
    expect(second.status).toBe(409);
    await expect(second.json()).resolves.toMatchObject({ response: { type: "value", value: { selected: ["a"] } } });
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
  });

  it("given several requests in one POST and one of them claimed elsewhere, should hold the POST until eve has the other answer, refuse it whole and release the rest", async () => {
    const store = createMemoryClaimStore();
    // Device B's answer waits at eve's door with its claim taken, until the gate opens.
    const gate = holdFirstPost();
    const { session, refs, post } = setup([store, store], { requests: 2, wrap: gate.wrap });
    const [one, two] = refs as [(typeof refs)[0], (typeof refs)[0]];

    const fromB = post(1, [{ requestId: two.requestId, text: media("b2") }]);
    await vi.waitFor(() => expect(gate.held).toBe(true));
    let settledA = false;
    const fromA = post(0, [
      { requestId: one.requestId, text: media("a1") },
      { requestId: two.requestId, text: media("a2") },
    ]).finally(() => {
      settledA = true;
    });
    // B's answer is on its way, not in eve: A is held, not told "answered elsewhere" yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settledA).toBe(false);
    // While A waits, its claim on the first request is not kept: another answer to it could go.
    await expect(store.claim(`hitl:${session.sessionId}:${one.requestId}`, "probe", 1)).resolves.toEqual({
      won: true,
    });
    gate.open();
    expect((await fromB).status).toBe(202);
    const refusedA = await fromA;
    expect(refusedA.status).toBe(409);
    await expect(refusedA.json()).resolves.toEqual({
      ...REFUSAL,
      requestId: two.requestId,
      response: { type: "value", value: { selected: ["b2"] } },
    });
    // A's claim on the first request was given back with the refusal: A can answer it alone.
    expect((await post(0, [{ requestId: one.requestId, text: media("a1") }])).status).toBe(202);
    await session.whenIdle();
    expect(session.answers(one.requestId).map((recorded) => recorded.response.text)).toEqual([media("a1")]);
    expect(session.answers(two.requestId).map((recorded) => recorded.response.text)).toEqual([media("b2")]);
    expect(session.strayMessages).toEqual([]);
  });

  it("given a page server that died after claiming (its answer never reached eve), should let the device's retry take the claim once the lease runs out", async () => {
    const store = createMemoryClaimStore();
    const { session, ref, answer } = setup([store, store], { leaseMs: 300 });
    // The dead instance's claim, as it left it: taken for one lease, never forwarded, never renewed.
    const dead = JSON.stringify({ id: "dead", response: { type: "value", value: { selected: ["a"] } } });
    await store.claim(`hitl:${session.sessionId}:${ref.requestId}`, dead, 300);
    const started = Date.now();
    const retry = await answer(1, "a");
    expect(retry.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await session.whenIdle();
    expect(session.answers(ref.requestId).map((recorded) => recorded.response.text)).toEqual([media("a")]);
    expect(session.strayMessages).toEqual([]);
  });

  it("given a forward slower than the lease, should renew the claim so no other device gets through meanwhile", async () => {
    const store = createMemoryClaimStore();
    const gate = holdFirstPost();
    const { session, ref, answer } = setup([store, store], { leaseMs: 150, wrap: gate.wrap });
    const fromA = answer(0, "a");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fromB = answer(1, "b");
    // Three leases pass while A's answer is on its way; B is still held, not let through.
    await new Promise((resolve) => setTimeout(resolve, 450));
    gate.open();
    expect((await fromA).status).toBe(202);
    const refusedB = await fromB;
    expect(refusedB.status).toBe(409);
    await expect(refusedB.json()).resolves.toMatchObject({ response: { type: "value", value: { selected: ["a"] } } });
    await session.whenIdle();
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(session.strayMessages).toEqual([]);
  });

  it(`given two devices answering the same two requests in one POST each, in opposite orders, should forward exactly one POST (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const store = createMemoryClaimStore();
      await raceBatchOnce([store, store]);
    }
  });
});

describe("createMemoryClaimStore", () => {
  it("should give a key to its first claimant until it expires, and release it only for the value it holds", async () => {
    let now = 0;
    const store = createMemoryClaimStore({ now: () => now });
    await expect(store.claim("k", "one", 100)).resolves.toEqual({ won: true });
    await expect(store.claim("k", "two", 100)).resolves.toEqual({ won: false, value: "one" });
    await store.release("k", "two");
    await expect(store.claim("k", "two", 100)).resolves.toEqual({ won: false, value: "one" });
    now = 99;
    await expect(store.claim("k", "two", 100)).resolves.toEqual({ won: false, value: "one" });
    now = 100;
    await expect(store.claim("k", "two", 100)).resolves.toEqual({ won: true });
    // The first holder's late release must not free the claim that replaced its expired one.
    await store.release("k", "one");
    await expect(store.claim("k", "three", 100)).resolves.toEqual({ won: false, value: "two" });
    await store.release("k", "two");
    await expect(store.claim("k", "three", 100)).resolves.toEqual({ won: true });
  });

  it("should extend a claim only for the value it holds, and not once it expired", async () => {
    let now = 0;
    const store = createMemoryClaimStore({ now: () => now });
    await store.claim("k", "one", 100);
    await expect(store.extend("k", "two", 1_000)).resolves.toBe(false);
    await expect(store.extend("k", "one", 1_000)).resolves.toBe(true);
    now = 500;
    await expect(store.claim("k", "two", 100)).resolves.toEqual({ won: false, value: "one" });
    now = 1_000;
    await expect(store.extend("k", "one", 1_000)).resolves.toBe(false);
    await expect(store.claim("k", "two", 100)).resolves.toEqual({ won: true });
  });

  it("should keep live claims through the sweeps of expired ones", async () => {
    let now = 0;
    const store = createMemoryClaimStore({ now: () => now });
    await store.claim("live", "v", 1_000_000);
    for (let i = 0; i < 1_000; i += 1) {
      now += 1;
      await store.claim(`short-${i}`, "v", 1);
    }
    await expect(store.claim("live", "other", 10)).resolves.toEqual({ won: false, value: "v" });
    await expect(store.claim("short-0", "again", 10)).resolves.toEqual({ won: true });
  });
});

// ------------------------------------------------------------------ Redis

describe.skipIf(redisServerBinary === undefined)(
  redisServerBinary === undefined
    ? `createRedisClaimStore — ${REDIS_MISSING}`
    : "createRedisClaimStore against a real redis-server",
  () => {
    let server: TestRedis;
    // One connection per app instance, as two processes behind a load balancer would have.
    const clients: RedisClient[] = [];

    beforeAll(async () => {
      server = await startRedis();
      for (let i = 0; i < 2; i += 1) {
        const client = redisClient(server.port);
        await client.connect();
        clients.push(client);
      }
    }, 20_000);

    afterAll(async () => {
      for (const client of clients) client.destroy();
      await server?.stop();
    });

    const stores = (prefix = "test:"): [AnswerClaimStore, AnswerClaimStore] => [
      createRedisClaimStore(adaptRedis(clients[0]!), { prefix }),
      createRedisClaimStore(adaptRedis(clients[1]!), { prefix }),
    ];

    it("should give a key to its first claimant, compare-and-delete on release, and let Redis expire it", async () => {
      const [a, b] = stores("store:");
      await expect(a.claim("k", "one", 10_000)).resolves.toEqual({ won: true });
      await expect(b.claim("k", "two", 10_000)).resolves.toEqual({ won: false, value: "one" });
      await expect(clients[0]!.get("store:k")).resolves.toBe("one");
      await b.release("k", "two");
      await expect(b.claim("k", "two", 10_000)).resolves.toEqual({ won: false, value: "one" });
      await a.release("k", "one");
      await expect(b.claim("k", "two", 50)).resolves.toEqual({ won: true });
      await new Promise((resolve) => setTimeout(resolve, 150));
      await expect(a.claim("k", "three", 10_000)).resolves.toEqual({ won: true });
    });

    it(`given two answers in the same instant through two instances on their own connections, should forward exactly one (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) await raceOnce(stores());
    });

    it(`given two devices answering the same two requests in one POST each, in opposite orders, should forward exactly one POST (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) await raceBatchOnce(stores());
    });

    it("given eve refusing the first answer (503), should release the claim in Redis so the next answer goes through", async () => {
      const { session, ref, answer } = setup(stores(), { wrap: refuseFirstPost });
      expect((await answer(0, "a")).status).toBe(503);
      await expect(clients[0]!.get(`test:hitl:${session.sessionId}:${ref.requestId}`)).resolves.toBeNull();
      expect((await answer(1, "b")).status).toBe(202);
      await session.whenIdle();
      expect(session.answers(ref.requestId)).toHaveLength(1);
      expect(session.strayMessages).toEqual([]);
    });

    it("should extend a claim in Redis only for the value it holds (compare-and-expire)", async () => {
      const [a, b] = stores("extend:");
      await a.claim("k", "one", 100);
      await expect(b.extend("k", "two", 10_000)).resolves.toBe(false);
      await expect(a.extend("k", "one", 10_000)).resolves.toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(b.claim("k", "two", 10_000)).resolves.toEqual({ won: false, value: "one" });
      await expect(clients[0]!.pTTL("extend:k")).resolves.toBeGreaterThan(5_000);
      await expect(a.extend("missing", "one", 10_000)).resolves.toBe(false);
    });

    it("given Redis unreachable, should refuse the answer with 503 and send nothing to eve (no device gets through unguarded)", async () => {
      const offline = redisClient(server.port); // never connected
      const store = createRedisClaimStore(adaptRedis(offline));
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const { session, ref, answer } = setup([store, store]);
        const refused = await answer(0, "a");
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("1");
        await expect(refused.json()).resolves.toMatchObject({ ok: false, code: "HITL_CLAIM_UNAVAILABLE" });
        await session.whenIdle();
        expect(session.answers(ref.requestId)).toHaveLength(0);
        // Once Redis answers again, the same answer goes through.
        const { session: later, ref: laterRef, answer: answerLater } = setup(stores());
        expect((await answerLater(0, "a")).status).toBe(202);
        await later.whenIdle();
        expect(later.answers(laterRef.requestId)).toHaveLength(1);
      } finally {
        warn.mockRestore();
      }
    });

    it("given Redis unreachable and whenClaimsFail: forward, should forward the answer unclaimed and say so", async () => {
      const offline = redisClient(server.port); // never connected
      const store = createRedisClaimStore(adaptRedis(offline));
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const { session, ref, answer } = setup([store, store], { whenClaimsFail: "forward" });
        expect((await answer(0, "a")).status).toBe(202);
        expect(warn).toHaveBeenCalledWith(
          expect.stringContaining("forwarding the answer unclaimed"),
          expect.anything(),
        );
        await session.whenIdle();
        expect(session.answers(ref.requestId)).toHaveLength(1);
      } finally {
        warn.mockRestore();
      }
    });
  },
);
