import { createEveConverter } from "../adapters/eve/wire";
import { createLedger, type LedgerState, reduceLedger } from "../core/ledger";
import type { ParkedRequestInit } from "../core/model";

/** What eve's record of a session says: the ledger over its whole stream, and every request it asked. */
export interface EveSessionRead {
  readonly state: LedgerState;
  /** Each request as it was asked, in stream order (its state is in `state`). */
  readonly asked: readonly ParkedRequestInit[];
}

/**
 * The session as eve records it: its whole stream (`follow=false` ends at the tail), through the
 * same converter and ledger the browser uses. `undefined` when eve cannot say: the answer guard
 * then forwards (it never blocks an answer on its own failure), the inbox source parks nothing.
 */
export async function readEveSession(
  fetcher: typeof fetch,
  sessionUrl: string,
  headers: Headers,
): Promise<EveSessionRead | undefined> {
  try {
    const response = await fetcher(`${sessionUrl}/stream?startIndex=0&follow=false`, {
      headers,
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return undefined;
    const convert = createEveConverter();
    let state = createLedger();
    const asked: ParkedRequestInit[] = [];
    for (const line of (await response.text()).split("\n")) {
      if (line.trim() === "") continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue;
      }
      const action = convert(event);
      if (!action) continue;
      if (action.type === "transport") {
        for (const change of action.changes) if (change.type === "requested") asked.push(change.request);
      }
      state = reduceLedger(state, action);
    }
    return { state, asked };
  } catch {
    return undefined;
  }
}
