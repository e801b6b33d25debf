import type { AnswerBody, TransportAnswer } from "./answer";
import type { LedgerProblem, TransportAction } from "./ledger";

export type { TransportAction } from "./ledger";

import type { Outcome, ParkedRequestInit } from "./model";

/**
 * The seam between the kit and a transport (each adapter in `src/adapters`, the in-memory test
 * session), shaped like TanStack Query's `queryFn`: a transport never touches the ledger. It
 * converts its events and delivers them to the client (`connect`), and sends typed answers
 * (`send`), telling the client what became of each; the client (`createHitlClient`) owns the
 * ledger and everything about exactly-once (the one gate, the journal, retries, recovery), so
 * every transport gets it. Every adapter runs the conformance suite in `hitl-kit/testing`.
 */
export interface HitlTransport {
  /** Identifies the conversation; keys the reload-safe record of in-flight answers. */
  readonly sessionKey: string;
  /**
   * What the transport follows — the AI SDK's `Chat`, a TanStack AI chat client, an AG-UI agent, a
   * LangGraph thread (an object per SDK client and thread id) — when another transport may follow
   * the same one (two hooks over one chat). Clients over
   * transports that follow the same object share one ledger, so one gate: a request gets one
   * answer however many transports could send it, and no transport keeps a record of its own.
   * @default the transport itself
   */
  readonly follows?: object;
  /** `live`: events are current; `catching-up`: replaying (answers wait); `offline`. */
  readonly connection: ConnectionSource;
  /**
   * Delivers the transport's converted events to `sink`: everything it knows so far at once
   * (synchronously, so the first render shows the requests), then each new one, until the
   * returned stop. The kit connects each transport once however many clients mount over it;
   * connecting again after a stop delivers everything again (the ledger deduplicates).
   */
  connect(sink: TransportSink): () => void;
  /**
   * Delivers what the transport knows so far to `sink`, synchronously, and starts nothing (no
   * poll, no subscription, no timer): what a client created in a render — a server render, or one
   * React discards — shows before anything follows the transport. `createTransportEvents` has it.
   * Without it, a client shows the transport's requests once it mounts.
   */
  peek?(sink: TransportSink): void;
  /**
   * Sends one typed answer in the transport's own wire form and says what became of it. The
   * client calls it at most once per request (again only after a `rejected` failure). Rejects
   * with a `HitlTransportError` saying whether the answer definitely did not arrive (`rejected`)
   * or might have (`unconfirmed`); any other error counts as `unconfirmed`.
   */
  send(answer: TransportAnswer): Promise<SendOutcome>;
  /**
   * For transports where a chat message may not go out beside a tool call without its result
   * (the AI SDK): sends `message`, after giving each of `replies` — open requests the client
   * moved through its gate for it, see `awaitsReply` — its answer, in one update. Resolves with
   * the requests whose answer went out; any other was already answered and is left to the stream.
   */
  sendMessage?(message: ChatMessage, replies: readonly TransportAnswer[]): Promise<ReadonlySet<string>>;
  /** Which open requests a chat message must answer first (only with `sendMessage`). */
  awaitsReply?(request: ParkedRequestInit): boolean;
}

/** A chat message the person typed, with the transport's own options (e.g. the AI SDK's `ChatRequestOptions`). */
export interface ChatMessage {
  readonly text: string;
  readonly options?: unknown;
}

/** Where a transport delivers its events (the client's ledger). */
export interface TransportSink {
  deliver(action: TransportAction): void;
  /**
   * An early sign that a request of `kind` is coming (a tool call's input still streaming): the
   * client starts loading that kind's widget, so it is in by the time the request parks.
   */
  expect(kind: string): void;
}

/** What became of a sent answer. */
export type SendOutcome =
  /** The server took it; its own record (the stream) will settle the request. */
  | { readonly type: "accepted" }
  /** The transport knows how the request ended as it sends (MCP: the one result went out). */
  | { readonly type: "settled"; readonly outcome: Outcome }
  /** Another device answered first (a server-side guard said so), with what was chosen there. */
  | { readonly type: "answered-elsewhere"; readonly response?: AnswerBody }
  /**
   * Nothing was sent: the request no longer waits (the stream settled it while the answer was
   * held). The client's ledger says how it ended: answered by someone else, or withdrawn.
   */
  | { readonly type: "gone" };

export const ACCEPTED: SendOutcome = { type: "accepted" };

/** A subscribable connection state, shaped for `useSyncExternalStore`. */
export interface ConnectionSource {
  getSnapshot(): TransportConnection;
  subscribe(listener: () => void): () => void;
}

export type TransportConnection = "live" | "catching-up" | "offline";

