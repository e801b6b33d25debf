import type { TransportAnswer } from "./answer";
import { createLedgerStore, type LedgerStore, type LedgerStoreOptions } from "./store";

/**
 * The seam between the kit and a transport (each adapter in `src/adapters`, the in-memory test
 * session). An adapter is a pure converter that feeds `store` from its events, plus a `send` of
 * typed answers; everything about exactly-once (the one gate, retries, the journal, recovery)
 * lives in the client (`createHitlClient`), so every transport gets it. Every adapter runs the
 * conformance suite in `hitl-kit/testing`.
 */
export interface HitlTransport {
  /** Identifies the conversation; keys the reload-safe record of in-flight answers. */
  readonly sessionKey: string;
  /** The ledger this transport's events feed. */
  readonly store: LedgerStore;
  /**
   * Sends one typed answer in the transport's own wire form. Resolves once the server accepted
   * it. The client calls it at most once per request (again only after a `rejected` failure). Rejects with a
   * `HitlTransportError` saying whether the answer definitely did not arrive (`rejected`) or
   * might have (`unconfirmed`); any other error counts as `unconfirmed`.
   */
  send(answer: TransportAnswer): Promise<void>;
  /** `live`: events are current; `catching-up`: replaying (answers wait); `offline`. */
  readonly connection: ConnectionSource;
}

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

/** What most adapters hold: the ledger their events feed and a connection state they set. */
export interface TransportState {
  readonly store: LedgerStore;
  readonly connection: ConnectionSource;
  setConnection(connection: TransportConnection): void;
}

/** The common half of an adapter, so each one is only its converter and its `send`. */
export function createTransportState(
  options: LedgerStoreOptions & { readonly connection?: TransportConnection } = {},
): TransportState {
  const store = createLedgerStore(options);
  let connection: TransportConnection = options.connection ?? "live";
  const listeners = new Set<() => void>();
  return {
    store,
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
