import type { AnswerBody } from "../core/answer";
import type { Outcome, ParkedRequestInit } from "../core/model";
import type { ClaimRedisClient } from "./claim-store";
import {
  checkPark,
  checkState,
  cursorAt,
  full,
  InboxError,
  type InboxRecord,
  type InboxRecordState,
  type InboxStore,
  ownerConflict,
  pageOf,
} from "./inbox-store";

export interface RedisInboxStoreOptions {
  /**
   * Prepended to every key. The braces are a Redis Cluster hash tag: every key of one inbox
   * lands in one slot, so its scripts run on a cluster too. @default "{hitl-inbox}:"
   */
  readonly prefix?: string;
  /** Open requests one owner may have at once; parking one more throws `InboxError` (`full`). @default 10000 */
  readonly maxOpenPerOwner?: number;
  readonly now?: () => number;
}

// Keys, under the prefix:
//   r:<id>                a hash: the record (request, resume and answer as the JSON the app sent, untouched)
//   o:<owner>:<state>     a sorted set of ids by parking position: one owner's page in one state
//   seq                   the parking position counter
//   due                   open ids with an expiry, by expiry
//   outbox                answered or expired ids not yet delivered, by parking position
//   settled               settled ids by settle time, for purge
// Each state change is one Lua script: Redis runs a script alone, so a read and the write that
// depends on it cannot be split by another instance's answer.

const COMMON = `
local p = ARGV[1]
local function settle(id, state, outcome, at, owner, seq)
  local key = p .. "r:" .. id
  redis.call("HSET", key, "state", state, "outcome", outcome, "settledAt", at)
  redis.call("ZREM", p .. "o:" .. owner .. ":open", id)
  redis.call("ZADD", p .. "o:" .. owner .. ":" .. state, seq, id)
  redis.call("ZREM", p .. "due", id)
  redis.call("ZADD", p .. "settled", at, id)
  if state ~= "withdrawn" then redis.call("ZADD", p .. "outbox", seq, id) end
end
local function expire_if_due(id, at)
  local h = redis.call("HMGET", p .. "r:" .. id, "state", "expiresAt", "owner", "seq")
  if h[1] == "open" and h[2] and h[2] ~= "" and tonumber(h[2]) <= tonumber(at) then
    settle(id, "expired", "withdrawn", at, h[3], h[4])
    return 1
  end
  return 0
end
local function expire_due(at, batch)
  local ids = redis.call("ZRANGEBYSCORE", p .. "due", "-inf", at, "LIMIT", 0, batch)
  local n = 0
  for _, id in ipairs(ids) do n = n + expire_if_due(id, at) end
  return n
end
local function reply(status, id)
  local r = redis.call("HGETALL", p .. "r:" .. id)
  table.insert(r, 1, id)
  table.insert(r, 1, status)
  return r
end
`;

// ARGV: prefix, id, owner, source, conversation, request, now, expiresAt, maxOpen, resume ("" for none:
// JSON is never empty)
const PARK = `${COMMON}
local id, owner = ARGV[2], ARGV[3]
local key = p .. "r:" .. id
expire_if_due(id, ARGV[7])
if redis.call("EXISTS", key) == 1 then
  if redis.call("HGET", key, "owner") ~= owner then return {"owner"} end
  return reply("exists", id)
end
if redis.call("ZCARD", p .. "o:" .. owner .. ":open") >= tonumber(ARGV[9]) then return {"full"} end
local seq = redis.call("INCR", p .. "seq")
redis.call("HSET", key, "owner", owner, "source", ARGV[4], "conversation", ARGV[5], "request", ARGV[6],
  "state", "open", "seq", seq, "parkedAt", ARGV[7], "expiresAt", ARGV[8], "delivered", "0")
if ARGV[10] ~= "" then redis.call("HSET", key, "resume", ARGV[10]) end
redis.call("ZADD", p .. "o:" .. owner .. ":open", seq, id)
if ARGV[8] ~= "" then redis.call("ZADD", p .. "due", tonumber(ARGV[8]), id) end
return reply("created", id)
`;

// ARGV: prefix, id, owner, answer, outcome, now
const ANSWER = `${COMMON}
local id, owner, at = ARGV[2], ARGV[3], ARGV[6]
local key = p .. "r:" .. id
expire_if_due(id, at)
local h = redis.call("HMGET", key, "owner", "state", "seq")
if not h[1] or h[1] ~= owner then return {"unknown"} end
if h[2] ~= "open" then return reply(h[2], id) end
redis.call("HSET", key, "answer", ARGV[4])
settle(id, "answered", ARGV[5], at, owner, h[3])
return reply("won", id)
`;

// ARGV: prefix, id, now
const WITHDRAW = `${COMMON}
local h = redis.call("HMGET", p .. "r:" .. ARGV[2], "state", "owner", "seq")
if h[1] ~= "open" then return 0 end
settle(ARGV[2], "withdrawn", "withdrawn", ARGV[3], h[2], h[3])
return 1
`;