export class HitlTransportError extends Error {
  override readonly name = "HitlTransportError";
  constructor(
    message: string,
    /** `rejected`: the server never took it, safe to send again; `unconfirmed`: it may have. */
    readonly kind: "rejected" | "unconfirmed",
    /** Whether sending again soon may succeed (429, 503…). Only meaningful for `rejected`. */
    readonly transient = false,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A chat message that did not go although some of its replies did (LangGraph resumes the
 * questions first, then sends the message as a run of its own): `sendMessage` rejects with this,
 * and those replies stay answered — only the message failed.
 */
export class MessageNotSentError extends HitlTransportError {
  constructor(
    message: string,
    /** The requests whose replies the server took before the message failed. */
    readonly repliesSent: ReadonlySet<string>,
  ) {
    super(message, "rejected");
  }
}

/**
 * Classifies an HTTP status of an answer POST. An error status means the server did not accept
 * the answer; 408/425/429/502/503/504 are worth retrying. A 500 may have half-processed the answer, so it is
 * unconfirmed, and so is a 409 (answered elsewhere: the stream will say with what).
 */
export function errorForHttpStatus(status: number, message: string): HitlTransportError {
  // 409: the request was answered elsewhere (another device; see the server's answer guard). Not
  // a refusal to retry: the request stays locked until the stream shows how it was answered.
  if (status === 500 || status === 409) return new HitlTransportError(message, "unconfirmed", false, status);
  const transient = [408, 425, 429, 502, 503, 504].includes(status);
  return new HitlTransportError(message, "rejected", transient, status);
}

/** A connection that is always live (for transports without a catch-up phase). */
export const alwaysLive: ConnectionSource = {
  getSnapshot: () => "live",
  subscribe: () => () => {},
};

/**
 * Reads anything a send threw as a transport error. An error carrying an HTTP `status` (an HTTP
 * client's error) was answered by the server and is classified by it; anything else (a
 * `TypeError` from fetch, an abort, an unknown failure) may or may not have reached it: unconfirmed.
 */
export function toTransportError(error: unknown): HitlTransportError {
  if (error instanceof HitlTransportError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    return errorForHttpStatus(error.status, message);
  }
  return new HitlTransportError(message, "unconfirmed");
}

/** A connection state an adapter sets, readable by the client. */
export interface ConnectionState {
  readonly connection: ConnectionSource;
  setConnection(connection: TransportConnection): void;
}

/** A transport's poll of its server: see `createPoll`. */
export interface Poll {
  /** `createTransportEvents`' `follow`: reads now, then `intervalMs` after each read ends, until the stop it returns. */
  follow(): () => void;
  /** Stops it for good (the transport closed). */
  close(): void;
}

/**
 * Reads the server while a client follows the transport: at once, then `intervalMs` after each
 * read has ended (never two at a time), until the last client leaves or the transport closes. A
 * read that ends after a stop schedules nothing. `intervalMs` ≤ 0: the first read only.
 */
export function createPoll(read: () => Promise<unknown>, intervalMs: number): Poll {
  /** The follow under way (a token): a read that ends after its stop schedules nothing. */
  let current: object | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    current = undefined;
    clearTimeout(timer);
    timer = undefined;
  };
  const after = (mine: object) => () => {
    if (closed || current !== mine || intervalMs <= 0) return;
    timer = setTimeout(() => void read().finally(after(mine)), intervalMs);
  };
  return {
    follow() {
      if (closed) return stop;
      const mine = {};
      current = mine;
      void read().finally(after(mine));
      return stop;
    },
    close() {
      closed = true;
      stop();
    },
  };
}

export function createConnectionState(initial: TransportConnection = "live"): ConnectionState {
  let connection = initial;
  const listeners = new Set<() => void>();
  return {
    connection: {
      getSnapshot: () => connection,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    setConnection(next) {
      if (next === connection) return;
      connection = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The event half of a transport: what it delivered, replayed to each sink that connects. */
export interface TransportEvents {
  deliver(action: TransportAction | null): void;
  expect(kind: string): void;
  connect(sink: TransportSink): () => void;
  /** What it delivered so far, to `sink` only (see `HitlTransport.peek`). */
  peek(sink: TransportSink): void;
}

/**
 * Keeps what an adapter's converter produced, so `connect` can deliver it all again to a sink
 * that connects later (a remount, a second page over one agent) and the adapter stays a
 * converter. `onProblem` hears each malformed event the converter reported. `follow` starts
 * what keeps the transport current (a subscription, a poll, a reconnect) when the first sink
 * connects, and the stop it returns runs when the last one leaves: a transport nothing follows
 * keeps no timer or listener.
 */
export function createTransportEvents(
  options: { readonly onProblem?: (problem: LedgerProblem) => void; readonly follow?: () => () => void } = {},
): TransportEvents {
  const history: TransportAction[] = [];
  const sinks = new Set<TransportSink>();
  let connected = 0;
  let unfollow: (() => void) | undefined;
  return {
    deliver(action) {
      if (action === null) return;
      history.push(action);
      for (const sink of [...sinks]) sink.deliver(action);
      for (const problem of problemsOf(action)) options.onProblem?.(problem);
    },
    expect(kind) {
      for (const sink of [...sinks]) sink.expect(kind);
    },
    peek(sink) {
      for (const action of history) sink.deliver(action);
    },
    connect(sink) {
      for (const action of history) sink.deliver(action);
      sinks.add(sink);
      connected += 1;
      if (connected === 1) unfollow = options.follow?.();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        sinks.delete(sink);
        connected -= 1;
        if (connected > 0) return;
        unfollow?.();
        unfollow = undefined;
      };
    },
  };
}

function problemsOf(action: TransportAction): LedgerProblem[] {
  const eventId = action.eventId !== undefined ? { eventId: action.eventId } : {};
  if (action.type === "malformed") return [{ ...eventId, eventType: action.eventType, issues: action.issues }];
  return action.changes.flatMap((change) =>
    change.type === "problem" ? [{ ...eventId, eventType: change.eventType, issues: change.issues }] : [],
  );
}
