import { createHitlClient, type LedgerView } from "../../src/core/client";
import type { HitlTransport } from "../../src/core/transport";

const followed = new WeakMap<HitlTransport, LedgerView>();

/**
 * The ledger the kit keeps for a transport, to read in a test: every client over one transport
 * shares one ledger, so a client made only for reading sees what the page's client sees. It
 * follows the transport (mounted, as a page is) for the rest of the test: a client only follows
 * a transport while mounted, and a test often reads what arrived before its page renders.
 */
export function ledgerOf(transport: HitlTransport): LedgerView {
  const known = followed.get(transport);
  if (known) return known;
  const client = createHitlClient({ transport, kinds: [] });
  client.mount();
  followed.set(transport, client.store);
  return client.store;
}
