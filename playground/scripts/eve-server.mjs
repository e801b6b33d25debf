#!/usr/bin/env node
/**
 * Builds and starts the playground's eve agent (`playground/agent/`) on 127.0.0.1, network-free.
 *
 *   node playground/scripts/eve-server.mjs [--port 3900] [--host 127.0.0.1] [--prompt-log FILE]
 *                                          [--state-dir DIR] [--keep-state] [--rebuild] [--build-only]
 *
 * Runs on any Node >= 20 (this file is plain JS); eve itself runs on the Node 24 binary from the
 * `node` devDependency (`node_modules/.bin/node`; override with EVE_NODE=/path/to/node24).
 *
 * - Build once: `eve build --skip-sandbox-prewarm` in `playground/agent/`, only when an input is
 *   newer than the last build (agent sources, `playground/shared/`, the kit's `dist/`). A lock
 *   makes concurrent callers (parallel test workers) wait for one build instead of racing.
 * - Start: `eve start --host H --port P` in a per-server app directory under `stateDir`, holding
 *   a copy of the build output. eve keeps its durable state (sessions, workflow runs) in the app's
 *   `.eve/`, so every server gets its own directory and servers can run in parallel.
 * - Env: `EVE_TELEMETRY_DISABLED=1`, `HITL_PROMPT_LOG` (the scripted model appends every prompt it
 *   receives there as one JSON line).
 * - Ready when `GET /eve/v1/health` answers `{ ok: true, status: "ready" }`.
 * - SIGINT/SIGTERM stop the server (its whole process group: eve's CLI and the server it spawns).
 *
 * Also a module: `startEveServer(options) → { url, port, stateDir, promptLog, timings, stop() }`
 * and `buildEveAgent(options)`, for end-to-end tests.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readlinkSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (the `hitl-kit` package). */
export const REPO_ROOT = resolve(here, "../..");
/** The eve app: `playground/agent/` (`package.json` declaring eve, `agent/` with the agent files). */
export const AGENT_APP = join(REPO_ROOT, "playground", "agent");
/** The playground's state folder (git-ignored: the script writes a `.gitignore` into it). */
export const STATE_ROOT = join(REPO_ROOT, "playground", ".state");
/** Where the CLI's scripted model logs prompts unless told otherwise. */
export const DEFAULT_PROMPT_LOG = join(STATE_ROOT, "prompts.ndjson");

const OUTPUT_DIR = join(AGENT_APP, ".output");
const BUILD_STAMP = join(AGENT_APP, ".eve", "hitl-build-stamp.json");
const BUILD_LOCK = join(AGENT_APP, ".eve", "hitl-build.lock");
/** What the build bundles: a change in any of these makes the next start rebuild. */
const BUILD_INPUTS = [
  join(AGENT_APP, "agent"),
  join(AGENT_APP, "package.json"),
  join(REPO_ROOT, "playground", "shared"),
  join(REPO_ROOT, "dist"),
  join(REPO_ROOT, "node_modules", "eve", "package.json"),
];

/** The Node >= 24 binary eve's CLI needs (the system Node may be 20). */
export function eveNodeBinary() {
  return process.env.EVE_NODE || join(REPO_ROOT, "node_modules", ".bin", "node");
}

async function eveCliPath() {
  const pkgPath = join(REPO_ROOT, "node_modules", "eve", "package.json");
  const pkg = JSON.parse(await readFile(pkgPath, "utf8"));
  const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.eve;
  if (!bin) throw new Error(`eve's package.json (${pkgPath}) declares no "eve" bin`);
  return join(dirname(pkgPath), bin);
}

function childEnv(extra = {}) {
  const inherited = { ...process.env };
  // eve swaps every authored model for its own mock ("Bootstrap reply: …") when NODE_ENV is "test"
  // or EVE_MOCK_AUTHORED_MODELS=1, and test runners (Vitest) set NODE_ENV=test. The playground's
  // scripted model IS the mock, so never let a test runner's environment reach the server.
  delete inherited.NODE_ENV;
  delete inherited.EVE_MOCK_AUTHORED_MODELS;
  for (const key of Object.keys(inherited)) if (key.startsWith("VITEST")) delete inherited[key];
  return {
    ...inherited,
    EVE_TELEMETRY_DISABLED: "1",
    // eve start's local traces are for `eve traces`; the playground does not need them.
    EVE_TRACES: process.env.EVE_TRACES ?? "off",
    ...extra,
  };
}

