import { fromEveResponse } from "../adapters/eve/convert";
import type { ConformanceServer } from "./conformance";
import type { TestSession } from "./session";

/**
 * The server half of a conformance driver for any transport that talks to eve, over an
 * in-memory eve session: it parks the suite's requests, reads back what eve received as typed
 * answers, and injects eve's failures. A driver adds how a page connects (`connect`) and when
 * pages have caught up (`idle`).
 */
export function eveSessionServerSide(session: TestSession): Omit<ConformanceServer, "connect" | "idle"> {
  return {
    ask: (ids) => session.ask({ toolName: "pick_thing", input: { prompt: "Pick one", ui: { kind: "pick", ids } } }),
    received: (ref) =>
      session.answers(ref.requestId).map((answer) => fromEveResponse(answer.response, { kind: "pick", native: false })),
    toolResults: (ref) => session.toolResults(ref.callId).length,
    strays: () => session.strayMessages.length,
    failNext: (failure) =>
      session.failNextRespond(
        failure.type === "status"
          ? { status: failure.status }
          : { network: true, afterAccept: failure.type === "network-after" },
      ),
    withdraw: (ref) => session.withdraw(ref.requestId),
  };
}
