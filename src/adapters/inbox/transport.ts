import { type AnswerBody, answerBodySchema } from "../../core/answer";
import type { LedgerChange } from "../../core/ledger";
import type { Outcome, ParkedRequestInit } from "../../core/model";
import {
  createConnectionState,
  createPoll,
  createTransportEvents,
  errorForHttpStatus,
  type HitlTransport,
  type SendOutcome,
  toTransportError,
} from "../../core/transport";

/**
 * The page side of a server's inbox (`createMemoryInbox` in `hitl-kit/server`): follows
 * `GET <url>/requests` by polling and answers with `POST <url>/requests/:id/answer`. Requests
 * another asker parked there (the Claude Agent SDK's permission prompts through
 * `claudeCanUseTool`, any code that awaits `inbox.park`) render and answer like any other
 * transport's: the client's one gate, the journal and every widget apply unchanged. A 409 is
 * another page's answer (answered elsewhere, with theirs).
 */

export interface InboxTransportOptions {
  /** Where the inbox's routes are mounted, e.g. `/api/hitl` (`/api/hitl/requests`, …). */
  readonly url: string;
  readonly fetch?: typeof fetch;
  /** How often to read the requests while connected. @default 1000 */
  readonly pollIntervalMs?: number;
  /** Keys this page's in-flight answers across a reload. @default `inbox:<url>` */
  readonly sessionKey?: string;
  /**
   * An answer link's token: follow and answer that one request (`<url>/links/:token`) instead
   * of the signed-in person's inbox. Check it first with `openAnswerLink` to show why a link
   * opens nothing (edited, expired, not found).
   */
  readonly link?: string;
}

export interface InboxTransport extends HitlTransport {
  /** Reads the requests now (what the poll does); resolves once they were delivered. */
  refresh(): Promise<void>;
  /** Stops polling for good. */
  close(): void;
  /**
   * The entries as last listed, with what the ledger does not keep (source, conversation,
   * expiry, when parked): what an inbox list shows. A new array after each read that changed them.
   */
  getEntries(): readonly InboxListEntry[];
  /** Told after each read that changed the entries. */
  subscribeEntries(listener: () => void): () => void;
}

/** One entry of the server's list, checked (see `readEntry`). */
export interface InboxListEntry {
  readonly request: ParkedRequestInit;
  readonly state: "open" | "answered" | "withdrawn" | "expired";
  readonly parkedAt: number;
  readonly expiresAt?: number;
  readonly source?: string;
  readonly conversation?: string;
  readonly outcome?: Outcome;
  readonly answer?: AnswerBody;
}

export function createInboxTransport(options: InboxTransportOptions): InboxTransport {
  const base = options.url.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const pollMs = options.pollIntervalMs ?? 1000;
  const link = options.link === undefined ? undefined : `${base}/links/${encodeURIComponent(options.link)}`;
  const listUrl = link ?? `${base}/requests`;
  const answerUrl = (requestId: string) =>
    link ? `${link}/answer` : `${base}/requests/${encodeURIComponent(requestId)}/answer`;
  // Reads the requests while a client is connected (from the first sink until the last leaves).
  const events = createTransportEvents({
    follow: () => poll.follow(),
  });
  const { connection, setConnection } = createConnectionState("catching-up");
  /** What was delivered per request: its state, so each change is delivered once. */
  const delivered = new Map<string, string>();
  let reading: Promise<void> | undefined;
  let entries: readonly InboxListEntry[] = [];
  /** The listed ids and states: entries change (and listeners hear) only when it does. */
  let fingerprint = "";
  const entryListeners = new Set<() => void>();

  const read = async () => {
    try {
      const response = await doFetch(listUrl, { headers: { accept: "application/json" } });
      if (!response.ok) throw errorForHttpStatus(response.status, `GET ${listUrl}: ${response.status}`);
      const body = (await response.json()) as { entries?: unknown };
      const listed = Array.isArray(body.entries) ? body.entries.flatMap((raw) => readEntry(raw) ?? []) : [];
      const changes = listed.flatMap(entryChanges);
      if (changes.length > 0) events.deliver({ type: "transport", changes });
      const next = listed.map((entry) => `${entry.request.requestId}:${entry.state}`).join("\n");
      if (next !== fingerprint) {
        fingerprint = next;
        entries = listed;
        for (const listener of [...entryListeners]) listener();
      }
      setConnection("live");
    } catch {
      // The next poll tries again; answers wait meanwhile (the client sees "offline").
      setConnection("offline");
    }
  };

  /** Each entry's changes not delivered yet: parked, then how it ended. */
  const entryChanges = (entry: InboxListEntry): LedgerChange[] => {
    const { request, state } = entry;
    const seen = delivered.get(request.requestId);
    if (seen === state) return [];
    delivered.set(request.requestId, state);
    const changes: LedgerChange[] = seen === undefined ? [{ type: "requested", request }] : [];
    if (state !== "open") {
      changes.push({
        type: "resolved",
        requestId: request.requestId,
        outcome: entry.outcome ?? (state === "answered" ? "answered" : "withdrawn"),
        ...(entry.answer ? { response: entry.answer } : {}),
        authoritative: true,
      });
    }
    return changes;
  };

  const refresh = () => {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  const poll = createPoll(refresh, pollMs);

  return {
    sessionKey: options.sessionKey ?? (link ? `inbox:${link}` : `inbox:${base}`),
    connection,
    peek: events.peek,
    connect: events.connect,
    async send({ requestId, answer }): Promise<SendOutcome> {
      let response: Response;
      try {
        response = await doFetch(answerUrl(requestId), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ answer }),
        });
      } catch (error) {
        throw toTransportError(error);
      }
      const body = (await response.json().catch(() => ({}))) as { outcome?: Outcome; answer?: unknown };
      if (response.status === 409) {
        const theirs = answerBodySchema.safeParse(body.answer);
        return { type: "answered-elsewhere", ...(theirs.success ? { response: theirs.data } : {}) };
      }
      if (!response.ok) throw errorForHttpStatus(response.status, `The inbox refused the answer (${response.status})`);
      return { type: "settled", outcome: body.outcome ?? "answered" };
    },
    refresh,
    getEntries: () => entries,
    subscribeEntries(listener) {
      entryListeners.add(listener);
      return () => entryListeners.delete(listener);
    },
    close() {
      poll.close();
    },
  };
}

