import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createClient } from "redis";
import type { ClaimRedisClient } from "../../src/server/claim-store";
import { freePort } from "./ports";

/** `redis-server`: $REDIS_SERVER, Debian's (`node scripts/setup.mjs --browser` installs it), or on the PATH. */
export const redisServerBinary: string | undefined =
  [process.env.REDIS_SERVER, "/usr/bin/redis-server", "/usr/local/bin/redis-server"].find(
    (path): path is string => path !== undefined && existsSync(path),
  ) ?? (spawnSync("redis-server", ["--version"]).status === 0 ? "redis-server" : undefined);

export const REDIS_MISSING =
  "SKIPPED: redis-server is not installed (`node scripts/setup.mjs --browser` installs it, or set REDIS_SERVER)";

export interface TestRedis {
  readonly port: number;
  readonly process: ChildProcess;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts a throwaway `redis-server` (no persistence) and resolves once it accepts connections. */
export async function startRedis(binary = redisServerBinary): Promise<TestRedis> {
  if (!binary) throw new Error(REDIS_MISSING);
  const port = await freePort();
  const child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    port,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A node-redis client to the test server (not connected yet). */
export const redisClient = (port: number) => createClient({ socket: { host: "127.0.0.1", port } });
// Inferred from the call: `ReturnType<typeof createClient>` is the generic client, which the
// concrete one (RESP 3, no modules) is not assignable to.
export type RedisClient = ReturnType<typeof redisClient>;

/** The kit's one-line node-redis adapter, as documented on `ClaimRedisClient`. */
export const adaptRedis = (client: RedisClient): ClaimRedisClient => ({
  command: (name, args) => client.sendCommand([name, ...args]),
});
