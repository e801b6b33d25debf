import { type AnswerBody, answerBodySchema, approvalOutcome } from "../core/answer";
import { fromZodIssues, type HitlIssue } from "../core/issues";
import type { Outcome, ParkedRequestInit } from "../core/model";
import { createLinkSigner } from "./inbox-links";
import {
  createMemoryInboxStore,
  type DeliverReport,
  deliverSettled,
  type InboxRecord,
  type InboxStore,
  MAX_INBOX_ANSWER_BYTES,
} from "./inbox-store";

export { InboxError } from "./inbox-store";

/**
 * Requests parked on a server for a person to answer from a page: the asker `park`s a request
 * and awaits its one answer; the page follows `GET …/requests` and answers with
 * `POST …/requests/:id/answer` through the inbox transport (`hitl-kit/adapters/inbox/transport`),
 * so the client, the ledger and every widget apply unchanged. The first answer wins; a second gets 409
 * with the first (the page shows "answered elsewhere"). An asker that gives up (its `signal`)
 * withdraws the request. A request past its `expiresAt` cannot be answered (410).
 *
 * The requests live in an `InboxStore`: memory by default (they end with the process), SQLite
 * in a file to outlive a restart, Redis for several page servers — then an asker on one server
 * hears an answer given on another within `pollMs`. Every route asks `authorize` who the caller
 * is: a request is listed and answered only by its owner (another owner's id is a 404).
 */

export type InboxEntryState = "open" | "answered" | "withdrawn" | "expired";

/** One request as `GET …/requests` lists it. */
export interface InboxEntry {
  readonly request: ParkedRequestInit;
  readonly state: InboxEntryState;
  /** When it was parked (ms since the epoch). */
  readonly parkedAt: number;
  readonly expiresAt?: number;
  readonly conversation?: string;
  readonly source?: string;
  /** The one answer, once answered. */
  readonly answer?: AnswerBody;
  /** How it ended, once it did (an approval's decision reads as approved or denied). */
  readonly outcome?: Outcome;
}

export type InboxAnswerResult =
  | { readonly ok: true; readonly outcome: Outcome }
  | { readonly ok: false; readonly reason: "unknown" | "withdrawn" | "expired" }
  /** Someone answered first: theirs is the answer that counts. */
  | { readonly ok: false; readonly reason: "answered"; readonly answer: AnswerBody };

export interface InboxOptions {
  /** Where the requests live. @default createMemoryInboxStore() */
  readonly store?: InboxStore;
  /**
   * Who is calling a route: their owner id, or `undefined` to refuse (401). Use the app's own
   * session (a cookie, a token). Without it the inbox has one owner, `"default"`: right for one
   * person's app, wrong for a shared one.
   */
  readonly authorize?: (request: Request) => string | undefined | Promise<string | undefined>;
  /** How often an asker looks for an answer given through another instance. @default 1000 */
  readonly pollMs?: number;
  /** Settled requests listed per state (their receipts), newest first. @default 50 */
  readonly receipts?: number;
  /**
   * How long a settled request is kept once its asker has it (delivered) or it was withdrawn;
   * older ones are purged as the inbox goes, at most once a minute. `Infinity` keeps them.
   * @default one day
   */
  readonly keepSettledMs?: number;
  /**
   * Answer links: a signed, expiring URL per request that opens its widget on any device
   * (`GET <path>/links/:token`, `POST <path>/links/:token/answer`; the page follows it with
   * `createInboxTransport({ url, link: token })`). The link is the credential: its routes do not
   * call `authorize`, and answer as the request's owner.
   */
  readonly links?: {
    /** At least 32 bytes, kept server-side: whoever has it can make links. */
    readonly secret: string;
    /** The page URL that opens a token, e.g. ``(token) => `https://app.example/answer#${token}` ``. */
    readonly url: (token: string) => string;
    /** How long a link works, capped by the request's own expiry. @default 7 days */
    readonly ttlMs?: number;
  };
  /**
   * Called once per request parked (not when an id is parked again), with its answer link when
   * `links` is set: where an app sends the email, the Slack message, the push notification.
   * An error it throws is the app's (an unhandled rejection), never the asker's.
   */
  readonly onParked?: (entry: InboxEntry, link: string | undefined) => void | Promise<void>;
  /**
   * Where the answers go that no `park` in this process waits for: requests a source parked
   * (`parkEveSession`, `parkLangGraphInterrupts`, `startMcpInboxCall`, …), answered here or on
   * another instance. One sink, or `sinkBySource({ eve: eveSink(…), mcp: mcpSink(…) })`. The
   * inbox drains its outbox into it after each answer it takes and on `deliver()` — call that at
   * start-up (what a crashed deliverer left) and on a timer (expiries, sinks that failed).
   */
  readonly sink?: (record: InboxRecord) => Promise<void> | void;
  /** Told what a background delivery could not deliver (it is tried again after its lease). @default console.warn */
  readonly onDeliveryError?: (failed: DeliverReport["failed"]) => void;
}

