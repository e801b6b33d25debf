import { type ChildProcess, fork } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Database from "libsql";
import { createRedisInboxStore } from "../../src/server/inbox-store-redis";
import { createSqliteInboxStore } from "../../src/server/inbox-store-sqlite";
import {
  adaptRedis,
  REDIS_MISSING,
  redisClient,
  redisServerBinary,
  startRedis,
  type TestRedis,
} from "../support/redis";

/**
 * The inbox store across processes, with each engine's real driver: a process SIGKILLed between
 * its claim (the answer is stored) and its delivery loses nothing, and the next process delivers
 * that answer once — after the dead one's lease runs out, never while it might still be
 * delivering. And four processes answering one request in the same instant: one wins.
 * Each process is `test/server/inbox-crash/child.ts` under Node with tsx's loader.
 */

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsx = pathToFileURL(join(dirname(require.resolve("tsx/package.json")), "dist/esm/index.mjs")).href;

interface Child {
  readonly process: ChildProcess;
  /** The next IPC message from the child. */
  next<T>(): Promise<T>;
  readonly exited: Promise<number | null>;
}

function child(args: readonly string[]): Child {
  const proc = fork(join(here, "inbox-crash/child.ts"), args, {
    execArgv: ["--import", tsx],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  proc.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  proc.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const queue: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  proc.on("message", (message) => {
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return {
    process: proc,
    exited,
    next<T>() {
      if (queue.length > 0) return Promise.resolve(queue.shift() as T);
      return new Promise<T>((resolve, reject) => {
        waiting.push(resolve as (message: unknown) => void);
        void exited.then((code) => reject(new Error(`the child exited (${code}) first; it printed:\n${output}`)));
      });
    },
  };
}

/** The store opened in this process, on the children's data. */
async function openHere(engine: string, where: string, prefix: string) {
  if (engine === "sqlite") {
    const db = new Database(where);
    return {
      store: createSqliteInboxStore(db),
      close: async () => {
        db.close();
      },
    };
  }
  const client = redisClient(Number(where));
  await client.connect();
  return { store: createRedisInboxStore(adaptRedis(client), { prefix }), close: async () => client.destroy() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drain(engine: string, where: string, sink: string, prefix: string) {
  const proc = child([engine, where, "drain", sink, prefix]);
  const report = await proc.next<{ delivered: string[]; failed: number }>();
  expect(await proc.exited).toBe(0);
  return report;
}

let dir: string;
let redis: TestRedis | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hitl-inbox-crash-"));
  if (redisServerBinary) redis = await startRedis();
}, 20_000);

afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const engines = [
  { name: "SQLite (a file)", engine: "sqlite", where: () => join(dir, `${crypto.randomUUID()}.db`) },
  {
    name: "Redis",
    engine: "redis",
    where: () => String(redis?.port),
    skip: redisServerBinary ? undefined : REDIS_MISSING,
  },
];

describe.each(engines)("inbox store across processes: $name", ({ engine, where, skip }) => {
  it.skipIf(Boolean(skip))(
    "given a process SIGKILLed after its claim and mid-delivery, should deliver the answer once after the restart",
    async () => {
      const at = where();
      const prefix = `{crash-${crypto.randomUUID()}}:`;
      const sink = join(dir, `${crypto.randomUUID()}.sink`);
      const first = child([engine, at, "claim-then-hang", sink, prefix]);
      const claimed = await first.next<{ claimed: boolean; taken: string; leaseUntil: number }>();
      expect(claimed).toMatchObject({ claimed: true, taken: "crash-1" });
      first.process.kill("SIGKILL");
      await first.exited;

      // Read at once (here, without a process start-up's delay): the answer is stored and the
      // dead process's lease still holds it, so a deliverer now would not deliver it twice.
      const { store, close } = await openHere(engine, at, prefix);
      expect(await store.get("crash-1")).toMatchObject({ state: "answered", delivered: false });
      expect(await store.takeDelivery({ holder: "test", leaseMs: 1 })).toBeUndefined();
      await close();
      expect(existsSync(sink)).toBe(false);
      await sleep(Math.max(0, claimed.leaseUntil - Date.now()) + 50);
      expect(await drain(engine, at, sink, prefix)).toEqual({ delivered: ["crash-1"], failed: 0 });
      expect(await drain(engine, at, sink, prefix)).toEqual({ delivered: [], failed: 0 });
      expect(readFileSync(sink, "utf8")).toBe(`crash-1\t${JSON.stringify({ type: "value", value: "b" })}\n`);
    },
    30_000,
  );

  it.skipIf(Boolean(skip))(
    "given four processes answering one request in the same instant, should let exactly one win",
    async () => {
      const at = where();
      const prefix = `{race-${crypto.randomUUID()}}:`;
      const racers = Array.from({ length: 4 }, () => child([engine, at, "race", "", prefix]));
      for (const racer of racers) expect(await racer.next()).toEqual({ ready: true });
      for (const racer of racers) racer.process.send("go");
      const results = await Promise.all(racers.map((racer) => racer.next<{ won: boolean; answer: unknown }>()));
      await Promise.all(racers.map((racer) => racer.exited));
      expect(results.filter((result) => result.won)).toHaveLength(1);
      const winner = racers[results.findIndex((result) => result.won)]?.process.pid;
      for (const result of results) expect(result.answer).toEqual({ type: "value", value: String(winner) });
    },
    30_000,
  );
});
