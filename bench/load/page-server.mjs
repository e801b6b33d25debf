#!/usr/bin/env node
/**
 * One page server of the load run: what an app instance is to the answer guard — a plain Node HTTP
 * server that sends every `/eve/…` request through the kit's `createEveAnswerGuard` (from `dist/`,
 * as an app imports it), its claims in the shared Redis on a connection of its own. Started as its
 * own process by `scenario.mjs`, so it can be killed with SIGKILL.
 *
 *   PORT=… EVE_URL=http://127.0.0.1:… REDIS_URL=redis://127.0.0.1:… node bench/load/page-server.mjs
 *
 * Prints `ready <port>` once listening, and `forward start` / `forward end` around each answer
 * POST the guard sends on to eve, so the run can kill it while an answer is on its way.
 */
import { createServer } from "node:http";
import { createClient } from "redis";
import { createEveAnswerGuard, createRedisClaimStore } from "../../dist/server.js";

const port = Number(process.env.PORT);
const eveUrl = process.env.EVE_URL;
const redisUrl = process.env.REDIS_URL;
if (!Number.isInteger(port) || !eveUrl || !redisUrl) {
  console.error("page-server: PORT, EVE_URL and REDIS_URL are required");
  process.exit(2);
}

// As the playground connects: no offline queue (a command during an outage fails at once, and the
// guard refuses the answer with 503), reconnecting by itself with a short, growing wait.
const redis = createClient({
  url: redisUrl,
  disableOfflineQueue: true,
  socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1_000) },
});
let down = false;
redis.on("error", (error) => {
  if (!down) console.error(`page-server ${port}: Redis: ${String(error)}`);
  down = true;
});
redis.on("ready", () => {
  down = false;
});
await redis.connect();

/** eve, with each answer POST told on stdout while it is on its way. */
const toEve = async (input, init) => {
  const answer = (init?.method ?? "GET") === "POST";
  if (answer) process.stdout.write("forward start\n");
  try {
    return await fetch(input, init);
  } finally {
    if (answer) process.stdout.write("forward end\n");
  }
};

const guard = createEveAnswerGuard({
  eveUrl,
  fetch: toEve,
  claims: createRedisClaimStore({ command: (name, args) => redis.sendCommand([name, ...args]) }),
  ...(process.env.LEASE_MS ? { leaseMs: Number(process.env.LEASE_MS) } : {}),
});

const server = createServer(async (req, res) => {
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value]] : [],
      ),
      ...(body && req.method !== "GET" && req.method !== "HEAD" ? { body } : {}),
    });
    const response = await guard(request);
    // fetch already decoded the body: its length and encoding headers no longer hold.
    const headers = Object.fromEntries(
      [...response.headers].filter(
        ([name]) => !/^(content-length|content-encoding|transfer-encoding|connection)$/i.test(name),
      ),
    );
    res.writeHead(response.status, headers);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: false, error: `page server: ${String(error)}` }));
  }
});
server.keepAliveTimeout = 1_000;
server.listen(port, "127.0.0.1", () => process.stdout.write(`ready ${port}\n`));

const stop = () => {
  server.close();
  redis.destroy();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
