"use client";
import { useEffect, useLayoutEffect, useRef } from "react";
import { answerBodySchema } from "../../core/answer";
import { type LedgerChange, type LedgerProblem, selectRequest } from "../../core/ledger";
import {
  createTransportState,
  type HitlTransport,
  HitlTransportError,
  type TransportConnection,
  toTransportError,
} from "../../core/transport";
import { toEveInputResponse } from "./answers";
import { createEveConverter } from "./convert";
import type { EveInputResponse } from "./schemas";

/**
 * The parts of `useEveAgent()`'s return value (from `eve/react`) this adapter reads. Structural,
 * so any eve 0.80.x object fits without importing eve at runtime.
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

export interface UseEveHitlOptions {
  /** Called for each malformed stream event (also reported through `HitlProvider`'s `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /**
   * When the agent's stream fails (a dropped network, a restarted server), resume the session by
   * itself: at once when the browser comes back online, else with a growing wait (1 s … 30 s).
   * The replayed stream is deduplicated, so widgets stay as they were and stay answerable.
   * @default true
   */
  readonly reconnect?: boolean;
}

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Connects hitl-kit to an eve session driven by `useEveAgent` from `eve/react`:
 *
 *   const agent = useEveAgent({ host });
 *   const transport = useEveHitl(agent);
 *   <HitlProvider transport={transport} registry={registry}>…
 *
 * Requests come from `agent.events` (deduplicated by `meta.id`), answers go through
 * `agent.respond()`, and answering waits while the agent is `resuming`.
 */
export function useEveHitl(agent: EveAgentLike, options: UseEveHitlOptions = {}): HitlTransport {
  const agentRef = useRef(agent);
  agentRef.current = agent;
  const onProblemRef = useRef(options.onProblem);
  onProblemRef.current = options.onProblem;

  // One ledger per eve session. Events already present are fed at creation, so the first
  // render (server or client) already shows the requests and hydration matches.
  const sessionKey = agent.session?.sessionId ?? "pending";
  const bridgeRef = useRef<Bridge | null>(null);
  if (bridgeRef.current?.transport.sessionKey !== sessionKey) {
    bridgeRef.current = createBridge(sessionKey, agentRef, (problem) => onProblemRef.current?.(problem));
  }
  const bridge = bridgeRef.current;

  useIsomorphicLayoutEffect(() => {
    bridge.sync(agent);
  });
  useReconnect(agent, options.reconnect ?? true);
  return bridge.transport;
}

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** Resumes a session whose stream failed: when the browser is back online, or after a wait. */
function useReconnect(agent: EveAgentLike, enabled: boolean) {
  const failed = enabled && agent.status === "error" && agent.session !== undefined && agent.resume !== undefined;
  const agentRef = useRef(agent);
  agentRef.current = agent;
  const attempts = useRef(0);
  if (agent.status === "ready" || agent.status === "streaming") attempts.current = 0;
  useEffect(() => {
    if (!failed) return;
    let done = false;
    const resume = () => {
      if (done) return;
      done = true;
      attempts.current += 1;
      void agentRef.current.resume?.().catch(() => {});
    };
    const wait = Math.min(RECONNECT_FIRST_MS * 2 ** attempts.current, RECONNECT_MAX_MS);
    const timer = setTimeout(resume, wait);
    window.addEventListener("online", resume);
    return () => {
      done = true;
      clearTimeout(timer);
      window.removeEventListener("online", resume);
    };
  }, [failed]);
}

interface Bridge {
  readonly transport: HitlTransport;
  sync(agent: EveAgentLike): void;
}

function createBridge(
  sessionKey: string,
  agentRef: { readonly current: EveAgentLike },
  onProblem: NonNullable<UseEveHitlOptions["onProblem"]>,
): Bridge {
  const { store, connection, setConnection } = createTransportState({
    onProblem,
    connection: connectionOf(agentRef.current.status),
  });
  const convert = createEveConverter();
  let consumed = 0;
  let firstEvent: string | undefined;
  // Resolvers waiting for the next agent snapshot after `respond()` settled.
  let waiters: (() => void)[] = [];

  const feed = (events: readonly unknown[]) => {
    // `reset()` without a new session empties the stream: start counting again.
    const first = idOf(events[0]);
    if (events.length < consumed || (consumed > 0 && first !== firstEvent)) consumed = 0;
    firstEvent = first;
    if (events.length === consumed) return;
    const actions = [];
    for (let i = consumed; i < events.length; i++) {
      const action = convert(events[i]);
      if (action) actions.push(action);
    }
    consumed = events.length;
    if (actions.length > 0) store.dispatch(...actions);
  };
  feed(agentRef.current.events);

  const nextSnapshot = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      // If React never re-renders (nothing changed), read what we have.
      setTimeout(resolve, 250);
    });

  const transport: HitlTransport = {
    sessionKey,
    store,
    async send(answer) {
      const request = selectRequest(store.getSnapshot(), answer.requestId);
      const response = toEveInputResponse(answer, { kind: answer.kind, native: request?.native === true });
      const elsewhere = (error: unknown) => {
        const refusal = answeredElsewhere(error, answer.requestId);
        if (refusal) store.dispatch({ type: "transport", changes: [refusal] });
        return refusal !== undefined;
      };
      try {
        // eve's respond resolves after the turn it resumes has streamed; a failed POST does not
        // reject: eve records the error, reopens the input and resolves.
        await agentRef.current.respond([response]);
      } catch (error) {
        if (elsewhere(error)) return;
        if (error instanceof Error && /resuming/i.test(error.message)) {
          throw new HitlTransportError(error.message, "rejected", true);
        }
        throw toTransportError(error);
      }
      if (selectRequest(store.getSnapshot(), answer.requestId)?.state === "settled") return;
      await nextSnapshot();
      const agent = agentRef.current;
      if (elsewhere(agent.error)) return;
      if (agent.conversation.inputs[answer.requestId]?.status === "open") {
        // eve retracted its own record of the answer: the POST did not go through.
        throw agent.error
          ? toTransportError(agent.error)
          : new HitlTransportError("The answer was not delivered.", "rejected");
      }
    },
    connection,
  };

  return {
    transport,
    sync(agent) {
      feed(agent.events);
      setConnection(connectionOf(agent.status));
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    },
  };
}

/**
 * The cross-device guard's refusal (`createEveAnswerGuard`: 409 `HITL_ALREADY_ANSWERED`, as eve's
 * `ClientError` carries it): another device answered first. Read into the change that settles
 * the request with what was chosen there.
 */
function answeredElsewhere(error: unknown, requestId: string): LedgerChange | undefined {
  if (typeof error !== "object" || error === null || !("code" in error) || error.code !== "HITL_ALREADY_ANSWERED") {
    return undefined;
  }
  const body = "body" in error && typeof error.body === "string" ? safeJson(error.body) : undefined;
  if (typeof body === "object" && body !== null && "requestId" in body && body.requestId !== requestId)
    return undefined;
  const response =
    typeof body === "object" && body !== null && "response" in body
      ? answerBodySchema.safeParse(body.response)
      : undefined;
  return { type: "answered-elsewhere", requestId, ...(response?.success ? { response: response.data } : {}) };
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
  if (typeof event !== "object" || event === null || !("meta" in event)) return undefined;
  const meta = event.meta;
  return typeof meta === "object" && meta !== null && "id" in meta && typeof meta.id === "string" ? meta.id : undefined;
}
