import type { AnswerBody } from "../core/answer";
import type { HitlIssue } from "../core/issues";
import type { Outcome, ParkedRequestInit } from "../core/model";

/**
 * A durable store of parked requests: what waits for a person, for whom, and the one answer each
 * gets. Three engines keep the same contract (one conformance suite runs against all of them):
 * memory (one process, tests and demos), SQLite in a file (`createSqliteInboxStore`: one process
 * that must survive a restart) and Redis (`createRedisInboxStore`: several page servers).
 *
 * The contract, in the words every engine is tested against:
 * - `park` is idempotent by request id: parking an id again returns what is there (its answer,
 *   if it has one) and never resets it.
 * - `answer` is the claim: of any number of concurrent answers (from any instance sharing the
 *   engine) exactly one wins; each loser learns the winner's record, as the eve guard's claim does.
 *   Another owner's id reads as unknown, never as "forbidden": ids do not leak across owners.
 * - A request past its `expiresAt` is never answered: the first read that sees it due settles it
 *   as expired.
 * - Every answer and every expiry is delivered to the asker once, through the outbox
 *   (`takeDelivery` → deliver → `settleDelivery`): a record is leased to one deliverer at a time,
 *   and a deliverer that dies mid-delivery (SIGKILL, a crash) leaves a lease that runs out, after
 *   which the record is delivered again. So a sink sees an answer at least once and must treat a
 *   repeat of a request id as done (every sink the kit ships does: by interrupt id, tool call id or
 *   request id); the store guarantees no answer is lost and none is delivered after it was settled.
 */

export type InboxRecordState = "open" | "answered" | "withdrawn" | "expired";

/** What the asker parks. The request id (`request.requestId`) is the record's id. */
export interface InboxParkInput {
  readonly request: ParkedRequestInit;
  /** Whose request it is: only this owner lists and answers it. */
  readonly owner: string;
  /** Who asked, for grouping and for routing the answer back: "langgraph", "mcp", "eve", an app's own. */
  readonly source: string;
  /** The conversation, thread or session it belongs to. */
  readonly conversation?: string | undefined;
  /** When it stops being answerable (ms since the epoch); it waits forever without one. */
  readonly expiresAt?: number | undefined;
  /**
   * What the sink needs to deliver the answer (a continuation, a resume token): stored untouched,
   * returned by `get`, `list` and `takeDelivery`, never sent to a page. Plain JSON, at most
   * `MAX_INBOX_RESUME_BYTES` as JSON; parking an id again never changes it.
   */
  readonly resume?: unknown;
}

export interface InboxRecord {
  readonly id: string;
  readonly owner: string;
  readonly source: string;
  readonly conversation?: string;
  readonly request: ParkedRequestInit;
  readonly state: InboxRecordState;
  readonly parkedAt: number;
  readonly expiresAt?: number;
  /** What the sink parked to deliver the answer with (present only when it parked one); never sent to a page. */
  readonly resume?: unknown;
  /** When it was answered, withdrawn or expired. */
  readonly settledAt?: number;
  /** The one answer, once answered. */
  readonly answer?: AnswerBody;
  /** How it ended, as the page's ledger records it (an expired request reads as withdrawn). */
  readonly outcome?: Outcome;
  /** An answered or expired record: its asker has been told. */
  readonly delivered: boolean;
}

export interface InboxQuery {
  readonly owner: string;
  /** @default "open" */
  readonly state?: InboxRecordState;
  /** By parking order. @default "oldest" */
  readonly order?: "oldest" | "newest";
  /** 1–100. @default 50 */
  readonly limit?: number;
  /** The `next` of the page before. */
  readonly cursor?: string;
}

export interface InboxPage {
  readonly records: readonly InboxRecord[];
  /** The cursor of the next page; absent on the last. */
  readonly next?: string;
}

/** What an answer got: the win, the winner's record, or why there is nothing to answer. */
export type InboxClaim =
  | { readonly won: true; readonly record: InboxRecord }
  | { readonly won: false; readonly reason: "answered"; readonly record: InboxRecord }
  | { readonly won: false; readonly reason: "unknown" | "withdrawn" | "expired" };

export interface InboxAnswerInput {
  /** Who answers: an id parked for someone else reads as unknown. */
  readonly owner: string;
  readonly answer: AnswerBody;
  readonly outcome: Outcome;
}

export interface InboxDeliveryLease {
  /** Who delivers (one id per process or worker). */
  readonly holder: string;
  /** How long the record is this holder's before another may deliver it. */
  readonly leaseMs: number;
  /** This record only (an asker waiting in this process delivers its own answer). */
  readonly id?: string;
}

