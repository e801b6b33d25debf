import { type AnswerBody, answerBodySchema } from "../core/answer";
import { fromZodIssues, type HitlIssue } from "../core/issues";
import type { Outcome, ParkedRequestInit } from "../core/model";
import { approvalDecision } from "../kinds/native";
import { InboxError, MAX_INBOX_ANSWER_BYTES, MAX_INBOX_REQUEST_BYTES } from "./inbox-store";

export { InboxError } from "./inbox-store";

/**
 * Requests parked on a server for a person to answer from a page: the asker `park`s a request
 * and awaits its one answer; the page follows `GET …/requests` and answers with
 * `POST …/requests/:id/answer` through the inbox transport (`hitl-kit/adapters/inbox`), so the
 * client, the ledger and every widget apply unchanged. The first answer wins; a second gets 409
 * with the first (the page shows "answered elsewhere"). An asker that gives up (its `signal`)
 * withdraws the request. Nothing times out on its own: a person answers when they can.
 *
 * This one keeps its requests in memory (one process; they end with it). Bounded: a request's
 * JSON and an answer's body are capped, and so is the number waiting at once.
 */

export type InboxEntryState = "open" | "answered" | "withdrawn";

/** One request as the inbox keeps it (and as `GET …/requests` lists it). */
export interface InboxEntry {
  readonly request: ParkedRequestInit;
  readonly state: InboxEntryState;
  /** When it was parked (ms since the epoch). */
  readonly parkedAt: number;
  /** The one answer, once answered. */
  readonly answer?: AnswerBody;
  /** How it ended, once it did (an approval's decision reads as approved or denied). */
  readonly outcome?: Outcome;
}

export type InboxAnswerResult =
  | { readonly ok: true; readonly outcome: Outcome }
  | { readonly ok: false; readonly reason: "unknown" | "withdrawn" }
  /** Someone answered first: theirs is the answer that counts. */
  | { readonly ok: false; readonly reason: "answered"; readonly answer: AnswerBody };

export interface MemoryInboxOptions {
  /** Requests waiting at once; parking one more throws `InboxError` (`full`). @default 1000 */
  readonly maxOpen?: number;
  /** Answered or withdrawn requests still listed (their receipts), newest kept. @default 200 */
  readonly keepSettled?: number;
  readonly now?: () => number;
}

export interface HitlInbox {
  /**
   * Parks a request and resolves with its one answer. Parking an id that waits already joins
   * it; one already answered resolves with that answer. `signal` (the asker gave up) withdraws
   * the request and rejects with the signal's reason.
   */
  park(request: ParkedRequestInit, options?: { readonly signal?: AbortSignal }): Promise<AnswerBody>;
  /** Records the first answer to a waiting request (what the answer route does). */
  answer(requestId: string, answer: AnswerBody): InboxAnswerResult;
  /** Withdraws a waiting request: its askers' promises reject. `false` when it was not waiting. */
  withdraw(requestId: string, reason?: unknown): boolean;
  /** Every waiting request, then the kept receipts, oldest first. */
  list(): readonly InboxEntry[];
  subscribe(listener: () => void): () => void;
  /**
   * The HTTP routes, for any fetch-style server (a Next.js route handler, Hono, `node:http`
   * through an adapter), mounted at any path: `GET <path>/requests`,
   * `POST <path>/requests/:id/answer` with `{ answer }`.
   */
  handle(request: Request): Promise<Response>;
}

const MAX_ID_LENGTH = 200;

interface Slot {
  entry: InboxEntry;
  readonly waiters: Array<{ resolve: (answer: AnswerBody) => void; reject: (reason: unknown) => void }>;
}

