/**
 * The answer guard under load and faults: two page servers (`page-server.mjs`, each the kit's
 * `createEveAnswerGuard` with its claims in one real Redis) in front of one real eve agent (the
 * playground's, scripted model, no network). Every session parks a request (an aspect-ratio picker
 * or eve's own tool approval, alternately); two devices answer it at once, differently, one
 * through each page server, as the kit's client would: a 409 is final ("answered elsewhere"), a
 * 503 or a dropped connection is sent again after a growing wait, through whichever page server
 * is up. A share of devices also send their answer a second time after it settled (a retry) or
 * while it is on its way (a reload mid-submit). During the run Redis is killed and started again
 * once, and one page server is killed with SIGKILL while it forwards an answer, then started
 * again. Everything listens on 127.0.0.1; every loop is bounded in count and time.
 *
 * Then each session's stream, read from eve, says what eve recorded: exactly one resolution of the
 * request and one tool result per session, no stray user message (eve turns a second answer into
 * one). `bench/load.mjs` prints the figures; `test/eve-agent/load.test.ts` runs a small version
 * and asserts the counts.
 *
 * Needs `npm run build` (the page servers import `dist/`) and `redis-server`.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeAnswer } from "../../dist/adapters/eve/wire.js";
import { startEveServer } from "../../playground/scripts/eve-server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, "..", "..");

/** The two kinds the run asks, and each device's answer to them (device 0, device 1). */
const ASKS = [
  {
    kind: "aspect-ratio",
    phrase: "pick aspect ratio",
    answers: [
      encodeAnswer("aspect-ratio", { ratio: "16:9", width: 1, height: 0.5625 }),
      encodeAnswer("aspect-ratio", { ratio: "1:1", width: 1, height: 1 }),
    ].map((text) => ({ text })),
  },
  {
    kind: "approval",
    phrase: "delete file notes.txt",
    answers: [{ optionId: "approve" }, { optionId: "cancel", text: "Not this file." }],
  },
];

/**
 * @typedef {object} LoadOptions
 * @property {number} [sessions] @default 200
 * @property {number} [concurrency] Sessions asked and answered at once. @default 25
 * @property {number} [retryShare] Devices that send their answer again after it settled. @default 0.1
 * @property {number} [reloadShare] Devices that send it again while it is on its way. @default 0.1
 * @property {boolean} [faults] Kill and restart Redis once and one page server once. @default true
 * @property {number} [leaseMs] The guard's lease (how soon a dead page server's claim frees). @default the guard's
 * @property {number} [timeLimitMs] The whole run's bound. @default 15 minutes
 * @property {(line: string) => void} [log] @default console.error
 */

