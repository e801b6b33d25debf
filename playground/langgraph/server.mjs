/**
 * The playground's LangGraph server: a real LangGraph API server (`@langchain/langgraph-api`'s
 * `startServer`, the in-memory server `langgraph dev` runs) serving `graph.ts` (the `agent` graph:
 * a scripted, network-free chat model and the kit's questions), in a child process run as
 * `langgraph dev` runs it (Node with tsx's loader and the API's preload), and in front of it a small
 * proxy — the address the page talks to — that counts every resume the server took:
 *
 * - `POST /threads/:thread/runs[/stream|/wait]` with `command.resume` (what `useStream().submit`
 *   sends), one per interrupt id in the resume map;
 * - `POST /threads/:thread/commands` with `input.respond` (what `@langchain/react`'s `respond` sends).
 *
 * `GET /__hitl/resumes[?thread=<id>]` lists them: `[{ threadId, interruptId, value, via }]`, in order.
 * Plain JS so `npm start` and the end-to-end setup run it without a build step.
 */
import { fork } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The graphs the server serves, by graph id (each is also an assistant id). */
export const LANGGRAPH_GRAPH_IDS = ["agent"];

/**
 * @param {import("./server.d.mts").StartLangGraphOptions} [options]
 * @returns {Promise<import("./server.d.mts").LangGraphPlaygroundServer>}
 */
export async function startLangGraphServer(options = {}) {
  const log = options.log ?? ((line) => console.error(line));
  const temporary = options.stateDir === undefined;
  const cwd = options.stateDir ?? mkdtempSync(join(tmpdir(), "hitl-langgraph-"));
  mkdirSync(cwd, { recursive: true });
  // Relative to `cwd`: the API's preload resolves `@langchain/langgraph` from cwd + the graph path.
  const graphFile = relative(cwd, join(here, "graph.ts"));
  const payload = {
    port: 0,
    nWorkers: 4,
    host: "127.0.0.1",
    cwd,
    graphs: Object.fromEntries(LANGGRAPH_GRAPH_IDS.map((id) => [id, `${graphFile}:${id}`])),
  };
  const api = dirname(require.resolve("@langchain/langgraph-api/package.json"));
  const tsx = dirname(require.resolve("tsx/package.json"));
  const child = fork(join(here, "server-entry.mjs"), [JSON.stringify(payload)], {
    execArgv: [
      "--import",
      pathToFileURL(join(tsx, "dist/esm/index.mjs")).href,
      "--import",
      pathToFileURL(join(api, "dist/preload.mjs")).href,
    ],
    env: { ...process.env, LOG_LEVEL: "error", LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.send({ type: "stop" });
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);
  let apiUrl;
  try {
    apiUrl = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("the LangGraph server did not start in time")),
        options.timeoutMs ?? 60_000,
      );
      child.once("message", (message) => {
        clearTimeout(timer);
        if (message?.type === "ready" && typeof message.host === "string") resolve(`http://${message.host}`);
        else reject(new Error(`unexpected message from the LangGraph server: ${JSON.stringify(message)}`));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the LangGraph server exited with ${code} before it listened`));
      });
    });
  } catch (error) {
    await stopChild();
    process.removeListener("exit", onExit);
    throw error;
  }
  const proxy = await startCountingProxy(apiUrl, options.port ?? 0);
  log(`[langgraph] API ${apiUrl}, page-facing proxy ${proxy.url}`);
  return {
    url: proxy.url,
    apiUrl,
    port: proxy.port,
    resumes: proxy.resumes,
    async stop() {
      await proxy.close();
      await stopChild();
      process.removeListener("exit", onExit);
      if (temporary) rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/** The proxy the page talks to: forwards everything, records each resume the server took. */
async function startCountingProxy(target, port) {
  const upstream = new URL(target);
  /** @type {import("./server.d.mts").CountedResume[]} */
  const resumes = [];
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (req.method === "GET" && path === "/__hitl/resumes") {
      const thread = new URL(req.url ?? "/", "http://x").searchParams.get("thread");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(thread ? resumes.filter((r) => r.threadId === thread) : resumes));
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const counted = req.method === "POST" ? resumesIn(path, body) : [];
    // The body goes whole, with its length: a chunked framing header left on it would leave bytes
    // on the kept-alive upstream socket for the next request to trip over.
    const { "transfer-encoding": _, connection: __, ...headers } = req.headers;
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, host: upstream.host, "content-length": String(body.length) },
      },
      (response) => {
        const status = response.statusCode ?? 502;
        if (counted.length > 0 && counted[0].via === "respond") {
          // A protocol command answers 200 with `{ type: "error" }` when refused: read the reply first.
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let reply;
            try {
              reply = JSON.parse(text);
            } catch {
              reply = undefined;
            }
            if (status >= 200 && status < 300 && reply?.type === "success") resumes.push(...counted);
            if (res.destroyed) return;
            res.writeHead(status, response.headers);
            res.end(text);
          });
          return;
        }
        // Taken only when the server accepted it (a busy thread's 409/422 took nothing).
        if (status >= 200 && status < 300) resumes.push(...counted);
        if (res.destroyed) {
          // The page went away (a reload) after sending it: the server's run goes on; so does the count.
          response.resume();
          return;
        }
        res.writeHead(status, response.headers);
        response.pipe(res);
      },
    );
    out.on("error", () => {
      if (res.destroyed) return;
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A page that goes away mid-stream stops the stream (the upstream request is not cancelled
    // before its answer came: the server has the whole request, and may run it).
    res.on("close", () => {
      if (out.res) out.destroy();
    });
    out.end(body);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    resumes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** The resumes a run-creating POST carries, one per interrupt id. */
function resumesIn(path, body) {
  const runs = /^\/threads\/([^/]+)\/runs(?:\/stream|\/wait)?$/.exec(path);
  const commands = /^\/threads\/([^/]+)\/commands$/.exec(path);
  if (!runs && !commands) return [];
  let json;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return [];
  }
  if (runs) {
    const resume = json?.command?.resume;
    if (!isRecord(resume)) return [];
    return Object.entries(resume).map(([interruptId, value]) => ({
      threadId: runs[1],
      interruptId,
      value,
      via: "run",
    }));
  }
  if (json?.method !== "input.respond" || !isRecord(json.params)) return [];
  const { params } = json;
  const entries = Array.isArray(params.responses) ? params.responses : [params];
  return entries
    .filter((entry) => isRecord(entry) && typeof entry.interrupt_id === "string")
    .map((entry) => ({
      threadId: commands[1],
      interruptId: entry.interrupt_id,
      value: entry.response,
      via: "respond",
    }));
}

function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
