// @vitest-environment node
import { Client } from "@langchain/langgraph-sdk";
import { createLangGraphTransport, type LangGraphTransportOptions } from "../../src/adapters/langgraph/transport";
import type { AnswerBody } from "../../src/core/answer";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { viewOf } from "../../src/core/view";
import { conformanceKind } from "../../src/testing/conformance";
import { setUpLangGraphServer, until } from "../support/langgraph-harness";

/**
 * The LangGraph adapter on a REAL LangGraph API server (`@langchain/langgraph-api`'s in-memory
 * server, what `langgraph dev` runs) with scripted graphs (`test/support/langgraph-graphs.ts`):
 * each page is `createLangGraphTransport` over a real `@langchain/langgraph-sdk` `Client`,
 * through a proxy that records every run the server received.
 */

const langgraph = setUpLangGraphServer();
const { startThread, received, resumesOn } = langgraph;

const pickA: AnswerBody = { type: "value", value: { id: "a" } };

/** Starts `graph` on a new thread with `input`, and waits until the run stops (at its interrupts). */

interface Page {
  readonly client: HitlClient;
  readonly transport: ReturnType<typeof createLangGraphTransport>;
  requests(): readonly ParkedRequest[];
  request(id: string): ParkedRequest | undefined;
  close(): void;
}

async function openPage(
  threadId: string,
  assistantId: string,
  options: Partial<LangGraphTransportOptions> = {},
): Promise<Page> {
  const transport = createLangGraphTransport({
    client: new Client({ apiUrl: langgraph.proxy.url }),
    assistantId,
    threadId,
    pollIntervalMs: 50,
    ...options,
  });
  await transport.refresh();
  const client = createHitlClient({ transport, kinds: [conformanceKind] });
  const unmount = client.mount();
  const requests = () => selectRequests(client.store.getSnapshot());
  return {
    client,
    transport,
    requests,
    request: (id) => client.getRequest(id),
    close: () => {
      unmount();
      transport.close();
    },
  };
}

async function idle(threadId: string) {
  await until(async () => (await langgraph.direct.threads.get(threadId)).status !== "busy", "the thread to be idle");
}

