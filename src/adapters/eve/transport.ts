import { answerBodySchema } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
  type TransportConnection,
  toTransportError,
} from "../../core/transport";
import { sniffKind } from "../../wire/sniff-kind";
import { createEveConverter } from "./convert";
import { toEveInputResponse } from "./encode";
import type { EveInputResponse } from "./schemas";

/**
 * The parts of `useEveAgent()`'s return value (from `eve/react`) this adapter reads. Structural,
 * so any eve 0.80.x object fits without importing eve at runtime (and a Node process can build
 * one over eve's client).
 */
export interface EveAgentLike {
  readonly events: readonly unknown[];
  readonly status: "error" | "ready" | "resuming" | "streaming" | "submitted";
  readonly error?: Error | undefined;
  readonly session?: { readonly sessionId: string } | undefined;
  readonly conversation: { readonly inputs: Readonly<Record<string, { readonly status: string } | undefined>> };
  respond(inputResponses: readonly EveInputResponse[]): Promise<void>;
  /** Replays the attached session and follows it again (`useEveAgent`'s `resume`). */
  resume?(): Promise<void>;
}

export interface EveHitlOptions {
  /** Called for each malformed stream event (also reported through the client's `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /**
   * When the agent's stream fails (a dropped network, a restarted server), resume the session by
   * itself: at once when the browser comes back online, else with a growing wait (1 s … 30 s).
   * The replayed stream is deduplicated, so widgets stay as they were and stay answerable.
   * @default true
   */
  readonly reconnect?: boolean;
}

export interface EveHitlTransport extends HitlTransport {
  /** Reads the agent's newest snapshot (`useEveHitl` calls it on every render). */
  sync(agent: EveAgentLike): void;
  /**
   * Stops reconnecting now (the page is going away). Not needed with a client: reconnecting runs
   * only while a client is connected. A later `connect` starts it again.
   */
  close(): void;
}

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
/** How long `send` waits for the agent's next snapshot before reading the one it has. */
const SNAPSHOT_WAIT_MS = 250;

/**
 * An eve agent (`useEveAgent`'s return value, or any `EveAgentLike`) as a transport, without
 * React: its `events` through the converter (deduplicated by `meta.id` in the client's ledger),
 * answers through `agent.respond()`, the connection `catching-up` while the agent resumes. Feed
 * it every new agent snapshot with `sync`. One transport per eve session.
 */
export function createEveTransport(agent: EveAgentLike, options: EveHitlOptions = {}): EveHitlTransport {
  let current = agent;
  const sessionKey = agent.session?.sessionId ?? "pending";
  const reconnect = createReconnect(() => current, options.reconnect ?? true);
  // Reconnecting follows the client: it runs while one is connected and stops after the last
  // leaves (StrictMode's unmount → mount included), so a transport nothing follows keeps no timer.
  const events = createTransportEvents({
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    follow: () => {
      reconnect.start();
      return reconnect.stop;
    },
  });
  const { connection, setConnection } = createConnectionState(connectionOf(agent.status));
  const convert = createEveConverter();
  /** Tool inputs still streaming, by call id: searched for `ui.kind` to load its widget early. */
  const streaming = new Map<string, string>();
  let consumed = 0;
  let firstEvent: string | undefined;
  // Resolvers waiting for the next agent snapshot after `respond()` settled.
  let waiters: (() => void)[] = [];

  const feed = (list: readonly unknown[]) => {
    // `reset()` without a new session empties the stream: start counting again.
    const first = idOf(list[0]);
    if (list.length < consumed || (consumed > 0 && first !== firstEvent)) consumed = 0;
    firstEvent = first;
    for (let i = consumed; i < list.length; i++) {
      prefetch(list[i]);
      events.deliver(convert(list[i]));
    }
    consumed = list.length;
  };

  const prefetch = (event: unknown) => {
    if (!isRecord(event) || event.type !== "action.input.appended" || !isRecord(event.data)) return;
    const { callId, inputTextDelta } = event.data;
    if (
      typeof callId !== "string" ||
      typeof inputTextDelta !== "string" ||
      (!streaming.has(callId) && streaming.size > 100)
    )
      return;
    const text = (streaming.get(callId) ?? "") + inputTextDelta;
    const kind = sniffKind(text);
    if (kind === undefined) streaming.set(callId, text.slice(0, 64 * 1024));
    else {
      streaming.delete(callId);
      events.expect(kind);
    }
  };

  const nextSnapshot = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      // If the page never re-renders (nothing changed), read what we have.
      setTimeout(resolve, SNAPSHOT_WAIT_MS);
    });

  feed(agent.events);

  return {
    sessionKey,
    connection,
    connect: events.connect,
    peek: events.peek,
    async send(answer): Promise<SendOutcome> {
      const { requestId } = answer;
      const response = toEveInputResponse(answer, { kind: answer.kind, native: answer.request.native === true });
      try {
        // eve's respond resolves after the turn it resumes has streamed; a failed POST does not
        // reject: eve records the error, reopens the input and resolves.
        await current.respond([response]);
      } catch (error) {
        const elsewhere = answeredElsewhere(error, requestId);
        if (elsewhere) return elsewhere;
        if (error instanceof Error && /resuming/i.test(error.message)) {
          throw new HitlTransportError(error.message, "rejected", true);
        }
        throw toTransportError(error);
      }
      // The guard's refusal reaches the agent's state (`error`) with a later snapshot than the
      // stream that brought the other device's answer: read the refusal first, after the next
      // snapshot, or this page would show the other answer as its own ("answered").
      let elsewhere = answeredElsewhere(current.error, requestId);
      if (!elsewhere) {
        await nextSnapshot();
        elsewhere = answeredElsewhere(current.error, requestId);
      }
      if (elsewhere) return elsewhere;
      if (current.conversation.inputs[requestId]?.status === "open") {
        // eve retracted its own record of the answer: the POST did not go through.
        throw current.error
          ? toTransportError(current.error)
          : new HitlTransportError("The answer was not delivered.", "rejected");
      }
      return ACCEPTED;
    },
    sync(next) {
      current = next;
      feed(next.events);
      setConnection(connectionOf(next.status));
      reconnect.check();
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    },
    close: reconnect.stop,
  };
}

