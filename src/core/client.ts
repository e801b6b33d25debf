import { type AnswerBody, answerProblem, REPLIED_IN_CHAT_REASON, type TransportAnswer } from "./answer";
import type { HitlIssue } from "./issues";
import { noopJournal, type SubmissionJournal } from "./journal";
import {
  type AnswerContext,
  type AnyKindContract,
  type KindSource,
  kindSourceOf,
  parsePayload,
  validateAnswer,
} from "./kind";
import { type LedgerProblem, type LedgerState, selectRequest, selectRequests } from "./ledger";
import { type ParkedRequest, type RequestState, usesReservedKind } from "./model";
import { createLedgerStore, type LedgerStore } from "./store";
import {
  type ChatMessage,
  type HitlTransport,
  HitlTransportError,
  MessageNotSentError,
  type SendOutcome,
  type TransportConnection,
  type TransportSink,
  toTransportError,
} from "./transport";

/**
 * The framework-free client, like TanStack Query's `QueryClient`: it owns the ledger (the one
 * record of every request a transport delivered) and everything exactly-once needs:
 * - the one gate (`answer`, `sendMessage`): only the caller that moves a request from `open` to
 *   `submitting` sends, so double clicks, two renderers and StrictMode's double effects send once;
 * - the kinds: an answer is validated against its request by the kind (the same `validateAnswer`
 *   the agent's server runs) before anything is sent, and refused with issues otherwise;
 * - the journal: an answer in flight is recorded (reload) and claimed across tabs before it goes;
 * - retries: only answers that certainly never arrived, only for transient causes;
 * - recovery (`mount`): once the stream is live, an unconfirmed answer the server never settled
 *   within the grace period reopens; settled requests are forgotten by the journal.
 * A transport only converts its events and sends; React (`HitlProvider`, `useParkedInput`) only
 * subscribes. Time and storage are injectable, so the conformance suite runs without a browser.
 */
export interface HitlClient {
  readonly transport: HitlTransport;
  /** The ledger, to read and subscribe to (selectors: `selectRequests`, `selectRequest`). */
  readonly store: LedgerView;
  readonly journal: SubmissionJournal;
  getRequest(requestId: string): ParkedRequest | undefined;
  getConnection(): TransportConnection;
  /** The kind of a request's `kind` name, when this client has it (loaded). */
  kindOf(name: string): AnyKindContract | undefined;
  /**
   * Sends ONE answer for the request, at most once. Checked first, by this client: a value by the
   * request's kind (schema and cross-check against the request; `context.items` for a remote
   * collection), an option against the options offered. Never throws; says what happened:
   * `sent`, `already-answered` (nothing sent: it is no longer open here), `refused` (with the
   * issues; nothing sent) or `reconnecting` (the transport is catching up; try again).
   */
  answer(requestId: string, answer: AnswerBody, context?: AnswerContext): AnswerResult;
  /** After a `rejected` failure, sends the same answer again (only the first caller sends). */
  retry(requestId: string): void;
  /**
   * Sends a chat message the person typed, through a transport that carries one (`sendMessage`:
   * the AI SDK's, TanStack AI's, LangGraph's). A request the message would leave without its
   * result gets the reply first, through the same gate, journal, cross-tab claim and outcome
   * record as `answer` (an approval: a deny), so the message never goes out beside a tool call
   * without its result and never races a widget.
   */
  sendMessage(message: ChatMessage): Promise<MessageResult>;
  /**
   * Follows the transport, starts recovery and problem reports; returns the matching stop.
   * Counted, so StrictMode's mount → unmount → mount and several providers over one client are
   * fine. When the last mount over a transport goes, the client stops following it (and a
   * transient retry still waiting gives up instead of sending blind).
   */
  mount(): () => void;
  /** Reports a problem the page survives (`onError`), e.g. a widget that crashed. */
  report(error: HitlError): void;
  /** Resolves once no send started by this client is in flight (tests, server shutdown). */
  whenIdle(): Promise<void>;
}

/** What `sendMessage` did. */
export type MessageResult =
  | { readonly status: "sent" /** Requests the message answered first. */; readonly answered: readonly string[] }
  | { readonly status: "refused" | "reconnecting"; readonly issues: readonly HitlIssue[] }
  | { readonly status: "failed"; readonly error: HitlTransportError };

