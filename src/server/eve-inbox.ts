import { toEveInputResponse } from "../adapters/eve/wire";
import { selectRequest } from "../core/ledger";
import { readEveSession } from "./eve-session";
import { deliveredAnswer, type InboxRecord, type InboxStore } from "./inbox-store";

/**
 * An eve session's open requests in the inbox, both ways. The source reads the session as eve
 * records it (its whole stream, through the same converter and ledger a chat page uses) and
 * parks every request still open there. The sink answers through the answer guard
 * (`createEveAnswerGuard`), as a page's answer would go: so an answer given in the inbox and one
 * given in the chat page are one claim, and whichever comes second gets the guard's 409 instead
 * of reaching eve as a stray message. A delivery repeated after a crash meets eve's own record
 * of the answer (or the first delivery's claim) and sends nothing.
 *
 * eve has no listing of sessions: the app parks the sessions it knows (those it created, or saw
 * through its proxy), e.g. after each `session.waiting`, or on a timer.
 */

/** Where eve is and how to read it. */
export interface EveInboxTarget {
  /** eve's origin, e.g. `http://127.0.0.1:3031`. */
  readonly eveUrl: string;
  /** A named agent's route (`/eve/<agent>/v1/…`); the default agent when absent. */
  readonly agent?: string;
  /** Headers eve needs to read a session (auth). */
  readonly headers?: HeadersInit;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

export interface ParkEveOptions extends EveInboxTarget {
  readonly sessionId: string;
  readonly store: InboxStore;
  /** Whose inbox the session's requests go to. */
  readonly owner: string;
  /** When they stop being answerable (then the sink declines them). */
  readonly expiresAt?: number;
}

/** Why an eve session could not be read or answered: the stream would not load, or eve (or the guard) refused. */
export class EveInboxError extends Error {
  override readonly name = "EveInboxError";
  constructor(
    message: string,
    /** The HTTP status, when there was a response. */
    readonly status?: number,
  ) {
    super(message);
  }
}

const sessionPath = (target: Pick<EveInboxTarget, "agent">, sessionId: string) =>
  `/eve${target.agent ? `/${encodeURIComponent(target.agent)}` : ""}/v1/session/${encodeURIComponent(sessionId)}`;

/**
 * Parks every request open in the session; idempotent (a parked id stays as it is). Rejects
 * with `EveInboxError` when eve's record cannot be read, so a caller on a timer can tell "nothing
 * waits" from "eve did not answer".
 */
export async function parkEveSession(options: ParkEveOptions): Promise<{ readonly parked: number }> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const url = `${options.eveUrl.replace(/\/+$/u, "")}${sessionPath(options, options.sessionId)}`;
  const read = await readEveSession(fetcher, url, new Headers(options.headers));
  if (!read) throw new EveInboxError(`eve's record of session ${options.sessionId} could not be read`);
  let parked = 0;
  for (const request of read.asked) {
    if (selectRequest(read.state, request.requestId)?.state !== "open") continue;
    const { created } = await options.store.park({
      request,
      owner: options.owner,
      source: "eve",
      conversation: options.sessionId,
      expiresAt: options.expiresAt,
    });
    if (created) parked++;
  }
  return { parked };
}

export interface EveSinkOptions {
  /**
   * The answer guard in front of eve (`createEveAnswerGuard`). Use the one the chat pages answer
   * through, or one sharing its claim store: then the inbox and a page cannot both answer.
   */
  readonly guard: (request: Request) => Promise<Response>;
  readonly agent?: string;
  /** Headers the guard forwards to eve (its `forwardHeaders`: authorization, cookie). */
  readonly headers?: HeadersInit;
}

/**
 * A sink for `deliverSettled`: posts the record's answer to its session through the guard (an
 * expired request is declined, so the turn does not wait forever). eve took it (2xx), or eve's
 * record already has an answer (the guard's 409: a repeat after a crash, or the chat page was
 * first) — both are delivered. The guard's 503 (its claim store is down) and any other refusal
 * throw, and the outbox tries again after its lease.
 */
export function eveSink(options: EveSinkOptions): (record: InboxRecord) => Promise<void> {
  return async (record) => {
    if (record.source !== "eve" || record.conversation === undefined) {
      throw new TypeError(`The record ${record.id} is not an eve session's (source "${record.source}")`);
    }
    const { request } = record;
    const response = toEveInputResponse(
      { requestId: request.requestId, kind: request.kind, answer: deliveredAnswer(record), request },
      { kind: request.kind, native: request.native === true },
    );
    const headers = new Headers(options.headers);
    headers.set("content-type", "application/json");
    // The guard reads only the path; the origin names nothing real.
    const posted = await options.guard(
      new Request(`http://hitl-inbox.invalid${sessionPath(options, record.conversation)}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ inputResponses: [response] }),
      }),
    );
    if (posted.ok || posted.status === 409) return;
    throw new EveInboxError(
      `eve did not take the answer to ${record.id}: HTTP ${posted.status} ${(await posted.text()).slice(0, 200)}`,
      posted.status,
    );
  };
}