export interface InboxStore {
  /** Parks a request, or returns the one parked under its id (`created: false`). */
  park(input: InboxParkInput): Promise<{ readonly record: InboxRecord; readonly created: boolean }>;
  /** One record by id, whoever owns it (for the server side: sinks, links). */
  get(id: string): Promise<InboxRecord | undefined>;
  /** An owner's records in one state, a page at a time; due requests are expired first. */
  list(query: InboxQuery): Promise<InboxPage>;
  /** The claim: the first answer to an open request wins, atomically. */
  answer(id: string, input: InboxAnswerInput): Promise<InboxClaim>;
  /** The asker gave up: an open request is settled as withdrawn (nothing to deliver). */
  withdraw(id: string): Promise<boolean>;
  /** Settles every open request past its `expiresAt` as expired; how many it settled. */
  expire(): Promise<number>;
  /** The oldest answered or expired record nobody has delivered and nobody holds, leased to `holder`. */
  takeDelivery(lease: InboxDeliveryLease): Promise<InboxRecord | undefined>;
  /** Marks a record delivered; `false` unless `holder` still holds it undelivered. */
  settleDelivery(id: string, holder: string): Promise<boolean>;
  /** Deletes settled records (delivered, or withdrawn) settled before `before`; how many. */
  purge(before: number): Promise<number>;
  /** Releases what the store opened itself (nothing for a database or client passed in). */
  close(): Promise<void>;
}

/** A request or query the store will not take: the reason, and what is wrong. */
export class InboxError extends Error {
  override readonly name = "InboxError";
  constructor(
    message: string,
    readonly reason: "invalid" | "full",
    readonly issues: readonly HitlIssue[] = [],
  ) {
    super(message);
  }
}

/** The largest request (as JSON) the inbox parks, and the largest answer body it reads. */
export const MAX_INBOX_REQUEST_BYTES = 256 * 1024;
export const MAX_INBOX_ANSWER_BYTES = 1_100_000;
/** The largest `resume` (as UTF-8 JSON) the inbox parks beside a request. */
export const MAX_INBOX_RESUME_BYTES = 256 * 1024;
const MAX_ID_LENGTH = 200;
const MAX_PAGE = 100;

/** What every engine checks before it parks: a clear error, never a half-written record. */
export function checkPark(input: InboxParkInput): {
  readonly requestJson: string;
  readonly resumeJson?: string;
} {
  const { request } = input ?? {};
  const text = (value: unknown, max: number) => typeof value === "string" && value !== "" && value.length <= max;
  let problem: string | undefined;
  if (!text(request?.requestId, MAX_ID_LENGTH)) problem = `its requestId must be 1–${MAX_ID_LENGTH} characters`;
  else if (
    typeof request.kind !== "string" ||
    typeof request.prompt !== "string" ||
    typeof request.callId !== "string"
  ) {
    problem = "it needs a callId, a kind and a prompt";
  } else if (!text(input.owner, MAX_ID_LENGTH)) problem = `its owner must be 1–${MAX_ID_LENGTH} characters`;
  else if (!text(input.source, MAX_ID_LENGTH)) problem = `its source must be 1–${MAX_ID_LENGTH} characters`;
  else if (input.conversation !== undefined && !text(input.conversation, MAX_ID_LENGTH)) {
    problem = `its conversation must be 1–${MAX_ID_LENGTH} characters`;
  } else if (input.expiresAt !== undefined && !Number.isFinite(input.expiresAt)) {
    problem = "its expiresAt must be a time in milliseconds";
  }
  if (problem) throw new InboxError(`The request cannot be parked: ${problem}`, "invalid");
  let requestJson: string;
  try {
    requestJson = JSON.stringify(request);
  } catch {
    throw new InboxError("The request cannot be parked: it is not plain JSON", "invalid");
  }
  if (requestJson.length > MAX_INBOX_REQUEST_BYTES) {
    throw new InboxError(
      `The request cannot be parked: it is over ${MAX_INBOX_REQUEST_BYTES} bytes as JSON`,
      "invalid",
    );
  }
  if (input.resume === undefined) return { requestJson };
  let resumeJson: string | undefined;
  try {
    resumeJson = JSON.stringify(input.resume);
  } catch {
    // A BigInt, a cycle, a toJSON that throws.
  }
  // A function or a symbol stringifies to undefined: nothing to store, and no way to say "none".
  if (typeof resumeJson !== "string") {
    throw new InboxError("The request cannot be parked: its resume is not plain JSON", "invalid");
  }
  if (new TextEncoder().encode(resumeJson).length > MAX_INBOX_RESUME_BYTES) {
    throw new InboxError(
      `The request cannot be parked: its resume is over ${MAX_INBOX_RESUME_BYTES} bytes as JSON`,
      "invalid",
    );
  }
  return { requestJson, resumeJson };
}

