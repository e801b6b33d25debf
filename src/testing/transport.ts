import { createEveConverter, fromEveResponse } from "../adapters/eve/convert";
import { toEveInputResponse } from "../adapters/eve/encode";
import type { EveInputResponse } from "../adapters/eve/schemas";
import type { LedgerProblem } from "../core/ledger";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  type TransportConnection,
  toTransportError,
} from "../core/transport";
import type { TestSession } from "./session";

export interface TestTransport extends HitlTransport {
  /** Simulates a reconnect (`catching-up`) or an outage (`offline`). */
  setConnection(connection: TransportConnection): void;
  /** Stops following the session (a page that went away, or a stream that lags behind). */
  close(): void;
  /** Follows the session again, replaying every event from the start (a reconnect). */
  reconnect(): void;
  /** Delivers one raw stream event as if the stream had sent it (a malformed one, a duplicate). */
  inject(event: unknown): void;
}

export interface TestTransportOptions {
  readonly sessionKey?: string;
  readonly onProblem?: (problem: LedgerProblem) => void;
  /** Sees each answer in eve's wire form just before it is posted (stories record them). */
  readonly onWire?: (response: EveInputResponse) => void;
  /**
   * Model the kit's answer guard in front of the session (`createEveAnswerGuard` with a claim
   * store shared by every page of the session): the first answer to a request claims it, and a
   * later one — or one to a request the session already settled — is refused and reported as
   * answered elsewhere, with the winning answer. What a lagging page or a second device gets
   * from a real guard. @default false
   */
  readonly answerGuard?: boolean;
}

/** The modelled guard's claims per session (one claim store in front of one eve). */
const guardClaims = new WeakMap<TestSession, Map<string, EveInputResponse>>();

function claimsOf(session: TestSession): Map<string, EveInputResponse> {
  let claims = guardClaims.get(session);
  if (!claims) {
    claims = new Map();
    guardClaims.set(session, claims);
  }
  return claims;
}

/**
 * Connects the kit to an in-memory `TestSession` the way the eve adapter connects it to eve:
 * every stream event goes through the eve converter to the client, typed answers are mapped to
 * eve's `InputResponse` and go to `session.respond`. For stories and tests; no React, no network.
 */
export function createTestTransport(session: TestSession, options: TestTransportOptions = {}): TestTransport {
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const { connection, setConnection } = createConnectionState();
  const convert = createEveConverter();
  let unsubscribe = () => {};
  const follow = () => {
    unsubscribe();
    for (const event of session.replay(0)) events.deliver(convert(event));
    unsubscribe = session.subscribe((event) => events.deliver(convert(event)));
  };
  follow();

  return {
    sessionKey: options.sessionKey ?? session.sessionId,
    connection,
    connect: events.connect,
    peek: events.peek,
    async send(answer) {
      const shape = { kind: answer.kind, native: answer.request.native === true };
      const response = toEveInputResponse(answer, shape);
      const claims = options.answerGuard ? claimsOf(session) : undefined;
      if (claims) {
        // The guard: a request eve already settled, or one another answer claimed first (taken
        // synchronously, before anything is awaited, as `SET NX` is), is answered elsewhere.
        const record = session.requests().find((r) => r.requestId === answer.requestId);
        const settled = session.answers(answer.requestId).find((a) => a.handling === "settled")?.response;
        const winner = claims.get(answer.requestId) ?? (record && record.status !== "open" ? settled : undefined);
        if (winner !== undefined || (record && record.status !== "open")) {
          return { type: "answered-elsewhere", ...(winner ? { response: fromEveResponse(winner, shape) } : {}) };
        }
        claims.set(answer.requestId, response);
      }
      options.onWire?.(response);
      try {
        await session.respond([response]);
      } catch (error) {
        // eve never took it (a refusal, or a network failure before it got there): let it be claimed again.
        if (!session.answers(answer.requestId).some((a) => a.response === response)) claims?.delete(answer.requestId);
        throw toTransportError(error);
      }
      return ACCEPTED;
    },
    setConnection,
    close: () => unsubscribe(),
    // A new stream from the start: the ledger dedupes what it has already seen by event id.
    reconnect: follow,
    inject: (event) => events.deliver(convert(event)),
  };
}
