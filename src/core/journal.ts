import { type AnswerBody, answerBodySchema } from "./answer";

/**
 * Durable notes about answers in flight, so exactly-once survives what React state does not:
 * - a reload mid-submit (this tab's record, in `sessionStorage`, which survives reloads);
 * - the same conversation open in two tabs (a claim in `localStorage`, taken under a Web Lock
 *   so two tabs cannot both see "unclaimed" and both send).
 * Storage, locks and time are injectable (`createStorageJournal`), so the guarantees are tested
 * without a browser; `createBrowserJournal` uses the page's. Nothing here touches storage at
 * import time; without `window` the browser journal is a no-op.
 */
export interface SubmissionJournal {
  /** Answers this tab recorded and never saw settle (read once, after a reload). */
  pending(sessionKey: string): { requestId: string; answer: AnswerBody }[];
  /** Records an answer before it is sent. */
  record(sessionKey: string, requestId: string, answer: AnswerBody): void;
  /** Claims the request for this tab. `taken`: another tab is answering or answered it. */
  claim(sessionKey: string, requestId: string): Promise<"claimed" | "taken">;
  /**
   * The request settled: forget this tab's record but keep the claim (the lock while this tab
   * lives, the note until it expires), so a tab whose stream lags behind, and still shows the
   * request open, cannot answer it again.
   */
  settle(sessionKey: string, requestId: string): void;
  /** The answer definitively did not arrive: forget the record and give up the claim. */
  release(sessionKey: string, requestId: string): void;
}

// v2: records hold a typed `AnswerBody` (v1 held a transport's wire answer); v1 records are ignored.
const PREFIX = "hitl-kit:v2";
/** A claim older than this belongs to a tab that died mid-send; the stream has long settled it. */
const CLAIM_TTL_MS = 10 * 60_000;

/** The slice of the Web Storage API the journal uses. */
export interface JournalStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The slice of the Web Locks API the journal uses: `navigator.locks.request(name, { ifAvailable:
 * true }, callback)`. The callback gets `null` when another holder has the lock; the lock is held
 * until the promise the callback returns settles.
 */
export interface JournalLocks {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => T | Promise<T>): Promise<T>;
}

export interface StorageJournalOptions {
  /** Survives a reload of this tab, not shared with other tabs (`sessionStorage`). */
  readonly session?: JournalStorage | undefined;
  /** Shared by every tab of the origin (`localStorage`). */
  readonly local?: JournalStorage | undefined;
  /** Serializes the cross-tab claim (`navigator.locks`); without it, check-and-set is best effort. */
  readonly locks?: JournalLocks | undefined;
  readonly now?: () => number;
}

/** The journal of the page this runs in: `sessionStorage`, `localStorage` and Web Locks. */
export function createBrowserJournal(): SubmissionJournal {
  // Older browsers and some embedded webviews have no Web Locks.
  const locks: LockManager | undefined = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return createStorageJournal({
    session: storage("sessionStorage"),
    local: storage("localStorage"),
    locks:
      typeof locks?.request === "function"
        ? { request: (name, options, callback) => locks.request(name, options, (lock) => callback(lock)) }
        : undefined,
  });
}

