/**
 * Claims for the eve answer guard: the first answer to a request takes a key, every later one
 * learns what took it. The guard's own read of eve's session cannot order two answers posted in
 * the same instant (both read "open"); an atomic claim can. Instances that must agree share one
 * store: the memory store agrees within one process, the Redis store across processes.
 */

/** What a claim returns: won, or lost with what the winner stored (`undefined` if it is gone). */
export type ClaimResult = { readonly won: true } | { readonly won: false; readonly value: string | undefined };

export interface AnswerClaimStore {
  /**
   * Takes `key` for `ttlMs` unless someone holds it. Atomic: of any number of concurrent calls
   * (sharing the store) exactly one wins; the others get the winner's `value`.
   */
  claim(key: string, value: string, ttlMs: number): Promise<ClaimResult>;
  /**
   * Gives `key` up, only if it still holds `value`: a claim that expired and was taken by
   * someone else is theirs, and must survive the late release of the first holder.
   */
  release(key: string, value: string): Promise<void>;
  /**
   * Gives `key` a new time to live of `ttlMs`, only if it still holds `value`; `false` when it
   * does not (it expired, and may be someone else's now). The guard holds a short lease while it
   * forwards an answer and extends it once eve took the answer, so a claim whose holder died
   * mid-forward frees itself quickly instead of blocking the request for the full TTL.
   */
  extend(key: string, value: string, ttlMs: number): Promise<boolean>;
}

export interface MemoryClaimStoreOptions {
  /** Milliseconds; injectable so tests can move time. @default Date.now */
  readonly now?: () => number;
}

/**
 * Claims in this process's memory: enough for one app instance (its guards share it), wrong for
 * several behind a load balancer (each would have its own winner — use the Redis store).
 */
export function createMemoryClaimStore(options: MemoryClaimStoreOptions = {}): AnswerClaimStore {
  const now = options.now ?? Date.now;
  const claims = new Map<string, { readonly value: string; readonly expiresAt: number }>();
  // Expired claims are swept when the map has doubled since the last sweep: memory stays bounded
  // by the live claims without a timer (which would keep a process alive) and without paying a
  // full scan per claim.
  let sweepAt = 64;
  const sweep = (at: number) => {
    for (const [key, claim] of claims) if (claim.expiresAt <= at) claims.delete(key);
    sweepAt = Math.max(64, claims.size * 2);
  };

  return {
    // No await before the map is read and written: the check and the set happen in one
    // synchronous step, so two callers in the same tick cannot both see the key free.
    claim(key, value, ttlMs) {
      const at = now();
      const held = claims.get(key);
      if (held && held.expiresAt > at) return Promise.resolve({ won: false, value: held.value });
      claims.set(key, { value, expiresAt: at + Math.max(1, ttlMs) });
      if (claims.size >= sweepAt) sweep(at);
      return Promise.resolve({ won: true });
    },
    release(key, value) {
      if (claims.get(key)?.value === value) claims.delete(key);
      return Promise.resolve();
    },
    extend(key, value, ttlMs) {
      const at = now();
      const held = claims.get(key);
      if (!held || held.value !== value || held.expiresAt <= at) return Promise.resolve(false);
      claims.set(key, { value, expiresAt: at + Math.max(1, ttlMs) });
      return Promise.resolve(true);
    },
  };
}

/**
 * The part of a Redis client the claim store uses: one command and its reply. The kit defines it
 * so it does not depend on a Redis client; both common clients adapt in one line.
 *
 *   // redis (node-redis v5, v6)
 *   import { createClient } from "redis";
 *   const client = await createClient({ url: process.env.REDIS_URL }).connect();
 *   const claims = createRedisClaimStore({ command: (name, args) => client.sendCommand([name, ...args]) });
 *
 *   // ioredis
 *   import Redis from "ioredis";
 *   const redis = new Redis(process.env.REDIS_URL!);
 *   const claims = createRedisClaimStore({ command: (name, args) => redis.call(name, [...args]) });
 *
 * Replies are read as RESP strings (a `Buffer`, from a client mapping strings to buffers, is
 * decoded as UTF-8).
 */
export interface ClaimRedisClient {
  /** Sends `name args…` (e.g. `SET`, `[key, value, "NX", "PX", "30000"]`) and resolves with the reply. */
  command(name: string, args: readonly string[]): Promise<unknown>;
}

export interface RedisClaimStoreOptions {
  /** Prepended to every key, to keep the claims apart from the app's other data. @default "" */
  readonly prefix?: string;
}

// Compare-and-delete in one step on the server: a GET then DEL from here could delete a claim
// that expired and was taken by another answer in between.
const RELEASE_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
// Compare-and-expire, for the same reason.
const EXTEND_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Claims in Redis, for several app instances: each instance's guard gets a store on its own
 * connection to the same Redis (or the same primary). `SET key value NX PX ttl` is the claim (Redis
 * runs commands one at a time, so one SET wins), a Lua compare-and-delete the release, and Redis
 * expires claims by itself. Works with any Redis ≥ 2.6.12 (and Valkey).
 */
export function createRedisClaimStore(redis: ClaimRedisClient, options: RedisClaimStoreOptions = {}): AnswerClaimStore {
  const prefix = options.prefix ?? "";
  return {
    async claim(key, value, ttlMs) {
      const ttl = String(Math.max(1, Math.ceil(ttlMs)));
      // A lost SET and the GET that reads the winner are two commands: the winner may release or
      // expire between them, which leaves the request open again — so try to take it again
      // rather than refuse an answer nobody holds. Bounded: a key that churns that fast is a
      // loser's cue to report "answered elsewhere" without the winner's value.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const set = await redis.command("SET", [prefix + key, value, "NX", "PX", ttl]);
        if (asString(set) !== undefined) return { won: true };
        const held = asString(await redis.command("GET", [prefix + key]));
        if (held !== undefined) return { won: false, value: held };
      }
      return { won: false, value: undefined };
    },
    async release(key, value) {
      await redis.command("EVAL", [RELEASE_SCRIPT, "1", prefix + key, value]);
    },
    async extend(key, value, ttlMs) {
      const ttl = String(Math.max(1, Math.ceil(ttlMs)));
      const reply = await redis.command("EVAL", [EXTEND_SCRIPT, "1", prefix + key, value, ttl]);
      return reply === 1 || reply === "1";
    },
  };
}

/** A RESP bulk/simple string as text; `undefined` for a nil reply. */
function asString(reply: unknown): string | undefined {
  if (typeof reply === "string") return reply;
  if (reply instanceof Uint8Array) return new TextDecoder().decode(reply);
  return undefined;
}