export function createMemoryInbox(options: MemoryInboxOptions = {}): HitlInbox {
  const maxOpen = options.maxOpen ?? 1000;
  const keepSettled = options.keepSettled ?? 200;
  const now = options.now ?? Date.now;
  const slots = new Map<string, Slot>();
  const listeners = new Set<() => void>();
  let openCount = 0;

  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  /** Settles a waiting slot; forgets the oldest receipts beyond `keepSettled`. */
  const settle = (slot: Slot, entry: InboxEntry) => {
    slot.entry = entry;
    openCount--;
    // Re-inserted: the map's order is then "settled most recently last".
    slots.delete(entry.request.requestId);
    slots.set(entry.request.requestId, slot);
    let settled = [...slots.values()].filter((s) => s.entry.state !== "open").length;
    for (const [id, other] of slots) {
      if (settled <= keepSettled) break;
      if (other.entry.state === "open") continue;
      slots.delete(id);
      settled--;
    }
  };

  const inbox: HitlInbox = {
    park(request, { signal } = {}) {
      const problem = requestProblem(request);
      if (problem) return Promise.reject(new InboxError(`The request cannot be parked: ${problem}`, "invalid"));
      const existing = slots.get(request.requestId);
      if (existing?.entry.state === "answered" && existing.entry.answer) return Promise.resolve(existing.entry.answer);
      if (signal?.aborted) return Promise.reject(signal.reason);
      let slot = existing?.entry.state === "open" ? existing : undefined;
      if (!slot) {
        if (openCount >= maxOpen) {
          return Promise.reject(new InboxError(`The inbox holds ${maxOpen} waiting requests already`, "full"));
        }
        slot = { entry: { request, state: "open", parkedAt: now() }, waiters: [] };
        slots.delete(request.requestId);
        slots.set(request.requestId, slot);
        openCount++;
        changed();
      }
      const waiting = slot;
      return new Promise<AnswerBody>((resolve, reject) => {
        // The abort listener goes once the request is over: a long-lived signal keeps none behind.
        const onAbort = () => inbox.withdraw(request.requestId, signal?.reason);
        const done = () => signal?.removeEventListener("abort", onAbort);
        waiting.waiters.push({
          resolve: (answer) => {
            done();
            resolve(answer);
          },
          reject: (reason) => {
            done();
            reject(reason);
          },
        });
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },

    answer(requestId, answer) {
      const slot = slots.get(requestId);
      if (!slot) return { ok: false, reason: "unknown" };
      const { entry } = slot;
      if (entry.state === "answered" && entry.answer) return { ok: false, reason: "answered", answer: entry.answer };
      if (entry.state !== "open") return { ok: false, reason: "withdrawn" };
      const outcome = outcomeOf(entry.request, answer);
      settle(slot, { ...entry, state: "answered", answer, outcome });
      for (const waiter of slot.waiters.splice(0)) waiter.resolve(answer);
      changed();
      return { ok: true, outcome };
    },

    withdraw(requestId, reason) {
      const slot = slots.get(requestId);
      if (slot?.entry.state !== "open") return false;
      settle(slot, { ...slot.entry, state: "withdrawn", outcome: "withdrawn" });
      const error = reason ?? new Error(`The request ${requestId} was withdrawn`);
      for (const waiter of slot.waiters.splice(0)) waiter.reject(error);
      changed();
      return true;
    },

    list() {
      const entries = [...slots.values()].map((slot) => slot.entry);
      return entries.sort((a, b) => a.parkedAt - b.parkedAt);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async handle(request) {
      const { pathname } = new URL(request.url);
      if (/\/requests\/?$/.test(pathname)) {
        if (request.method !== "GET") return json({ error: "Use GET" }, 405, { allow: "GET" });
        return json({ entries: inbox.list() }, 200);
      }
      const target = /\/requests\/([^/]+)\/answer\/?$/.exec(pathname);
      if (!target) return json({ error: "Not an inbox route" }, 404);
      if (request.method !== "POST") return json({ error: "Use POST" }, 405, { allow: "POST" });
      let requestId: string;
      try {
        requestId = decodeURIComponent(target[1] as string);
      } catch {
        return json({ error: "The request id in the path is not valid percent-encoding" }, 400);
      }
      const read = await readAnswer(request);
      if (!read.ok) return json({ error: "The answer is not one the inbox reads", issues: read.issues }, read.status);
      const result = inbox.answer(requestId, read.answer);
      if (result.ok) return json({ ok: true, outcome: result.outcome }, 200);
      switch (result.reason) {
        case "answered":
          return json({ error: "Answered elsewhere", answer: result.answer }, 409);
        case "withdrawn":
          return json({ error: "The request was withdrawn" }, 410);
        default:
          return json({ error: `No request ${requestId}` }, 404);
      }
    },
  };
  return inbox;
}

/** How an answer ends its request, as the page's ledger records it. */
function outcomeOf(request: ParkedRequestInit, answer: AnswerBody): Outcome {
  if (request.kind === "approval" && request.native) {
    return approvalDecision(answer).decision === "deny" ? "denied" : "approved";
  }
  return answer.type === "dismissed" ? "cancelled" : "answered";
}

function requestProblem(request: ParkedRequestInit): string | undefined {
  if (typeof request?.requestId !== "string" || request.requestId === "" || request.requestId.length > MAX_ID_LENGTH) {
    return `its requestId must be 1–${MAX_ID_LENGTH} characters`;
  }
  if (typeof request.kind !== "string" || typeof request.prompt !== "string" || typeof request.callId !== "string") {
    return "it needs a callId, a kind and a prompt";
  }
  let size: number;
  try {
    size = JSON.stringify(request).length;
  } catch {
    return "it is not plain JSON";
  }
  return size > MAX_INBOX_REQUEST_BYTES ? `it is over ${MAX_INBOX_REQUEST_BYTES} bytes as JSON` : undefined;
}

async function readAnswer(
  request: Request,
): Promise<{ ok: true; answer: AnswerBody } | { ok: false; status: 400 | 413 | 415; issues: readonly HitlIssue[] }> {
  if (!/^application\/json\b/.test(request.headers.get("content-type") ?? "")) {
    return { ok: false, status: 415, issues: [{ path: [], message: "Send the answer as application/json" }] };
  }
  const tooLarge = {
    ok: false,
    status: 413,
    issues: [{ path: [], message: `Over ${MAX_INBOX_ANSWER_BYTES} bytes` }],
  } as const;
  // Refused before reading where the length is declared, and never read past the limit otherwise.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_INBOX_ANSWER_BYTES) return tooLarge;
  const text = await readLimited(request, MAX_INBOX_ANSWER_BYTES);
  if (text === undefined) return tooLarge;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, issues: [{ path: [], message: "Not JSON" }] };
  }
  const parsed = answerBodySchema.safeParse((body as { answer?: unknown } | null)?.answer);
  if (!parsed.success) {
    return { ok: false, status: 400, issues: fromZodIssues(parsed.error.issues).map(prefixed) };
  }
  return { ok: true, answer: parsed.data };
}

const prefixed = (issue: HitlIssue): HitlIssue => ({ ...issue, path: ["answer", ...issue.path] });

/** The body as text, or `undefined` once it passes `limit` bytes (the rest is not read). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}
