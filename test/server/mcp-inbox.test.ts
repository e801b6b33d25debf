// @vitest-environment node
import type { Client } from "@modelcontextprotocol/client";
import { createMemoryClaimStore } from "../../src/server/claim-store";
import { createMemoryInboxStore, deliverSettled, type InboxStore } from "../../src/server/inbox-store";
import { mcpSink, startMcpInboxCall } from "../../src/server/mcp-inbox";
import {
  buildPlanEventServer,
  connectRoundsClient,
  type Mcp2026Server,
  type Retry,
  startMcp2026Server,
} from "../support/mcp-2026-server";

/**
 * MCP 2026-07-28 calls through the inbox, on the real TypeScript SDK v2: a server built as the SDK
 * recommends (its `requestState` sealed by the SDK's codec) and a v2 client in manual mode. The
 * call parks round 1's two questions; they are answered in the store, one at a time; the sink
 * retries the round once, parks round 2, and hands the final result to `onEnd`. The server
 * records every retry, by round.
 */

let server: Mcp2026Server;
let retries: Retry[];
let client: Client;
const clients: Client[] = [];

beforeEach(async () => {
  retries = [];
  const serverRetries = retries;
  server = await startMcp2026Server(() => buildPlanEventServer(serverRetries));
  client = await connectRoundsClient(server.url, "agent");
  clients.push(client);
});

afterEach(async () => {
  for (const each of clients.splice(0)) await each.close();
  await server.close();
});

const answer = (store: InboxStore, id: string, body: Parameters<InboxStore["answer"]>[1]["answer"]) =>
  store.answer(id, { owner: "ada", answer: body, outcome: "answered" });

async function plan(store: InboxStore, expiresAt?: number) {
  const step = await startMcpInboxCall(
    { client, store, owner: "ada", kinds: ["media"], id: "call-1", ...(expiresAt ? { expiresAt } : {}) },
    { params: { name: "plan_event", arguments: { title: "Offsite" } } },
  );
  if (step.status !== "parked") throw new Error("plan_event should ask first");
  return step;
}

