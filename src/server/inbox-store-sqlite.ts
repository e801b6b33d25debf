import type { AnswerBody } from "../core/answer";
import type { Outcome, ParkedRequestInit } from "../core/model";
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

/**
 * The part of a synchronous SQLite driver the store uses. `libsql` (the kit's tested pin),
 * `better-sqlite3` and Node's own `node:sqlite` (`DatabaseSync`, Node ≥ 22.13) all have it, so
 * the kit depends on none of them:
 *
 *   import Database from "libsql";
 *   const store = createSqliteInboxStore(new Database("inbox.db"));
 */
export interface SqliteDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
}

export interface SqliteStatement {
  run(...params: SqliteValue[]): { readonly changes: number | bigint };
  get(...params: SqliteValue[]): unknown;
  all(...params: SqliteValue[]): unknown[];
}

type SqliteValue = string | number | null;

export interface SqliteInboxStoreOptions {
  /** The table (created when missing). @default "hitl_inbox" */
  readonly table?: string;
  /** Open requests one owner may have at once; parking one more throws `InboxError` (`full`). @default 10000 */
  readonly maxOpenPerOwner?: number;
  readonly now?: () => number;
  /** Closes the database with the store (for a database the app opened only for it). @default false */
  readonly closeDatabase?: boolean;
}

interface Row {
  seq: number;
  id: string;
  owner: string;
  source: string;
  conversation: string | null;
  request: string;
  state: InboxRecordState;
  parked_at: number;
  expires_at: number | null;
  settled_at: number | null;
  answer: string | null;
  outcome: string | null;
  delivered: number;
  resume: string | null;
}

/**
 * The embedded store: one SQLite file, kept across restarts, no server. Every write is one
 * statement or one `BEGIN IMMEDIATE` transaction, so several connections to the file (two
 * processes, a restarted one beside the old) agree on the one winner. The database is put in WAL
 * mode with `synchronous = FULL`: a committed answer survives the process being killed the next
 * instant, and readers do not wait for writers.
 */