// ARGV: prefix, now, batch
const EXPIRE = `${COMMON}
return expire_due(ARGV[2], tonumber(ARGV[3]))
`;

// ARGV: prefix, holder, leaseMs, now, id ("" for any). Looks at the oldest 100 undelivered: more
// than that leased at once means that many deliverers are busy, and the next call looks again.
const TAKE = `${COMMON}
local at = tonumber(ARGV[4])
expire_due(ARGV[4], 1000)
local candidates
if ARGV[5] ~= "" then
  candidates = {}
  if redis.call("ZSCORE", p .. "outbox", ARGV[5]) then candidates = { ARGV[5] } end
else
  candidates = redis.call("ZRANGE", p .. "outbox", 0, 99)
end
for _, id in ipairs(candidates) do
  local key = p .. "r:" .. id
  local lease = redis.call("HGET", key, "leaseUntil")
  if not lease or lease == "" or tonumber(lease) <= at then
    redis.call("HSET", key, "holder", ARGV[2], "leaseUntil", at + tonumber(ARGV[3]))
    return reply("taken", id)
  end
end
return false
`;

// ARGV: prefix, id, holder
const SETTLE_DELIVERY = `
local p = ARGV[1]
local key = p .. "r:" .. ARGV[2]
local h = redis.call("HMGET", key, "holder", "delivered")
if h[1] ~= ARGV[3] or h[2] ~= "0" then return 0 end
redis.call("HSET", key, "delivered", "1")
redis.call("HDEL", key, "holder", "leaseUntil")
redis.call("ZREM", p .. "outbox", ARGV[2])
return 1
`;

// ARGV: prefix, before, batch
const PURGE = `
local p = ARGV[1]
local n = 0
for _, id in ipairs(redis.call("ZRANGEBYSCORE", p .. "settled", "-inf", "(" .. ARGV[2], "LIMIT", 0, tonumber(ARGV[3]))) do
  local key = p .. "r:" .. id
  local h = redis.call("HMGET", key, "delivered", "state", "owner")
  if h[1] == "1" or h[2] == "withdrawn" then
    redis.call("DEL", key)
    redis.call("ZREM", p .. "o:" .. h[3] .. ":" .. h[2], id)
    redis.call("ZREM", p .. "settled", id)
    n = n + 1
  end
end
return n
`;

/**
 * The networked store: one Redis (or Valkey, ≥ 6.2) shared by several page servers. Each takes a
 * store on its own connection; every state change is one server-side script, so the first answer
 * wins across all of them. Durability is Redis's own: with `appendonly yes` and `appendfsync
 * always` a committed answer survives a Redis restart; with the defaults a crash of Redis itself
 * may lose the last second (SECURITY.md says which to choose).
 *
 * Takes the same one-command client as the claim store (`ClaimRedisClient`: node-redis or ioredis
 * in one line).
 */
export function createRedisInboxStore(redis: ClaimRedisClient, options: RedisInboxStoreOptions = {}): InboxStore {
  const prefix = options.prefix ?? "{hitl-inbox}:";
  const maxOpen = options.maxOpenPerOwner ?? 10_000;
  const now = options.now ?? Date.now;
  const run = (script: string, ...args: readonly (string | number)[]) =>
    redis.command("EVAL", [script, "0", prefix, ...args.map(String)]);

  return {
    async park(input) {
      const { requestJson, resumeJson } = checkPark(input);
      const { request, owner } = input;
      const reply = asArray(
        await run(
          PARK,
          request.requestId,
          owner,
          input.source,
          input.conversation ?? "",
          requestJson,
          now(),
          input.expiresAt ?? "",
          maxOpen,
          resumeJson ?? "",
        ),
      );
      const status = text(reply[0]);
      if (status === "owner") throw ownerConflict(request.requestId);
      if (status === "full") throw full(owner, maxOpen);
      return { record: recordOf(reply), created: status === "created" };
    },

    async get(id) {
      const reply = asArray(await run(GET, id, now()));
      return reply.length > 0 ? recordOf(reply) : undefined;
    },

    async list(query) {
      const state = checkState(query.state);
      const { limit, after } = pageOf(query);
      const newest = query.order === "newest";
      const bound = after === undefined ? (newest ? "+inf" : "-inf") : `(${after}`;
      const [more, ...rows] = asArray(
        await run(LIST, now(), `${prefix}o:${query.owner}:${state}`, newest ? "newest" : "oldest", bound, limit),
      );
      const records = rows.map((row) => recordOf(asArray(row)));
      const last = rows.at(-1);
      const lastSeq = last === undefined ? undefined : seqOf(asArray(last).slice(2));
      return { records, ...(Number(more) === 1 && lastSeq !== undefined ? { next: cursorAt(lastSeq) } : {}) };
    },

    async answer(id, input) {
      const reply = asArray(await run(ANSWER, id, input.owner, JSON.stringify(input.answer), input.outcome, now()));
      const status = text(reply[0]);
      if (status === "won") return { won: true, record: recordOf(reply) };
      if (status === "answered") return { won: false, reason: "answered", record: recordOf(reply) };
      if (status === "expired") return { won: false, reason: "expired" };
      if (status === "withdrawn") return { won: false, reason: "withdrawn" };
      return { won: false, reason: "unknown" };
    },

    async withdraw(id) {
      return Number(await run(WITHDRAW, id, now())) === 1;
    },

    async expire() {
      let total = 0;
      for (;;) {
        const n = Number(await run(EXPIRE, now(), 1000));
        total += n;
        if (n < 1000) return total;
      }
    },

    async takeDelivery({ holder, leaseMs, id }) {
      const reply = await run(TAKE, holder, Math.max(1, Math.ceil(leaseMs)), now(), id ?? "");
      return Array.isArray(reply) ? recordOf(reply) : undefined;
    },

    async settleDelivery(id, holder) {
      return Number(await run(SETTLE_DELIVERY, id, holder)) === 1;
    },

    async purge(before) {
      let total = 0;
      for (;;) {
        const n = Number(await run(PURGE, before, 1000));
        total += n;
        if (n < 1000) return total;
      }
    },

    async close() {},
  };
}

