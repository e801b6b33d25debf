import { toEveInputResponse } from "../adapters/eve/answers";
import { createEveConverter } from "../adapters/eve/convert";
import type { EveInputResponse } from "../adapters/eve/schemas";
import { selectRequest } from "../core/ledger";
import type { LedgerStoreOptions } from "../core/store";
import {
  createTransportState,
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
}

export interface TestTransportOptions {
  readonly sessionKey?: string;
  readonly onProblem?: LedgerStoreOptions["onProblem"];
  /** Sees each answer in eve's wire form just before it is posted (stories record them). */
  readonly onWire?: (response: EveInputResponse) => void;
}

/**
 * Connects the kit to an in-memory `TestSession` the way the eve adapter connects it to eve:
 * every stream event goes through the eve converter into the ledger, typed answers are mapped
 * to eve's `InputResponse` and go to `session.respond`. For stories and tests; no React, no
 * network.
 */
export function createTestTransport(session: TestSession, options: TestTransportOptions = {}): TestTransport {
  const state = createTransportState(options.onProblem ? { onProblem: options.onProblem } : {});
  const { store } = state;
  const convert = createEveConverter();
  const feed = (event: unknown) => {
    const action = convert(event);
    if (action) store.dispatch(action);
  };
  let unsubscribe = () => {};
  const follow = () => {
    unsubscribe();
    for (const event of session.replay(0)) feed(event);
    unsubscribe = session.subscribe((event) => feed(event));
  };
  follow();

  return {
    sessionKey: options.sessionKey ?? session.sessionId,
    store,
    connection: state.connection,
    async send(answer) {
      const request = selectRequest(store.getSnapshot(), answer.requestId);
      const response = toEveInputResponse(answer, { kind: answer.kind, native: request?.native === true });
      options.onWire?.(response);
      try {
        await session.respond([response]);
      } catch (error) {
        throw toTransportError(error);
      }
    },
    setConnection: state.setConnection,
    close: () => unsubscribe(),
    // A new stream from the start: the ledger dedupes what it has already seen by event id.
    reconnect: follow,
  };
}