/** The ledger as the client shows it: read-only. */
export interface LedgerView {
  getSnapshot(): LedgerState;
  subscribe(listener: () => void): () => void;
}

/** What `answer` did. `ok` is true only when an answer went out. */
export type AnswerResult =
  | { readonly ok: true; readonly status: "sent" }
  | {
      readonly ok: false;
      readonly status: "already-answered";
      /** Where the request is: answered here (in flight or settled), or settled by the server. */
      readonly state: Exclude<RequestState, "open">;
      readonly issues: readonly HitlIssue[];
    }
  | { readonly ok: false; readonly status: "refused"; readonly issues: readonly HitlIssue[] }
  | { readonly ok: false; readonly status: "reconnecting"; readonly issues: readonly HitlIssue[] };

/**
 * What a widget's `onSubmit` may return: `AnswerResult` fits, and so does a handler of your own
 * (`{ ok: true }`, or `{ ok: false, issues }` to show issues and let the person answer again).
 */
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
  /**
   * The kinds whose answers this client can judge: a list (`[mediaKind, formKind]`) or a registry.
   * A value answer to a request of any other kind is refused; a decline, an option or a reply
   * needs no kind.
   */
  readonly kinds: KindSource | readonly AnyKindContract[];
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
const SENT: AnswerResult = { ok: true, status: "sent" };
const STOPPED_FOLLOWING = "Not sent: this page stopped following the conversation. Send it again.";
const IN_ANOTHER_TAB = "This request is being answered in another tab.";

/**
 * One ledger per followed conversation (`transport.follows`, else the transport), shared by every
 * client over it (two providers, StrictMode's second render, two hooks over one chat): the ledger
 * is the one gate, so two clients over one conversation can never both send. Each transport over
 * it is read when first seen (`peek`: the first render, server or client, shows its requests, and
 * nothing starts) and followed from its first mount until its last goes, so a server render or a
 * render React discards leaves no poll, timer or listener behind.
 */
interface Hub {
  readonly store: LedgerStore;
  readonly expecting: Set<(kind: string) => void>;
  readonly sink: TransportSink;
  /** Mounts per transport over the conversation (each read once, when first seen). */
  readonly mounts: Map<HitlTransport, number>;
  /** The stop of each transport followed now: while there is one, the ledger sees how requests end. */
  readonly stops: Map<HitlTransport, () => void>;
}

const hubs = new WeakMap<object, Hub>();

function hubFor(transport: HitlTransport): Hub {
  const key = transport.follows ?? transport;
  let hub = hubs.get(key);
  if (!hub) {
    const store = createLedgerStore();
    const expecting = new Set<(kind: string) => void>();
    hub = {
      store,
      expecting,
      sink: {
        // Only a converter's output gets in: local actions (submit, accepted…) are the client's.
        deliver: (action) => {
          if (action.type === "transport" || action.type === "malformed") store.dispatch(action);
        },
        expect: (kind) => {
          for (const listener of [...expecting]) listener(kind);
        },
      },
      mounts: new Map(),
      stops: new Map(),
    };
    hubs.set(key, hub);
  }
  if (!hub.mounts.has(transport)) {
    hub.mounts.set(transport, 0);
    transport.peek?.(hub.sink);
  }
  return hub;
}

