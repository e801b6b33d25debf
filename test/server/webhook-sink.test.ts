import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnswerBody } from "../../src/core/answer";
import type { ParkedRequestInit } from "../../src/core/model";
import { createMemoryInboxStore, deliverSettled, type InboxStore } from "../../src/server/inbox-store";
import {
  type VerifyWebhookResult,
  verifyWebhook,
  WebhookDeliveryError,
  webhookSink,
} from "../../src/server/webhook-sink";

/**
 * The webhook sink against a real `node:http` receiver on 127.0.0.1 that turns each POST into a
 * `Request` and checks it with `verifyWebhook`, fed by the real memory inbox store through
 * `deliverSettled`.
 */

const SECRET = "s3cret-for-the-webhook-sink-tests-0123456789";

interface Hit {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly verified: VerifyWebhookResult;
}

/** What the receiver answers to a POST (the n-th it got, from 0); 204 unless a test says otherwise. */
type Reply = (hit: Hit, n: number) => { status: number; headers?: Record<string, string> } | "hang";

let server: Server;
let base = "";
let hits: Hit[] = [];
let reply: Reply = () => ({ status: 204 });

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = headersOf(req);
    const request = new Request(`${base}${req.url ?? "/"}`, {
      method: req.method ?? "POST",
      headers,
      ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
    });
    const hit: Hit = {
      path: req.url ?? "/",
      headers,
      body,
      verified: await verifyWebhook(request, { secret: SECRET }),
    };
    hits.push(hit);
    const answer = reply(hit, hits.length - 1);
    if (answer === "hang") return; // never answers: the sink's timeout ends it
    res.writeHead(answer.status, answer.headers);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  hits = [];
  reply = () => ({ status: 204 });
  server.closeAllConnections();
});

const request = (id: string): ParkedRequestInit => ({
  requestId: id,
  callId: `call-${id}`,
  toolName: "pick",
  prompt: `Pick for ${id}`,
  kind: "question",
  payload: { options: ["a", "b"] },
});
const answer: AnswerBody = { type: "value", value: { choice: "a", note: "naïve ✓" } };

async function parkAndAnswer(store: InboxStore, id: string): Promise<void> {
  await store.park({ request: request(id), owner: "ann", source: "workflow", conversation: "run-1" });
  const claim = await store.answer(id, { owner: "ann", answer, outcome: "answered" });
  expect(claim.won).toBe(true);
}

const sink = (path = "/hitl", timeoutMs?: number) =>
  webhookSink({ url: `${base}${path}`, secret: SECRET, ...(timeoutMs ? { timeoutMs } : {}) });

const deliveryOf = (hit: Hit | undefined) => {
  expect(hit?.verified.ok).toBe(true);
  return hit?.verified.ok ? hit.verified.delivery : undefined;
};

const sign = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

const signed = (
  body: string,
  options: { timestamp?: number; secret?: string; headers?: Record<string, string> } = {},
) => {
  const timestamp = options.timestamp ?? Date.now();
  return new Request(`${base}/hitl`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-hitl-timestamp": String(timestamp),
      "x-hitl-signature": sign(options.secret ?? SECRET, timestamp, body),
      ...options.headers,
    },
    body,
  });
};