export function createSqliteInboxStore(db: SqliteDatabase, options: SqliteInboxStoreOptions = {}): InboxStore {
  const table = options.table ?? "hitl_inbox";
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(table)) {
    throw new InboxError(`"${table}" is not a table name the store uses (letters, digits, _)`, "invalid");
  }
  const maxOpen = options.maxOpenPerOwner ?? 10_000;
  const now = options.now ?? Date.now;

  // busy_timeout first: switching to WAL takes the file's lock, and processes opening the file at
  // once would otherwise get "database is locked" at once instead of waiting their turn.
  db.exec(`
    PRAGMA busy_timeout = 5000;
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    CREATE TABLE IF NOT EXISTS ${table} (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      owner TEXT NOT NULL,
      source TEXT NOT NULL,
      conversation TEXT,
      request TEXT NOT NULL,
      state TEXT NOT NULL,
      parked_at INTEGER NOT NULL,
      expires_at INTEGER,
      settled_at INTEGER,
      answer TEXT,
      outcome TEXT,
      delivered INTEGER NOT NULL DEFAULT 0,
      holder TEXT,
      lease_until INTEGER,
      resume TEXT
    );
    CREATE INDEX IF NOT EXISTS ${table}_list ON ${table} (owner, state, seq);
    CREATE INDEX IF NOT EXISTS ${table}_due ON ${table} (expires_at) WHERE state = 'open' AND expires_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS ${table}_outbox ON ${table} (seq) WHERE state IN ('answered', 'expired') AND delivered = 0;
    CREATE INDEX IF NOT EXISTS ${table}_settled ON ${table} (settled_at) WHERE settled_at IS NOT NULL;
  `);

  /** A write that reads first, as one transaction no other connection can interleave with. */
  const transaction = <T>(body: () => T): T => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = body();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  };

  // A table made before `resume` was a column gets it (NULL for the rows it holds). Checked again
  // under the write lock: another process opening the file at once may have added it meanwhile.
  const hasResume = () =>
    (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((column) => column.name === "resume");
  if (!hasResume()) {
    transaction(() => {
      if (!hasResume()) db.exec(`ALTER TABLE ${table} ADD COLUMN resume TEXT`);
    });
  }

  const COLUMNS =
    "seq, id, owner, source, conversation, request, state, parked_at, expires_at, settled_at, answer, outcome, delivered, resume";
  const sql = {
    byId: db.prepare(`SELECT ${COLUMNS} FROM ${table} WHERE id = ?`),
    openCount: db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE owner = ? AND state = 'open'`),
    insert: db.prepare(
      `INSERT INTO ${table} (id, owner, source, conversation, request, state, parked_at, expires_at, resume)
       VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?)`,
    ),
    expireDue: db.prepare(
      `UPDATE ${table} SET state = 'expired', outcome = 'withdrawn', settled_at = ?
       WHERE state = 'open' AND expires_at IS NOT NULL AND expires_at <= ?`,
    ),
    expireOne: db.prepare(
      `UPDATE ${table} SET state = 'expired', outcome = 'withdrawn', settled_at = ?
       WHERE id = ? AND state = 'open' AND expires_at IS NOT NULL AND expires_at <= ?`,
    ),
    answer: db.prepare(
      `UPDATE ${table} SET state = 'answered', answer = ?, outcome = ?, settled_at = ?
       WHERE id = ? AND owner = ? AND state = 'open' AND (expires_at IS NULL OR expires_at > ?)
       RETURNING ${COLUMNS}`,
    ),
    withdraw: db.prepare(
      `UPDATE ${table} SET state = 'withdrawn', outcome = 'withdrawn', settled_at = ? WHERE id = ? AND state = 'open'`,
    ),
    take: db.prepare(
      `UPDATE ${table} SET holder = ?, lease_until = ?
       WHERE seq = (SELECT seq FROM ${table}
                    WHERE state IN ('answered', 'expired') AND delivered = 0 AND (lease_until IS NULL OR lease_until <= ?)
                    ORDER BY seq LIMIT 1)
       RETURNING ${COLUMNS}`,
    ),
    takeId: db.prepare(
      `UPDATE ${table} SET holder = ?, lease_until = ?
       WHERE id = ? AND state IN ('answered', 'expired') AND delivered = 0 AND (lease_until IS NULL OR lease_until <= ?)
       RETURNING ${COLUMNS}`,
    ),
    settleDelivery: db.prepare(
      `UPDATE ${table} SET delivered = 1, holder = NULL, lease_until = NULL WHERE id = ? AND holder = ? AND delivered = 0`,
    ),
    purge: db.prepare(
      `DELETE FROM ${table} WHERE settled_at IS NOT NULL AND settled_at < ? AND (delivered = 1 OR state = 'withdrawn')`,
    ),
    pageOldest: db.prepare(
      `SELECT ${COLUMNS} FROM ${table} WHERE owner = ? AND state = ? AND seq > ? ORDER BY seq ASC LIMIT ?`,
    ),
    pageNewest: db.prepare(
      `SELECT ${COLUMNS} FROM ${table} WHERE owner = ? AND state = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ),
  };

  const byId = (id: string) => sql.byId.get(id) as Row | undefined;

  return {
    async park(input) {
      const { requestJson, resumeJson } = checkPark(input);
      const { request, owner } = input;
      return transaction(() => {
        const at = now();
        sql.expireOne.run(at, request.requestId, at);
        const existing = byId(request.requestId);
        if (existing) {
          if (existing.owner !== owner) throw ownerConflict(request.requestId);
          return { record: recordOf(existing), created: false };
        }
        const { n } = sql.openCount.get(owner) as { n: number | bigint };
        if (Number(n) >= maxOpen) throw full(owner, maxOpen);
        sql.insert.run(
          request.requestId,
          owner,
          input.source,
          input.conversation ?? null,
          requestJson,
          at,
          input.expiresAt ?? null,
          resumeJson ?? null,
        );
        return { record: recordOf(byId(request.requestId) as Row), created: true };
      });
    },

    async get(id) {
      const at = now();
      sql.expireOne.run(at, id, at);
      const row = byId(id);
      return row ? recordOf(row) : undefined;
    },

    async list(query) {
      const state = checkState(query.state);
      const { limit, after } = pageOf(query);
      const at = now();
      sql.expireDue.run(at, at);
      const newest = query.order === "newest";
      // One more than the page: whether there is a next page, without a count.
      const rows = (newest ? sql.pageNewest : sql.pageOldest).all(
        query.owner,
        state,
        after ?? (newest ? Number.MAX_SAFE_INTEGER : 0),
        limit + 1,
      ) as Row[];
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        records: page.map(recordOf),
        ...(rows.length > limit && last ? { next: cursorAt(Number(last.seq)) } : {}),
      };
    },

    async answer(id, input) {
      const at = now();
      sql.expireOne.run(at, id, at);
      const won = sql.answer.get(JSON.stringify(input.answer), input.outcome, at, id, input.owner, at) as
        | Row
        | undefined;
      if (won) return { won: true, record: recordOf(won) };
      // Lost: what is there now is final (a settled record never reopens).
      const row = byId(id);
      if (!row || row.owner !== input.owner) return { won: false, reason: "unknown" };
      if (row.state === "answered") return { won: false, reason: "answered", record: recordOf(row) };
      return { won: false, reason: row.state === "expired" ? "expired" : "withdrawn" };
    },

    async withdraw(id) {
      return Number(sql.withdraw.run(now(), id).changes) > 0;
    },

    async expire() {
      const at = now();
      return Number(sql.expireDue.run(at, at).changes);
    },

    async takeDelivery({ holder, leaseMs, id }) {
      const at = now();
      sql.expireDue.run(at, at);
      const row = (
        id === undefined ? sql.take.get(holder, at + leaseMs, at) : sql.takeId.get(holder, at + leaseMs, id, at)
      ) as Row | undefined;
      return row ? recordOf(row) : undefined;
    },

    async settleDelivery(id, holder) {
      return Number(sql.settleDelivery.run(id, holder).changes) > 0;
    },

    async purge(before) {
      return Number(sql.purge.run(before).changes);
    },

    async close() {
      if (options.closeDatabase) (db as { close?: () => void }).close?.();
    },
  };
}

function recordOf(row: Row): InboxRecord {
  return {
    id: row.id,
    owner: row.owner,
    source: row.source,
    ...(row.conversation !== null ? { conversation: row.conversation } : {}),
    request: JSON.parse(row.request) as ParkedRequestInit,
    state: row.state,
    parkedAt: Number(row.parked_at),
    ...(row.expires_at !== null ? { expiresAt: Number(row.expires_at) } : {}),
    ...(row.resume !== null ? { resume: JSON.parse(row.resume) as unknown } : {}),
    ...(row.settled_at !== null ? { settledAt: Number(row.settled_at) } : {}),
    ...(row.answer !== null ? { answer: JSON.parse(row.answer) as AnswerBody } : {}),
    ...(row.outcome !== null ? { outcome: row.outcome as Outcome } : {}),
    delivered: Number(row.delivered) === 1,
  };
}
