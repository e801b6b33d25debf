// @vitest-environment node
import { Client } from "@langchain/langgraph-sdk";
import { createLangGraphTransport } from "../../src/adapters/langgraph/transport";
import { createHitlClient } from "../../src/core/client";
import { selectRequests } from "../../src/core/ledger";
import { conformanceKind } from "../../src/testing/conformance";
import type { Received } from "../support/langgraph-graphs";
import {
  type LangGraphProxy,
  type LangGraphTestServer,
  startLangGraphProxy,
  startLangGraphServer,
} from "../support/langgraph-server";

/**
 * LangGraph, on a real LangGraph API server (`@langchain/langgraph-api` 1.5, LangGraph 1.7):
 * - parallel interrupts (a `Send` fan-out) resumed with one plain value, as a client does that
 *   answers "the" interrupt (`Command({ resume: value })`, what a chat UI's submit sends; see
 *   langchain-ai/langgraphjs#2780): EVERY waiting branch gets that value — answering one
 *   question answers the other with it;
 * - a second resume naming an interrupt already answered (a stale page, a second device) is
 *   silently ignored (langchain-ai/langgraph#8836): HTTP 200, a run, and the graph keeps the
 *   first answer, while the second page believes its own went in.
 * Reproduced without the kit; prevented by `createLangGraphTransport`, which resumes each
 * interrupt by its id with its own value, and never resumes an interrupt that is not waiting.
 */

let server: LangGraphTestServer;
let proxy: LangGraphProxy;
let direct: Client;

beforeAll(async () => {
  server = await startLangGraphServer();
  proxy = await startLangGraphProxy(server.url);
  direct = new Client({ apiUrl: server.url });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

async function run(threadId: string, graph: string, payload: Record<string, unknown>) {
  const parts: { event: string; data: unknown }[] = [];
  for await (const part of direct.runs.stream(threadId, graph, payload)) parts.push(part);
  return parts;
}

async function received(threadId: string): Promise<Received[]> {
  const state = await direct.threads.getState<{ received?: Received[] }>(threadId);
  return state.values.received ?? [];
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("langgraph: one plain resume value for parallel interrupts", () => {
  it("given two waiting branches resumed with one plain value (no kit), should hand that value to both", async () => {
    const { thread_id: threadId } = await direct.threads.create();
    await run(threadId, "parallel", { input: { label: "plain" } });
    // The person answered the left question ("a" is one of its choices).
    await run(threadId, "parallel", { command: { resume: { id: "a" } } });
    const got = await received(threadId);
    expect(got.map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "a" }],
    ]);
    // The right branch got an answer to a question nobody answered, and not one of its choices.
    expect(got[1]?.result).toMatchObject({ status: "invalid" });
  });

  it("given the kit, should resume each branch with its own answer, in one run", async () => {
    const { thread_id: threadId } = await direct.threads.create();
    await run(threadId, "parallel", { input: { label: "kit" } });
    const transport = createLangGraphTransport({
      client: new Client({ apiUrl: proxy.url }),
      assistantId: "parallel",
      threadId,
      pollIntervalMs: 50,
    });
    await transport.refresh();
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    const unmount = client.mount();
    const [left, right] = selectRequests(client.store.getSnapshot()).map((r) => r.requestId) as [string, string];
    client.answer(left, { type: "value", value: { id: "a" } });
    client.answer(right, { type: "value", value: { id: "d" } });
    await until(
      () => client.getRequest(left)?.state === "settled" && client.getRequest(right)?.state === "settled",
      "both to settle",
    );
    const got = await received(threadId);
    expect(got.map((r) => [r.node, r.value, r.result])).toEqual([
      ["left", { id: "a" }, { status: "answered", value: { id: "a" } }],
      ["right", { id: "d" }, { status: "answered", value: { id: "d" } }],
    ]);
    expect(proxy.runs.filter((r) => r.threadId === threadId)).toHaveLength(1);
    unmount();
    transport.close();
  });
});

describe("langgraph: a second resume of an interrupt already answered", () => {
  it("given a stale page resuming the answered interrupt again (no kit), should be taken with HTTP 200 and silently ignored", async () => {
    const { thread_id: threadId } = await direct.threads.create();
    await run(threadId, "pick", { input: { ids: ["a", "b"], label: "stale" } });
    const stale = await direct.threads.getState(threadId);
    const id = stale.tasks[0]?.interrupts[0]?.id ?? "";
    await run(threadId, "pick", { command: { resume: { [id]: { id: "a" } } } });
    // The second page still shows the question (its last look was before the answer) and sends its own.
    const parts = await run(threadId, "pick", { command: { resume: { [id]: { id: "b" } } } });
    expect(parts.map((part) => part.event)).not.toContain("error"); // it "went through"
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
  });

  it("given the kit on that stale page, should send nothing and show the request answered elsewhere", async () => {
    const { thread_id: threadId } = await direct.threads.create();
    await run(threadId, "pick", { input: { ids: ["a", "b"], label: "stale-kit" } });
    const stale = await direct.threads.getState(threadId);
    const id = stale.tasks[0]?.interrupts[0]?.id ?? "";
    await run(threadId, "pick", { command: { resume: { [id]: { id: "a" } } } });
    const transport = createLangGraphTransport({
      client: new Client({ apiUrl: proxy.url }),
      assistantId: "pick",
      threadId,
      pollIntervalMs: 0,
      initialState: stale,
    });
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    expect(client.getRequest(id)?.state).toBe("open");
    expect(client.answer(id, { type: "value", value: { id: "b" } }).status).toBe("sent");
    await client.whenIdle();
    expect(client.getRequest(id)).toMatchObject({ state: "settled", outcome: "answered", answeredElsewhere: true });
    expect(proxy.runs.filter((r) => r.threadId === threadId)).toEqual([]);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
    transport.close();
  });
});