/** @param {LoadOptions} [options] */
export async function runLoad(options = {}) {
  const sessions = options.sessions ?? 200;
  const concurrency = options.concurrency ?? 25;
  const retryShare = options.retryShare ?? 0.1;
  const reloadShare = options.reloadShare ?? 0.1;
  const faults = options.faults ?? true;
  const log = options.log ?? ((line) => console.error(line));
  const deadline = Date.now() + (options.timeLimitMs ?? 15 * 60_000);
  const random = mulberry32(20261127);

  const cleanup = [];
  const stopAll = async () => {
    for (const stop of cleanup.reverse()) await stop().catch(() => {});
  };
  try {
    const redis = await startRedis();
    cleanup.push(() => redis.stop());
    log(`redis ${redis.url} (appendonly, appendfsync always)`);
    const eve = await startEveServer({ log: (line) => log(`eve: ${line}`) });
    cleanup.push(() => eve.stop());
    log(`eve ${eve.url}`);
    const pages = [];
    for (let index = 0; index < 2; index += 1) {
      const page = await startPageServer({ eveUrl: eve.url, redisUrl: redis.url, leaseMs: options.leaseMs });
      pages.push(page);
      cleanup.push(() => page.stop());
    }
    log(`page servers ${pages.map((page) => page.url).join(", ")}`);

    // 1. Ask: every session parks its request.
    const askedStarted = performance.now();
    const asked = await pool(
      Array.from({ length: sessions }, (_, index) => index),
      concurrency,
      async (index) => {
        const ask = ASKS[index % ASKS.length];
        const sessionId = await createSession(eve.url, ask.phrase);
        const request = await waitForRequest(eve.url, sessionId, deadline);
        return { index, ask, sessionId, ...request };
      },
    );
    const askSeconds = (performance.now() - askedStarted) / 1000;
    log(`${asked.length} requests parked in ${askSeconds.toFixed(1)} s`);

    // 2. Answer, from two devices at once, with the faults in the middle.
    const counters = { posts: 0, accepted: 0, refused409: 0, unavailable503: 0, failed: 0, other: 0 };
    const latencies = [];
    const outcomes = { accepted: 0, elsewhere: 0, gaveUp: 0 };
    const faultLog = { redisDownMs: 0, killedInFlight: 0, pageDownMs: 0 };
    const faultAt = faults ? { redis: Math.floor(sessions * 0.3), page: Math.floor(sessions * 0.6) } : undefined;
    const faultRuns = [];

    const post = async (pageIndex, sessionId, requestId, response) => {
      counters.posts += 1;
      const page = pages[pageIndex];
      try {
        const reply = await fetch(`${page.url}/eve/v1/session/${encodeURIComponent(sessionId)}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ inputResponses: [{ requestId, ...response }] }),
          signal: AbortSignal.timeout(30_000),
        });
        await reply.arrayBuffer();
        if (reply.status === 202) counters.accepted += 1;
        else if (reply.status === 409) counters.refused409 += 1;
        else if (reply.status === 503) counters.unavailable503 += 1;
        else counters.other += 1;
        return reply.status;
      } catch {
        counters.failed += 1;
        return "network";
      }
    };

    /** One device: sends until eve took it (202) or another device had (409); bounded. */
    const device = async (pageIndex, session, response, { reload }) => {
      const started = performance.now();
      let target = pageIndex;
      let first = post(target, session.sessionId, session.requestId, response);
      if (reload) {
        // A reload mid-submit: the page goes away with its POST on the wire; the new page's
        // journal sends the same answer again (the first POST's reply reaches nobody).
        await sleep(Math.floor(random() * 30));
        first.catch(() => {});
        first = post(target, session.sessionId, session.requestId, response);
      }
      let status = await first;
      for (let attempt = 1; status !== 202 && status !== 409; attempt += 1) {
        if (attempt > 40 || Date.now() > deadline) {
          outcomes.gaveUp += 1;
          return { status, ms: performance.now() - started };
        }
        // A 503 (claims unavailable), a 502 or a dropped connection: the answer did not go
        // (or the guard will tell): send it again, through whichever page server is up.
        await sleep(Math.min(100 * 2 ** (attempt - 1), 2_000));
        target = (target + 1) % pages.length;
        status = await post(target, session.sessionId, session.requestId, response);
      }
      if (status === 202) outcomes.accepted += 1;
      else outcomes.elsewhere += 1;
      const ms = performance.now() - started;
      latencies.push(ms);
      return { status, ms };
    };

    const answeredStarted = performance.now();
    let begun = 0;
    await pool(asked, concurrency, async (session) => {
      // The faults come while answers are on their way: at the start of the session 30 % (Redis)
      // and 60 % (a page server, killed at its next forward) into the run.
      begun += 1;
      if (faultAt && begun === faultAt.redis) faultRuns.push(restartRedis(redis, faultLog, log));
      if (faultAt && begun === faultAt.page) faultRuns.push(killPageMidForward(pages[0], faultLog, log, deadline));
      const devices = [0, 1].map((deviceIndex) =>
        device(deviceIndex, session, session.ask.answers[deviceIndex], { reload: random() < reloadShare }),
      );
      const results = await Promise.all(devices);
      // A retry after it settled: a stale tab's second click, a client whose reply was lost.
      for (const [deviceIndex] of results.entries()) {
        if (random() < retryShare) {
          await post(deviceIndex, session.sessionId, session.requestId, session.ask.answers[deviceIndex]);
        }
      }
    });
    await Promise.all(faultRuns);
    const answerSeconds = (performance.now() - answeredStarted) / 1000;

    // 3. What eve recorded, per session, once every session went quiet.
    // A session that never resolves is a lost answer: waited for 30 s at most, not the whole bound.
    const settleBy = Math.min(deadline, Date.now() + 30_000);
    const recorded = await pool(asked, concurrency, (session) => settledRecord(eve.url, session, settleBy));
    const figures = {
      sessions,
      parked: asked.length,
      answerPosts: counters.posts,
      accepted202: counters.accepted,
      refused409: counters.refused409,
      unavailable503: counters.unavailable503,
      networkErrors: counters.failed,
      otherStatuses: counters.other,
      devicesAccepted: outcomes.accepted,
      devicesAnsweredElsewhere: outcomes.elsewhere,
      devicesGaveUp: outcomes.gaveUp,
      resultsRecorded: recorded.reduce((sum, record) => sum + record.resolutions, 0),
      toolResults: recorded.reduce((sum, record) => sum + record.toolResults, 0),
      duplicates: recorded.filter((record) => record.resolutions > 1 || record.toolResults > 1).length,
      lost: recorded.filter((record) => record.resolutions === 0 || record.toolResults === 0).length,
      strayMessages: recorded.reduce((sum, record) => sum + record.strayMessages, 0),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      maxMs: percentile(latencies, 1),
      answersPerSecond: sessions / answerSeconds,
      askSeconds,
      answerSeconds,
      redisDownMs: faultLog.redisDownMs,
      pageServerDownMs: faultLog.pageDownMs,
      forwardsInFlightAtKill: faultLog.killedInFlight,
    };
    return { figures, problems: recorded.filter((record) => record.problem).map((record) => record.problem) };
  } finally {
    await stopAll();
  }
}

// ------------------------------------------------------------------ faults

/** Kills Redis (SIGKILL: no shutdown save) and starts it again on the same port and data. */
async function restartRedis(redis, faultLog, log) {
  const started = performance.now();
  await redis.kill();
  await redis.start();
  faultLog.redisDownMs = performance.now() - started;
  log(`fault: Redis killed and started again (${Math.round(faultLog.redisDownMs)} ms down)`);
}

/** Kills a page server with SIGKILL right after it starts forwarding an answer, then starts it again. */
async function killPageMidForward(page, faultLog, log, deadline) {
  const inFlight = await page.whenForwarding(Math.min(10_000, deadline - Date.now()));
  const started = performance.now();
  page.kill();
  faultLog.killedInFlight = inFlight;
  await page.start();
  faultLog.pageDownMs = performance.now() - started;
  log(`fault: page server ${page.url} killed (SIGKILL) with ${inFlight} answer(s) on the way to eve, started again`);
}

// ------------------------------------------------------------------ eve

async function createSession(eveUrl, message) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${eveUrl}/eve/v1/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(30_000),
    }).catch((error) => error);
    if (response instanceof Response && response.ok) {
      const body = await response.json();
      if (typeof body.sessionId === "string") return body.sessionId;
    }
    if (attempt >= 5) throw new Error(`eve: creating a session failed: ${String(response?.status ?? response)}`);
    await sleep(500 * attempt);
  }
}

/** The session's events so far (`follow=false` ends at the tail). */
async function readEvents(eveUrl, sessionId) {
  const response = await fetch(
    `${eveUrl}/eve/v1/session/${encodeURIComponent(sessionId)}/stream?startIndex=0&follow=false`,
    { signal: AbortSignal.timeout(15_000) },
  );
  if (!response.ok) throw new Error(`eve: reading ${sessionId}: HTTP ${response.status}`);
  return (await response.text())
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .filter((event) => event.meta !== undefined);
}

async function waitForRequest(eveUrl, sessionId, deadline) {
  for (let wait = 200; Date.now() < deadline; wait = Math.min(wait * 1.5, 2_000)) {
    const events = await readEvents(eveUrl, sessionId);
    const requested = events.find((event) => event.type === "input.requested");
    const request = requested?.data?.requests?.[0];
    if (request) return { requestId: request.requestId, callId: request.action?.callId };
    await sleep(wait);
  }
  throw new Error(`eve: session ${sessionId} parked no request in time`);
}

/**
 * What eve recorded for a session, read once it went quiet: the request resolved and its turn
 * waiting again, then read a second time a moment later (a stray answer makes a new turn).
 */
async function settledRecord(eveUrl, session, deadline) {
  let events = [];
  for (let wait = 200; Date.now() < deadline; wait = Math.min(wait * 1.5, 2_000)) {
    events = await readEvents(eveUrl, session.sessionId);
    const resolvedAt = events.findIndex((event) => resolutionsOf(event, session.requestId) > 0);
    if (resolvedAt >= 0 && events.slice(resolvedAt).some((event) => event.type === "session.waiting")) break;
    await sleep(wait);
  }
  await sleep(500);
  events = await readEvents(eveUrl, session.sessionId);
  const resolutions = events.reduce((sum, event) => sum + resolutionsOf(event, session.requestId), 0);
  const toolResults = events.filter(
    (event) => event.type === "action.result" && event.data?.result?.callId === session.callId,
  ).length;
  const strayMessages = Math.max(0, events.filter((event) => event.type === "message.received").length - 1);
  const problem =
    resolutions !== 1 || toolResults !== 1 || strayMessages !== 0
      ? `${session.sessionId} (${session.ask.kind}): ${resolutions} resolution(s), ${toolResults} tool result(s), ${strayMessages} stray message(s)`
      : undefined;
  return { resolutions, toolResults, strayMessages, problem };
}

function resolutionsOf(event, requestId) {
  if (event.type !== "input.resolved" || !Array.isArray(event.data?.resolutions)) return 0;
  return event.data.resolutions.filter((resolution) => resolution?.requestId === requestId).length;
}

// ------------------------------------------------------------------ processes

function redisBinary() {
  const found = [process.env.REDIS_SERVER, "/usr/bin/redis-server", "/usr/local/bin/redis-server"].find(
    (path) => path !== undefined && existsSync(path),
  );
  if (found) return found;
  if (spawnSync("redis-server", ["--version"]).status === 0) return "redis-server";
  throw new Error("redis-server is not installed (`node scripts/setup.mjs --browser` installs it)");
}

/** A redis-server that persists every write before it answers (appendfsync always). */
export async function startRedis() {
  const binary = redisBinary();
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "hitl-load-redis-"));
  let child;
  const start = () =>
    new Promise((resolve, reject) => {
      child = spawn(
        binary,
        ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "yes"].concat([
          "--appendfsync",
          "always",
          "--protected-mode",
          "no",
        ]),
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let output = "";
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000);
      child.stdout.on("data", (chunk) => {
        output += chunk;
        if (/Ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${output}`));
      });
    });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill,
    stop: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A page server process; `kill()` is SIGKILL, `start()` brings it back on the same port. */
