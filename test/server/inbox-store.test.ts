import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import type { AnswerBody } from "../../src/core/answer";
import type { ParkedRequestInit } from "../../src/core/model";
import {
  createMemoryInboxStore,
  deliverSettled,
  InboxError,
  type InboxRecord,
  type InboxStore,
  MAX_INBOX_RESUME_BYTES,
} from "../../src/server/inbox-store";
import { createRedisInboxStore } from "../../src/server/inbox-store-redis";
import { createSqliteInboxStore } from "../../src/server/inbox-store-sqlite";
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
 * One conformance suite for every inbox store: memory, SQLite in a file (libsql, the tested pin)
 * and a real `redis-server`. "Two instances" are two stores on one engine: the same object in
 * memory, two connections to one file, two Redis connections — as two page servers would have.
 */

interface Opened {
  /** Two instances on one engine. */
  readonly stores: readonly [InboxStore, InboxStore];
  /** A new instance on the same data, as after a restart (durable engines only). */
  readonly reopen?: () => InboxStore;
  readonly close: () => Promise<void>;
}

interface Engine {
  readonly name: string;
  readonly skip?: string;
  readonly beforeAll?: () => Promise<void>;
  readonly afterAll?: () => Promise<void>;
  readonly open: (now: () => number, maxOpenPerOwner?: number) => Promise<Opened>;
}

const memory: Engine = {
  name: "memory",
  async open(now, maxOpenPerOwner) {
    const store = createMemoryInboxStore({ now, ...(maxOpenPerOwner ? { maxOpenPerOwner } : {}) });
    return { stores: [store, store], close: () => store.close() };
  },
};

const sqlite: Engine = (() => {
  let dir = "";
  return {
    name: "SQLite (libsql, a file)",
    async beforeAll() {
      dir = mkdtempSync(join(tmpdir(), "hitl-inbox-"));
    },
    async afterAll() {
      rmSync(dir, { recursive: true, force: true });
    },
    async open(now, maxOpenPerOwner) {
      const file = join(dir, `${crypto.randomUUID()}.db`);
      const databases: Database.Database[] = [];
      const connect = () => {
        const db = new Database(file);
        databases.push(db);
        return createSqliteInboxStore(db, { now, ...(maxOpenPerOwner ? { maxOpenPerOwner } : {}) });
      };
      return {
        stores: [connect(), connect()],
        reopen: connect,
        close: async () => {
          for (const db of databases) db.close();
        },
      };
    },
  };
})();

const redis: Engine = (() => {
  let server: TestRedis | undefined;
  const clients: RedisClient[] = [];
  return {
    name: "Redis (a real redis-server)",
    ...(redisServerBinary === undefined ? { skip: REDIS_MISSING } : {}),
    async beforeAll() {
      server = await startRedis();
      for (let i = 0; i < 3; i += 1) {
        const client = redisClient(server.port);
        await client.connect();
        clients.push(client);
      }
    },
    async afterAll() {
      for (const client of clients) client.destroy();
      await server?.stop();
    },
    async open(now, maxOpenPerOwner) {
      // A prefix per test: each test starts empty on the one server.
      const prefix = `{t-${crypto.randomUUID()}}:`;
      const connect = (client: RedisClient) =>
        createRedisInboxStore(adaptRedis(client), { prefix, now, ...(maxOpenPerOwner ? { maxOpenPerOwner } : {}) });
      return {
        stores: [connect(clients[0]!), connect(clients[1]!)],
        reopen: () => connect(clients[2]!),
        close: async () => {},
      };
    },
  };
})();

const request = (id: string, payload: unknown = { options: ["a", "b"] }): ParkedRequestInit => ({
  requestId: id,
  callId: `call-${id}`,
  toolName: "pick",
  prompt: `Pick for ${id}`,
  kind: "question",
  payload,
});
const answerOf = (value: string): AnswerBody => ({ type: "value", value });

