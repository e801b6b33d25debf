import { fromEveResponse, toEveInputResponse } from "../adapters/eve/answers";
import { createEveConverter } from "../adapters/eve/convert";
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
   * Model the kit's answer guard in front of the session (`createEveAnswerGuard`): an answer to a
   * request the session has already settled is refused and reported as answered elsewhere, with
   * the answer that settled it — what a page whose stream lags gets from a real guard. @default false
   */
  readonly answerGuard?: boolean;
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
    async send(answer) {
      const shape = { kind: answer.kind, native: answer.request.native === true };
      const response = toEveInputResponse(answer, shape);
      if (options.answerGuard) {
        const record = session.requests().find((r) => r.requestId === answer.requestId);
        if (record !== undefined && record.status !== "open") {
          const winner = session.answers(answer.requestId).find((a) => a.handling === "settled")?.response;
          return { type: "answered-elsewhere", ...(winner ? { response: fromEveResponse(winner, shape) } : {}) };
        }
      }
      options.onWire?.(response);
      try {
        await session.respond([response]);
      } catch (error) {
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