describe("createLangGraphTransport on a real LangGraph server", () => {
  it("given a node that interrupts with the kit's question, should park it by interrupt id and resume the graph once with the typed value", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "one" });
    const page = await openPage(threadId, "pick");
    const [request] = page.requests();
    expect(request).toMatchObject({
      kind: "pick",
      prompt: "Pick one",
      toolName: "ask",
      state: "open",
      payload: { kind: "pick", ids: ["a", "b"] },
    });
    expect(request?.native).toBeUndefined();
    const id = request?.requestId ?? "";
    expect(page.client.answer(id, pickA).status).toBe("sent");
    expect(page.client.answer(id, pickA).status).toBe("already-answered");
    await until(() => page.request(id)?.state === "settled", "the request to settle");
    expect(page.request(id)).toMatchObject({ outcome: "answered", resolution: pickA });
    await idle(threadId);
    expect(await received(threadId)).toEqual([
      { node: "ask", label: "one", value: { id: "a" }, result: { status: "answered", value: { id: "a" } } },
    ]);
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([{ resume: { [id]: { id: "a" } } }]);
    page.close();
  });

  it("given a decline, should resume with the typed decline, which readResume reads as declined", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "decline" });
    const page = await openPage(threadId, "pick");
    const id = page.requests()[0]?.requestId ?? "";
    page.client.answer(id, { type: "declined", reason: "none fit" });
    await until(() => page.request(id)?.state === "settled", "the request to settle");
    await idle(threadId);
    expect(await received(threadId)).toEqual([
      {
        node: "ask",
        label: "decline",
        value: { declined: true, reason: "none fit" },
        result: { status: "declined", reason: "none fit" },
      },
    ]);
    page.close();
  });

  it("given parallel interrupts (a Send fan-out), should hold the first answer and resume the graph ONCE with both", async () => {
    const threadId = await startThread("parallel", { label: "fan" });
    const page = await openPage(threadId, "parallel");
    const requests = page.requests();
    expect(requests.map((r) => [r.toolName, r.kind, r.prompt])).toEqual([
      ["left", "pick", "Pick one (left)"],
      ["right", "pick", "Pick one (right)"],
    ]);
    const [left, right] = requests.map((r) => r.requestId) as [string, string];
    expect(page.client.answer(left, pickA).status).toBe("sent");
    // Held: nothing goes to the server while the other interrupt has no answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumesOn(threadId)).toEqual([]);
    expect(page.request(left)?.state).toBe("submitting");
    expect(page.client.answer(right, { type: "value", value: { id: "d" } }).status).toBe("sent");
    await until(
      () => page.request(left)?.state === "settled" && page.request(right)?.state === "settled",
      "both to settle",
    );
    await idle(threadId);
    await page.client.whenIdle();
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([
      { resume: { [left]: { id: "a" }, [right]: { id: "d" } } },
    ]);
    const got = await received(threadId);
    expect(got.map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "d" }],
    ]);
    // The run is over; polling the finished thread never resumes again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resumesOn(threadId)).toHaveLength(1);
    page.close();
  });

  it("given parallel interrupts with resume: 'each', should resume each on its own, the other staying open with the same id", async () => {
    const threadId = await startThread("parallel", { label: "each" });
    const page = await openPage(threadId, "parallel", { resume: "each" });
    const [left, right] = page.requests().map((r) => r.requestId) as [string, string];
    page.client.answer(left, pickA);
    await until(() => page.request(left)?.state === "settled", "the left one to settle");
    expect(page.request(right)?.state).toBe("open");
    page.client.answer(right, { type: "value", value: { id: "c" } });
    await until(() => page.request(right)?.state === "settled", "the right one to settle");
    await idle(threadId);
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([
      { resume: { [left]: { id: "a" } } },
      { resume: { [right]: { id: "c" } } },
    ]);
    expect((await received(threadId)).map((r) => r.node)).toEqual(["left", "right"]);
    page.close();
  });

  it("given a page that still shows an interrupt another page already resumed, should never resume it a second time", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "lag" });
    const stale = await langgraph.direct.threads.getState(threadId);
    const first = await openPage(threadId, "pick");
    const id = first.requests()[0]?.requestId ?? "";
    first.client.answer(id, pickA);
    await until(() => first.request(id)?.state === "settled", "the first page to settle it");
    await idle(threadId);
    // A page whose last word from the server is from before the answer (no polling, no read yet).
    const lagging = createLangGraphTransport({
      client: new Client({ apiUrl: langgraph.proxy.url }),
      assistantId: "pick",
      threadId,
      pollIntervalMs: 0,
      initialState: stale,
    });
    const client = createHitlClient({ transport: lagging, kinds: [conformanceKind] });
    expect(client.getRequest(id)?.state).toBe("open");
    // Answered before the page follows the thread (its first read is still on its way).
    expect(client.answer(id, { type: "value", value: { id: "b" } }).status).toBe("sent");
    const unmount = client.mount();
    await client.whenIdle();
    expect(client.getRequest(id)).toMatchObject({ state: "settled", outcome: "answered", answeredElsewhere: true });
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
    unmount();
    first.close();
    lagging.close();
  });

  it("given two devices answering at once on a server with strict resume, should let the graph take one and settle the other as answered elsewhere", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "race" });
    const strict = { runPayload: () => ({ config: { configurable: { __pregel_strict_resume: true } } }) };
    const one = await openPage(threadId, "pick", strict);
    const two = await openPage(threadId, "pick", strict);
    const id = one.requests()[0]?.requestId ?? "";
    expect(one.client.answer(id, pickA).status).toBe("sent");
    expect(two.client.answer(id, { type: "value", value: { id: "b" } }).status).toBe("sent");
    await until(
      () => one.request(id)?.state === "settled" && two.request(id)?.state === "settled",
      "both devices to settle it",
    );
    // A poll may settle the loser's request (the task finished) before its refused run's next
    // look; its send, ending then, is what marks it answered elsewhere.
    await Promise.all([one.client.whenIdle(), two.client.whenIdle()]);
    await idle(threadId);
    const got = await received(threadId);
    expect(got).toHaveLength(1);
    const loser = JSON.stringify(got[0]?.value) === JSON.stringify({ id: "a" }) ? two : one;
    expect(loser.request(id)).toMatchObject({ outcome: "answered", answeredElsewhere: true });
    one.close();
    two.close();
  });

  it("given two transports over one thread on one SDK client (two hooks over one stream), should share one gate: the second never sends, both show the one answer", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "shared" });
    const sdk = new Client({ apiUrl: langgraph.proxy.url });
    const one = await openPage(threadId, "pick", { client: sdk });
    const two = await openPage(threadId, "pick", { client: sdk });
    expect(two.transport.follows).toBe(one.transport.follows);
    const id = one.requests()[0]?.requestId ?? "";
    expect(one.client.answer(id, pickA).status).toBe("sent");
    // At once, before any read of the thread: the other hook's gate is the same one.
    expect(two.request(id)?.state).not.toBe("open");
    expect(two.client.answer(id, { type: "value", value: { id: "b" } }).status).toBe("already-answered");
    await until(
      () => one.request(id)?.state === "settled" && two.request(id)?.state === "settled",
      "both hooks to settle it",
    );
    await Promise.all([one.client.whenIdle(), two.client.whenIdle()]);
    await idle(threadId);
    // Whichever transport's read settled it first (the one that resumed knows the value, the other
    // only that the task finished), both show this page's answer as the one that counted.
    for (const page of [one, two]) {
      const request = page.request(id);
      expect(request).toMatchObject({ state: "settled", outcome: "answered" });
      expect(request && viewOf(request, conformanceKind)).toEqual({ status: "answered", answer: { id: "a" } });
    }
    expect(resumesOn(threadId)).toHaveLength(1);
    expect(await received(threadId)).toHaveLength(1);
    // Another SDK client is another page as far as this one can tell: a ledger of its own.
    const other = await openPage(threadId, "pick");
    expect(other.transport.follows).not.toBe(one.transport.follows);
    for (const page of [one, two, other]) page.close();
  });

  it("given a page whose fresh look fails while another device resumes, should send nothing and settle it as answered elsewhere", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "read-fails" });
    const one = await openPage(threadId, "pick");
    const real = new Client({ apiUrl: langgraph.proxy.url });
    let failNext = false;
    // The second device's look right before its resume fails (the server is briefly unreachable).
    const flaky = {
      threads: {
        getState: (thread: string, checkpoint?: string) => {
          if (!failNext) return real.threads.getState(thread, checkpoint);
          failNext = false;
          return new Promise<never>((_, reject) =>
            setTimeout(() => reject(Object.assign(new Error("Service unavailable"), { status: 503 })), 300),
          );
        },
      },
      runs: { stream: real.runs.stream.bind(real.runs) },
    };
    const two = await openPage(threadId, "pick", { client: flaky });
    const id = one.requests()[0]?.requestId ?? "";
    expect(one.client.answer(id, pickA).status).toBe("sent");
    failNext = true;
    expect(two.client.answer(id, { type: "value", value: { id: "b" } }).status).toBe("sent");
    await until(
      () => one.request(id)?.state === "settled" && two.request(id)?.state === "settled",
      "both devices to settle it",
    );
    await two.client.whenIdle();
    await idle(threadId);
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([{ resume: { [id]: { id: "a" } } }]);
    expect(two.request(id)).toMatchObject({ outcome: "answered", answeredElsewhere: true });
    one.close();
    two.close();
  });

  it("given a page whose fresh look raced another device's resume, should have the strict server refuse its resume and settle it as answered elsewhere", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "strict" });
    const stale = await langgraph.direct.threads.getState(threadId);
    const first = await openPage(threadId, "pick");
    const id = first.requests()[0]?.requestId ?? "";
    first.client.answer(id, pickA);
    await until(() => first.request(id)?.state === "settled", "the first device to settle it");
    await idle(threadId);
    // The second device reads the thread as it was until its resume goes out (its look raced the first's).
    const real = new Client({ apiUrl: langgraph.proxy.url });
    let resumed = false;
    const racing = {
      threads: {
        getState: (thread: string, checkpoint?: string) =>
          !resumed && checkpoint === undefined ? Promise.resolve(stale) : real.threads.getState(thread, checkpoint),
      },
      runs: {
        stream: (thread: string, assistant: string, payload: Parameters<typeof real.runs.stream>[2]) => {
          resumed = true;
          return real.runs.stream(thread, assistant, payload);
        },
      },
    };
    const second = await openPage(threadId, "pick", {
      client: racing,
      runPayload: () => ({ config: { configurable: { __pregel_strict_resume: true } } }),
    });
    expect(second.request(id)?.state).toBe("open");
    second.client.answer(id, { type: "value", value: { id: "b" } });
    await until(() => second.request(id)?.state === "settled", "the second device to settle it");
    await second.client.whenIdle();
    expect(second.request(id)).toMatchObject({ outcome: "answered", answeredElsewhere: true });
    // The server received the second resume, and refused it: the graph has the first answer only.
    expect(resumesOn(threadId)).toHaveLength(2);
    await idle(threadId);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
    first.close();
    second.close();
  });

  it("given an interrupt with a plain string, should park it for the fallback and resume with the person's own words", async () => {
    const threadId = await startThread("pick", { ids: [], label: "plain", question: "What is your name?" });
    const page = await openPage(threadId, "pick");
    const [request] = page.requests();
    expect(request).toMatchObject({ kind: "", prompt: "What is your name?", payload: "What is your name?" });
    page.client.answer(request?.requestId ?? "", { type: "reply", text: "Ada" });
    await until(() => page.request(request?.requestId ?? "")?.state === "settled", "the request to settle");
    await idle(threadId);
    expect((await received(threadId)).map((r) => r.value)).toEqual(["Ada"]);
    page.close();
  });

  it("given a static breakpoint (interruptBefore), should park nothing: the thread waits, but asks nothing", async () => {
    const threadId = await startThread("pick", { ids: ["a"], label: "bp" }, { interruptBefore: ["ask"] });
    const state = await langgraph.direct.threads.getState(threadId);
    expect(state.next).toEqual(["ask"]);
    const page = await openPage(threadId, "pick");
    expect(page.requests()).toEqual([]);
    page.close();
  });

  it("given a question asked inside a subgraph, should park it by its id and resume it from the root", async () => {
    const threadId = await startThread("nested", { ids: ["a", "b"], label: "nested" });
    const page = await openPage(threadId, "nested");
    const [request] = page.requests();
    expect(request).toMatchObject({ kind: "pick", prompt: "Pick one (nested)", toolName: "sub" });
    page.client.answer(request?.requestId ?? "", pickA);
    await until(() => page.request(request?.requestId ?? "")?.state === "settled", "the request to settle");
    await idle(threadId);
    expect((await received(threadId)).map((r) => [r.node, r.value])).toEqual([["inner_ask", { id: "a" }]]);
    page.close();
  });

  it("given a node that asks again after its first answer, should settle the first and park the second", async () => {
    const threadId = await startThread("twice", { ids: ["a", "b"], label: "t" });
    const page = await openPage(threadId, "twice");
    const first = page.requests()[0]?.requestId ?? "";
    page.client.answer(first, pickA);
    await until(
      () => page.requests().length === 2 && page.request(first)?.state === "settled",
      "the first to settle and the second question to park",
    );
    expect(page.request(first)?.outcome).toBe("answered");
    const second = page.requests()[1];
    expect(second).toMatchObject({ prompt: "Second", state: "open" });
    page.client.answer(second?.requestId ?? "", { type: "value", value: { id: "b" } });
    await until(() => page.request(second?.requestId ?? "")?.state === "settled", "the second to settle");
    await idle(threadId);
    expect((await received(threadId)).map((r) => [r.label, r.value])).toEqual([
      ["t:first", { id: "a" }],
      ["t:second", { id: "b" }],
    ]);
    page.close();
  });

  it("given the graph moves on without resuming (a state update as the node), should settle the request as withdrawn", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "gone" });
    const page = await openPage(threadId, "pick");
    const id = page.requests()[0]?.requestId ?? "";
    await langgraph.direct.threads.updateState(threadId, { values: { answer: null }, asNode: "ask" });
    await until(() => page.request(id)?.state === "settled", "the request to settle");
    expect(page.request(id)?.outcome).toBe("withdrawn");
    expect(page.client.answer(id, pickA).status).toBe("already-answered");
    expect(resumesOn(threadId)).toEqual([]);
    page.close();
  });

  it("given the app's own run observed through the transport, should park its interrupt as it streams", async () => {
    const thread = await langgraph.direct.threads.create();
    const page = await openPage(thread.thread_id, "pick", { pollIntervalMs: 0 });
    expect(page.requests()).toEqual([]);
    const parked: number[] = [];
    for await (const part of page.transport.observe(
      langgraph.direct.runs.stream(thread.thread_id, "pick", {
        input: { ids: ["a", "b"], label: "obs" },
        streamMode: ["updates"],
      }),
    )) {
      if (part.event === "updates") parked.push(page.requests().length);
    }
    expect(parked.at(-1)).toBe(1);
    expect(page.requests()[0]).toMatchObject({ kind: "pick", state: "open" });
    page.close();
  });
});