describe.each([memory, sqlite, redis])("inbox store: $name", (engine) => {
  const suite = engine.skip ? describe.skip : describe;
  suite(engine.skip ?? "the contract", () => {
    let clock = 1_700_000_000_000;
    const now = () => clock;
    let opened: Opened;
    let a: InboxStore;
    let b: InboxStore;
    const park = (id: string, owner = "ann", extra: { expiresAt?: number; payload?: unknown } = {}) =>
      a.park({
        request: request(id, extra.payload),
        owner,
        source: "test",
        conversation: "thread-1",
        expiresAt: extra.expiresAt,
      });

    beforeAll(async () => {
      await engine.beforeAll?.();
    }, 20_000);
    afterAll(async () => {
      await engine.afterAll?.();
    });
    beforeEach(async () => {
      clock = 1_700_000_000_000;
      opened = await engine.open(now);
      [a, b] = opened.stores;
    });
    afterEach(async () => {
      await opened.close();
    });

    it("given a request parked, should keep it as sent and give it back by id", async () => {
      const payload = { text: "naïve ✓ 𝄞", big: 9_007_199_254_740_991, nested: { list: [], empty: {} }, n: 0.1 };
      const { record, created } = await park("r1", "ann", { payload });
      expect(created).toBe(true);
      expect(record).toMatchObject({ id: "r1", owner: "ann", source: "test", conversation: "thread-1", state: "open" });
      expect(record.parkedAt).toBe(clock);
      expect(record.delivered).toBe(false);
      const got = await b.get("r1");
      expect(got?.request).toEqual(request("r1", payload));
      expect(await b.get("nope")).toBeUndefined();
    });

    it("given an id parked twice, should return the first and never reset it", async () => {
      await park("r1");
      await a.answer("r1", { owner: "ann", answer: answerOf("x"), outcome: "answered" });
      const again = await b.park({ request: request("r1", { other: true }), owner: "ann", source: "test" });
      expect(again.created).toBe(false);
      expect(again.record.state).toBe("answered");
      expect(again.record.answer).toEqual(answerOf("x"));
      expect(again.record.request.payload).toEqual({ options: ["a", "b"] });
    });

    it("given a resume parked with a request, should give it back as sent from get, list and takeDelivery", async () => {
      const resume = { round: 2, requestState: "opaque", nested: [1, "a"] };
      const parked = await a.park({ request: request("with"), owner: "ann", source: "mcp", resume });
      expect(parked.record.resume).toEqual(resume);
      // The caller's object changing after it parked changes nothing stored.
      resume.round = 3;
      resume.nested.push("later");
      const sent = { round: 2, requestState: "opaque", nested: [1, "a"] };
      await park("without");
      expect((await b.get("with"))?.resume).toEqual(sent);
      const without = await b.get("without");
      expect(without).toBeDefined();
      expect(without && "resume" in without).toBe(false);
      const listed = (await b.list({ owner: "ann" })).records;
      expect(listed.map((r) => r.id)).toEqual(["with", "without"]);
      expect(listed[0]?.resume).toEqual(sent);
      expect("resume" in (listed[1] as InboxRecord)).toBe(false);
      await b.answer("with", { owner: "ann", answer: answerOf("x"), outcome: "answered" });
      const taken = await a.takeDelivery({ holder: "h", leaseMs: 1000 });
      expect(taken).toMatchObject({ id: "with", state: "answered", answer: answerOf("x") });
      expect(taken?.resume).toEqual(sent);
      expect((await a.list({ owner: "ann", state: "answered" })).records[0]?.resume).toEqual(sent);
    });

    it("given an id parked again with another resume, should keep the first", async () => {
      await a.park({ request: request("r1"), owner: "ann", source: "mcp", resume: { round: 1 } });
      const again = await b.park({ request: request("r1"), owner: "ann", source: "mcp", resume: { round: 2 } });
      expect(again.created).toBe(false);
      expect(again.record.resume).toEqual({ round: 1 });
      const bare = await b.park({ request: request("r1"), owner: "ann", source: "mcp" });
      expect(bare.record.resume).toEqual({ round: 1 });
      expect((await a.get("r1"))?.resume).toEqual({ round: 1 });
      // Parked first without one, it gets none later either.
      await park("r2");
      await b.park({ request: request("r2"), owner: "ann", source: "mcp", resume: { round: 9 } });
      const r2 = await a.get("r2");
      expect(r2 && "resume" in r2).toBe(false);
    });

    it("given a resume too big, a BigInt or a function, should refuse it as invalid and park nothing", async () => {
      // Just over the limit as UTF-8 JSON (the quotes count), then just under it.
      const big = { blob: "x".repeat(MAX_INBOX_RESUME_BYTES) };
      const bad: [string, unknown][] = [
        ["r-resume-big", big],
        ["r-resume-wide", "é".repeat(MAX_INBOX_RESUME_BYTES / 2)],
        ["r-resume-bigint", { n: 1n }],
        ["r-resume-function", () => "continue"],
        ["r-resume-symbol", Symbol("resume")],
      ];
      for (const [id, resume] of bad) {
        const parked = a.park({ request: request(id), owner: "ann", source: "mcp", resume });
        await expect(parked).rejects.toBeInstanceOf(InboxError);
        await expect(parked).rejects.toMatchObject({ reason: "invalid", message: expect.stringContaining("resume") });
        expect(await b.get(id)).toBeUndefined();
      }
      const fits = "x".repeat(MAX_INBOX_RESUME_BYTES - 2);
      await expect(
        a.park({ request: request("r-fits"), owner: "ann", source: "mcp", resume: fits }),
      ).resolves.toMatchObject({
        created: true,
      });
      expect((await b.get("r-fits"))?.resume).toBe(fits);
    });

    it("given an id parked for another owner, should refuse with a clear error", async () => {
      await park("r1", "ann");
      await expect(park("r1", "bob")).rejects.toMatchObject({ name: "InboxError", reason: "invalid" });
    });

    it("given bad requests, should refuse each with InboxError and store nothing", async () => {
      const bad = [
        { request: request(""), owner: "ann", source: "t" },
        { request: request("x".repeat(201)), owner: "ann", source: "t" },
        { request: request("r-owner"), owner: "", source: "t" },
        { request: request("r-source"), owner: "ann", source: "" },
        { request: request("r-big", { blob: "x".repeat(300_000) }), owner: "ann", source: "t" },
        { request: request("r-bigint", { n: 1n }), owner: "ann", source: "t" },
        { request: request("r-expiry"), owner: "ann", source: "t", expiresAt: Number.NaN },
        { request: { requestId: "r-shape" } as ParkedRequestInit, owner: "ann", source: "t" },
      ];
      for (const input of bad) await expect(a.park(input)).rejects.toBeInstanceOf(InboxError);
      for (const id of ["r-owner", "r-source", "r-big", "r-bigint", "r-expiry", "r-shape"]) {
        expect(await a.get(id)).toBeUndefined();
      }
      await expect(a.list({ owner: "ann", limit: 0 })).rejects.toBeInstanceOf(InboxError);
      await expect(a.list({ owner: "ann", limit: 101 })).rejects.toBeInstanceOf(InboxError);
      await expect(a.list({ owner: "ann", cursor: "garbage" })).rejects.toBeInstanceOf(InboxError);
      await expect(a.list({ owner: "ann", state: "lost" as "open" })).rejects.toBeInstanceOf(InboxError);
    });

    it("given 25 requests, should page them oldest or newest first with nothing repeated or missed", async () => {
      for (let i = 0; i < 25; i++) {
        clock += 1;
        await park(`r${i}`, i % 5 === 0 ? "bob" : "ann");
      }
      const ann = Array.from({ length: 25 }, (_, i) => `r${i}`).filter((_, i) => i % 5 !== 0);
      const read = async (order: "oldest" | "newest") => {
        const ids: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await b.list({ owner: "ann", order, limit: 7, ...(cursor ? { cursor } : {}) });
          ids.push(...page.records.map((r) => r.id));
          cursor = page.next;
          pages++;
          // Parked mid-paging: a later page of "oldest" shows it, "newest" started before it.
          if (pages === 1 && order === "oldest") await park("late", "ann");
        } while (cursor);
        return { ids, pages };
      };
      const oldest = await read("oldest");
      expect(oldest.ids).toEqual([...ann, "late"]);
      expect(oldest.pages).toBe(3);
      const newest = await read("newest");
      expect(newest.ids).toEqual(["late", ...[...ann].reverse()]);
      expect((await a.list({ owner: "bob" })).records.map((r) => r.id)).toEqual(["r0", "r5", "r10", "r15", "r20"]);
      expect((await a.list({ owner: "carol" })).records).toEqual([]);
    });

    it("given 20 answers at once from two instances, should let exactly one win and tell the rest its answer", async () => {
      await park("race");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).answer("race", { owner: "ann", answer: answerOf(`v${i}`), outcome: "answered" }),
        ),
      );
      const winners = results.filter((r) => r.won);
      expect(winners).toHaveLength(1);
      const winner = winners[0] as Extract<(typeof results)[number], { won: true }>;
      for (const result of results) {
        if (result.won) continue;
        expect(result).toMatchObject({ reason: "answered", record: { answer: winner.record.answer } });
      }
      const stored = await a.get("race");
      expect(stored).toMatchObject({ state: "answered", outcome: "answered", settledAt: clock });
      expect(stored?.answer).toEqual(winner.record.answer);
      expect((await a.list({ owner: "ann" })).records).toEqual([]);
      expect((await a.list({ owner: "ann", state: "answered" })).records.map((r) => r.id)).toEqual(["race"]);
    });

    it("given another owner's id or an unknown one, should answer unknown and leave the request open", async () => {
      await park("mine", "ann");
      await expect(a.answer("mine", { owner: "bob", answer: answerOf("x"), outcome: "answered" })).resolves.toEqual({
        won: false,
        reason: "unknown",
      });
      await expect(a.answer("ghost", { owner: "ann", answer: answerOf("x"), outcome: "answered" })).resolves.toEqual({
        won: false,
        reason: "unknown",
      });
      expect((await a.get("mine"))?.state).toBe("open");
    });

    it("given a withdrawn request, should refuse answers and deliver nothing", async () => {
      await park("w");
      expect(await b.withdraw("w")).toBe(true);
      expect(await a.withdraw("w")).toBe(false);
      await expect(a.answer("w", { owner: "ann", answer: answerOf("x"), outcome: "answered" })).resolves.toEqual({
        won: false,
        reason: "withdrawn",
      });
      expect(await a.takeDelivery({ holder: "h", leaseMs: 1000 })).toBeUndefined();
      await park("done");
      await a.answer("done", { owner: "ann", answer: answerOf("x"), outcome: "answered" });
      expect(await a.withdraw("done")).toBe(false);
    });

    it("given a request past its expiry, should never answer it and deliver the expiry once", async () => {
      await park("soon", "ann", { expiresAt: clock + 1000 });
      await park("later", "ann", { expiresAt: clock + 5000 });
      clock += 999;
      expect((await a.list({ owner: "ann" })).records.map((r) => r.id)).toEqual(["soon", "later"]);
      clock += 1;
      await expect(a.answer("soon", { owner: "ann", answer: answerOf("x"), outcome: "answered" })).resolves.toEqual({
        won: false,
        reason: "expired",
      });
      expect((await b.list({ owner: "ann" })).records.map((r) => r.id)).toEqual(["later"]);
      const expired = await b.list({ owner: "ann", state: "expired" });
      expect(expired.records).toEqual([
        expect.objectContaining({ id: "soon", outcome: "withdrawn", settledAt: clock, delivered: false }),
      ]);
      clock += 4000;
      expect(await a.expire()).toBe(1);
      expect(await a.expire()).toBe(0);
      const delivered: string[] = [];
      await deliverSettled(a, (record) => {
        delivered.push(`${record.id}:${record.state}`);
      });
      expect(delivered).toEqual(["soon:expired", "later:expired"]);
    });

    it("given an answer in the outbox, should lease it to one deliverer at a time until it is settled", async () => {
      await park("o");
      await a.answer("o", { owner: "ann", answer: answerOf("x"), outcome: "answered" });
      const first = await a.takeDelivery({ holder: "h1", leaseMs: 1000 });
      expect(first).toMatchObject({ id: "o", state: "answered", answer: answerOf("x") });
      expect(await b.takeDelivery({ holder: "h2", leaseMs: 1000 })).toBeUndefined();
      expect(await b.settleDelivery("o", "h2")).toBe(false);
      // h1 died mid-delivery: its lease runs out and h2 takes the record over.
      clock += 1000;
      expect((await b.takeDelivery({ holder: "h2", leaseMs: 1000 }))?.id).toBe("o");
      expect(await a.settleDelivery("o", "h1")).toBe(false);
      expect(await b.settleDelivery("o", "h2")).toBe(true);
      expect(await b.settleDelivery("o", "h2")).toBe(false);
      // One record by id (an asker in this process delivering its own answer), past older ones.
      await park("o2");
      await park("o3");
      await a.answer("o3", { owner: "ann", answer: answerOf("z"), outcome: "answered" });
      expect(await a.takeDelivery({ holder: "h4", leaseMs: 1000, id: "o2" })).toBeUndefined();
      expect((await a.takeDelivery({ holder: "h4", leaseMs: 1000, id: "o3" }))?.id).toBe("o3");
      expect(await a.takeDelivery({ holder: "h5", leaseMs: 1000, id: "o3" })).toBeUndefined();
      expect(await a.settleDelivery("o3", "h4")).toBe(true);
      clock += 5000;
      expect(await a.takeDelivery({ holder: "h3", leaseMs: 1000 })).toBeUndefined();
      expect((await a.get("o"))?.delivered).toBe(true);
    });

    it("given a sink that fails once, should deliver every answer exactly once over two runs", async () => {
      for (const id of ["d1", "d2", "d3"]) {
        await park(id);
        await b.answer(id, { owner: "ann", answer: answerOf(id), outcome: "answered" });
      }
      const seen: string[] = [];
      let failOnce = true;
      const sink = (record: InboxRecord) => {
        if (record.id === "d2" && failOnce) {
          failOnce = false;
          throw new Error("the asker is down");
        }
        seen.push(record.id);
      };
      const first = await deliverSettled(a, sink, { holder: "x", leaseMs: 500 });
      expect(first.delivered).toEqual(["d1", "d3"]);
      expect(first.failed.map((f) => f.id)).toEqual(["d2"]);
      expect((await deliverSettled(b, sink, { holder: "y", leaseMs: 500 })).delivered).toEqual([]);
      clock += 500;
      expect((await deliverSettled(b, sink, { holder: "y", leaseMs: 500 })).delivered).toEqual(["d2"]);
      expect(seen).toEqual(["d1", "d3", "d2"]);
    });

    it("given purge, should delete only what is settled and done before the time", async () => {
      for (const id of ["open", "withdrawn", "delivered", "undelivered"]) await park(id);
      await a.withdraw("withdrawn");
      await a.answer("delivered", { owner: "ann", answer: answerOf("x"), outcome: "answered" });
      await a.answer("undelivered", { owner: "ann", answer: answerOf("y"), outcome: "answered" });
      const taken = await a.takeDelivery({ holder: "h", leaseMs: 1000 });
      expect(taken?.id).toBe("delivered");
      expect(await a.settleDelivery("delivered", "h")).toBe(true);
      clock += 10;
      expect(await b.purge(clock - 20)).toBe(0);
      expect(await b.purge(clock)).toBe(2);
      expect(await a.get("withdrawn")).toBeUndefined();
      expect(await a.get("delivered")).toBeUndefined();
      expect((await a.get("undelivered"))?.state).toBe("answered");
      expect((await a.get("open"))?.state).toBe("open");
      expect((await a.list({ owner: "ann", state: "answered" })).records.map((r) => r.id)).toEqual(["undelivered"]);
    });

    it("given an owner at the open limit, should refuse one more for them only", async () => {
      await opened.close();
      opened = await engine.open(now, 3);
      [a, b] = opened.stores;
      for (const id of ["f1", "f2", "f3"]) await park(id);
      await expect(park("f4")).rejects.toMatchObject({ name: "InboxError", reason: "full" });
      await park("other", "bob");
      await b.answer("f1", { owner: "ann", answer: answerOf("x"), outcome: "answered" });
      await expect(park("f4")).resolves.toMatchObject({ created: true });
    });

    it.skipIf(!engine.name.match(/SQLite|Redis/))(
      "given a new instance on the same data (a restart), should find every record and outbox lease as left",
      async () => {
        await park("kept", "ann", { expiresAt: clock + 10_000 });
        await park("answered");
        await a.answer("answered", { owner: "ann", answer: answerOf("x"), outcome: "approved" });
        await a.takeDelivery({ holder: "dead", leaseMs: 1000 });
        const restarted = opened.reopen?.();
        if (!restarted) throw new Error("a durable engine reopens");
        expect((await restarted.get("kept"))?.expiresAt).toBe(clock + 10_000);
        expect(await restarted.get("answered")).toMatchObject({ outcome: "approved", answer: answerOf("x") });
        expect(await restarted.takeDelivery({ holder: "new", leaseMs: 1000 })).toBeUndefined();
        clock += 1000;
        expect((await restarted.takeDelivery({ holder: "new", leaseMs: 1000 }))?.id).toBe("answered");
      },
    );
  });
});

