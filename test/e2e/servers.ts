/**
 * Starts what an end-to-end test talks to: one eve server (the playground agent, scripted model,
 * its own state folder and prompt log), the MCP server, the LangGraph server (a real LangGraph API
 * server behind its resume-counting proxy), the Mastra server, a throwaway `redis-server`, and the playground chat page
 * twice — two page servers (two `vite preview` processes serving the pages built once, as two app
 * instances behind a load balancer),
 * each proxying `/eve` to that eve through its own answer guard (and `/mcp`, `/langgraph`), both guards taking their claims
 * in that one Redis (`HITL_REDIS_URL`). `buildPages` is run by `global-setup.ts`, `startPlayground`
 * by the worker fixture `playground` in `fixtures.ts`.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LangGraphPlaygroundServer, startLangGraphServer } from "../../playground/langgraph/server.mjs";
import { type MastraPlaygroundServer, startMastraServer } from "../../playground/mastra/agent";
import { startMcpServer } from "../../playground/mcp/server.mjs";
import { type EveServer, REPO_ROOT, startEveServer } from "../../playground/scripts/eve-server.mjs";
import { freePort } from "../support/ports";

export interface Playground {
  /** The chat page, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly pageUrl: string;
  /**
   * The same chat page from a second page server: its own preview process and its own answer guard,
   * in front of the same eve, sharing only the Redis claim store with the first.
   */
  readonly secondPageUrl: string;
  /** The Redis both page servers' guards take their claims in, e.g. `redis://127.0.0.1:41235`. */
  readonly redisUrl: string;
  /** The eve server the page proxies `/eve` to. */
  readonly eveUrl: string;
  /** The LangGraph server's resume-counting proxy the page proxies `/langgraph` to. */
  readonly langgraphUrl: string;
  /** The Mastra server the page proxies `/mastra` to; `GET <url>/__hitl/record`: what it received. */
  readonly mastraUrl: string;
  /** The MCP server the page proxies `/mcp` and `/mcp-2026` to (`http://127.0.0.1:port`). */
  readonly mcpOrigin: string;
  /** The file the scripted model appends every prompt to (one JSON line each). */
  readonly promptLog: string;
  /** Kills the first page server (SIGKILL, as a crash would) and starts it again on its port. */
  restartFirstPage(): Promise<void>;
  stop(): Promise<void>;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * What a child prints (stdout and stderr, the first 50 kB), read as it comes; `onChunk` runs after
 * each chunk is added (for a child whose readiness is a line it prints).
 */
function collectOutput(child: ChildProcess, onChunk?: (output: string) => void): () => string {
  let output = "";
  const collect = (chunk: Buffer) => {
    if (output.length < 50_000) output += chunk.toString("utf8");
    onChunk?.(output);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return () => output;
}

interface PageOptions {
  readonly evePort: number;
  readonly mcpPort: number;
  readonly langgraphPort: number;
  readonly mastraPort: number;
  readonly redisUrl: string;
  /** Vite's dependency cache: one per page server, so two never write the same one at once. */
  readonly cacheDir: string;
  /** The inbox's database, link secret and sent links: one for both page servers (HITL_INBOX_DIR). */
  readonly inboxDir: string;
  readonly timeoutMs: number;
}

const PAGE_CONFIG = "playground/web/vite.config.ts";

/**
 * Builds the chat pages once (`playground/web/dist`). The tests load the built pages: a page from
 * Vite's dev server is ~170 module requests and took ~3.5 s to load on two cores, which most
 * tests pay two or three times; the built page loads in a fraction of that. The kit is the same
 * source either way (the build bundles `src/`).
 */
export async function buildPages(timeoutMs = 120_000): Promise<void> {
  const child = spawn("npx", ["--no-install", "vite", "build", "--config", PAGE_CONFIG, "--logLevel", "warn"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const exit = await new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  clearTimeout(timer);
  if (exit !== 0) throw new Error(`vite build of the chat pages failed (${exit}):\n${output().slice(-4_000)}`);
}

/**
 * `npx vite preview --config playground/web/vite.config.ts` on `port` (the built pages, with the
 * config's routes and answer guard), in its own process group.
 */
async function startPage(port: number, options: PageOptions): Promise<ChildProcess> {
  const { evePort, mcpPort, langgraphPort, mastraPort, redisUrl, cacheDir, inboxDir, timeoutMs } = options;
  const child = spawn("npx", ["--no-install", "vite", "preview", "--config", PAGE_CONFIG], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PLAYGROUND_PORT: String(port),
      EVE_PORT: String(evePort),
      MCP_PORT: String(mcpPort),
      LANGGRAPH_PORT: String(langgraphPort),
      MASTRA_PORT: String(mastraPort),
      HITL_REDIS_URL: redisUrl,
      HITL_VITE_CACHE_DIR: cacheDir,
      HITL_INBOX_DIR: inboxDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output = collectOutput(child);
  let exit: number | string | null | undefined;
  child.once("exit", (code, signal) => {
    exit = code ?? signal;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit !== undefined) throw new Error(`vite exited (${exit}):\n${output().slice(-4_000)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      killGroup(child, "SIGKILL");
      throw new Error(`vite not ready on ${port} within ${timeoutMs} ms:\n${output().slice(-4_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopPage(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      killGroup(child, "SIGKILL"); // anything of the group left behind
      resolve();
    });
    killGroup(child, "SIGTERM");
  });
}

/**
 * A page server on a free port (Vite runs with `strictPort`: a port taken between the check and
 * Vite's listen fails loudly, and another is tried). Resolves with the child and its URL.
 */
async function startPageOnFreePort(options: PageOptions): Promise<{ child: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { child: await startPage(port, options), url: `http://127.0.0.1:${port}` };
    } catch (error) {
      if (attempt >= 3 || !/in use|EADDRINUSE/i.test(String(error))) throw error;
    }
  }
}

/** `redis-server`: $REDIS_SERVER, Debian's (`node scripts/setup.mjs --browser` installs it), or on the PATH. */
function redisServerBinary(): string {
  const found = [process.env.REDIS_SERVER, "/usr/bin/redis-server", "/usr/local/bin/redis-server"].find(
    (path): path is string => Boolean(path && existsSync(path)),
  );
  if (found) return found;
  if (spawnSync("redis-server", ["--version"]).status === 0) return "redis-server";
  throw new Error(
    "redis-server is not installed: the two page servers' answer guards share their claims in Redis. " +
      "`node scripts/setup.mjs --browser` installs it (apt-get install redis-server), or set REDIS_SERVER.",
  );
}

/**
 * A throwaway `redis-server` on `port` (127.0.0.1, nothing persisted), resolved once it accepts
 * connections.
 */
function startRedisOn(port: number, timeoutMs: number): Promise<ChildProcess> {
  const child = spawn(
    redisServerBinary(),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`redis-server not ready on ${port} within ${timeoutMs} ms:\n${output().slice(-4_000)}`));
    }, timeoutMs);
    const output = collectOutput(child, (printed) => {
      if (/Ready to accept connections/i.test(printed)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code ?? signal}):\n${output().slice(-4_000)}`));
    });
  });
}

async function startRedis(timeoutMs: number): Promise<{ child: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { child: await startRedisOn(port, timeoutMs), url: `redis://127.0.0.1:${port}` };
    } catch (error) {
      if (attempt >= 3 || !/in use|EADDRINUSE/i.test(String(error))) throw error;
    }
  }
}

