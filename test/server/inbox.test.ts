import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import type { ParkedRequestInit } from "../../src/core/model";
import { createInbox, createMemoryInbox, type Inbox, InboxError, sinkBySource } from "../../src/server/inbox";
import { createMemoryInboxStore, type InboxRecord, MAX_INBOX_REQUEST_BYTES } from "../../src/server/inbox-store";
import { createSqliteInboxStore } from "../../src/server/inbox-store-sqlite";

/** The memory inbox: one answer per request, its routes, its bounds. */

const request = (id: string, extra: Partial<ParkedRequestInit> = {}): ParkedRequestInit => ({
  requestId: id,
  callId: `call-${id}`,
  toolName: "pick",
  prompt: "Pick one",
  kind: "pick",
  payload: { kind: "pick", ids: ["a", "b"] },
  ...extra,
});

const post = (path: string, body: unknown, contentType = "application/json") =>
  new Request(`http://app.test/api/hitl${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** `park` stores before it waits: resolves once `count` requests are open. */
const waitForOpen = (inbox: Inbox, count: number) =>
  vi.waitFor(async () => expect((await inbox.list()).filter((e) => e.state === "open")).toHaveLength(count));

describe("createMemoryInbox", () => {
  it("given two answers, should resolve the asker with the first and tell the second who won (409 with it)", async () => {
    const inbox = createMemoryInbox();
    const asked = inbox.park(request("r1"));
    await waitForOpen(inbox, 1);
    const first = await inbox.handle(post("/requests/r1/answer", { answer: { type: "value", value: { id: "a" } } }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, outcome: "answered" });
    const second = await inbox.handle(post("/requests/r1/answer", { answer: { type: "value", value: { id: "b" } } }));
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ answer: { type: "value", value: { id: "a" } } });
    await expect(asked).resolves.toEqual({ type: "value", value: { id: "a" } });
  });

  it("given the same request parked twice, should wait once and answer both askers; parked after its answer, resolve at once", async () => {
    const inbox = createMemoryInbox();
    const one = inbox.park(request("r1"));
    const two = inbox.park(request("r1"));
    await waitForOpen(inbox, 1);
    expect(await inbox.list()).toHaveLength(1);
    expect(await inbox.answer("r1", { type: "declined", reason: "no" })).toEqual({ ok: true, outcome: "answered" });
    await expect(Promise.all([one, two])).resolves.toEqual([
      { type: "declined", reason: "no" },
      { type: "declined", reason: "no" },
    ]);
    await expect(inbox.park(request("r1"))).resolves.toEqual({ type: "declined", reason: "no" });
  });

  it("given the asker's signal, should withdraw the request: the asker rejects, an answer gets 410", async () => {
    const inbox = createMemoryInbox();
    const controller = new AbortController();
    const asked = inbox.park(request("r1"), { signal: controller.signal });
    controller.abort(new Error("the agent moved on"));
    await expect(asked).rejects.toThrow("the agent moved on");
    expect(await inbox.list()).toMatchObject([{ state: "withdrawn", outcome: "withdrawn" }]);
    const late = await inbox.handle(post("/requests/r1/answer", { answer: { type: "dismissed" } }));
    expect(late.status).toBe(410);
  });

  it("given a native approval, should record approved or denied as the outcome", async () => {
    const inbox = createMemoryInbox();
    const approval = { kind: "approval", native: true, payload: { kind: "approval", toolName: "x", input: {} } };
    const yes = inbox.park(request("yes", approval));
    const no = inbox.park(request("no", approval));
    await waitForOpen(inbox, 2);
    expect(await inbox.answer("yes", { type: "value", value: { decision: "approve" } })).toMatchObject({
      outcome: "approved",
    });
    expect(await inbox.answer("no", { type: "declined" })).toMatchObject({ outcome: "denied" });
    await Promise.all([yes, no]);
  });

  it("given bad answers, should refuse each with a status and issues, and keep the request open", async () => {
    const inbox = createMemoryInbox();
    void inbox.park(request("r1"));
    await waitForOpen(inbox, 1);
    expect((await inbox.handle(post("/requests/r1/answer", "{not json"))).status).toBe(400);
    const shape = await inbox.handle(post("/requests/r1/answer", { answer: { type: "maybe" } }));
    expect(shape.status).toBe(400);
    expect((await shape.json()).issues[0].path[0]).toBe("answer");
    expect((await inbox.handle(post("/requests/r1/answer", "{}", "text/plain"))).status).toBe(415);
    const huge = { answer: { type: "reply", text: "x".repeat(1_200_000) } };
    expect((await inbox.handle(post("/requests/r1/answer", huge))).status).toBe(413);
    expect((await inbox.handle(post("/requests/nope/answer", { answer: { type: "dismissed" } }))).status).toBe(404);
    expect((await inbox.list()).map((entry) => entry.state)).toEqual(["open"]);
  });

  it("given a body past the limit, a declared length past it, or a bad id in the path, should refuse without reading on", async () => {
    const inbox = createMemoryInbox();
    void inbox.park(request("r1"));
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const streamed = new Request("http://app.test/api/hitl/requests/r1/answer", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect((await inbox.handle(streamed)).status).toBe(413);
    // Read up to the limit (1.1 MB in 64 KiB chunks), then cancelled: not a byte more than needed.
    expect(pulled).toBeLessThan(25);
    const declared = post("/requests/r1/answer", { answer: { type: "dismissed" } });
    const lying = new Request(declared, {
      headers: { "content-type": "application/json", "content-length": "5000000" },
    });
    expect((await inbox.handle(lying)).status).toBe(413);
    expect((await inbox.handle(post("/requests/%E0%A4%A/answer", { answer: { type: "dismissed" } }))).status).toBe(400);
    expect((await inbox.list()).map((entry) => entry.state)).toEqual(["open"]);
  });

  it("given an asker's long-lived signal, should stop listening to it once the request is answered", async () => {
    const inbox = createMemoryInbox();
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, "removeEventListener");
    const asked = inbox.park(request("r1"), { signal: controller.signal });
    await waitForOpen(inbox, 1);
    await inbox.answer("r1", { type: "dismissed" });
    await asked;
    expect(removed).toHaveBeenCalledWith("abort", expect.any(Function));
    controller.abort();
    expect(await inbox.list()).toMatchObject([{ state: "answered" }]);
  });

  it("given the routes, should list the requests and refuse other methods and paths", async () => {
    const inbox = createMemoryInbox();
    void inbox.park(request("r1"));
    await waitForOpen(inbox, 1);
    const listed = await inbox.handle(new Request("http://app.test/any/mount/requests"));
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect((await listed.json()).entries).toMatchObject([{ request: { requestId: "r1" }, state: "open" }]);
    expect((await inbox.handle(post("/requests", {}))).status).toBe(405);
    expect((await inbox.handle(new Request("http://app.test/api/hitl/requests/r1/answer"))).status).toBe(405);
    expect((await inbox.handle(new Request("http://app.test/api/hitl/other"))).status).toBe(404);
  });

  it("given bad or too many requests, should refuse to park them with a typed error", async () => {
    const inbox = createMemoryInbox({ maxOpen: 2 });
    await expect(inbox.park(request(""))).rejects.toMatchObject({ name: "InboxError", reason: "invalid" });
    const big = request("big", { payload: { kind: "pick", blob: "x".repeat(MAX_INBOX_REQUEST_BYTES) } });
    await expect(inbox.park(big)).rejects.toBeInstanceOf(InboxError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(inbox.park(request("cyclic", { payload: cyclic }))).rejects.toMatchObject({ reason: "invalid" });
    void inbox.park(request("a"));
    void inbox.park(request("b"));
    await waitForOpen(inbox, 2);
    await expect(inbox.park(request("c"))).rejects.toMatchObject({ reason: "full" });
    await inbox.answer("a", { type: "dismissed" });
    void inbox.park(request("c"));
    await waitForOpen(inbox, 2);
    expect((await inbox.list()).filter((entry) => entry.state === "open")).toHaveLength(2);
  });

  it("given more receipts than it lists, should list the newest settled ones after every waiting one", async () => {
    let clock = 0;
    const inbox = createInbox({ store: createMemoryInboxStore({ now: () => ++clock }), receipts: 2 });
    void inbox.park(request("waiting"));
    for (const id of ["s1", "s2", "s3"]) {
      void inbox.park(request(id));
      await waitForOpen(inbox, 2);
      await inbox.answer(id, { type: "dismissed" });
    }
    expect((await inbox.list()).map((entry) => entry.request.requestId)).toEqual(["waiting", "s3", "s2"]);
  });

  it("given a subscriber, should tell it of each park, answer and withdrawal", async () => {
    const inbox = createMemoryInbox();
    const heard = vi.fn();
    const stop = inbox.subscribe(heard);
    void inbox.park(request("r1")).catch(() => {});
    void inbox.park(request("r2")).catch(() => {});
    await waitForOpen(inbox, 2);
    await inbox.answer("r1", { type: "dismissed" });
    await inbox.withdraw("r2");
    expect(heard).toHaveBeenCalledTimes(4);
    stop();
    void inbox.park(request("r3"));
    await waitForOpen(inbox, 1);
    expect(heard).toHaveBeenCalledTimes(4);
  });
});

describe("createInbox over a store", () => {
  const cookieOwner = (request: Request) => /owner=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  const as = (owner: string | undefined, request: Request) => {
    const headers = new Headers(request.headers);
    if (owner) headers.set("cookie", `owner=${owner}`);
    return new Request(request, { headers });
  };
  const list = async (inbox: Inbox, owner?: string) => {
    const response = await inbox.handle(as(owner, new Request("http://app.test/api/hitl/requests")));
    return { status: response.status, body: await response.json() };
  };

  it("given two owners, should list and answer each one's requests only; another's id is a 404 and unanswered", async () => {
    const inbox = createInbox({ authorize: cookieOwner });
    const anns = inbox.park(request("ann-1"), { owner: "ann", source: "langgraph", conversation: "t1" });
    void inbox.park(request("bob-1"), { owner: "bob" });
    await vi.waitFor(async () => expect((await list(inbox, "bob")).body.entries).toHaveLength(1));
    expect((await list(inbox, "ann")).body.entries).toEqual([
      expect.objectContaining({ request: request("ann-1"), state: "open", source: "langgraph", conversation: "t1" }),
    ]);
    expect((await list(inbox, undefined)).status).toBe(401);
    const answer = { answer: { type: "value", value: { id: "a" } } };
    const stolen = await inbox.handle(as("bob", post("/requests/ann-1/answer", answer)));
    expect(stolen.status).toBe(404);
    expect((await list(inbox, "ann")).body.entries[0].state).toBe("open");
    expect((await inbox.handle(as(undefined, post("/requests/ann-1/answer", answer)))).status).toBe(401);
    expect((await inbox.handle(as("ann", post("/requests/ann-1/answer", answer)))).status).toBe(200);
    await expect(anns).resolves.toEqual({ type: "value", value: { id: "a" } });
  });

  it("given a request parked in the store with a resume, should list it without the resume", async () => {
    const store = createMemoryInboxStore();
    const inbox = createInbox({ store, authorize: cookieOwner });
    const resume = { round: 2, requestState: "opaque-secret", nested: [1, "a"] };
    await store.park({ request: request("mcp-1"), owner: "ann", source: "mcp", conversation: "t1", resume });
    expect((await store.get("mcp-1"))?.resume).toEqual(resume);
    const response = await inbox.handle(as("ann", new Request("http://app.test/api/hitl/requests")));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body).entries).toEqual([
      expect.objectContaining({ request: request("mcp-1"), state: "open", source: "mcp", conversation: "t1" }),
    ]);
    expect(body).not.toContain("resume");
    expect(body).not.toContain("opaque-secret");
  });

  it("given a request past its expiry, should refuse its answer with 410 and reject the asker", async () => {
    let clock = 1_000;
    const inbox = createInbox({ store: createMemoryInboxStore({ now: () => clock }), pollMs: 5 });
    const asked = inbox.park(request("soon"), { expiresAt: 2_000 });
    await waitForOpen(inbox, 1);
    clock = 2_000;
    const late = await inbox.handle(post("/requests/soon/answer", { answer: { type: "dismissed" } }));
    expect(late.status).toBe(410);
    await expect(asked).rejects.toThrow("expired");
    expect(await inbox.list()).toMatchObject([{ state: "expired", outcome: "withdrawn" }]);
    inbox.close();
  });

  it("given settled requests older than it keeps, should purge them as answers come in, never a waiting one", async () => {
    // The store's clock is far behind the wall clock: every settled record is "old".
    const store = createMemoryInboxStore({ now: () => 1_000 });
    const inbox = createInbox({ store, keepSettledMs: 60_000 });
    const asked = inbox.park(request("done"));
    void inbox.park(request("waiting"));
    await waitForOpen(inbox, 2);
    await inbox.answer("done", { type: "dismissed" });
    await asked;
    await vi.waitFor(async () => expect(await store.get("done")).toBeUndefined());
    expect((await inbox.list()).map((entry) => entry.request.requestId)).toEqual(["waiting"]);
  });

  it("given a slow store, should look for answers from elsewhere one read at a time, never piling reads up", async () => {
    const store = createMemoryInboxStore();
    let inFlight = 0;
    let most = 0;
    const slow = {
      ...store,
      async get(id: string) {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 40));
        inFlight--;
        return store.get(id);
      },
    };
    const inbox = createInbox({ store: slow, pollMs: 5 });
    const asked = inbox.park(request("slow"));
    await vi.waitFor(async () => expect((await store.list({ owner: "default" })).records).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Answered through the store itself, as another page server would.
    await store.answer("slow", { owner: "default", answer: { type: "dismissed" }, outcome: "cancelled" });
    await expect(asked).resolves.toEqual({ type: "dismissed" });
    expect(most).toBe(1);
    inbox.close();
  });

  it("given two page servers on one SQLite file, should hear an answer given on the other, once, and keep it across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hitl-inbox-"));
    const file = join(dir, "inbox.db");
    const databases: Database.Database[] = [];
    const server = () => {
      const db = new Database(file);
      databases.push(db);
      return createInbox({ store: createSqliteInboxStore(db), pollMs: 10 });
    };
    try {
      const [one, two] = [server(), server()];
      const asked = one.park(request("shared"));
      await waitForOpen(two, 1);
      const answer = { answer: { type: "value", value: { id: "b" } } };
      const [first, second] = await Promise.all([
        two.handle(post("/requests/shared/answer", answer)),
        one.handle(post("/requests/shared/answer", { answer: { type: "dismissed" } })),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      const won = first.status === 200 ? answer.answer : { type: "dismissed" };
      await expect(asked).resolves.toEqual(won);
      // The asker heard it: delivered, so no outbox run delivers it again.
      const reader = new Database(file);
      databases.push(reader);
      const store = createSqliteInboxStore(reader);
      await vi.waitFor(async () => expect((await store.get("shared"))?.delivered).toBe(true));
      const restarted = server();
      expect(await restarted.list()).toMatchObject([
        { request: { requestId: "shared" }, state: "answered", answer: won },
      ]);
      for (const inbox of [one, two, restarted]) inbox.close();
    } finally {
      for (const db of databases) db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("createInbox with a sink (requests a source parked)", () => {
  const parkFrom = (store: ReturnType<typeof createMemoryInboxStore>, id: string, source: string) =>
    store.park({ request: request(id), owner: "default", source });

  it("given an answer through the route, should hand the record to its source's sink once, and deliver() finds nothing more", async () => {
    const store = createMemoryInboxStore();
    const got: InboxRecord[] = [];
    const inbox = createInbox({ store, sink: sinkBySource({ graph: (record) => void got.push(record) }) });
    await parkFrom(store, "g1", "graph");
    const answered = await inbox.handle(post("/requests/g1/answer", { answer: { type: "value", value: { id: "a" } } }));
    expect(answered.status).toBe(200);
    await vi.waitFor(() => expect(got.map((record) => record.id)).toEqual(["g1"]));
    expect(got[0]?.answer).toEqual({ type: "value", value: { id: "a" } });
    expect((await inbox.deliver()).delivered).toEqual([]);
    expect((await store.get("g1"))?.delivered).toBe(true);
  });

  it("given a source without a sink, should report the failure and keep the record for a later delivery", async () => {
    const store = createMemoryInboxStore();
    const failures: unknown[] = [];
    const inbox = createInbox({
      store,
      sink: sinkBySource({ graph: () => {} }),
      onDeliveryError: (failed) => failures.push(...failed),
    });
    await parkFrom(store, "x1", "elsewhere");
    expect(await inbox.answer("x1", { type: "value", value: { id: "b" } })).toEqual({ ok: true, outcome: "answered" });
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0]).toMatchObject({ id: "x1", error: expect.any(TypeError) });
    expect((await store.get("x1"))?.delivered).toBe(false);
  });

  it("given a source parking through inbox.store, should announce each new request once (onParked, with its link) and not a repeat", async () => {
    const announced: Array<{ id: string; link: string | undefined }> = [];
    const listened = vi.fn();
    const inbox = createInbox({
      links: { secret: "x".repeat(32), url: (token) => `https://app.test/answer#${token}` },
      onParked: (entry, link) => void announced.push({ id: entry.request.requestId, link }),
    });
    inbox.subscribe(listened);
    await inbox.store.park({ request: request("s1"), owner: "default", source: "graph" });
    await inbox.store.park({ request: request("s1"), owner: "default", source: "graph" });
    await vi.waitFor(() => expect(announced).toHaveLength(1));
    expect(announced[0]).toEqual({ id: "s1", link: expect.stringMatching(/^https:\/\/app\.test\/answer#.+/) });
    expect(listened).toHaveBeenCalledTimes(1);
  });

  it("given an asker waiting in this process, should resolve it and never hand its record to the sink", async () => {
    const store = createMemoryInboxStore();
    const got: string[] = [];
    const inbox = createInbox({ store, sink: (record) => void got.push(record.id) });
    const asked = inbox.park(request("p1"));
    await waitForOpen(inbox, 1);
    await inbox.answer("p1", { type: "value", value: { id: "a" } });
    await expect(asked).resolves.toEqual({ type: "value", value: { id: "a" } });
    await inbox.deliver();
    expect(got).toEqual([]);
  });
});