describe("inbox store: SQLite over a table from before resume", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "hitl-inbox-old-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("given a file whose table has no resume column, should add it and park and read a resume", async () => {
    const file = join(dir, "old.db");
    const old = new Database(file);
    // The table as the store made it before `resume` (copied, not derived: it must not follow the store).
    old.exec(`
      CREATE TABLE IF NOT EXISTS hitl_inbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        owner TEXT NOT NULL,
        source TEXT NOT NULL,
        conversation TEXT,
        request TEXT NOT NULL,
        state TEXT NOT NULL,
        parked_at INTEGER NOT NULL,
        expires_at INTEGER,
        settled_at INTEGER,
        answer TEXT,
        outcome TEXT,
        delivered INTEGER NOT NULL DEFAULT 0,
        holder TEXT,
        lease_until INTEGER
      );
    `);
    old
      .prepare(
        `INSERT INTO hitl_inbox (id, owner, source, conversation, request, state, parked_at, expires_at)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?)`,
      )
      .run("before", "ann", "mcp", null, JSON.stringify(request("before")), 1, null);
    old.close();

    const databases = [new Database(file), new Database(file)];
    try {
      const [first, second] = databases.map((db) => createSqliteInboxStore(db)) as [InboxStore, InboxStore];
      const resume = { round: 2, requestState: "opaque", nested: [1, "a"] };
      await first.park({ request: request("after"), owner: "ann", source: "mcp", resume });
      expect((await second.get("after"))?.resume).toEqual(resume);
      const before = await second.get("before");
      expect(before).toMatchObject({ id: "before", state: "open", request: request("before") });
      expect(before && "resume" in before).toBe(false);
      expect((await first.list({ owner: "ann" })).records.map((r) => r.id)).toEqual(["before", "after"]);
    } finally {
      for (const db of databases) db.close();
    }
  });
});