// ─── Build ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The agent imports the kit as a user would (`hitl-kit/server`, `hitl-kit/kinds`) through its
 * `"hitl-kit": "file:../.."` dependency. `npm install` in `playground/agent/` would link it; this
 * does the same without touching the network: `playground/agent/node_modules/hitl-kit → ../../..`.
 */
async function ensureKitLink() {
  const link = join(AGENT_APP, "node_modules", "hitl-kit");
  const target = relative(dirname(link), REPO_ROOT);
  if (existsSync(link)) {
    if (readlinkSync(link) === target) return;
    await rm(link, { recursive: true, force: true });
  }
  await mkdir(dirname(link), { recursive: true });
  await symlink(target, link, "dir");
}

async function assertKitBuilt() {
  for (const entry of ["server.js", "kinds.js"]) {
    if (!existsSync(join(REPO_ROOT, "dist", entry))) {
      throw new Error(
        `hitl-kit is not built (missing dist/${entry}). The agent imports "hitl-kit/server" and ` +
          `"hitl-kit/kinds" from dist/: run the library build first (npx vite build).`,
      );
    }
  }
}

async function newestMtime(path) {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === ".eve" || entry.name === ".output") continue;
    newest = Math.max(newest, await newestMtime(join(path, entry.name)));
  }
  return newest;
}

async function inputsFingerprint() {
  const mtimes = await Promise.all(BUILD_INPUTS.map(newestMtime));
  return createHash("sha256").update(JSON.stringify(mtimes)).digest("hex").slice(0, 16);
}

async function isBuildCurrent(fingerprint) {
  if (!existsSync(join(OUTPUT_DIR, "server", "index.mjs"))) return false;
  try {
    return JSON.parse(await readFile(BUILD_STAMP, "utf8")).fingerprint === fingerprint;
  } catch {
    return false;
  }
}