/** One sink per source: a record goes to its source's sink; a source without one is an error (retried, reported). */
export function sinkBySource(
  sinks: Readonly<Record<string, (record: InboxRecord) => Promise<void> | void>>,
): (record: InboxRecord) => Promise<void> {
  return async (record) => {
    const sink = Object.hasOwn(sinks, record.source) ? sinks[record.source] : undefined;
    if (!sink) throw new TypeError(`No sink for the source "${record.source}" (request ${record.id})`);
    await sink(record);
  };
}

export interface InboxParkOptions {
  readonly signal?: AbortSignal;
  /** @default "default" */
  readonly owner?: string;
  /** Who asks ("claude-agent", "langgraph", …). @default "inbox" */
  readonly source?: string;
  readonly conversation?: string;
  /** When it stops being answerable (ms since the epoch): the asker then rejects. */
  readonly expiresAt?: number;
}

export interface Inbox {
  /**
   * Parks a request and resolves with its one answer. Parking an id that waits already joins
   * it; one already answered resolves with that answer. `signal` (the asker gave up) withdraws
   * the request and rejects with the signal's reason; so does its expiry.
   */
  park(request: ParkedRequestInit, options?: InboxParkOptions): Promise<AnswerBody>;
  /** Records the first answer to a waiting request (what the answer route does). */
  answer(requestId: string, answer: AnswerBody, owner?: string): Promise<InboxAnswerResult>;
  /** Withdraws a waiting request: its askers' promises reject. `false` when it was not waiting. */
  withdraw(requestId: string, reason?: unknown): Promise<boolean>;
  /** An owner's waiting requests (oldest first), then their recent receipts. */
  list(owner?: string): Promise<readonly InboxEntry[]>;
  /** Told when this instance parks, answers or withdraws a request. */
  subscribe(listener: () => void): () => void;
  /**
   * The HTTP routes, for any fetch-style server (a Next.js route handler, Hono, `node:http`
   * through an adapter), mounted at any path: `GET <path>/requests`,
   * `POST <path>/requests/:id/answer` with `{ answer }`.
   */
  handle(request: Request): Promise<Response>;
  /**
   * The inbox's store, for sources (`parkEveSession`, `parkLangGraphInterrupts`,
   * `startMcpInboxCall`, …): what they park through it is announced like `park`'s requests
   * (`onParked` with its answer link, `subscribe`).
   */
  readonly store: InboxStore;
  /**
   * Delivers what is answered or expired and not yet delivered to `sink` (nothing without one).
   * One drain at a time: a call while one runs waits for it and drains once more.
   */
  deliver(): Promise<DeliverReport>;
  /** Stops looking for answers from other instances; waiting askers keep waiting on this one. */
  close(): void;
}

export interface MemoryInboxOptions {
  /** Requests waiting at once; parking one more throws `InboxError` (`full`). @default 1000 */
  readonly maxOpen?: number;
  readonly now?: () => number;
}

/** The inbox in this process's memory: `createInbox` over `createMemoryInboxStore`. */
export function createMemoryInbox(options: MemoryInboxOptions = {}): Inbox {
  return createInbox({
    store: createMemoryInboxStore({
      maxOpenPerOwner: options.maxOpen ?? 1000,
      ...(options.now ? { now: options.now } : {}),
    }),
  });
}

const DEFAULT_OWNER = "default";
/** Open requests one GET lists at most (10 pages of the store's largest). */
const MAX_LISTED_OPEN = 1000;

interface Waiter {
  readonly resolve: (answer: AnswerBody) => void;
  readonly reject: (reason: unknown) => void;
}