describe("MCP 2026 rounds through the inbox", () => {
  it("given a call whose result asks two things, should park both with the continuation kept server-side", async () => {
    const store = createMemoryInboxStore();
    const step = await plan(store);
    expect(step.requestIds).toEqual(["mcp-round:call-1:1:image", "mcp-round:call-1:1:catering"]);
    const image = await store.get("mcp-round:call-1:1:image");
    expect(image).toMatchObject({ source: "mcp", conversation: "call-1", state: "open", request: { kind: "media" } });
    expect(image?.resume).toMatchObject({ id: "call-1", round: 1, requestState: expect.any(String) });
    expect((await store.get("mcp-round:call-1:1:catering"))?.request.kind).toBe("form");
    expect(retries).toEqual([]);
  });

  it("given the round answered one question at a time, should retry once after the last, park round 2, then end with the result", async () => {
    const store = createMemoryInboxStore();
    await plan(store);
    const ends: unknown[] = [];
    const sink = mcpSink({ client, store, kinds: ["media"], onEnd: (id, end) => void ends.push({ id, ...end }) });

    await answer(store, "mcp-round:call-1:1:image", { type: "value", value: { selected: ["dunes"] } });
    expect((await deliverSettled(store, sink)).delivered).toEqual(["mcp-round:call-1:1:image"]);
    expect(retries).toEqual([]); // the round still waits for the catering question

    await answer(store, "mcp-round:call-1:1:catering", { type: "value", value: { values: { catering: true } } });
    expect((await deliverSettled(store, sink)).delivered).toEqual(["mcp-round:call-1:1:catering"]);
    expect(retries.map((retry) => retry.round)).toEqual([1]);
    expect(Object.keys(retries[0]?.responses ?? {}).sort()).toEqual(["catering", "image"]);
    const payment = await store.get("mcp-round:call-1:2:payment");
    expect(payment).toMatchObject({ state: "open", request: { kind: "open-url" } });

    await answer(store, "mcp-round:call-1:2:payment", { type: "value", value: { opened: true } });
    await deliverSettled(store, sink);
    expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
    expect(ends).toHaveLength(1);
    const [end] = ends as [{ id: string; result: { content: Array<{ text: string }> } }];
    expect(end.id).toBe("call-1");
    expect(JSON.parse(end.result.content[0]?.text ?? "null")).toMatchObject({
      image: { status: "answered", value: { selected: ["dunes"] } },
      catering: { action: "accept", content: { catering: true } },
      payment: { action: "accept" },
    });
  });

  it("given both answers delivered by two deliverers at once (one claim store), should retry the round once", async () => {
    const store = createMemoryInboxStore();
    await plan(store);
    await answer(store, "mcp-round:call-1:1:image", { type: "value", value: { selected: ["lake"] } });
    await answer(store, "mcp-round:call-1:1:catering", { type: "declined", reason: "no food" });
    const claims = createMemoryClaimStore();
    const first = await store.get("mcp-round:call-1:1:image");
    const second = await store.get("mcp-round:call-1:1:catering");
    if (!first || !second) throw new Error("records missing");
    await Promise.all([mcpSink({ client, store, claims })(first), mcpSink({ client, store, claims })(second)]);
    expect(retries.map((retry) => retry.round)).toEqual([1]);
    expect(retries[0]?.responses.catering).toMatchObject({ action: "decline" });
  });

  it("given a repeat of the delivery that retried (a deliverer that died before marking it), should not retry again", async () => {
    const store = createMemoryInboxStore();
    await plan(store);
    const sink = mcpSink({ client, store, kinds: ["media"] });
    await answer(store, "mcp-round:call-1:1:image", { type: "value", value: { selected: ["lake"] } });
    await answer(store, "mcp-round:call-1:1:catering", { type: "value", value: { values: { catering: false } } });
    const last = await store.get("mcp-round:call-1:1:catering");
    if (!last) throw new Error("record missing");
    await sink(last);
    await sink(last);
    expect(retries.map((retry) => retry.round)).toEqual([1]);
  });

  it("given a retry that may not have arrived (the server unreachable), should throw and retry on the next delivery", async () => {
    const store = createMemoryInboxStore();
    await plan(store);
    await answer(store, "mcp-round:call-1:1:image", { type: "value", value: { selected: ["lake"] } });
    await answer(store, "mcp-round:call-1:1:catering", { type: "value", value: { values: { catering: true } } });
    const claims = createMemoryClaimStore();
    const { url } = server;
    await server.close();
    const down = await deliverSettled(store, mcpSink({ client, store, claims }), { leaseMs: 50 });
    expect(down.delivered).toEqual([]);
    expect(down.failed.map((failure) => failure.id).sort()).toEqual([
      "mcp-round:call-1:1:catering",
      "mcp-round:call-1:1:image",
    ]);

    retries = [];
    const serverRetries = retries;
    server = await startMcp2026Server(() => buildPlanEventServer(serverRetries), url.port);
    await new Promise((resolve) => setTimeout(resolve, 60)); // the leases run out
    const again = await deliverSettled(store, mcpSink({ client, store, claims }));
    expect([...again.delivered].sort()).toEqual(["mcp-round:call-1:1:catering", "mcp-round:call-1:1:image"]);
    expect(retries.map((retry) => retry.round)).toEqual([1]);
    expect(await store.get("mcp-round:call-1:2:payment")).toMatchObject({ state: "open" });
  });

  it("given a question that expired in the inbox, should decline it in the round's one retry", async () => {
    let now = 1_000;
    const store = createMemoryInboxStore({ now: () => now });
    await plan(store, 5_000);
    await answer(store, "mcp-round:call-1:1:image", { type: "value", value: { selected: ["lake"] } });
    now = 6_000;
    expect(await store.expire()).toBe(1);
    const ends: unknown[] = [];
    await deliverSettled(store, mcpSink({ client, store, kinds: ["media"], onEnd: (_id, end) => void ends.push(end) }));
    expect(retries[0]?.responses.catering).toEqual({ action: "decline" });
    // Round 2 parks with the call's own expiry, so it is due too: declined in the same drain.
    expect(await store.get("mcp-round:call-1:2:payment")).toMatchObject({ state: "expired", expiresAt: 5_000 });
    expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
    expect(retries[1]?.responses.payment).toEqual({ action: "decline" });
    expect(ends).toHaveLength(1);
  });

  it("given another source's record, should refuse it with a TypeError", async () => {
    const store = createMemoryInboxStore();
    const { record } = await store.park({
      request: { requestId: "eve-1", callId: "c", toolName: "t", kind: "text", prompt: "?", payload: {} },
      owner: "ada",
      source: "eve",
    });
    await expect(mcpSink({ client, store })(record)).rejects.toBeInstanceOf(TypeError);
  });
});
