import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import Database from "libsql";
import { deliverSettled, type InboxStore } from "../../src/server/inbox-store";
import { createSqliteInboxStore } from "../../src/server/inbox-store-sqlite";
import { langGraphSink, parkLangGraphInterrupts } from "../../src/server/langgraph-inbox";
import { setUpLangGraphServer, until } from "../support/langgraph-harness";

/**
 * LangGraph threads through the inbox, on the real `@langchain/langgraph-api` server: interrupted
 * threads parked into an SQLite store, answered there (hours later, from anywhere), and resumed
 * once — a delivery repeated after a crash resumes nothing twice.
 */

const langgraph = setUpLangGraphServer();

let dir: string;
let db: Database.Database;
let store: InboxStore;
/** Through the recording proxy: it counts every resume the server took. */
let client: Client;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hitl-langgraph-inbox-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  db = new Database(join(dir, `${crypto.randomUUID()}.db`));
  store = createSqliteInboxStore(db);
  client = new Client({ apiUrl: langgraph.proxy.url });
});
afterEach(() => db.close());

/** Each test reads only its own threads (the server keeps every file's threads). */
const ownerOf = (threads: readonly string[]) => (thread: { thread_id: string }) =>
  threads.includes(thread.thread_id) ? "ann" : undefined;

describe("LangGraph threads in the inbox", () => {
  it("given interrupted threads, should park each question once and resume each thread once with its typed answer", async () => {
    const first = await langgraph.startThread("pick", { ids: ["a", "b"], label: "inbox-1" });
    const second = await langgraph.startThread("pick", { ids: ["a", "b"], label: "inbox-2" });
    const owner = ownerOf([first, second]);
    expect(await parkLangGraphInterrupts({ client, store, owner })).toEqual({ parked: 2 });
    expect(await parkLangGraphInterrupts({ client, store, owner })).toEqual({ parked: 0 });
    const { records } = await store.list({ owner: "ann" });
    expect(records.map((record) => [record.conversation, record.request.kind, record.source])).toEqual([
      [first, "pick", "langgraph"],
      [second, "pick", "langgraph"],
    ]);

    const [one] = records;
    if (!one) throw new Error("parked");
    await store.answer(one.id, { owner: "ann", answer: { type: "value", value: { id: "b" } }, outcome: "answered" });
    const sink = langGraphSink({ client, store });
    expect((await deliverSettled(store, sink)).delivered).toEqual([one.id]);
    await until(() => langgraph.isIdle(first), "the resumed run to finish");
    expect(await langgraph.received(first)).toMatchObject([
      { label: "inbox-1", result: { status: "answered", value: { id: "b" } } },
    ]);
    // A repeat from a restarted process (the deliverer died after resuming, before marking it
    // delivered): the interrupt no longer waits, so nothing resumes.
    await langGraphSink({ client, store })((await store.get(one.id)) ?? one);
    expect(langgraph.resumesOn(first)).toHaveLength(1);
    expect(langgraph.resumesOn(second)).toHaveLength(0);
    expect(await langgraph.received(second)).toEqual([]);
  });

  it("given a question that expired, should resume its thread declined rather than leave it waiting", async () => {
    const thread = await langgraph.startThread("pick", { ids: ["a", "b"], label: "inbox-expired" });
    await parkLangGraphInterrupts({ client, store, owner: ownerOf([thread]) });
    const [record] = (await store.list({ owner: "ann" })).records;
    if (!record) throw new Error("parked");
    // Parked without an expiry by the source; given one in the past, as if hours went by.
    db.prepare("UPDATE hitl_inbox SET expires_at = ? WHERE id = ?").run(Date.now() - 1, record.id);
    expect(await store.expire()).toBe(1);
    expect((await deliverSettled(store, langGraphSink({ client, store }))).delivered).toEqual([record.id]);
    await until(() => langgraph.isIdle(thread), "the resumed run to finish");
    expect(await langgraph.received(thread)).toMatchObject([
      { value: { declined: true, reason: expect.stringContaining("expired") } },
    ]);
  });

  it("given a HITL review of two calls, should resume once both are answered, with both decisions", async () => {
    const thread = await langgraph.startThread("review", {
      label: "inbox-review",
      actions: [
        { name: "delete_file", args: { path: "a.md" }, allowedDecisions: ["approve", "reject"] },
        { name: "delete_file", args: { path: "b.md" }, allowedDecisions: ["approve", "reject"] },
      ],
    });
    expect(await parkLangGraphInterrupts({ client, store, owner: ownerOf([thread]) })).toEqual({ parked: 2 });
    const [a, b] = (await store.list({ owner: "ann" })).records;
    if (!a || !b) throw new Error("parked");
    expect([a.request.kind, b.request.kind]).toEqual(["approval", "approval"]);
    const sink = langGraphSink({ client, store });
    await store.answer(a.id, {
      owner: "ann",
      answer: { type: "value", value: { decision: "approve" } },
      outcome: "approved",
    });
    const early = await deliverSettled(store, sink, { leaseMs: 50 });
    expect(early.delivered).toEqual([]);
    expect(early.failed.map((failure) => (failure.error as Error).name)).toEqual(["ReviewIncompleteError"]);
    expect(langgraph.resumesOn(thread)).toHaveLength(0);

    await store.answer(b.id, { owner: "ann", answer: { type: "declined", reason: "keep it" }, outcome: "denied" });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([...(await deliverSettled(store, sink)).delivered].sort()).toEqual([a.id, b.id].sort());
    await until(() => langgraph.isIdle(thread), "the resumed run to finish");
    expect(langgraph.resumesOn(thread)).toHaveLength(1);
    expect((await langgraph.received(thread)).map((received) => (received.value as { type: string }).type)).toEqual([
      "approve",
      "reject",
    ]);
  });
});
