/**
 * Starts what an end-to-end test talks to: one eve server (the playground agent, scripted model,
 * its own state folder and prompt log), the MCP server, the LangGraph server (a real LangGraph API
 * server behind its resume-counting proxy) and the playground chat page (Vite) proxying `/eve`,
 * `/mcp` and `/langgraph` to them. Used by `global-setup.ts`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LangGraphPlaygroundServer, startLangGraphServer } from "../../playground/langgraph/server.mjs";
import { startMcpServer } from "../../playground/mcp/server.mjs";
import { type EveServer, REPO_ROOT, startEveServer } from "../../playground/scripts/eve-server.mjs";

export interface Playground {
  /** The chat page, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly pageUrl: string;
  /** The eve server the page proxies `/eve` to. */
  readonly eveUrl: string;
  /** The LangGraph server's resume-counting proxy the page proxies `/langgraph` to. */
  readonly langgraphUrl: string;
  /** The file the scripted model appends every prompt to (one JSON line each). */
  readonly promptLog: string;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (Vite runs with `strictPort`: a lost race fails loudly, and is retried). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
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
 * Vite's dependency cache for this checkout's page server: kept between runs (a warm cache starts
 * in seconds), outside `node_modules`, which other checkouts may share.
 */
function viteCacheDir(): string {
  const checkout = createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 12);
  return join(tmpdir(), "hitl-e2e-vite-cache", checkout, "page");
}

/** `npx vite --config playground/web/vite.config.ts` on `port`, in its own process group. */
async function startPage(
  port: number,
  ports: { readonly eve: number; readonly mcp: number; readonly langgraph: number },
  timeoutMs: number,
): Promise<ChildProcess> {
  const child = spawn("npx", ["--no-install", "vite", "--config", "playground/web/vite.config.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PLAYGROUND_PORT: String(port),
      EVE_PORT: String(ports.eve),
      MCP_PORT: String(ports.mcp),
      LANGGRAPH_PORT: String(ports.langgraph),
      HITL_VITE_CACHE_DIR: viteCacheDir(),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    if (output.length < 50_000) output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let exit: number | string | null | undefined;
  child.once("exit", (code, signal) => {
    exit = code ?? signal;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit !== undefined) throw new Error(`vite exited (${exit}):\n${output.slice(-4_000)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      killGroup(child, "SIGKILL");
      throw new Error(`vite not ready on ${port} within ${timeoutMs} ms:\n${output.slice(-4_000)}`);
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

export async function startPlayground({ timeoutMs = 90_000 } = {}): Promise<Playground> {
  const stateDir = await mkdtemp(join(tmpdir(), "hitl-e2e-"));
  const promptLog = join(stateDir, "prompts.ndjson");
  let eve: EveServer | undefined;
  let mcp: Awaited<ReturnType<typeof startMcpServer>> | undefined;
  let langgraph: LangGraphPlaygroundServer | undefined;
  let page: ChildProcess | undefined;
  // If this process dies without stop(), take the page down with it (eve-server.mjs does the same for eve).
  const onExit = () => page && killGroup(page, "SIGKILL");
  process.once("exit", onExit);
  const stop = async () => {
    process.removeListener("exit", onExit);
    if (page) await stopPage(page);
    await langgraph?.stop();
    await mcp?.stop();
    await eve?.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    eve = await startEveServer({ port: 0, stateDir, promptLog, timeoutMs, log: (line) => console.error(line) });
    mcp = await startMcpServer({ port: 0, log: (line) => console.error(line) });
    langgraph = await startLangGraphServer({ port: 0, timeoutMs, log: (line) => console.error(line) });
    let port = 0;
    for (let attempt = 1; page === undefined; attempt++) {
      port = await freePort();
      try {
        page = await startPage(port, { eve: eve.port, mcp: mcp.port, langgraph: langgraph.port }, timeoutMs);
      } catch (error) {
        // The port was taken between freePort() and Vite's listen (strictPort): try another.
        if (attempt >= 3 || !/in use|EADDRINUSE/i.test(String(error))) throw error;
      }
    }
    return { pageUrl: `http://127.0.0.1:${port}`, eveUrl: eve.url, langgraphUrl: langgraph.url, promptLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
