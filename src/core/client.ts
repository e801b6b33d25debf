import { type AnswerBody, answerProblem } from "./answer";
import type { HitlIssue } from "./issues";
import { noopJournal, type SubmissionJournal } from "./journal";
import { type LedgerProblem, selectRequest, selectRequests } from "./ledger";
import type { ParkedRequest } from "./model";
import type { LedgerStore } from "./store";
import { type HitlTransport, HitlTransportError, type TransportConnection, toTransportError } from "./transport";

/**
 * The framework-free client: one per transport, like TanStack Query's `QueryClient`. It owns
 * everything exactly-once needs beyond the ledger itself:
 * - the one gate (`answer`): only the caller that moves a request from `open` to `submitting`
 *   sends, so double clicks, two renderers and StrictMode's double effects send once;
 * - the journal: an answer in flight is recorded (reload) and claimed across tabs before it goes;
 * - retries: only answers that certainly never arrived, only for transient causes;
 * - recovery (`mount`): once the stream is live, an unconfirmed answer the server never settled
 *   within the grace period reopens; settled requests are forgotten by the journal.
 * React (`HitlProvider`, `useParkedInput`) is a thin binding over it; time and storage are
 * injectable, so the conformance suite proves the guarantees without a browser.
 */
export interface HitlClient {
  readonly transport: HitlTransport;
  readonly store: LedgerStore;
  readonly journal: SubmissionJournal;
  getRequest(requestId: string): ParkedRequest | undefined;
  getConnection(): TransportConnection;
  /**
   * Sends ONE answer for the request, at most once: validated for the wire, refused while the
   * transport catches up, and ignored (`ok: true`, nothing sent) when the request is no longer
   * open — someone already answered it. Never throws; sending failures land in the ledger.
   */
  answer(requestId: string, answer: AnswerBody): SubmitResult;
  /** After a `rejected` failure, sends the same answer again (only the first caller sends). */
  retry(requestId: string): void;
  /**
   * Starts recovery and problem reports; returns the matching stop. Counted, so StrictMode's
   * mount → unmount → mount and several providers over one client are fine.
   */
  mount(): () => void;
  /** Resolves once no send started by this client is in flight (tests, server shutdown). */
  whenIdle(): Promise<void>;
}

export type SubmitResult = { readonly ok: true } | { readonly ok: false; readonly issues: readonly HitlIssue[] };

/** Something went wrong that the page survives: a malformed event, a failed send, a widget crash. */
export type HitlError =
  | { readonly type: "malformed-event"; readonly problem: LedgerProblem }
  | { readonly type: "send-failed"; readonly requestId: string; readonly error: Error }
  | { readonly type: "widget-crashed"; readonly requestId: string; readonly error: Error }
  /** A request names a remote collection (`source.id`) the app registered no loader for. */
  | {
      readonly type: "missing-collection";
      readonly requestId: string;
      readonly sourceId: string;
      readonly error: Error;
    };

/** Time, injectable for tests (fake timers, a simulated network). */
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RetryPolicy {
  /** Attempts in all (the first send included) for a transient `rejected` failure. @default 4 */
  readonly attempts: number;
  /** Wait before attempt `n + 1` (n ≥ 1). @default 400 ms doubling, at most 4 s */
  readonly delayMs: (attempt: number) => number;
}

export interface HitlClientOptions {
  readonly transport: HitlTransport;
  /** Where in-flight answers are noted for reloads and other tabs. @default noopJournal */
  readonly journal?: SubmissionJournal;
  /**
   * How long an unconfirmed answer (sent just before a reload, or lost to a network error) may
   * stay unsettled on a live stream before it counts as never received and the request reopens.
   * A server settles an answer it received within about a second. @default 5000
   */
  readonly unconfirmedGraceMs?: number;
  readonly retry?: RetryPolicy;
  readonly clock?: Clock;
  /** Problems the page survives. */
  readonly onError?: (error: HitlError) => void;
}

const defaultClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

const defaultRetry: RetryPolicy = { attempts: 4, delayMs: (attempt) => Math.min(400 * 2 ** attempt, 4000) };

export const RECONNECTING: HitlIssue = { path: [], message: "Reconnecting to the agent; try again in a moment." };

