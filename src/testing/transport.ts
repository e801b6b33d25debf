import { eveEventToAction } from "../adapters/eve/convert";
import type { LedgerStoreOptions } from "../core/store";
import { createLedgerStore } from "../core/store";
import { fromPostFailure, type HitlTransport, type TransportConnection } from "../react/transport";
import type { TestSession } from "./session";

export interface TestTransport extends HitlTransport {
  /** Simulates a reconnect (`catching-up`) or an outage (`offline`). */
  setConnection(connection: TransportConnection): void;
  /** Stops following the session. */
  close(): void;
}

/**
 * Connects the kit to an in-memory `TestSession` the way the eve adapter connects it to eve:
 * every stream event goes through the same converter into the ledger, answers go to
 * `session.respond`. For stories and tests; no React, no network.
 */
export function createTestTransport(
  session: TestSession,
  options: { sessionKey?: string; onProblem?: LedgerStoreOptions["onProblem"] } = {},
): TestTransport {
  const store = createLedgerStore(options.onProblem ? { onProblem: options.onProblem } : {});
  const feed = (event: unknown) => {
    const action = eveEventToAction(event);
    if (action) store.dispatch(action);
  };
  for (const event of session.replay(0)) feed(event);
  const unsubscribe = session.subscribe((event) => feed(event));

  let connection: TransportConnection = "live";
  const listeners = new Set<() => void>();
  return {
    sessionKey: options.sessionKey ?? session.sessionId,
    store,
    async send(answer) {
      try {
        await session.respond([answer]);
      } catch (error) {
        throw fromPostFailure(error);
      }
    },
    connection: {
      getSnapshot: () => connection,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    setConnection(next) {
      connection = next;
      for (const listener of [...listeners]) listener();
    },
    close: unsubscribe,
  };
}