export function createHitlClient(options: HitlClientOptions): HitlClient {
  // Checked here, not at the first answer: a plain-JS caller that left out `kinds` would otherwise
  // meet "Cannot read properties of undefined" much later. Kept small: every page bundles it.
  const { transport: given, kinds: known } = (options ?? {}) as Partial<HitlClientOptions>;
  if (typeof given?.send !== "function") {
    throw new TypeError("createHitlClient: `transport` must be a HitlTransport (what an adapter makes).");
  }
  if (!Array.isArray(known) && typeof (known as KindSource | undefined)?.kindOf !== "function") {
    throw new TypeError("createHitlClient: `kinds` must be a list of kinds (defineKind) or a registry.");
  }
  const { transport } = options;
  const { sessionKey } = transport;
  const hub = hubFor(transport);
  const { store } = hub;
  const kinds = kindSourceOf(options.kinds);
  const journal = options.journal ?? noopJournal;
  const clock = options.clock ?? defaultClock;
  const retryPolicy = options.retry ?? defaultRetry;
  const graceMs = options.unconfirmedGraceMs ?? 5000;
  const report = (error: HitlError) => options.onError?.(error);
  const inFlight = new Set<Promise<void>>();
  const live = () => transport.connection.getSnapshot() === "live";
  const prefetch = (kind: string) => kinds.preload?.(kind);

  // After a reload: this tab's answers that were in flight are unconfirmed, before anything
  // renders, so no widget shows them as open for even a frame.
  const pending = journal.pending(sessionKey);
  if (pending.length > 0) {
    store.dispatch(...pending.map(({ requestId, answer }) => ({ type: "restore" as const, requestId, answer })));
  }

  const wait = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

  const record = (request: ParkedRequest, answer: AnswerBody, outcome: SendOutcome) => {
    const { requestId } = request;
    switch (outcome.type) {
      case "accepted":
        store.dispatch({ type: "accepted", requestId });
        return;
      case "settled":
        store.dispatch(
          { type: "accepted", requestId },
          {
            type: "transport",
            changes: [{ type: "resolved", requestId, outcome: outcome.outcome, response: answer, authoritative: true }],
          },
        );
        return;
      case "answered-elsewhere":
        store.dispatch({
          type: "transport",
          changes: [
            {
              type: "answered-elsewhere",
              requestId,
              ...(outcome.response !== undefined ? { response: outcome.response } : {}),
            },
          ],
        });
        return;
      case "gone":
        // Settled meanwhile: as answered elsewhere, if it was answered ("accepted" changes nothing
        // then). The look that found it gone may be ahead of the stream: marked now, it settles as
        // answered elsewhere until the server's resolution arrives, which keeps the mark (and a
        // withdrawal, which wins, shows as withdrawn).
        if (selectRequest(store.getSnapshot(), requestId)?.state === "settled") lostTo(requestId);
        else store.dispatch({ type: "transport", changes: [{ type: "answered-elsewhere", requestId }] });
        store.dispatch({ type: "accepted", requestId });
        return;
      default:
        return outcome satisfies never;
    }
  };

  /**
   * An answer that never went (refused, or held until its request no longer waited) to a request
   * the stream settled as answered meanwhile: someone else's answer is the one that counted, so it
   * shows as answered elsewhere — not as this page's own (a fresh read that failed while another
   * device resumed, then a poll saw it).
   */
  const lostTo = (requestId: string) => {
    // Only a settled request has an outcome.
    const request = selectRequest(store.getSnapshot(), requestId);
    if (request?.outcome === "answered" && !request.answeredElsewhere) {
      store.dispatch({ type: "transport", changes: [{ type: "answered-elsewhere", requestId }] });
    }
  };

  const fail = (requestId: string, error: HitlTransportError) => {
    store.dispatch({ type: "failed", requestId, error: { kind: error.kind, message: error.message } });
    if (error.kind === "rejected") {
      journal.release(sessionKey, requestId);
      lostTo(requestId);
    }
    report({ type: "send-failed", requestId, error });
  };

  /** Claims across tabs, sends, retries transient refusals; the outcome lands in the ledger. */
  const deliver = async (request: ParkedRequest, answer: AnswerBody) => {
    const { requestId } = request;
    for (let attempt = 1; ; attempt++) {
      try {
        if ((await journal.claim(sessionKey, requestId)) === "taken") {
          // Another tab is answering: wait for the stream to settle it (or reopen it if it never does).
          throw new HitlTransportError(IN_ANOTHER_TAB, "unconfirmed");
        }
        record(request, answer, await transport.send({ requestId, kind: request.kind, answer, request }));
        return;
      } catch (caught) {
        const error = toTransportError(caught);
        if (error.kind === "rejected" && error.transient && attempt < retryPolicy.attempts) {
          await wait(retryPolicy.delayMs(attempt));
          // Nobody follows the stream any more (the app unmounted): the ledger cannot see whether
          // the request settled meanwhile, so sending now could answer it twice. Give up; a
          // remounted page shows the request open with this error and can send it again.
          if (hub.stops.size === 0) {
            fail(requestId, new HitlTransportError(STOPPED_FOLLOWING, "rejected"));
            return;
          }
          // The stream may have settled it meanwhile (answered elsewhere, withdrawn).
          if (selectRequest(store.getSnapshot(), requestId)?.state !== "submitting") {
            lostTo(requestId);
            return;
          }
          continue;
        }
        fail(requestId, error);
        return;
      }
    }
  };

  const start = (request: ParkedRequest, answer: AnswerBody) => {
    const task = deliver(request, answer).finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  /** The answer as it goes out (a decline of a kind without one becomes its value), or why not. */
  const check = (
    request: ParkedRequest,
    body: AnswerBody,
    context: AnswerContext | undefined,
  ): { ok: true; body: AnswerBody } | { ok: false; issues: readonly HitlIssue[] } => {
    const problem = answerProblem(body);
    if (problem) return { ok: false, issues: [problem] };
    const kind = usesReservedKind(request) ? undefined : kinds.kindOf(request.kind);
    switch (body.type) {
      case "declined":
        return kind?.declineAs
          ? { ok: true, body: { type: "value", value: kind.declineAs(body.reason) } }
          : { ok: true, body };
      case "reply":
        return { ok: true, body };
      case "dismissed":
        return request.dismissible === true ? { ok: true, body } : { ok: false, issues: [NOT_DISMISSIBLE] };
      case "option":
        return request.options?.some((option) => option.id === body.optionId)
          ? { ok: true, body }
          : {
              ok: false,
              issues: [{ path: ["optionId"], message: `"${body.optionId}" is not one of this request's options` }],
            };
      case "value": {
        if (request.issues !== undefined && request.issues.length > 0) return { ok: false, issues: request.issues };
        if (!kind) return { ok: false, issues: [noKind(request)] };
        const payload = parsePayload(kind, request.payload);
        if (!payload.ok) return payload;
        const checked = validateAnswer(kind, payload.value, body.value, context);
        return checked.ok ? { ok: true, body: { type: "value", value: checked.value } } : checked;
      }
      default:
        return body satisfies never;
    }
  };

  const answer = (requestId: string, body: AnswerBody, context?: AnswerContext): AnswerResult => {
    const request = selectRequest(store.getSnapshot(), requestId);
    if (!request)
      return {
        ok: false,
        status: "refused",
        issues: [{ path: [], message: `No request "${requestId}" is known here` }],
      };
    if (request.state !== "open") return alreadyAnswered(request.state);
    const checked = check(request, body, context);
    if (!checked.ok) return { ok: false, status: "refused", issues: checked.issues };
    if (!live()) return { ok: false, status: "reconnecting", issues: [RECONNECTING] };
    if (!gate(requestId, checked.body)) return alreadyAnswered(request.state === "open" ? "submitting" : request.state);
    start(request, checked.body);
    return SENT;
  };

  /** The one gate: only the caller that moves the request from open to submitting sends. */
  const gate = (requestId: string, body: AnswerBody) => {
    if (!store.beginSubmit(requestId, body)) return false;
    journal.record(sessionKey, requestId, body);
    return true;
  };
  const unconfirmed = (requestId: string, message: string) =>
    store.dispatch({ type: "failed", requestId, error: { kind: "unconfirmed", message } });

  const sendMessage = async (message: ChatMessage): Promise<MessageResult> => {
    if (!transport.sendMessage) {
      return { status: "refused", issues: [{ path: [], message: "This transport sends no chat messages" }] };
    }
    if (!live()) return { status: "reconnecting", issues: [RECONNECTING] };
    // Every reply through the gate first, at once: a widget answering meanwhile keeps its answer.
    const gated: TransportAnswer[] = [];
    for (const request of selectRequests(store.getSnapshot())) {
      if (request.state !== "open" || transport.awaitsReply?.(request) === false) continue;
      const kind = request.native === true ? kinds.kindOf(request.kind) : undefined;
      const answer: AnswerBody = kind?.declineAs
        ? { type: "value", value: kind.declineAs(REPLIED_IN_CHAT_REASON) }
        : { type: "reply", text: message.text };
      if (gate(request.requestId, answer))
        gated.push({ requestId: request.requestId, kind: request.kind, answer, request });
    }
    const replies: TransportAnswer[] = [];
    for (const reply of gated) {
      if ((await journal.claim(sessionKey, reply.requestId)) === "taken") unconfirmed(reply.requestId, IN_ANOTHER_TAB);
      else replies.push(reply);
    }
    try {
      const sent = await transport.sendMessage(message, replies);
      for (const { requestId } of replies) {
        if (sent.has(requestId)) store.dispatch({ type: "accepted", requestId });
        else unconfirmed(requestId, "This tool call already has its result.");
      }
      return { status: "sent", answered: replies.flatMap((r) => (sent.has(r.requestId) ? [r.requestId] : [])) };
    } catch (caught) {
      const error = toTransportError(caught);
      // Replies the server took before the message itself failed stay answered; the rest fail.
      const through = caught instanceof MessageNotSentError ? caught.repliesSent : new Set<string>();
      for (const { requestId } of replies) {
        if (through.has(requestId)) store.dispatch({ type: "accepted", requestId });
        else fail(requestId, error);
      }
      return { status: "failed", error };
    }
  };

  const retry = (requestId: string) => {
    const before = selectRequest(store.getSnapshot(), requestId);
    store.dispatch({ type: "retry", requestId });
    const after = selectRequest(store.getSnapshot(), requestId);
    // As with `answer`: only the caller whose retry moved the request sends.
    if (before?.state === "open" && after?.state === "submitting" && after.submitted) {
      journal.record(sessionKey, requestId, after.submitted);
      start(after, after.submitted);
    }
  };

  const reported = new WeakSet<LedgerProblem>();
  let mounts = 0;
  let stopRecovery: (() => void) | undefined;

  const startRecovery = (): (() => void) => {
    const timers = new Map<string, unknown>();
    const check = () => {
      const isLive = live();
      for (const request of selectRequests(store.getSnapshot())) {
        const { requestId } = request;
        if (request.state === "settled") journal.settle(sessionKey, requestId);
        const unconfirmed = request.state === "submitting" && request.error?.kind === "unconfirmed";
        if (unconfirmed && isLive) {
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

  const client: HitlClient = {
    transport,
    store: { getSnapshot: store.getSnapshot, subscribe: store.subscribe },
    journal,
    getRequest: (requestId) => selectRequest(store.getSnapshot(), requestId),
    getConnection: () => transport.connection.getSnapshot(),
    kindOf: (name) => kinds.kindOf(name),
    answer,
    retry,
    sendMessage,
    report,
    mount() {
      mounts += 1;
      hub.mounts.set(transport, (hub.mounts.get(transport) ?? 0) + 1);
      if (!hub.stops.has(transport)) hub.stops.set(transport, transport.connect(hub.sink));
      hub.expecting.add(prefetch);
      if (mounts === 1) stopRecovery = startRecovery();
      let mounted = true;
      return () => {
        if (!mounted) return;
        mounted = false;
        mounts -= 1;
        const left = (hub.mounts.get(transport) ?? 1) - 1;
        hub.mounts.set(transport, left);
        if (mounts === 0) {
          stopRecovery?.();
          stopRecovery = undefined;
          hub.expecting.delete(prefetch);
        }
        if (left === 0) {
          hub.stops.get(transport)?.();
          hub.stops.delete(transport);
        }
      };
    },
    async whenIdle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  return client;
}

function alreadyAnswered(state: Exclude<RequestState, "open">): AnswerResult {
  const message =
    state === "settled"
      ? "This request is already over; nothing was sent."
      : "An answer to this request is already on its way.";
  return { ok: false, status: "already-answered", state, issues: [{ path: [], message }] };
}

const NOT_DISMISSIBLE: HitlIssue = { path: [], message: "This request needs an answer; decline it instead." };

function noKind(request: ParkedRequest): HitlIssue {
  return {
    path: [],
    message: `A "${request.kind}" answer cannot be checked here (its kind is not registered, or not loaded yet); answer with text or decline.`,
  };
}