describe("webhookSink", () => {
  it("given an answered record, should POST it once, signed, with its answer, and send nothing on the next run", async () => {
    const store = createMemoryInboxStore();
    await parkAndAnswer(store, "r1");
    const settledAt = (await store.get("r1"))?.settledAt;

    const first = await deliverSettled(store, sink());
    expect(first).toEqual({ delivered: ["r1"], failed: [] });
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit?.path).toBe("/hitl");
    expect(hit?.headers).toMatchObject({ "content-type": "application/json", "idempotency-key": "r1" });
    expect(hit?.headers["x-hitl-signature"]).toMatch(/^v1=[0-9a-f]{64}$/);
    // The signature is the spec's: hex HMAC-SHA256 of `${timestamp}.${body}` (checked here with node:crypto).
    expect(hit?.headers["x-hitl-signature"]).toBe(sign(SECRET, Number(hit?.headers["x-hitl-timestamp"]), hit!.body));
    expect(deliveryOf(hit)).toEqual({
      type: "hitl.answer",
      id: "r1",
      source: "workflow",
      conversation: "run-1",
      owner: "ann",
      state: "answered",
      outcome: "answered",
      answer,
      request: { requestId: "r1", callId: "call-r1", toolName: "pick", kind: "question" },
      settledAt,
    });
    expect((await store.get("r1"))?.delivered).toBe(true);

    expect(await deliverSettled(store, sink())).toEqual({ delivered: [], failed: [] });
    expect(hits).toHaveLength(1);
  });

  it("given an expired record, should POST it as expired with no answer", async () => {
    let clock = 1_700_000_000_000;
    const store = createMemoryInboxStore({ now: () => clock });
    await store.park({ request: request("late"), owner: "ann", source: "workflow", expiresAt: clock + 1_000 });
    clock += 2_000;

    expect(await deliverSettled(store, sink())).toEqual({ delivered: ["late"], failed: [] });
    expect(hits).toHaveLength(1);
    const delivery = deliveryOf(hits[0]);
    expect(delivery).toMatchObject({ id: "late", state: "expired", outcome: "withdrawn", settledAt: clock });
    expect(delivery).not.toHaveProperty("answer");
    expect(delivery).not.toHaveProperty("conversation");
    expect(JSON.parse(hits[0]!.body)).not.toHaveProperty("answer");
  });

  it("given a 500, should report the record failed, leave it undelivered, and deliver it with the same key after the lease", async () => {
    // The store's clock, not the wall's: with a real clock and a 1 ms lease the lease runs out
    // during the POST, and the same run takes the record again at once.
    let clock = 1_700_000_000_000;
    const store = createMemoryInboxStore({ now: () => clock });
    await parkAndAnswer(store, "r500");
    reply = (_hit, n) => ({ status: n === 0 ? 500 : 200 });
    const lease = { leaseMs: 1_000 };

    const first = await deliverSettled(store, sink(), lease);
    expect(first.delivered).toEqual([]);
    expect(first.failed.map((failure) => failure.id)).toEqual(["r500"]);
    expect(first.failed[0]?.error).toBeInstanceOf(WebhookDeliveryError);
    expect(first.failed[0]?.error).toMatchObject({ status: 500 });
    expect((await store.get("r500"))?.delivered).toBe(false);

    // Still leased: nothing is sent.
    clock += 999;
    expect(await deliverSettled(store, sink(), lease)).toEqual({ delivered: [], failed: [] });
    expect(hits).toHaveLength(1);

    clock += 1;
    expect(await deliverSettled(store, sink(), lease)).toEqual({ delivered: ["r500"], failed: [] });
    expect((await store.get("r500"))?.delivered).toBe(true);
    expect(hits).toHaveLength(2);
    expect(hits.map((hit) => hit.headers["idempotency-key"])).toEqual(["r500", "r500"]);
    expect(hits.map((hit) => deliveryOf(hit)?.id)).toEqual(["r500", "r500"]);
  });

  it.each([409, 410])(
    "given a %i (the receiver has it already, or it is gone), should count it delivered",
    async (status) => {
      const store = createMemoryInboxStore();
      await parkAndAnswer(store, "dup");
      reply = () => ({ status });
      expect(await deliverSettled(store, sink())).toEqual({ delivered: ["dup"], failed: [] });
      expect((await store.get("dup"))?.delivered).toBe(true);
      expect(hits).toHaveLength(1);
    },
  );

  it("given a 302, should report it failed and follow no redirect", async () => {
    const store = createMemoryInboxStore();
    await parkAndAnswer(store, "moved");
    reply = (hit) =>
      hit.path === "/hitl" ? { status: 302, headers: { location: `${base}/target` } } : { status: 204 };

    const report = await deliverSettled(store, sink());
    expect(report.delivered).toEqual([]);
    expect(report.failed.map((failure) => failure.id)).toEqual(["moved"]);
    expect(report.failed[0]?.error).toMatchObject({ name: "WebhookDeliveryError", status: 302 });
    expect((await store.get("moved"))?.delivered).toBe(false);
    // Give a followed redirect time to land: the target receives nothing.
    await sleep(50);
    expect(hits.map((hit) => hit.path)).toEqual(["/hitl"]);
  });

  it("given a receiver that never answers, should time out and report it failed", async () => {
    const store = createMemoryInboxStore();
    await parkAndAnswer(store, "slow");
    reply = () => "hang";
    const report = await deliverSettled(store, sink("/hitl", 100));
    expect(report.delivered).toEqual([]);
    expect(report.failed[0]?.error).toBeInstanceOf(WebhookDeliveryError);
    expect(report.failed[0]?.error).toMatchObject({ status: undefined });
    expect(hits).toHaveLength(1);
  });

  it("given a secret under 32 characters, should throw a TypeError at creation", () => {
    expect(() => webhookSink({ url: `${base}/hitl`, secret: "short" })).toThrow(TypeError);
    expect(() => webhookSink({ url: `${base}/hitl`, secret: "x".repeat(31) })).toThrow(TypeError);
    expect(() => webhookSink({ url: `${base}/hitl`, secret: "x".repeat(32) })).not.toThrow();
  });
});