/** Resumes a session whose stream failed: when the browser is back online, or after a growing wait. */
function createReconnect(agent: () => EveAgentLike, enabled: boolean) {
  let attempts = 0;
  // Until a client connects: nothing follows the session, so nothing resumes it.
  let stopped = true;
  /** Cancels the try that is waiting (its timer and its `online` listener). */
  let pending: (() => void) | undefined;
  const cancelPending = () => {
    pending?.();
    pending = undefined;
  };
  const check = () => {
    const current = agent();
    if (current.status === "ready" || current.status === "streaming") attempts = 0;
    const failed =
      !stopped &&
      enabled &&
      current.status === "error" &&
      current.session !== undefined &&
      current.resume !== undefined;
    if (!failed) return cancelPending();
    if (pending) return;
    const resume = () => {
      cancelPending();
      attempts += 1;
      // A resume that fails without a new snapshot (eve's client refusing it, the stream request
      // failing before the status moves) would otherwise be the last try: `check` runs on
      // snapshots only, and the page would stay in `error`. Look again once it settled.
      void new Promise<void>((settle) => settle(agent().resume?.()))
        .catch(() => {})
        .then(() => {
          if (!stopped) check();
        });
    };
    const timer = setTimeout(resume, Math.min(RECONNECT_FIRST_MS * 2 ** attempts, RECONNECT_MAX_MS));
    const online = typeof window === "undefined" ? undefined : window;
    online?.addEventListener("online", resume);
    pending = () => {
      clearTimeout(timer);
      online?.removeEventListener("online", resume);
    };
  };
  return {
    check,
    /** A client follows the session: resume it whenever it fails. */
    start() {
      stopped = false;
      check();
    },
    /** Nothing follows the session any more: no more tries (a `start` begins again). */
    stop() {
      stopped = true;
      cancelPending();
    },
  };
}

/**
 * The cross-device guard's refusal (`createEveAnswerGuard`: 409 `HITL_ALREADY_ANSWERED`, as eve's
 * `ClientError` carries it): another device answered first, with what was chosen there.
 */
function answeredElsewhere(error: unknown, requestId: string): SendOutcome | undefined {
  if (!isRecord(error) || error.code !== "HITL_ALREADY_ANSWERED") return undefined;
  const body = typeof error.body === "string" ? safeJson(error.body) : undefined;
  if (isRecord(body) && "requestId" in body && body.requestId !== requestId) return undefined;
  const response = isRecord(body) && "response" in body ? answerBodySchema.safeParse(body.response) : undefined;
  return { type: "answered-elsewhere", ...(response?.success ? { response: response.data } : {}) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function connectionOf(status: EveAgentLike["status"]): TransportConnection {
  // While resuming eve replays the stream and refuses answers.
  return status === "resuming" ? "catching-up" : "live";
}

function idOf(event: unknown): string | undefined {
  if (!isRecord(event) || !isRecord(event.meta)) return undefined;
  return typeof event.meta.id === "string" ? event.meta.id : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