export function createHitlClient(options: HitlClientOptions): HitlClient {
  const { transport } = options;
  const { store, sessionKey } = transport;
  const journal = options.journal ?? noopJournal;
  const clock = options.clock ?? defaultClock;
  const retryPolicy = options.retry ?? defaultRetry;
  const graceMs = options.unconfirmedGraceMs ?? 5000;
  const report = (error: HitlError) => options.onError?.(error);
  const inFlight = new Set<Promise<void>>();

  // After a reload: this tab's answers that were in flight are unconfirmed, before anything
  // renders, so no widget shows them as open for even a frame.
  const pending = journal.pending(sessionKey);
  if (pending.length > 0) {
    store.dispatch(...pending.map(({ requestId, answer }) => ({ type: "restore" as const, requestId, answer })));
  }

  const wait = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

  /** Claims across tabs, sends, retries transient refusals; the outcome lands in the ledger. */
  const deliver = async (requestId: string, answer: AnswerBody) => {
    const kind = selectRequest(store.getSnapshot(), requestId)?.kind ?? "";
    for (let attempt = 1; ; attempt++) {
      try {
        if ((await journal.claim(sessionKey, requestId)) === "taken") {
          // Another tab is answering: wait for the stream to settle it (or reopen it if it never does).
          throw new HitlTransportError("This request is being answered in another tab.", "unconfirmed");
        }
        await transport.send({ requestId, kind, answer });
        store.dispatch({ type: "accepted", requestId });
        return;
      } catch (caught) {
        const error = toTransportError(caught);
        if (error.kind === "rejected" && error.transient && attempt < retryPolicy.attempts) {
          await wait(retryPolicy.delayMs(attempt));
          // The stream may have settled it meanwhile (answered elsewhere, withdrawn).
          if (selectRequest(store.getSnapshot(), requestId)?.state !== "submitting") return;
          continue;
        }
        store.dispatch({ type: "failed", requestId, error: { kind: error.kind, message: error.message } });
        if (error.kind === "rejected") journal.release(sessionKey, requestId);
        report({ type: "send-failed", requestId, error });
        return;
      }
    }
  };

  const start = (requestId: string, answer: AnswerBody) => {
    const task = deliver(requestId, answer).finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  const answer = (requestId: string, body: AnswerBody): SubmitResult => {
    const problem = answerProblem(body) ?? (transport.connection.getSnapshot() === "live" ? undefined : RECONNECTING);
    if (problem) return { ok: false, issues: [problem] };
    // The one gate: only the caller that moves the request from open to submitting sends.
    if (!store.beginSubmit(requestId, body)) return { ok: true };
    journal.record(sessionKey, requestId, body);
    start(requestId, body);
    return { ok: true };
  };

  const retry = (requestId: string) => {
    const before = selectRequest(store.getSnapshot(), requestId);
    store.dispatch({ type: "retry", requestId });
    const after = selectRequest(store.getSnapshot(), requestId);
    // As with `answer`: only the caller whose retry moved the request sends.
    if (before?.state === "open" && after?.state === "submitting" && after.submitted) {
      journal.record(sessionKey, requestId, after.submitted);
      start(requestId, after.submitted);
    }
  };

  let mounts = 0;
  let stop: (() => void) | undefined;
  const reported = new WeakSet<LedgerProblem>();

  const startRecovery = (): (() => void) => {
    const timers = new Map<string, unknown>();
    const check = () => {
      const live = transport.connection.getSnapshot() === "live";
      for (const request of selectRequests(store.getSnapshot())) {
        const { requestId } = request;
        if (request.state === "settled") journal.settle(sessionKey, requestId);
        const unconfirmed = request.state === "submitting" && request.error?.kind === "unconfirmed";
        if (unconfirmed && live) {
          if (!timers.has(requestId)) {
            timers.set(
              requestId,
              clock.setTimeout(() => {
                timers.delete(requestId);
                store.dispatch({ type: "reopen", requestId });
                journal.release(sessionKey, requestId);
              }, graceMs),
            );
          }
        } else if (timers.has(requestId)) {
          clock.clearTimeout(timers.get(requestId));
          timers.delete(requestId);
        }
      }
      for (const problem of store.getSnapshot().problems) {
        if (reported.has(problem)) continue;
        reported.add(problem);
        report({ type: "malformed-event", problem });
      }
    };
    check();
    const unsubscribeStore = store.subscribe(check);
    const unsubscribeConnection = transport.connection.subscribe(check);
    return () => {
      unsubscribeStore();
      unsubscribeConnection();
      for (const timer of timers.values()) clock.clearTimeout(timer);
    };
  };

  return {
    transport,
    store,
    journal,
    getRequest: (requestId) => selectRequest(store.getSnapshot(), requestId),
    getConnection: () => transport.connection.getSnapshot(),
    answer,
    retry,
    mount() {
      mounts += 1;
      if (mounts === 1) stop = startRecovery();
      let mounted = true;
      return () => {
        if (!mounted) return;
        mounted = false;
        mounts -= 1;
        if (mounts === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
    async whenIdle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
