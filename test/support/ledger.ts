import { createHitlClient, type LedgerView } from "../../src/core/client";
import type { HitlTransport } from "../../src/core/transport";

/**
 * The ledger the kit keeps for a transport, to read in a test: every client over one transport
 * shares one ledger, so a client made only for reading sees what the page's client sees.
 */
export function ledgerOf(transport: HitlTransport): LedgerView {
  return createHitlClient({ transport, kinds: [] }).store;
}