// ARGV: prefix, id, now. One record, due expiry applied; an empty reply for none.
const GET = `${COMMON}
expire_if_due(ARGV[2], ARGV[3])
if redis.call("EXISTS", p .. "r:" .. ARGV[2]) == 0 then return {} end
return reply("found", ARGV[2])
`;

// ARGV: prefix, now, key, order, bound, limit. One page, read in one step (a record purged or
// moved between a range and its reads cannot leave a hole): {more, record, record, …}. Positions
// are unique, so an exclusive bound at the last one is an exact keyset page.
const LIST = `${COMMON}
expire_due(ARGV[2], 1000)
local limit = tonumber(ARGV[6])
local ids
if ARGV[4] == "newest" then
  ids = redis.call("ZREVRANGEBYSCORE", ARGV[3], ARGV[5], "-inf", "LIMIT", 0, limit + 1)
else
  ids = redis.call("ZRANGEBYSCORE", ARGV[3], ARGV[5], "+inf", "LIMIT", 0, limit + 1)
end
local out = { #ids > limit and 1 or 0 }
for i = 1, math.min(#ids, limit) do table.insert(out, reply("found", ids[i])) end
return out
`;

/** `[status, id, field, value, …]` from a script (or `HGETALL` with those two in front). */
function recordOf(reply: readonly unknown[]): InboxRecord {
  const id = text(reply[1]);
  const fields = new Map<string, string>();
  for (let i = 2; i + 1 < reply.length; i += 2) fields.set(text(reply[i]), text(reply[i + 1]));
  const field = (name: string) => {
    const value = fields.get(name);
    return value === undefined || value === "" ? undefined : value;
  };
  const number = (name: string) => {
    const value = field(name);
    return value === undefined ? undefined : Number(value);
  };
  const request = field("request");
  if (request === undefined) throw new InboxError(`The inbox record ${id} is not one this store wrote`, "invalid");
  const conversation = field("conversation");
  const expiresAt = number("expiresAt");
  const resume = field("resume");
  const settledAt = number("settledAt");
  const answer = field("answer");
  const outcome = field("outcome");
  return {
    id,
    owner: field("owner") ?? "",
    source: field("source") ?? "",
    ...(conversation !== undefined ? { conversation } : {}),
    request: JSON.parse(request) as ParkedRequestInit,
    state: (field("state") ?? "open") as InboxRecordState,
    parkedAt: number("parkedAt") ?? 0,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    ...(resume !== undefined ? { resume: JSON.parse(resume) as unknown } : {}),
    ...(settledAt !== undefined ? { settledAt } : {}),
    ...(answer !== undefined ? { answer: JSON.parse(answer) as AnswerBody } : {}),
    ...(outcome !== undefined ? { outcome: outcome as Outcome } : {}),
    delivered: field("delivered") === "1",
  };
}

function seqOf(fields: readonly unknown[]): number | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (text(fields[i]) === "seq") return Number(text(fields[i + 1]));
  return undefined;
}

function asArray(reply: unknown): readonly unknown[] {
  return Array.isArray(reply) ? reply : [];
}

/** A RESP string (a `Buffer` from a client mapping strings to buffers is decoded as UTF-8). */
function text(reply: unknown): string {
  if (typeof reply === "string") return reply;
  if (reply instanceof Uint8Array) return new TextDecoder().decode(reply);
  if (typeof reply === "number") return String(reply);
  return "";
}
