import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { createInboxTransport, type InboxTransport } from "../../src/adapters/inbox/transport";
import type { AnswerBody } from "../../src/core/answer";
import { createInbox, createMemoryInbox, type Inbox } from "../../src/server/inbox";
import { createRedisInboxStore } from "../../src/server/inbox-store-redis";
import { createSqliteInboxStore } from "../../src/server/inbox-store-sqlite";
import {
  type ConformanceDriver,
  type ConformanceFailure,
  type ConformanceRef,
  runTransportConformance,
} from "../../src/testing/conformance";
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
 * The inbox transport through the conformance suite, against the memory inbox's own HTTP routes
 * (`inbox.handle`, called as a fetch). The inbox is its own answer guard (the first answer wins,
 * a later one gets 409), so "received" counts the answer it took plus any answer a page sent it
 * AGAIN after that (a page's own double send is a bug the 409 must not hide); another page's
 * refused answer is the guard at work.
 */

const driverOver = (name: string, createInboxHere: () => Inbox): ConformanceDriver => ({
  name: `createInboxTransport (${name}, its HTTP routes)`,
  skip: {
    replay:
      "the transport polls the inbox's state, not an event stream: a catch-up is one fresh read (refresh), with nothing to duplicate",
    replyInTwoTabs: "an inbox request has no chat to reply in: it is answered only through its widget",
  },
  createServer() {
    const inbox = createInboxHere();
    /** Per request: the answers that reached the inbox, with the page that sent each and the status. */
    const posts = new Map<string, Array<{ page: number; answer: AnswerBody; status: number }>>();
    const settlements = new Map<string, number>();
    const transports = new Set<InboxTransport>();
    let failure: ConformanceFailure | undefined;
    let asked = 0;
    let pages = 0;

    return {
      guarded: true,
      ask(ids) {
        asked++;
        const ref = { requestId: `inbox-${asked}`, callId: `call-${asked}` };
        const count = () => settlements.set(ref.requestId, (settlements.get(ref.requestId) ?? 0) + 1);
        inbox
          .park({
            ...ref,
            toolName: "pick",
            prompt: "Pick one",
            kind: "pick",
            payload: { kind: "pick", ids: [...ids] },
          })
          .then(count, count);
        return ref;
      },
      async connect() {
        const page = ++pages;
        let paused: Response | undefined;
        const transport = createInboxTransport({
          url: "http://page.test/api/hitl",
          pollIntervalMs: 10,
          sessionKey: "inbox:conformance",
          fetch: async (input, init) => {
            const request = new Request(String(input), init);
            if (request.method === "GET") {
              if (paused) return paused.clone();
              return inbox.handle(request);
            }
            const taken = failure;
            failure = undefined;
            if (taken?.type === "network-before") throw new TypeError("fetch failed (dropped before)");
            if (taken?.type === "status") return new Response("{}", { status: taken.status });
            const body = (await request.clone().json()) as { answer: AnswerBody };
            const response = await inbox.handle(request);
            const requestId = decodeURIComponent(new URL(request.url).pathname.split("/").at(-2) ?? "");
            posts.set(requestId, [
              ...(posts.get(requestId) ?? []),
              { page, answer: body.answer, status: response.status },
            ]);
            if (taken?.type === "network-after") throw new TypeError("fetch failed (dropped after)");
            return response;
          },
        });
        transports.add(transport);
        await transport.refresh();
        return {
          transport,
          replay: () => transport.refresh(),
          async pause() {
            paused = await inbox.handle(new Request("http://page.test/api/hitl/requests"));
          },
          close() {
            transport.close();
            transports.delete(transport);
          },
        };
      },
      received(ref: ConformanceRef): readonly AnswerBody[] {
        const all = posts.get(ref.requestId) ?? [];
        const taken = all.find((post) => post.status === 200);
        if (!taken) return [];
        const again = all.filter((post) => post !== taken && post.page === taken.page);
        return [taken.answer, ...again.map((post) => post.answer)];
      },
      toolResults: (ref) => settlements.get(ref.requestId) ?? 0,
      strays: () => 0,
      failNext(next) {
        failure = next;
      },
      withdraw(ref) {
        void inbox.withdraw(ref.requestId);
      },
      async idle() {
        await new Promise((resolve) => setTimeout(resolve, 0));
        await Promise.all([...transports].map((transport) => transport.refresh()));
      },
      close() {
        for (const transport of transports) transport.close();
        inbox.close();
      },
    };
  },
});

runTransportConformance(
  { describe, it },
  driverOver("memory inbox", () => createMemoryInbox()),
);

// The same routes over SQLite in a file, as a page server that must survive a restart runs them.
const dir = mkdtempSync(join(tmpdir(), "hitl-inbox-conformance-"));
const databases: Database.Database[] = [];
afterAll(() => {
  for (const db of databases) db.close();
  rmSync(dir, { recursive: true, force: true });
});
// And over Redis, as several page servers share it: each test's inbox under its own prefix.
let redis: TestRedis | undefined;
let redisConnection: RedisClient | undefined;
beforeAll(async () => {
  if (!redisServerBinary) return;
  redis = await startRedis();
  redisConnection = redisClient(redis.port);
  await redisConnection.connect();
}, 20_000);
afterAll(async () => {
  redisConnection?.destroy();
  await redis?.stop();
});
if (redisServerBinary) {
  runTransportConformance(
    { describe, it },
    driverOver("Redis inbox", () => {
      if (!redisConnection) throw new Error("redis-server did not start");
      const store = createRedisInboxStore(adaptRedis(redisConnection), { prefix: `{c-${crypto.randomUUID()}}:` });
      return createInbox({ store, pollMs: 10 });
    }),
  );
} else {
  describe.skip(`createInboxTransport (Redis inbox) — ${REDIS_MISSING}`, () => {});
}

runTransportConformance(
  { describe, it },
  driverOver("SQLite inbox", () => {
    const db = new Database(join(dir, `${crypto.randomUUID()}.db`));
    databases.push(db);
    return createInbox({ store: createSqliteInboxStore(db), pollMs: 10 });
  }),
);
