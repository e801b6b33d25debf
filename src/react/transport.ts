import type { TransportAnswer } from "../core/model";
import type { LedgerStore } from "../core/store";

/**
 * What the React layer needs from a transport (eve, AI SDK, AG-UI, the in-memory test session).
 * Adapters feed `store` from their events and implement `send`; everything about exactly-once
 * lives above this line, so every transport gets it.
 */
export interface HitlTransport {
  /** Identifies the conversation; keys the reload-safe record of in-flight answers. */
  readonly sessionKey: string;
  /** The ledger this transport's events feed. */
  readonly store: LedgerStore;
  /**
   * Sends exactly one answer. Resolves once the server accepted it. Rejects with a
   * `HitlTransportError` saying whether the answer definitely did not arrive (`rejected`) or
   * might have (`unconfirmed`); any other error counts as `unconfirmed`.
   */
  send(answer: TransportAnswer): Promise<void>;
  /** `live`: events are current; `catching-up`: replaying (answers wait); `offline`. */
  readonly connection: {
    getSnapshot(): TransportConnection;
    subscribe(listener: () => void): () => void;
  };
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

/** Reads any thrown value as a transport error; unknown failures are treated as unconfirmed. */
export function toTransportError(error: unknown): HitlTransportError {
  if (error instanceof HitlTransportError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new HitlTransportError(message, "unconfirmed");
}

/**
 * Classifies an HTTP status of an answer POST. An error status means the server did not accept
 * the answer; 408/425/429/502/503/504 are worth retrying. A 500 may have half-processed the answer, so it is
 * unconfirmed.
 */
export function errorForHttpStatus(status: number, message: string): HitlTransportError {
  if (status === 500) return new HitlTransportError(message, "unconfirmed", false, status);
  const transient = [408, 425, 429, 502, 503, 504].includes(status);
  return new HitlTransportError(message, "rejected", transient, status);
}

/** A connection that is always live (for transports without a catch-up phase). */
export const alwaysLive: HitlTransport["connection"] = {
  getSnapshot: () => "live",
  subscribe: () => () => {},
};

/**
 * Reads a failed answer POST: an error carrying an HTTP `status` (eve's `ClientError`) was
 * answered by the server; anything else (a `TypeError` from fetch, an abort) may or may not
 * have reached it.
 */
export function fromPostFailure(error: unknown): HitlTransportError {
  if (error instanceof HitlTransportError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    return errorForHttpStatus(error.status, message);
  }
  return new HitlTransportError(message, "unconfirmed");
}