async function startPageServer({ eveUrl, redisUrl, leaseMs }) {
  const port = await freePort();
  let child;
  let inFlight = 0;
  let onForward;
  const start = () =>
    new Promise((resolve, reject) => {
      inFlight = 0;
      child = spawn(process.execPath, [join(here, "page-server.mjs")], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          EVE_URL: eveUrl,
          REDIS_URL: redisUrl,
          ...(leaseMs !== undefined ? { LEASE_MS: String(leaseMs) } : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      let ready = false;
      const timer = setTimeout(() => reject(new Error(`page server did not start:\n${output}`)), 20_000);
      let buffer = "";
      child.stdout.on("data", (chunk) => {
        buffer += chunk;
        let newline = buffer.indexOf("\n");
        while (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf("\n");
          if (line === "forward start") {
            inFlight += 1;
            onForward?.();
          } else if (line === "forward end") inFlight = Math.max(0, inFlight - 1);
          else if (!ready && line.startsWith("ready ")) {
            ready = true;
            clearTimeout(timer);
            resolve();
          }
        }
      });
      child.stderr.on("data", (chunk) => {
        if (output.length < 20_000) output += chunk;
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        if (!ready) reject(new Error(`page server exited (${code ?? signal}):\n${output}`));
      });
    });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    start,
    kill,
    /** Resolves with the number of answers on their way to eve, at the first moment there is one. */
    whenForwarding: (timeoutMs) =>
      new Promise((resolve) => {
        if (inFlight > 0) return resolve(inFlight);
        const timer = setTimeout(() => {
          onForward = undefined;
          resolve(inFlight);
        }, timeoutMs);
        onForward = () => {
          onForward = undefined;
          clearTimeout(timer);
          resolve(inFlight);
        };
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
      kill();
    },
  };
}

// ------------------------------------------------------------------ small things

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `work` over `items`, at most `limit` at once, keeping the order of the results. */
export async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function percentile(values, q) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small seeded generator: the same shares of retries and reloads on every run. */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
