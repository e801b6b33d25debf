import type { ParkedRequestInit } from "../../src/core/model";
import { createMemoryInbox, InboxError } from "../../src/server/inbox";
import { MAX_INBOX_REQUEST_BYTES } from "../../src/server/inbox-store";

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

describe("createMemoryInbox", () => {
  it("given two answers, should resolve the asker with the first and tell the second who won (409 with it)", async () => {
    const inbox = createMemoryInbox();
    const asked = inbox.park(request("r1"));
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
    expect(inbox.list()).toHaveLength(1);
    expect(inbox.answer("r1", { type: "declined", reason: "no" })).toEqual({ ok: true, outcome: "answered" });
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
    expect(inbox.list()).toMatchObject([{ state: "withdrawn", outcome: "withdrawn" }]);
    const late = await inbox.handle(post("/requests/r1/answer", { answer: { type: "dismissed" } }));
    expect(late.status).toBe(410);
  });

  it("given a native approval, should record approved or denied as the outcome", async () => {
    const inbox = createMemoryInbox();
    const approval = { kind: "approval", native: true, payload: { kind: "approval", toolName: "x", input: {} } };
    void inbox.park(request("yes", approval));
    void inbox.park(request("no", approval));
    expect(inbox.answer("yes", { type: "value", value: { decision: "approve" } })).toMatchObject({
      outcome: "approved",
    });
    expect(inbox.answer("no", { type: "declined" })).toMatchObject({ outcome: "denied" });
  });

  it("given bad answers, should refuse each with a status and issues, and keep the request open", async () => {
    const inbox = createMemoryInbox();
    void inbox.park(request("r1"));
    expect((await inbox.handle(post("/requests/r1/answer", "{not json"))).status).toBe(400);
    const shape = await inbox.handle(post("/requests/r1/answer", { answer: { type: "maybe" } }));
    expect(shape.status).toBe(400);
    expect((await shape.json()).issues[0].path[0]).toBe("answer");
    expect((await inbox.handle(post("/requests/r1/answer", "{}", "text/plain"))).status).toBe(415);
    const huge = { answer: { type: "reply", text: "x".repeat(1_200_000) } };
    expect((await inbox.handle(post("/requests/r1/answer", huge))).status).toBe(413);
    expect((await inbox.handle(post("/requests/nope/answer", { answer: { type: "dismissed" } }))).status).toBe(404);
    expect(inbox.list().map((entry) => entry.state)).toEqual(["open"]);
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
    expect(inbox.list().map((entry) => entry.state)).toEqual(["open"]);
  });

  it("given an asker's long-lived signal, should stop listening to it once the request is answered", async () => {
    const inbox = createMemoryInbox();
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, "removeEventListener");
    const asked = inbox.park(request("r1"), { signal: controller.signal });
    inbox.answer("r1", { type: "dismissed" });
    await asked;
    expect(removed).toHaveBeenCalledWith("abort", expect.any(Function));
    controller.abort();
    expect(inbox.list()).toMatchObject([{ state: "answered" }]);
  });

  it("given the routes, should list the requests and refuse other methods and paths", async () => {
    const inbox = createMemoryInbox();
    void inbox.park(request("r1"));
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
    await expect(inbox.park(request("c"))).rejects.toMatchObject({ reason: "full" });
    inbox.answer("a", { type: "dismissed" });
    void inbox.park(request("c"));
    expect(inbox.list().filter((entry) => entry.state === "open")).toHaveLength(2);
  });

  it("given more receipts than it keeps, should forget the oldest settled ones, never a waiting one", () => {
    let clock = 0;
    const inbox = createMemoryInbox({ keepSettled: 2, now: () => ++clock });
    void inbox.park(request("waiting"));
    for (const id of ["s1", "s2", "s3"]) {
      void inbox.park(request(id));
      inbox.answer(id, { type: "dismissed" });
    }
    expect(inbox.list().map((entry) => entry.request.requestId)).toEqual(["waiting", "s2", "s3"]);
  });

  it("given a subscriber, should tell it of each park, answer and withdrawal", () => {
    const inbox = createMemoryInbox();
    const heard = vi.fn();
    const stop = inbox.subscribe(heard);
    void inbox.park(request("r1")).catch(() => {});
    void inbox.park(request("r2")).catch(() => {});
    inbox.answer("r1", { type: "dismissed" });
    inbox.withdraw("r2");
    expect(heard).toHaveBeenCalledTimes(4);
    stop();
    void inbox.park(request("r3"));
    expect(heard).toHaveBeenCalledTimes(4);
  });
});