/** The page size and the position after which the page starts (`undefined`: from the start). */
export function pageOf(query: InboxQuery): { readonly limit: number; readonly after: number | undefined } {
  const limit = query.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
    throw new InboxError(`A page holds 1–${MAX_PAGE} records, not ${String(limit)}`, "invalid");
  }
  if (query.cursor === undefined) return { limit, after: undefined };
  // The cursor is the parking position of the page's last record; opaque to callers.
  const match = /^p([0-9a-z]{1,11})$/.exec(query.cursor);
  if (!match) throw new InboxError("The cursor is not one this inbox gave out", "invalid");
  return { limit, after: Number.parseInt(match[1] as string, 36) };
}

export const cursorAt = (seq: number): string => `p${seq.toString(36)}`;

export const STATES: readonly InboxRecordState[] = ["open", "answered", "withdrawn", "expired"];

export function checkState(state: InboxRecordState | undefined): InboxRecordState {
  const value = state ?? "open";
  if (!STATES.includes(value))
    throw new InboxError(`No state "${String(value)}"; one of ${STATES.join(", ")}`, "invalid");
  return value;
}

// ------------------------------------------------------------------ memory

export interface MemoryInboxStoreOptions {
  /** Open requests one owner may have at once; parking one more throws `InboxError` (`full`). @default 10000 */
  readonly maxOpenPerOwner?: number;
  readonly now?: () => number;
}

interface MemoryRow {
  record: InboxRecord;
  readonly seq: number;
  holder?: string;
  leaseUntil?: number;
}

/**
 * The store in this process's memory: the contract without the durability, for tests, demos and
 * one-process apps that accept losing what waits on a restart.
 */
export function createMemoryInboxStore(options: MemoryInboxStoreOptions = {}): InboxStore {
  const maxOpen = options.maxOpenPerOwner ?? 10_000;
  const now = options.now ?? Date.now;
  // In parking order: Map keeps insertion order, and ids are never re-inserted.
  const rows = new Map<string, MemoryRow>();
  /** Each owner's rows in parking order: a page reads one owner's, not everyone's. */
  const byOwner = new Map<string, MemoryRow[]>();
  const openByOwner = new Map<string, number>();
  let seq = 0;

  const settle = (row: MemoryRow, patch: Partial<InboxRecord>) => {
    const { owner } = row.record;
    openByOwner.set(owner, (openByOwner.get(owner) ?? 1) - 1);
    row.record = { ...row.record, ...patch, settledAt: now() };
  };
  const expireDue = (row: MemoryRow, at: number) => {
    const { record } = row;
    if (record.state !== "open" || record.expiresAt === undefined || record.expiresAt > at) return false;
    settle(row, { state: "expired", outcome: "withdrawn" });
    return true;
  };

  // Every method reads and writes in one synchronous step: two callers cannot interleave.
  return {
    async park(input) {
      const { resumeJson } = checkPark(input);
      const existing = rows.get(input.request.requestId);
      if (existing) {
        if (existing.record.owner !== input.owner) throw ownerConflict(input.request.requestId);
        expireDue(existing, now());
        return { record: existing.record, created: false };
      }
      const open = openByOwner.get(input.owner) ?? 0;
      if (open >= maxOpen) throw full(input.owner, maxOpen);
      openByOwner.set(input.owner, open + 1);
      const record: InboxRecord = {
        id: input.request.requestId,
        owner: input.owner,
        source: input.source,
        ...(input.conversation !== undefined ? { conversation: input.conversation } : {}),
        // A copy: the caller's object may change after it parked.
        request: JSON.parse(JSON.stringify(input.request)) as ParkedRequestInit,
        state: "open",
        parkedAt: now(),
        ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt } : {}),
        // A copy too, as the other engines read it back: what JSON keeps of it.
        ...(resumeJson !== undefined ? { resume: JSON.parse(resumeJson) as unknown } : {}),
        delivered: false,
      };
      const row = { record, seq: ++seq };
      rows.set(record.id, row);
      const owned = byOwner.get(record.owner);
      if (owned) owned.push(row);
      else byOwner.set(record.owner, [row]);
      return { record, created: true };
    },

    async get(id) {
      const row = rows.get(id);
      if (!row) return undefined;
      expireDue(row, now());
      return row.record;
    },

    async list(query) {
      const state = checkState(query.state);
      const { limit, after } = pageOf(query);
      const at = now();
      for (const row of byOwner.get(query.owner) ?? []) expireDue(row, at);
      let matching = (byOwner.get(query.owner) ?? []).filter((row) => row.record.state === state);
      if (query.order === "newest") matching.reverse();
      if (after !== undefined) {
        matching = matching.filter((row) => (query.order === "newest" ? row.seq < after : row.seq > after));
      }
      const page = matching.slice(0, limit);
      const last = page.at(-1);
      return {
        records: page.map((row) => row.record),
        ...(matching.length > limit && last ? { next: cursorAt(last.seq) } : {}),
      };
    },

    async answer(id, input) {
      const row = rows.get(id);
      if (!row || row.record.owner !== input.owner) return { won: false, reason: "unknown" };
      expireDue(row, now());
      const { state } = row.record;
      if (state === "answered") return { won: false, reason: "answered", record: row.record };
      if (state !== "open") return { won: false, reason: state };
      settle(row, { state: "answered", answer: input.answer, outcome: input.outcome });
      return { won: true, record: row.record };
    },

    async withdraw(id) {
      const row = rows.get(id);
      if (row?.record.state !== "open") return false;
      settle(row, { state: "withdrawn", outcome: "withdrawn" });
      return true;
    },

    async expire() {
      const at = now();
      let count = 0;
      for (const row of rows.values()) if (expireDue(row, at)) count++;
      return count;
    },

    async takeDelivery({ holder, leaseMs, id }) {
      const at = now();
      const candidates = id === undefined ? rows.values() : [rows.get(id)].filter((row) => row !== undefined);
      for (const row of candidates) {
        expireDue(row, at);
        const { record } = row;
        if (record.delivered || (record.state !== "answered" && record.state !== "expired")) continue;
        if (row.leaseUntil !== undefined && row.leaseUntil > at) continue;
        row.holder = holder;
        row.leaseUntil = at + leaseMs;
        return record;
      }
      return undefined;
    },

    async settleDelivery(id, holder) {
      const row = rows.get(id);
      if (!row || row.record.delivered || row.holder !== holder) return false;
      row.record = { ...row.record, delivered: true };
      row.holder = undefined;
      row.leaseUntil = undefined;
      return true;
    },

    async purge(before) {
      let count = 0;
      for (const [id, row] of rows) {
        const { record } = row;
        const done = record.delivered || record.state === "withdrawn";
        if (done && record.settledAt !== undefined && record.settledAt < before) {
          rows.delete(id);
          count++;
        }
      }
      if (count > 0) {
        for (const [owner, owned] of byOwner) {
          const kept = owned.filter((row) => rows.has(row.record.id));
          if (kept.length > 0) byOwner.set(owner, kept);
          else byOwner.delete(owner);
        }
      }
      return count;
    },

    async close() {},
  };
}