export type AnswerLinkCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: "tampered" | "link-expired" | "unknown" | "unavailable";
      readonly message: string;
    };

/**
 * Whether an answer link opens a request, and if not why, in words a page can show: the link was
 * edited (`tampered`), is past its time (`link-expired`), names no request of its owner
 * (`unknown`), or the inbox could not be reached (`unavailable`). A link whose request was
 * answered already opens: the page shows what was answered.
 */
export async function openAnswerLink(options: {
  readonly url: string;
  readonly token: string;
  readonly fetch?: typeof fetch;
}): Promise<AnswerLinkCheck> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.url.replace(/\/+$/, "")}/links/${encodeURIComponent(options.token)}`;
  let response: Response;
  try {
    response = await doFetch(url, { headers: { accept: "application/json" } });
  } catch {
    return { ok: false, reason: "unavailable", message: "The inbox cannot be reached right now. Try again." };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => ({}))) as { reason?: unknown };
  if (body.reason === "tampered") {
    return { ok: false, reason: "tampered", message: "This link is not valid: it may have been cut or changed." };
  }
  if (body.reason === "link-expired") {
    return { ok: false, reason: "link-expired", message: "This link has expired. Open the inbox to answer." };
  }
  if (response.status === 404) {
    return { ok: false, reason: "unknown", message: "This link does not lead to a request any more." };
  }
  return { ok: false, reason: "unavailable", message: `The inbox could not open this link (${response.status}).` };
}

const STATES = new Set(["open", "answered", "withdrawn", "expired"]);
const OUTCOMES = new Set<Outcome>(["answered", "approved", "denied", "cancelled", "ignored", "invalid", "withdrawn"]);

/**
 * One listed entry, checked where the client relies on it (ids, kind, prompt, state); the
 * payload is the kind's to parse. A malformed entry is skipped, never thrown.
 */
function readEntry(raw: unknown): InboxListEntry | undefined {
  if (!isRecord(raw) || !isRecord(raw.request) || typeof raw.state !== "string" || !STATES.has(raw.state)) {
    return undefined;
  }
  const { request } = raw;
  const { requestId, callId, toolName, prompt, kind } = request;
  if (typeof requestId !== "string" || requestId === "" || typeof callId !== "string") return undefined;
  if (typeof toolName !== "string" || typeof prompt !== "string" || typeof kind !== "string") return undefined;
  const answer = answerBodySchema.safeParse(raw.answer);
  const outcome = OUTCOMES.has(raw.outcome as Outcome) ? (raw.outcome as Outcome) : undefined;
  const text = (value: unknown) => (typeof value === "string" && value.length <= 200 ? value : undefined);
  const time = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
  const source = text(raw.source);
  const conversation = text(raw.conversation);
  const expiresAt = time(raw.expiresAt);
  return {
    // A call id is its conversation's own (agents repeat them across conversations); the inbox
    // holds many conversations, so its ledger names a call by where it came from too.
    request: { ...(request as unknown as ParkedRequestInit), callId: `${source}/${conversation}/${callId}` },
    state: raw.state as InboxListEntry["state"],
    parkedAt: time(raw.parkedAt) ?? 0,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    ...(source !== undefined ? { source } : {}),
    ...(conversation !== undefined ? { conversation } : {}),
    ...(outcome ? { outcome } : {}),
    ...(answer.success ? { answer: answer.data } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
