import { type AnswerPayload, answerPayloadSchema } from "../core/model";

/**
 * Durable notes about answers in flight, so exactly-once survives what React state does not:
 * - a reload mid-submit (this tab's record, in `sessionStorage`, which survives reloads);
 * - the same conversation open in two tabs (a claim in `localStorage`, taken under a Web Lock
 *   so two tabs cannot both see "unclaimed" and both send).
 * Nothing here touches storage at import time; without `window` it is a no-op.
 */
export interface SubmissionJournal {
  /** Answers this tab recorded and never saw settle (read once, after a reload). */
  pending(sessionKey: string): { requestId: string; answer: AnswerPayload }[];
  /** Records an answer before it is sent. */
  record(sessionKey: string, requestId: string, answer: AnswerPayload): void;
  /** Claims the request for this tab. `taken`: another tab is answering or answered it. */
  claim(sessionKey: string, requestId: string): Promise<"claimed" | "taken">;
  /**
   * The request settled: forget this tab's record but keep the claim (until it expires), so a
   * tab whose stream lags behind, and still shows the request open, cannot answer it again.
   */
  settle(sessionKey: string, requestId: string): void;
  /** The answer definitively did not arrive: forget the record and give up the claim. */
  release(sessionKey: string, requestId: string): void;
}

const PREFIX = "hitl-kit:v1";
/** A claim older than this belongs to a tab that died mid-send; the stream has long settled it. */
const CLAIM_TTL_MS = 10 * 60_000;

export function createBrowserJournal(): SubmissionJournal {
  const tabId = getTabId();
  pruneExpiredClaims();
  const recordKey = (session: string, request: string) => `${PREFIX}:pending:${session}:${request}`;
  const claimKey = (session: string, request: string) => `${PREFIX}:claim:${session}:${request}`;

  const readClaim = (key: string): { tab: string; at: number } | undefined => {
    const raw = storage("localStorage")?.getItem(key);
    if (!raw) return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === "object" && value !== null && "tab" in value && "at" in value) {
        const { tab, at } = value;
        if (typeof tab === "string" && typeof at === "number") return { tab, at };
      }
    } catch {
      // A corrupt claim is no claim.
    }
    return undefined;
  };

  const tryClaim = (key: string): "claimed" | "taken" => {
    const local = storage("localStorage");
    if (!local) return "claimed";
    const existing = readClaim(key);
    if (existing && existing.tab !== tabId && Date.now() - existing.at < CLAIM_TTL_MS) return "taken";
    local.setItem(key, JSON.stringify({ tab: tabId, at: Date.now() }));
    return "claimed";
  };

  return {
    pending(sessionKey) {
      const session = storage("sessionStorage");
      if (!session) return [];
      const prefix = `${PREFIX}:pending:${sessionKey}:`;
      const out: { requestId: string; answer: AnswerPayload }[] = [];
      for (let i = 0; i < session.length; i++) {
        const key = session.key(i);
        if (!key?.startsWith(prefix)) continue;
        const parsed = safeJson(session.getItem(key));
        const answer = answerPayloadSchema.safeParse(parsed);
        if (answer.success) out.push({ requestId: key.slice(prefix.length), answer: answer.data });
      }
      return out;
    },
    record(sessionKey, requestId, answer) {
      storage("sessionStorage")?.setItem(recordKey(sessionKey, requestId), JSON.stringify(answer));
    },
    async claim(sessionKey, requestId) {
      const key = claimKey(sessionKey, requestId);
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      // Check-and-set under an exclusive lock: the only way two tabs can't interleave it.
      if (locks?.request) return locks.request(key, () => tryClaim(key));
      return tryClaim(key);
    },
    settle(sessionKey, requestId) {
      storage("sessionStorage")?.removeItem(recordKey(sessionKey, requestId));
    },
    release(sessionKey, requestId) {
      storage("sessionStorage")?.removeItem(recordKey(sessionKey, requestId));
      const key = claimKey(sessionKey, requestId);
      if (readClaim(key)?.tab === tabId) storage("localStorage")?.removeItem(key);
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
function pruneExpiredClaims() {
  const local = storage("localStorage");
  if (!local) return;
  const prefix = `${PREFIX}:claim:`;
  const expired: string[] = [];
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    if (!key?.startsWith(prefix)) continue;
    const value = safeJson(local.getItem(key));
    const at = typeof value === "object" && value !== null && "at" in value ? value.at : undefined;
    if (typeof at !== "number" || Date.now() - at >= CLAIM_TTL_MS) expired.push(key);
  }
  for (const key of expired) local.removeItem(key);
}

function storage(name: "sessionStorage" | "localStorage"): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window[name];
  } catch {
    // Storage access throws in some privacy modes and sandboxed iframes.
    return undefined;
  }
}

/** Stable across reloads of one tab (sessionStorage), distinct between tabs. */
function getTabId(): string {
  const session = storage("sessionStorage");
  const key = `${PREFIX}:tab`;
  const existing = session?.getItem(key);
  if (existing) return existing;
  const id =
    typeof crypto !== "undefined" && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  session?.setItem(key, id);
  return id;
}

function safeJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