async function withBuildLock(fn, { timeoutMs = 300_000 } = {}) {
  await mkdir(dirname(BUILD_LOCK), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(BUILD_LOCK);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      // A lock left by a killed process: builds take seconds, so one older than 5 minutes is stale.
      const age = Date.now() - (await stat(BUILD_LOCK).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 300_000) await rm(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${BUILD_LOCK}`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds `playground/agent/` with `eve build --skip-sandbox-prewarm` unless the last build is
 * current. Safe to call from several processes at once.
 * @returns {Promise<{ built: boolean, ms: number }>}
 */
export async function buildEveAgent({ force = false, log = defaultLog } = {}) {
  await assertKitBuilt();
  await ensureKitLink();
  return withBuildLock(async () => {
    const fingerprint = await inputsFingerprint();
    if (!force && (await isBuildCurrent(fingerprint))) return { built: false, ms: 0 };
    const started = performance.now();
    log(`[eve-server] building ${relative(REPO_ROOT, AGENT_APP)} (eve build --skip-sandbox-prewarm)…`);
    const { code, output } = await run(eveNodeBinary(), [await eveCliPath(), "build", "--skip-sandbox-prewarm"], {
      cwd: AGENT_APP,
      env: childEnv(),
    });
    if (code !== 0) throw new Error(`eve build failed (exit ${code}):\n${output.slice(-4_000)}`);
    const ms = Math.round(performance.now() - started);
    await writeFile(BUILD_STAMP, JSON.stringify({ fingerprint, builtAt: new Date().toISOString(), ms }));
    log(`[eve-server] built in ${ms} ms`);
    return { built: true, ms };
  });
}

// ─── Start ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Prepares a private app directory for one server: eve's CLI needs a `package.json` declaring eve
 * and an `agent/` folder to recognise the app; `eve start` serves `.output/` (a self-contained
 * bundle: the kit and zod are inside) with the app directory as working directory, and keeps its
 * durable state in `<app>/.eve/`.
 */
async function prepareAppDir(stateDir, { keepState }) {
  const app = join(stateDir, "app");
  if (!keepState) await rm(join(app, ".eve"), { recursive: true, force: true });
  await mkdir(app, { recursive: true });
  await cp(join(AGENT_APP, "package.json"), join(app, "package.json"));
  const agentLink = join(app, "agent");
  if (!existsSync(agentLink)) await symlink(join(AGENT_APP, "agent"), agentLink, "dir");
  // A copy, not a link: a rebuild while this server runs must not change the code under it.
  await rm(join(app, ".output"), { recursive: true, force: true });
  await cp(OUTPUT_DIR, join(app, ".output"), { recursive: true });
  return app;
}

/**
 * @typedef {object} StartEveServerOptions
 * @property {number} [port] Port to listen on; 0 (the default) picks a free one.
 * @property {string} [host] Interface to bind. @default "127.0.0.1"
 * @property {string} [promptLog] File the scripted model appends prompts to (HITL_PROMPT_LOG).
 *   @default `<stateDir>/prompts.ndjson`
 * @property {string} [stateDir] This server's private folder (its app copy and eve state).
 *   @default a new temporary folder, removed by `stop()`
 * @property {boolean} [keepState] Keep eve's state (sessions) from a previous run in `stateDir`. @default false
 * @property {boolean} [build] Build first if the build is missing or stale. @default true
 * @property {boolean} [rebuild] Build even if the last build is current. @default false
 * @property {Record<string, string>} [env] Extra environment for the server.
 * @property {number} [timeoutMs] How long to wait for health. @default 60000
 * @property {(line: string) => void} [log] Progress lines. @default console.error
 * @property {(chunk: string) => void} [onOutput] The server's stdout/stderr. @default ignored
 */

/**
 * Starts one isolated eve server for the playground agent.
 * @param {StartEveServerOptions} [options]
 * @returns {Promise<{ url: string, port: number, stateDir: string, promptLog: string, pid: number,
 *   timings: { buildMs: number, startMs: number }, stop: () => Promise<void> }>}
 */
export async function startEveServer(options = {}) {
  const {
    port = 0,
    host = "127.0.0.1",
    keepState = false,
    build = true,
    rebuild = false,
    env = {},
    timeoutMs = 60_000,
    log = defaultLog,
    onOutput,
  } = options;
  const temporary = options.stateDir === undefined;
  const stateDir = resolve(options.stateDir ?? (await mkdtemp(join(tmpdir(), "hitl-eve-"))));
  const promptLog = resolve(options.promptLog ?? join(stateDir, "prompts.ndjson"));
  await mkdir(dirname(promptLog), { recursive: true });

  const buildResult = build ? await buildEveAgent({ force: rebuild, log }) : { built: false, ms: 0 };
  if (!existsSync(join(OUTPUT_DIR, "server", "index.mjs"))) {
    throw new Error(`No eve build at ${OUTPUT_DIR}: call with build: true (or run with --build-only)`);
  }
  const app = await prepareAppDir(stateDir, { keepState });

  const started = performance.now();
  const args = [await eveCliPath(), "start", "--host", host, "--port", String(port)];
  // Own process group: stop() signals eve's CLI and the server process it spawns together.
  const child = spawn(eveNodeBinary(), args, {
    cwd: app,
    env: childEnv({ HITL_PROMPT_LOG: promptLog, ...env }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const onData = (chunk) => {
    const text = chunk.toString("utf8");
    if (output.length < 100_000) output += text;
    onOutput?.(text);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise((resolveExit) => child.once("exit", (code, signal) => resolveExit({ code, signal })));
  let exitedEarly;
  exited.then((status) => {
    exitedEarly = status;
  });
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  // If this process dies without calling stop(), take the server down with it.
  const onExit = () => killGroup("SIGKILL");
  process.once("exit", onExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", onExit);
    if (exitedEarly === undefined) {
      killGroup("SIGTERM");
      let timer;
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise((resolveTimeout) => {
          timer = setTimeout(() => resolveTimeout(true), 10_000);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        killGroup("SIGKILL");
        await exited;
      }
    }
    // eve's CLI waits for its server to exit; make sure nothing of the group is left.
    killGroup("SIGKILL");
    if (temporary) await rm(stateDir, { recursive: true, force: true });
  };

  try {
    const url = await waitForUrl(
      () => output,
      () => exitedEarly,
      port,
      host,
      timeoutMs,
    );
    await waitForHealth(
      url,
      () => exitedEarly,
      () => output,
      timeoutMs,
    );
    const startMs = Math.round(performance.now() - started);
    log(`[eve-server] ready at ${url} in ${startMs} ms (state ${stateDir}, prompt log ${promptLog})`);
    return {
      url,
      port: Number(new URL(url).port),
      stateDir,
      promptLog,
      pid: child.pid,
      timings: { buildMs: buildResult.ms, startMs },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForUrl(getOutput, getExit, port, host, timeoutMs) {
  if (port !== 0) return `http://${host}:${port}`;
  // With port 0, eve start picks a free port and prints "server listening at http://…".
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Without colour escapes: with FORCE_COLOR (npm test at a terminal) a CLI may wrap the URL in them.
    const output = stripVTControlCharacters(getOutput());
    const match = /listening at (http:\/\/[^\s/]+)/.exec(output) ?? /Listening on: (http:\/\/[^\s/]+)/.exec(output);
    if (match) return match[1];
    if (getExit()) throw new Error(`eve start exited (${JSON.stringify(getExit())}):\n${getOutput().slice(-4_000)}`);
    if (Date.now() > deadline) throw new Error(`eve start printed no URL within ${timeoutMs} ms:\n${getOutput()}`);
    await sleep(50);
  }
}

async function waitForHealth(url, getExit, getOutput, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (getExit()) throw new Error(`eve start exited (${JSON.stringify(getExit())}):\n${getOutput().slice(-4_000)}`);
    try {
      const response = await fetch(`${url}/eve/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = await response.json();
        if (body.ok === true && body.status === "ready") return;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`eve server at ${url} not healthy within ${timeoutMs} ms:\n${getOutput()}`);
    await sleep(100);
  }
}

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

function defaultLog(line) {
  console.error(line);
}

function sleep(ms) {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

function run(command, args, options) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => resolveRun({ code, output }));
  });
}

/** Keeps generated state out of git without touching the repository's .gitignore. */
async function ensureStateRoot() {
  await mkdir(STATE_ROOT, { recursive: true });
  const ignore = join(STATE_ROOT, ".gitignore");
  if (!existsSync(ignore)) await writeFile(ignore, "# Generated by playground/scripts/eve-server.mjs\n*\n");
}

// ─── CLI ────────────────────────────────────────────────────────────────────────────────────────

function parseArgs(argv) {
  const options = { port: 3900, host: "127.0.0.1", keepState: false, rebuild: false, buildOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--port") options.port = Number(value());
    else if (arg === "--host") options.host = value();
    else if (arg === "--prompt-log") options.promptLog = resolve(value());
    else if (arg === "--state-dir") options.stateDir = resolve(value());
    else if (arg === "--keep-state") options.keepState = true;
    else if (arg === "--rebuild") options.rebuild = true;
    else if (arg === "--build-only") options.buildOnly = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new Error(`Unknown argument ${arg} (try --help)`);
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535) {
    throw new Error(`--port must be 0..65535`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(
      "Usage: node playground/scripts/eve-server.mjs [--port 3900] [--host 127.0.0.1] [--prompt-log FILE]\n" +
        "       [--state-dir DIR] [--keep-state] [--rebuild] [--build-only]\n" +
        `Defaults: prompt log ${relative(process.cwd(), DEFAULT_PROMPT_LOG)}, state dir playground/.state/eve-server-<port>`,
    );
    return;
  }
  if (options.buildOnly) {
    await buildEveAgent({ force: options.rebuild });
    return;
  }
  await ensureStateRoot();
  const server = await startEveServer({
    port: options.port,
    host: options.host,
    promptLog: options.promptLog ?? DEFAULT_PROMPT_LOG,
    stateDir: options.stateDir ?? join(STATE_ROOT, `eve-server-${options.port}`),
    keepState: options.keepState,
    rebuild: options.rebuild,
    onOutput: (text) => process.stderr.write(text),
  });
  console.log(`eve server ready: ${server.url} (health: ${server.url}/eve/v1/health)`);
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.error(`[eve-server] ${signal}: stopping…`);
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
