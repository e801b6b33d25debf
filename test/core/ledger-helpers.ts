import { eveEventToAction } from "../../src/adapters/eve/convert";
import { createLedger, type LedgerState, reduceLedger } from "../../src/core/ledger";

/** Feeds raw eve events through the converter into the ledger, as the eve adapter does. */
export function feed(events: readonly unknown[], state: LedgerState = createLedger()): LedgerState {
  let next = state;
  for (const event of events) {
    const action = eveEventToAction(event);
    if (action) next = reduceLedger(next, action);
  }
  return next;
}
