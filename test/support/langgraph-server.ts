import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * A real LangGraph API server for the adapter's tests: `@langchain/langgraph-api`'s own
 * `startServer` (the in-memory server `langgraph dev` runs), serving the scripted graphs of
 * `langgraph-graphs.ts`, in a child process — as `langgraph dev` runs it: Node with tsx's loader
 * (the graph file is TypeScript) and the API's preload hook (which makes the graph and the server
 * share one `@langchain/langgraph`). No network beyond 127.0.0.1, no model, no LangSmith.
 *
 * The server keeps its files (`.langgraph_api/`) in a temporary directory, removed on close.
 */

export interface LangGraphTestServer {
  /** The server's own address (`http://127.0.0.1:port`). */
  readonly url: string;
  /** How long the server took from spawn to listening. */
  readonly startupMs: number;
  /**
   * What the server printed (the last 100 kB): kept off the test log, since tests resume settled
   * interrupts on purpose and the server logs each refusal as an error; read it to diagnose.
   */
  output(): string;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The graphs the server serves, by graph id (each is also an assistant id). */
export const LANGGRAPH_GRAPHS = [
  "pick",
  "pickOnce",
  "slow",
  "parallel",
  "nested",
  "twice",
  "review",
  "inbox",
  "tools",
] as const;

export async function startLangGraphServer(
  options: { readonly timeoutMs?: number; readonly nodeBinary?: string } = {},
): Promise<LangGraphTestServer> {
  const started = Date.now();
  const cwd = mkdtempSync(join(tmpdir(), "hitl-langgraph-"));
  // Relative to `cwd`: the API's preload resolves `@langchain/langgraph` from cwd + the graph path.
  const graphFile = relative(cwd, join(here, "langgraph-graphs.ts"));
  const payload = {
    port: 0,
    nWorkers: 4,
    host: "127.0.0.1",
    cwd,
    graphs: Object.fromEntries(LANGGRAPH_GRAPHS.map((id) => [id, `${graphFile}:${id}`])),
  };
  const api = dirname(require.resolve("@langchain/langgraph-api/package.json"));
  const tsx = dirname(require.resolve("tsx/package.json"));
  const child: ChildProcess = fork(join(here, "langgraph-server-entry.ts"), [JSON.stringify(payload)], {
    execPath: options.nodeBinary ?? process.execPath,
    execArgv: [
      "--import",
      pathToFileURL(join(tsx, "dist/esm/index.mjs")).href,
      "--import",
      pathToFileURL(join(api, "dist/preload.mjs")).href,
    ],
    env: { ...process.env, LOG_LEVEL: "error", LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-100_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const host = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the LangGraph server did not start in time; it printed:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    child.once("message", (message: { type?: string; host?: string }) => {
      clearTimeout(timer);
      if (message.type === "ready" && typeof message.host === "string") resolve(message.host);
      else reject(new Error(`unexpected message from the LangGraph server: ${JSON.stringify(message)}`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the LangGraph server exited with ${code} before it listened; it printed:\n${output}`));
    });
  });
  return {
    url: `http://${host}`,
    startupMs: Date.now() - started,
    output: () => output,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.send({ type: "stop" });
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

// ─── a proxy in front of it: what the server received, and failures on the way ──────────────────

/** How the next resume POST fails (the conformance suite's failures). */
export type LangGraphProxyFailure =
  | { readonly type: "network-before" }
  | { readonly type: "network-after" }
  | { readonly type: "status"; readonly status: number };

/** One run-creating POST the server received through the proxy. */
export interface ReceivedRun {
  readonly threadId: string;
  readonly body: Record<string, unknown>;
}

export interface LangGraphProxy {
  readonly url: string;
  /** Every run the server RECEIVED (forwarded and taken: a 2xx), in order. */
  readonly runs: readonly ReceivedRun[];
  /** The resume values the server received for an interrupt, in order. */
  resumesFor(interruptId: string): unknown[];
  /** The next POST that resumes (`command.resume`) fails as described. */
  failNext(failure: LangGraphProxyFailure): void;
  /** Forgets failures not used yet. */
  clearFailures(): void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy to the LangGraph server that records each run a page creates, and fails the
 * next resume as the conformance suite asks: the connection drops before the server gets it, or
 * after (the server runs it; the page never hears), or the proxy answers with an HTTP status.
 */
export async function startLangGraphProxy(target: string): Promise<LangGraphProxy> {
  const upstream = new URL(target);
  const runs: ReceivedRun[] = [];
  const failures: LangGraphProxyFailure[] = [];

  const forward = (
    req: IncomingMessage,
    res: ServerResponse | undefined,
    body: Buffer,
    onAccepted: (status: number, reply?: unknown) => void = () => {},
    /** Read the whole reply before `onAccepted` (a protocol command answers 200 with its own error). */
    whole = false,
  ) =>
    new Promise<void>((resolve) => {
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          // A connection of its own per request (its `connection: close` reaches the page too): a
          // kept-alive socket the server closes after its idle timeout while a loaded event loop
          // reuses it fails the request with "other side closed" (seen under a full unit run).
          agent: false,
          // The body goes whole: no chunked framing left on it.
          headers: { ...withoutFraming(req.headers), host: upstream.host, "content-length": String(body.length) },
        },
        (response) => {
          if (whole) {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              onAccepted(response.statusCode ?? 502, parseJson(text));
              if (res && !res.destroyed) {
                res.writeHead(response.statusCode ?? 502, response.headers);
                res.end(text);
              }
              resolve();
            });
            response.on("error", () => resolve());
            return;
          }
          onAccepted(response.statusCode ?? 502);
          if (res && !res.destroyed) {
            res.writeHead(response.statusCode ?? 502, response.headers);
            response.pipe(res);
          } else {
            response.resume(); // the page is gone; the server's run goes on
          }
          response.on("end", () => resolve());
          response.on("error", () => resolve());
        },
      );
      out.on("error", () => {
        res?.destroy();
        resolve();
      });
      out.end(body);
    });

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = (req.url ?? "").split("?")[0] ?? "";
    const runMatch = req.method === "POST" ? /^\/threads\/([^/]+)\/runs(\/stream|\/wait)?$/.exec(path) : null;
    // The protocol's commands (`@langchain/react`'s respond, its submit): recorded as the runs they start.
    const commandMatch = req.method === "POST" ? /^\/threads\/([^/]+)\/commands$/.exec(path) : null;
    let json: Record<string, unknown> = {};
    if (runMatch || commandMatch) {
      try {
        json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
      } catch {
        json = {};
      }
    }
    if (commandMatch) json = commandAsRun(json);
    const match = runMatch ?? (commandMatch && Object.keys(json).length > 0 ? commandMatch : null);
    const resumes = match !== null && isRecord(json.command) && "resume" in json.command;
    const failure = resumes ? failures.shift() : undefined;
    if (failure?.type === "network-before") {
      req.socket.destroy();
      return;
    }
    if (failure?.type === "status") {
      res.writeHead(failure.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: `injected ${failure.status}` }));
      return;
    }
    // A run the server took (a 2xx): a refused one (422, a busy thread) received nothing.
    const record = (status: number, reply?: unknown) => {
      // A command the protocol refused answers 200 with `{ type: "error" }`: it started nothing.
      const refused = commandMatch !== null && !(isRecord(reply) && reply.type === "success");
      if (match && status >= 200 && status < 300 && !refused) runs.push({ threadId: match[1] ?? "", body: json });
    };
    if (failure?.type === "network-after") {
      // The server gets the whole request and runs it; the page's connection drops at once.
      req.socket.destroy();
      await forward(req, undefined, body, record, commandMatch !== null);
      return;
    }
    await forward(req, res, body, record, commandMatch !== null);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    runs,
    resumesFor(interruptId) {
      return runs.flatMap(({ body }) => {
        const resume = isRecord(body.command) ? body.command.resume : undefined;
        return isRecord(resume) && interruptId in resume ? [resume[interruptId]] : [];
      });
    },
    failNext: (failure) => void failures.push(failure),
    clearFailures: () => void failures.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A protocol command as the run it starts: `input.respond` as `{ command: { resume: { [interruptId]:
 * response }, update? }, via: "respond" }`, `run.start` as `{ input, via: "submit" }`; any other: `{}`.
 */
function commandAsRun(command: Record<string, unknown>): Record<string, unknown> {
  if (command.method === "run.start" && isRecord(command.params)) return { input: command.params.input, via: "submit" };
  if (command.method !== "input.respond" || !isRecord(command.params)) return {};
  const { params } = command;
  const entries = Array.isArray(params.responses) ? params.responses : [params];
  const resume: Record<string, unknown> = {};
  for (const entry of entries) {
    if (isRecord(entry) && typeof entry.interrupt_id === "string") resume[entry.interrupt_id] = entry.response;
  }
  if (Object.keys(resume).length === 0) return {};
  const update = isRecord(params.update) ? { update: params.update } : {};
  return { command: { resume, ...update }, via: "respond" };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function withoutFraming(headers: IncomingMessage["headers"]): IncomingMessage["headers"] {
  const { "transfer-encoding": _, connection: __, ...rest } = headers;
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
