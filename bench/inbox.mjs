#!/usr/bin/env node
/**
 * The inbox stores with 100,000 parked requests (`npm run bench` section 5; runs alone too, after
 * `npm run build`): how long parking, listing a page, answering and delivering take in the
 * embedded store (SQLite in a file: libsql, WAL, `synchronous = FULL`) and the networked one (a
 * real `redis-server` with `appendonly yes`, `appendfsync always` — the setting under which a
 * stored answer survives Redis itself dying), with the memory store as the floor.
 * Requests are spread over 100 owners (1,000 each), as an inbox for a team would hold them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMemoryInboxStore, createRedisInboxStore, createSqliteInboxStore } from "hitl-kit/server";
import Database from "libsql";
import { createClient } from "redis";
import { percentile, pool, startRedis } from "./load/scenario.mjs";

const SAMPLES = 1_000;

const request = (id) => ({
  requestId: id,
  callId: `call-${id}`,
  toolName: "pick_aspect_ratio",
  prompt: "Which aspect ratio for the hero image?",
  kind: "aspect-ratio-picker",
  payload: { kind: "aspect-ratio-picker", options: ["1:1", "4:3", "16:9", "9:16"] },
});

const ms = (started) => Number(process.hrtime.bigint() - started) / 1e6;
const round = (value) => Math.round(value * 100) / 100;

/** p50 / p99 of `run` over `samples` calls, one at a time (latency, not throughput). */
async function latency(samples, run) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const started = process.hrtime.bigint();
    await run(i);
    times.push(ms(started));
  }
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)) };
}

async function measureStore(name, store, { records, owners, concurrency }) {
  const ownerOf = (i) => `owner-${i % owners}`;
  const started = process.hrtime.bigint();
  await pool(
    Array.from({ length: records }, (_, i) => i),
    concurrency,
    (i) =>
      store.park({ request: request(`req-${i}`), owner: ownerOf(i), source: "bench", conversation: `c-${i % 5000}` }),
  );
  const parkMs = ms(started);
  // Pages: the first page, newest first (what an inbox opens on), and the 10th following cursors.
  const firstPage = await latency(SAMPLES, (i) => store.list({ owner: ownerOf(i * 7), order: "newest", limit: 50 }));
  const tenthPage = await latency(100, async (i) => {
    let cursor;
    for (let page = 0; page < 10; page++) {
      cursor = (await store.list({ owner: ownerOf(i), limit: 50, ...(cursor ? { cursor } : {}) })).next;
    }
  });
  // Distinct open requests: every answer is a win (a loser's path is the same read).
  const answer = await latency(SAMPLES, (i) =>
    store.answer(`req-${i * 97}`, {
      owner: ownerOf(i * 97),
      answer: { type: "value", value: { ratio: "16:9" } },
      outcome: "answered",
    }),
  );
  const deliver = await latency(SAMPLES, async (i) => {
    const record = await store.takeDelivery({ holder: `bench-${i}`, leaseMs: 30_000 });
    if (record) await store.settleDelivery(record.id, `bench-${i}`);
  });
  return {
    store: name,
    parked: records,
    "park /s": Math.round(records / (parkMs / 1000)),
    "list page 1 ms p50 / p99": `${firstPage.p50} / ${firstPage.p99}`,
    "to page 10 ms p50 / p99": `${tenthPage.p50} / ${tenthPage.p99}`,
    "answer ms p50 / p99": `${answer.p50} / ${answer.p99}`,
    "deliver ms p50 / p99": `${deliver.p50} / ${deliver.p99}`,
  };
}

export async function measureInbox({ records = 100_000, owners = 100 } = {}) {
  const rows = [];
  const shape = { records, owners };
  rows.push(await measureStore("memory", createMemoryInboxStore(), { ...shape, concurrency: 1 }));

  const dir = mkdtempSync(join(tmpdir(), "hitl-inbox-bench-"));
  try {
    const db = new Database(join(dir, "inbox.db"));
    // One connection is synchronous: concurrency would only queue.
    rows.push(await measureStore("SQLite file (libsql)", createSqliteInboxStore(db), { ...shape, concurrency: 1 }));
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const redis = await startRedis();
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const store = createRedisInboxStore({ command: (name, args) => client.sendCommand([name, ...args]) });
    // Several page servers park at once: 16 in flight on the one connection.
    rows.push(await measureStore("Redis (appendfsync always)", store, { ...shape, concurrency: 16 }));
  } finally {
    client.destroy();
    await redis.stop();
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const records = Number(process.env.INBOX_RECORDS ?? 100_000);
  process.stdout.write(`Inbox stores with ${records.toLocaleString("en")} parked requests (100 owners)\n`);
  console.table(await measureInbox({ records }));
}