describe("verifyWebhook", () => {
  /** One real POST from the sink, as the receiver got it. */
  let posted: Hit;
  beforeAll(async () => {
    const store = createMemoryInboxStore();
    await parkAndAnswer(store, "v1");
    await deliverSettled(store, sink());
    posted = hits[0]!;
    hits = [];
  });

  const replay = (change: { body?: string; headers?: Record<string, string> } = {}) =>
    new Request(`${base}/hitl`, {
      method: "POST",
      headers: { ...posted.headers, ...change.headers },
      body: change.body ?? posted.body,
    });

  it("given the sink's POST as it was sent, should accept it", async () => {
    const verified = await verifyWebhook(replay(), { secret: SECRET });
    expect(verified).toMatchObject({ ok: true, delivery: { id: "v1", state: "answered", answer } });
  });

  it("given a tampered body, should refuse it as a bad signature", async () => {
    const tampered = posted.body.replace('"choice":"a"', '"choice":"b"');
    expect(tampered).not.toBe(posted.body);
    expect(await verifyWebhook(replay({ body: tampered }), { secret: SECRET })).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  it("given a wrong secret, a missing or garbled signature, should refuse it as a bad signature", async () => {
    const refused = { ok: false, reason: "signature" };
    expect(await verifyWebhook(replay(), { secret: `${SECRET}-other` })).toEqual(refused);
    const timestamp = Date.now();
    expect(await verifyWebhook(signed(posted.body, { secret: "y".repeat(40), timestamp }), { secret: SECRET })).toEqual(
      refused,
    );
    expect(await verifyWebhook(replay({ headers: { "x-hitl-signature": "v1=zz" } }), { secret: SECRET })).toEqual(
      refused,
    );
    const withoutVersion = posted.headers["x-hitl-signature"]!.slice(3);
    expect(
      await verifyWebhook(replay({ headers: { "x-hitl-signature": withoutVersion } }), { secret: SECRET }),
    ).toEqual(refused);
    const { "x-hitl-signature": _, ...unsigned } = posted.headers;
    const request = new Request(`${base}/hitl`, { method: "POST", headers: unsigned, body: posted.body });
    expect(await verifyWebhook(request, { secret: SECRET })).toEqual(refused);
  });

  it("given a timestamp 10 minutes off, either way, should refuse it as stale", async () => {
    const stale = { ok: false, reason: "stale" };
    const tenMinutes = 10 * 60_000;
    expect(
      await verifyWebhook(signed(posted.body, { timestamp: Date.now() - tenMinutes }), { secret: SECRET }),
    ).toEqual(stale);
    expect(
      await verifyWebhook(signed(posted.body, { timestamp: Date.now() + tenMinutes }), { secret: SECRET }),
    ).toEqual(stale);
    // The sink's own POST, read ten minutes later.
    const sentAt = Number(posted.headers["x-hitl-timestamp"]);
    expect(await verifyWebhook(replay(), { secret: SECRET, now: () => sentAt + tenMinutes })).toEqual(stale);
    // Within the tolerance it is fine.
    expect(await verifyWebhook(replay(), { secret: SECRET, now: () => sentAt + 4 * 60_000 })).toMatchObject({
      ok: true,
    });
    expect(
      await verifyWebhook(replay(), { secret: SECRET, now: () => sentAt + 4 * 60_000, toleranceMs: 60_000 }),
    ).toEqual(stale);
  });

  it("given a correctly signed body that is not a delivery, should refuse it as malformed", async () => {
    const malformed = { ok: false, reason: "malformed" };
    const delivery = JSON.parse(posted.body) as Record<string, unknown>;
    const bodies = [
      "not json",
      "null",
      JSON.stringify({ type: "hitl.answer" }),
      JSON.stringify({ ...delivery, type: "something.else" }),
      JSON.stringify({ ...delivery, state: "open" }),
      JSON.stringify({ ...delivery, answer: { type: "value" } }),
      // An expired record carries no answer, an answered one carries one.
      JSON.stringify({ ...delivery, state: "expired" }),
      JSON.stringify({ ...delivery, answer: undefined }),
      JSON.stringify({ ...delivery, settledAt: "yesterday" }),
    ];
    for (const body of bodies) expect(await verifyWebhook(signed(body), { secret: SECRET })).toEqual(malformed);
    // The unsigned idempotency key must name the signed body's id.
    expect(
      await verifyWebhook(signed(posted.body, { headers: { "idempotency-key": "other" } }), { secret: SECRET }),
    ).toEqual(malformed);
    // The same body, signed the same way, is a delivery.
    expect(await verifyWebhook(signed(posted.body), { secret: SECRET })).toMatchObject({ ok: true });
  });

  it("given a secret under 32 characters, should throw a TypeError", async () => {
    await expect(verifyWebhook(replay(), { secret: "short" })).rejects.toBeInstanceOf(TypeError);
  });
});