function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Vite's dependency cache for page server `n` of this checkout: kept between runs (a warm cache
 * starts in seconds), outside `node_modules` (which other checkouts may share) and apart per page
 * server (two Vite processes optimizing into one folder at once could clobber each other).
 */
function viteCacheDir(n: number): string {
  const checkout = createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 12);
  return join(tmpdir(), "hitl-e2e-vite-cache", checkout, `page-${n}`);
}

/**
 * One whole playground (see the top of this file) on free ports, for one Playwright worker: each
 * worker has its own eve, prompt log, page servers and Redis, so tests in two workers never read
 * each other's prompts (the scripted model gives a phrase the same call id in every conversation).
 * It serves the pages `buildPages` built (the global setup runs it once, before any worker).
 */
export async function startPlayground({ timeoutMs = 90_000 } = {}): Promise<Playground> {
  const stateDir = await mkdtemp(join(tmpdir(), "hitl-e2e-"));
  const promptLog = join(stateDir, "prompts.ndjson");
  let eve: EveServer | undefined;
  let mcp: Awaited<ReturnType<typeof startMcpServer>> | undefined;
  let langgraph: LangGraphPlaygroundServer | undefined;
  let mastra: MastraPlaygroundServer | undefined;
  let redis: ChildProcess | undefined;
  const pages: ChildProcess[] = [];
  // If this process dies without stop(), take the pages and Redis down with it (eve-server.mjs
  // does the same for eve).
  const onExit = () => {
    for (const page of pages) killGroup(page, "SIGKILL");
    redis?.kill("SIGKILL");
  };
  process.once("exit", onExit);
  const stop = async () => {
    process.removeListener("exit", onExit);
    await Promise.all(pages.map(stopPage));
    if (redis) await stopRedis(redis);
    await langgraph?.stop();
    await mastra?.stop();
    await mcp?.stop();
    await eve?.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    const started = await startRedis(timeoutMs);
    redis = started.child;
    const redisUrl = started.url;
    eve = await startEveServer({ port: 0, stateDir, promptLog, timeoutMs, log: (line) => console.error(line) });
    mcp = await startMcpServer({ port: 0, log: (line) => console.error(line) });
    langgraph = await startLangGraphServer({ port: 0, timeoutMs, log: (line) => console.error(line) });
    mastra = await startMastraServer();
    const ports = { evePort: eve.port, mcpPort: mcp.port, langgraphPort: langgraph.port, mastraPort: mastra.port };
    const options = { ...ports, redisUrl, inboxDir: join(stateDir, "inbox"), timeoutMs };
    // Both at once; settled both, so one that failed does not leave the other running unstopped.
    const results = await Promise.allSettled(
      [1, 2].map((n) => startPageOnFreePort({ ...options, cacheDir: viteCacheDir(n) })),
    );
    for (const result of results) if (result.status === "fulfilled") pages.push(result.value.child);
    for (const result of results) if (result.status === "rejected") throw result.reason;
    const [first, second] = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    if (!first || !second) throw new Error("a page server did not start");
    return {
      pageUrl: first.url,
      secondPageUrl: second.url,
      redisUrl,
      eveUrl: eve.url,
      langgraphUrl: langgraph.url,
      mastraUrl: mastra.url,
      mcpOrigin: new URL(mcp.url).origin,
      promptLog,
      async restartFirstPage() {
        const [running] = pages;
        if (!running) throw new Error("the first page server is not running");
        await new Promise<void>((resolve) => {
          if (running.exitCode !== null || running.signalCode !== null) return resolve();
          running.once("exit", () => resolve());
          killGroup(running, "SIGKILL");
        });
        pages[0] = await startPage(Number(new URL(first.url).port), { ...options, cacheDir: viteCacheDir(1) });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