export function createStorageJournal(options: StorageJournalOptions): SubmissionJournal {
  const { session, local, locks } = options;
  const now = options.now ?? Date.now;
  const tabId = getTabId(session);
  /** Claim locks this tab holds, by key: released when the claim is given up, or with the tab. */
  const held = new Map<string, () => void>();
  pruneExpiredClaims(local, now);
  const recordKey = (session: string, request: string) => `${PREFIX}:pending:${session}:${request}`;
  const claimKey = (session: string, request: string) => `${PREFIX}:claim:${session}:${request}`;

  const readClaim = (key: string) => parseClaim(local?.getItem(key) ?? null);

  const tryClaim = (key: string): "claimed" | "taken" => {
    if (!local) return "claimed";
    const existing = readClaim(key);
    if (existing && existing.tab !== tabId && now() - existing.at < CLAIM_TTL_MS) return "taken";
    local.setItem(key, JSON.stringify({ tab: tabId, at: now() }));
    return "claimed";
  };

  return {
    pending(sessionKey) {
      const prefix = `${PREFIX}:pending:${sessionKey}:`;
      return keysWith(session, prefix).flatMap((key) => {
        const answer = answerBodySchema.safeParse(safeJson(session?.getItem(key) ?? null));
        return answer.success ? [{ requestId: key.slice(prefix.length), answer: answer.data }] : [];
      });
    },
    record(sessionKey, requestId, answer) {
      session?.setItem(recordKey(sessionKey, requestId), JSON.stringify(answer));
    },
    async claim(sessionKey, requestId) {
      const key = claimKey(sessionKey, requestId);
      if (!locks || held.has(key)) return tryClaim(key);
      // The claim is the lock itself, held for as long as this tab keeps it. A note in
      // localStorage alone is not enough even under a lock: Chromium hands a localStorage write
      // to other tabs asynchronously, so a tab taking the lock right after ours was released
      // could still read "unclaimed" and send a second answer. With `ifAvailable`, the other
      // tab sees the lock taken, whatever its copy of localStorage says. The note stays for tabs
      // that come later (after this one closed and its lock went with it).
      return new Promise<"claimed" | "taken">((resolve) => {
        locks
          .request(key, { ifAvailable: true }, (lock) => {
            if (lock === null) {
              resolve("taken");
              return undefined;
            }
            const result = tryClaim(key);
            resolve(result);
            if (result === "taken") return undefined;
            return new Promise<void>((release) => held.set(key, release));
          })
          .catch(() => resolve(tryClaim(key)));
      });
    },
    settle(sessionKey, requestId) {
      session?.removeItem(recordKey(sessionKey, requestId));
    },
    release(sessionKey, requestId) {
      session?.removeItem(recordKey(sessionKey, requestId));
      const key = claimKey(sessionKey, requestId);
      held.get(key)?.();
      held.delete(key);
      if (readClaim(key)?.tab === tabId) local?.removeItem(key);
    },
  };
}

/** For servers, tests and apps that opt out: remembers nothing. */
export const noopJournal: SubmissionJournal = {
  pending: () => [],
  record: () => {},
  claim: async () => "claimed",
  settle: () => {},
  release: () => {},
};

/** Claims outlive their requests by design; drop the expired ones so storage stays small. */
function pruneExpiredClaims(local: JournalStorage | undefined, now: () => number) {
  for (const key of keysWith(local, `${PREFIX}:claim:`)) {
    const at = parseClaim(local?.getItem(key) ?? null)?.at;
    if (at === undefined || now() - at >= CLAIM_TTL_MS) local?.removeItem(key);
  }
}

/** The keys starting with `prefix`, collected first: removing while indexing would skip keys. */
function keysWith(store: JournalStorage | undefined, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < (store?.length ?? 0); i++) {
    const key = store?.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

function storage(name: "sessionStorage" | "localStorage"): JournalStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window[name];
  } catch {
    // Storage access throws in some privacy modes and sandboxed iframes.
    return undefined;
  }
}

/** Stable across reloads of one tab (sessionStorage), distinct between tabs. */
function getTabId(session: JournalStorage | undefined): string {
  const key = `${PREFIX}:tab`;
  const existing = session?.getItem(key);
  if (existing) return existing;
  const id =
    typeof crypto !== "undefined" && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  session?.setItem(key, id);
  return id;
}

/** A claim note: which tab claimed, and when. A corrupt note is no claim. */
function parseClaim(raw: string | null): { tab: string; at: number } | undefined {
  const value = safeJson(raw);
  if (typeof value !== "object" || value === null || !("tab" in value) || !("at" in value)) return undefined;
  const { tab, at } = value;
  return typeof tab === "string" && typeof at === "number" ? { tab, at } : undefined;
}

function safeJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
