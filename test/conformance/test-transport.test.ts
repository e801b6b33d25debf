import { fromEveResponse } from "../../src/adapters/eve/answers";
import { type ConformanceDriver, runTransportConformance } from "../../src/testing/conformance";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

/**
 * The in-memory test transport (`hitl-kit/testing`'s `createTestTransport`: the eve converter
 * and eve's wire over a protocol-faithful in-memory eve session) through the conformance suite.
 * The smallest driver in the kit: a new transport's driver looks like this one.
 */
const driver: ConformanceDriver = {
  name: "createTestTransport (in-memory eve session)",
  createServer() {
    const session = createTestSession({ latencyMs: 5 });
    return {
      ask: (ids) => session.ask({ toolName: "pick_thing", input: { prompt: "Pick one", ui: { kind: "pick", ids } } }),
      connect() {
        const transport = createTestTransport(session);
        return { transport, replay: transport.reconnect, pause: transport.close, close: transport.close };
      },
      received: (ref) =>
        session
          .answers(ref.requestId)
          .map((answer) => fromEveResponse(answer.response, { kind: "pick", native: false })),
      toolResults: (ref) => session.toolResults(ref.callId).length,
      strays: () => session.strayMessages.length,
      failNext: (failure) =>
        session.failNextRespond(
          failure.type === "status"
            ? { status: failure.status }
            : { network: true, afterAccept: failure.type === "network-after" },
        ),
      withdraw: (ref) => session.withdraw(ref.requestId),
      idle: () => session.whenIdle(),
    };
  },
};

runTransportConformance({ describe, it }, driver);
