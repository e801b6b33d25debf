// @vitest-environment node
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort } from "../support/ports";

/**
 * examples/node as its README runs it: the playground's real MCP server in one process, the plain
 * Node script in another, and the script's whole output checked line by line — the refusals with
 * their issues, `sent`, `already-answered`, and each tool's result as the server returned it.
 * Both processes import the built kit (dist/, which `npm test` builds before this stage).
 */
const root = resolve(import.meta.dirname, "../..");
const script = join(root, "examples/node/answer-elicitations.mjs");
const machineScript = join(root, "examples/node/multi-select-machine.mjs");
const roundsScript = join(root, "examples/node/answer-rounds.mjs");
const built = existsSync(join(root, "dist/core.js")) && existsSync(join(root, "dist/adapters/mcp/transport.js"));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runExample(url: string, file = script): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, url], { cwd: root, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** `node playground/mcp/server.mjs 0`: a free port, announced on stdout as `MCP server <url>`. */
function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["playground/mcp/server.mjs", "0"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`no "MCP server" line within 15 s:\n${output}`)), 15_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const url = /MCP server (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, url });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.once("exit", (code, signal) => fail(new Error(`the MCP server exited (${code ?? signal}):\n${output}`)));
  });
}

describe.skipIf(!built)(
  built ? "examples/node" : "examples/node (skipped: dist/ is missing — run `npm run build` first)",
  () => {
    let server: ChildProcess | undefined;
    let url = "";

    beforeAll(async () => {
      ({ child: server, url } = await startServer());
    }, 30_000);

    afterAll(() => {
      server?.removeAllListeners("exit");
      server?.kill("SIGTERM");
    });

    it("given the playground's MCP server, should refuse the wrong answers with their issues, send the valid one once, and print both tools' results", async () => {
      const run = await runExample(url);

      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout.split("\n")).toEqual([
        `connected to ${url}`,
        "",
        "book_table asks: Book a table: who, when, and how?",
        "answer without the `values` wrapper: refused",
        "  - values: Invalid input: expected record, received undefined",
        '  - (answer): Unrecognized keys: "name", "email", "guests", "terrace", "seating", "courses"',
        "answer with guests as a string: refused",
        "  - values.guests: Must be a number",
        "valid answer: sent",
        "same answer again: already-answered (submitting)",
        `book_table result: ${JSON.stringify({
          action: "accept",
          content: {
            name: "Ada Lovelace",
            email: "ada@example.com",
            guests: 4,
            terrace: true,
            seating: "window",
            courses: ["starter", "main"],
          },
        })}`,
        "",
        "pick_image asks: Which image should be the cover? (alpine-lake, autumn-road, city-night, desert-dunes, forest-mist, lighthouse)",
        "pick lighthouse: sent",
        `pick_image result: ${JSON.stringify({ status: "answered", value: { selected: ["lighthouse"] } })}`,
        "",
      ]);
    }, 30_000);

    it("given the server's 2026-07-28 endpoint, should answer round 1 across two clients (stored as JSON, restored) and round 2, with one retry per round", async () => {
      const modern = url.replace(/\/mcp$/, "/mcp-2026");
      const retriesUrl = `${modern}/retries`;
      const before = ((await (await fetch(retriesUrl)).json()) as unknown[]).length;
      const run = await runExample(modern, roundsScript);

      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const lines = run.stdout.split("\n");
      expect(lines[3]).toMatch(/^stored the waiting call \(\d+ bytes of JSON\), answers so far: cover$/);
      expect(lines.filter((_, index) => index !== 3)).toEqual([
        `connected to ${modern}`,
        "round 1 asks: Which image should be the event's cover? + Details for “Team offsite”",
        "answer the cover: sent",
        "restored: round 1 still asks: Details for “Team offsite”",
        "answer the details: sent",
        "round 2 asks: Pay the deposit to book the venue. (http://localhost:<port>/deposit)",
        "open it: sent",
        `plan_event result: ${JSON.stringify({
          title: "Team offsite",
          cover: { status: "answered", value: { selected: ["city-night"] } },
          details: { action: "accept", content: { guests: 8, catering: true } },
          deposit: "accept",
        })}`,
        "",
      ]);
      const retries = ((await (await fetch(retriesUrl)).json()) as Array<{ round: number }>).slice(before);
      expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
    }, 30_000);

    it("given no server at the URL, should exit 1 and say where it looked and how to start one", async () => {
      const nowhere = `http://127.0.0.1:${await freePort()}/mcp`;
      const run = await runExample(nowhere);

      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(`failed: cannot reach ${nowhere}`);
      expect(run.stderr).toContain("node playground/mcp/server.mjs");
    }, 30_000);
  },
);

describe.skipIf(!built)(
  built
    ? "examples/node/multi-select-machine"
    : "examples/node/multi-select-machine (skipped: dist/ is missing — run `npm run build` first)",
  () => {
    it("given the built package in plain Node, should drive the multi-select's machine and connect without React: option order, refused past max, one answer", async () => {
      const run = await new Promise<Run>((resolve) => {
        execFile(process.execPath, [machineScript], { cwd: root, timeout: 30_000 }, (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
        });
      });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout.split("\n")).toEqual([
        "selected: ts, rs; notice: max-reached",
        "count: 2 selected — choose up to 2",
        'answer: {"selected":["ts","rs"]}',
        "",
      ]);
    }, 30_000);
  },
);