export const ownerConflict = (id: string) =>
  new InboxError(`The request cannot be parked: ${id} is parked for another owner`, "invalid");
export const full = (owner: string, max: number) =>
  new InboxError(`The inbox holds ${max} open requests for ${owner} already`, "full");

// ------------------------------------------------------------------ delivery

export interface DeliverOptions {
  /** This deliverer's id. @default a random UUID per call */
  readonly holder?: string;
  /** How long a record is this deliverer's before another may try. @default 30000 */
  readonly leaseMs?: number;
  /** Records to deliver in this call at most. @default 100 */
  readonly max?: number;
}

export interface DeliverReport {
  readonly delivered: readonly string[];
  /** Records the sink threw on: retried by a later call once their lease runs out. */
  readonly failed: readonly { readonly id: string; readonly error: unknown }[];
}

/**
 * The answer a sink delivers for a settled record: the person's, or — for a request that expired
 * unanswered — a decline, so the asker is not left waiting forever. One wording for every sink.
 */
export function deliveredAnswer(record: InboxRecord): AnswerBody {
  if (record.state === "answered" && record.answer) return record.answer;
  return { type: "declined", reason: "The request expired before anyone answered it" };
}

/**
 * Drains the outbox: each answered or expired record nobody holds goes to `sink` once, then is
 * marked delivered. Run it after each answer and once at start-up — the start-up run is what
 * delivers an answer whose deliverer died between the claim and the delivery. A sink that throws
 * leaves its record leased; it is tried again after `leaseMs`.
 */
export async function deliverSettled(
  store: InboxStore,
  sink: (record: InboxRecord) => Promise<void> | void,
  options: DeliverOptions = {},
): Promise<DeliverReport> {
  const holder = options.holder ?? globalThis.crypto.randomUUID();
  const leaseMs = options.leaseMs ?? 30_000;
  const max = options.max ?? 100;
  const delivered: string[] = [];
  const failed: { id: string; error: unknown }[] = [];
  while (delivered.length + failed.length < max) {
    const record = await store.takeDelivery({ holder, leaseMs });
    if (!record) break;
    try {
      await sink(record);
    } catch (error) {
      failed.push({ id: record.id, error });
      continue;
    }
    if (await store.settleDelivery(record.id, holder)) delivered.push(record.id);
  }
  return { delivered, failed };
}