export function createInbox(options: InboxOptions = {}): Inbox {
  const store = options.store ?? createMemoryInboxStore();
  const authorize = options.authorize ?? (() => DEFAULT_OWNER);
  const pollMs = options.pollMs ?? 1000;
  const receipts = options.receipts ?? 50;
  const keepSettledMs = options.keepSettledMs ?? 24 * 60 * 60 * 1000;
  let purgedAt = 0;
  /** Bounded memory and disk without a timer: the routes' own traffic runs it. */
  const purgeNow = () => {
    const at = Date.now();
    if (!Number.isFinite(keepSettledMs) || at - purgedAt < 60_000) return;
    purgedAt = at;
    store.purge(at - keepSettledMs).catch(() => {
      purgedAt = 0; // tried again on the next answer
    });
  };
  const waiters = new Map<string, Waiter[]>();
  const listeners = new Set<() => void>();
  // This instance's deliverer id: an in-process asker is the answer's sink, so the record it
  // hears is marked delivered under this holder (and `deliverSettled` elsewhere skips it).
  const holder = `inbox-${globalThis.crypto.randomUUID()}`;
  let timer: ReturnType<typeof setInterval> | undefined;

  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  /** This instance's askers of a request, taken: each hears the request's end once. */
  const takeWaiters = (id: string): Waiter[] => {
    const waiting = waiters.get(id) ?? [];
    waiters.delete(id);
    if (waiters.size === 0) stopPolling();
    return waiting;
  };

  /** Hands a settled record to this instance's askers, once, and marks it delivered. */
  const settleWaiters = async (record: InboxRecord) => {
    const waiting = takeWaiters(record.id);
    if (waiting.length === 0) return;
    if (record.state === "answered" && record.answer) {
      for (const waiter of waiting) waiter.resolve(record.answer);
      if (await store.takeDelivery({ holder, leaseMs: 30_000, id: record.id })) {
        await store.settleDelivery(record.id, holder);
      }
    } else {
      const why = record.state === "expired" ? "expired" : "was withdrawn";
      for (const waiter of waiting) waiter.reject(new Error(`The request ${record.id} ${why}`));
    }
  };

  // Answers given through another instance (a shared store) reach this one's askers by a look at
  // their records; nothing runs while nobody waits, and the timer never keeps a process alive.
  // One look at a time: a slow store makes the next tick wait, not pile reads up.
  let polling: Promise<void> | undefined;
  const poll = () => {
    polling ??= (async () => {
      for (const id of [...waiters.keys()]) {
        const record = await store.get(id).catch(() => undefined);
        if (record && record.state !== "open") await settleWaiters(record);
      }
    })().finally(() => {
      polling = undefined;
    });
    return polling;
  };
  const startPolling = () => {
    if (timer !== undefined || pollMs <= 0) return;
    timer = setInterval(() => void poll(), pollMs);
    (timer as { unref?: () => void }).unref?.();
  };
  const stopPolling = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const signer = options.links ? createLinkSigner(options.links.secret) : undefined;
  const linkTtlMs = options.links?.ttlMs ?? 7 * 24 * 60 * 60 * 1000;
  const announce = async (record: InboxRecord) => {
    let link: string | undefined;
    if (signer && options.links) {
      const expiresAt = Math.min(Date.now() + linkTtlMs, record.expiresAt ?? Number.POSITIVE_INFINITY);
      link = options.links.url(await signer.sign({ requestId: record.id, owner: record.owner, expiresAt }));
    }
    await options.onParked?.(entryOf(record), link);
  };

  /** A link's request, or the response that says why it opens nothing. */
  const openLink = async (token: string): Promise<{ record: InboxRecord } | { refused: Response }> => {
    if (!signer) return { refused: json({ error: "This inbox makes no answer links" }, 404) };
    const check = await signer.verify(token);
    if (!check.ok && check.reason === "tampered") {
      return { refused: json({ error: "This link is not valid", reason: "tampered" }, 403) };
    }
    if (!check.ok) return { refused: json({ error: "This link has expired", reason: "link-expired" }, 410) };
    const record = await store.get(check.claims.requestId);
    // Another owner's request (a link signed for someone else's id) reads as no request at all.
    if (!record || record.owner !== check.claims.owner) {
      return { refused: json({ error: "No such request", reason: "unknown" }, 404) };
    }
    return { record };
  };

  /** An answer POST: read, claimed, and its status (409 with the winner's answer). */
  const answerResponse = async (request: Request, requestId: string, owner: string): Promise<Response> => {
    const read = await readAnswer(request);
    if (!read.ok) return json({ error: "The answer is not one the inbox reads", issues: read.issues }, read.status);
    const result = await inbox.answer(requestId, read.answer, owner);
    if (result.ok) return json({ ok: true, outcome: result.outcome }, 200);
    switch (result.reason) {
      case "answered":
        return json({ error: "Answered elsewhere", answer: result.answer }, 409);
      case "withdrawn":
        return json({ error: "The request was withdrawn" }, 410);
      case "expired":
        return json({ error: "The request expired" }, 410);
      default:
        return json({ error: `No request ${requestId}` }, 404);
    }
  };

  // One drain at a time. A call while one runs gets one more drain after it: the running one may
  // have looked for the last time just before this call's answer went in.
  let draining: Promise<DeliverReport> | undefined;
  let again: Promise<DeliverReport> | undefined;
  const drain = async (): Promise<DeliverReport> => {
    const { sink } = options;
    if (!sink) return { delivered: [], failed: [] };
    const report = await deliverSettled(store, sink, { holder });
    if (report.failed.length > 0) {
      (options.onDeliveryError ?? ((failed) => console.warn("hitl-kit: inbox deliveries failed", failed)))(
        report.failed,
      );
    }
    return report;
  };
  const deliver = (): Promise<DeliverReport> => {
    if (!draining) {
      draining = drain().finally(() => {
        draining = undefined;
      });
      return draining;
    }
    again ??= draining
      .catch(() => undefined)
      .then(() => {
        again = undefined;
        return deliver();
      });
    return again;
  };

  /** The store as sources see it: a new request is announced, whoever parked it. */
  const announcing: InboxStore = {
    async park(input) {
      const parked = await store.park(input);
      if (parked.created) {
        changed();
        if (options.onParked) void announce(parked.record);
      }
      return parked;
    },
    get: (id) => store.get(id),
    list: (query) => store.list(query),
    answer: (id, input) => store.answer(id, input),
    withdraw: (id) => store.withdraw(id),
    expire: () => store.expire(),
    takeDelivery: (lease) => store.takeDelivery(lease),
    settleDelivery: (id, holder) => store.settleDelivery(id, holder),
    purge: (before) => store.purge(before),
    close: () => store.close(),
  };

  const inbox: Inbox = {
    store: announcing,

    async park(request, parkOptions = {}) {
      const { signal } = parkOptions;
      if (signal?.aborted) throw signal.reason;
      const { record } = await announcing.park({
        request,
        owner: parkOptions.owner ?? DEFAULT_OWNER,
        source: parkOptions.source ?? "inbox",
        conversation: parkOptions.conversation,
        expiresAt: parkOptions.expiresAt,
      });
      if (record.state === "answered" && record.answer) return record.answer;
      if (record.state !== "open") throw new Error(`The request ${record.id} is ${record.state}`);
      const id = record.id;
      // Given up while the store parked it: no listener was there to hear it.
      if (signal?.aborted) {
        await inbox.withdraw(id, signal.reason);
        throw signal.reason;
      }
      const answered = new Promise<AnswerBody>((resolve, reject) => {
        // The abort listener goes once the request is over: a long-lived signal keeps none behind.
        const onAbort = () => void inbox.withdraw(id, signal?.reason);
        const done = () => signal?.removeEventListener("abort", onAbort);
        const list = waiters.get(id) ?? [];
        list.push({
          resolve: (answer) => {
            done();
            resolve(answer);
          },
          reject: (reason) => {
            done();
            reject(reason);
          },
        });
        waiters.set(id, list);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
      startPolling();
      // Expiry is the store's to decide; the asker hears it on the first look after it.
      if (record.expiresAt !== undefined) {
        const wait = setTimeout(() => void poll(), Math.max(0, record.expiresAt - Date.now()) + 1);
        (wait as { unref?: () => void }).unref?.();
      }
      return answered;
    },

    async answer(requestId, answer, owner = DEFAULT_OWNER) {
      const parked = await store.get(requestId);
      if (!parked || parked.owner !== owner) return { ok: false, reason: "unknown" };
      const outcome = outcomeOf(parked.request, answer);
      const claim = await store.answer(requestId, { owner, answer, outcome });
      if (claim.won) {
        await settleWaiters(claim.record);
        purgeNow();
        changed();
        // A source's request: its sink delivers it (in the background: the person's answer is in).
        if (options.sink) deliver().catch((error: unknown) => console.warn("hitl-kit: inbox delivery failed", error));
        return { ok: true, outcome };
      }
      if (claim.reason === "answered" && claim.record.answer) {
        return { ok: false, reason: "answered", answer: claim.record.answer };
      }
      if (claim.reason === "expired") {
        const record = await store.get(requestId);
        if (record) await settleWaiters(record);
      }
      return { ok: false, reason: claim.reason === "answered" ? "unknown" : claim.reason };
    },

    async withdraw(requestId, reason) {
      if (!(await store.withdraw(requestId))) return false;
      const waiting = takeWaiters(requestId);
      const error = reason ?? new Error(`The request ${requestId} was withdrawn`);
      for (const waiter of waiting) waiter.reject(error);
      changed();
      return true;
    },

    async list(owner = DEFAULT_OWNER) {
      const open: InboxRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.list({
          owner,
          state: "open",
          order: "oldest",
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        open.push(...page.records);
        cursor = page.next;
      } while (cursor && open.length < MAX_LISTED_OPEN);
      const settled: InboxRecord[] = [];
      if (receipts > 0) {
        for (const state of ["answered", "withdrawn", "expired"] as const) {
          settled.push(
            ...(await store.list({ owner, state, order: "newest", limit: Math.min(receipts, 100) })).records,
          );
        }
      }
      return [...open, ...settled].map(entryOf);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async handle(request) {
      const { pathname } = new URL(request.url);
      const listing = /\/requests\/?$/.test(pathname);
      const target = /\/requests\/([^/]+)\/answer\/?$/.exec(pathname);
      // The request routes first: a request whose id is "links" is still answered by its route.
      const link = listing || target ? null : /\/links\/([^/]+?)(\/answer)?\/?$/.exec(pathname);
      if (link) {
        const opened = await openLink(link[1] as string);
        if ("refused" in opened) return opened.refused;
        if (!link[2]) {
          if (request.method !== "GET") return json({ error: "Use GET" }, 405, { allow: "GET" });
          return json({ entries: [entryOf(opened.record)] }, 200);
        }
        if (request.method !== "POST") return json({ error: "Use POST" }, 405, { allow: "POST" });
        return answerResponse(request, opened.record.id, opened.record.owner);
      }
      if (!listing && !target) return json({ error: "Not an inbox route" }, 404);
      const owner = await authorize(request);
      if (owner === undefined) return json({ error: "Sign in to answer" }, 401);
      if (listing) {
        if (request.method !== "GET") return json({ error: "Use GET" }, 405, { allow: "GET" });
        return json({ entries: await inbox.list(owner) }, 200);
      }
      if (!target) return json({ error: "Not an inbox route" }, 404);
      if (request.method !== "POST") return json({ error: "Use POST" }, 405, { allow: "POST" });
      let requestId: string;
      try {
        requestId = decodeURIComponent(target[1] as string);
      } catch {
        return json({ error: "The request id in the path is not valid percent-encoding" }, 400);
      }
      return answerResponse(request, requestId, owner);
    },

    deliver,

    close() {
      stopPolling();
    },
  };
  return inbox;
}

function entryOf(record: InboxRecord): InboxEntry {
  return {
    request: record.request,
    state: record.state,
    parkedAt: record.parkedAt,
    ...(record.expiresAt !== undefined ? { expiresAt: record.expiresAt } : {}),
    ...(record.conversation !== undefined ? { conversation: record.conversation } : {}),
    source: record.source,
    ...(record.answer ? { answer: record.answer } : {}),
    ...(record.outcome ? { outcome: record.outcome } : {}),
  };
}

/** How an answer ends its request, as the page's ledger records it. */
function outcomeOf(request: ParkedRequestInit, answer: AnswerBody): Outcome {
  if (request.kind === "approval" && request.native) {
    return approvalOutcome(answer);
  }
  return answer.type === "dismissed" ? "cancelled" : "answered";
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
