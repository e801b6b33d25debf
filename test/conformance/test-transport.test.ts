import { type ConformanceDriver, runTransportConformance } from "../../src/testing/conformance";
import { eveSessionServerSide } from "../../src/testing/eve-server-side";
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
      ...eveSessionServerSide(session),
      connect() {
        const transport = createTestTransport(session);
        return { transport, replay: transport.reconnect, pause: transport.close, close: transport.close };
      },
      idle: () => session.whenIdle(),
    };
  },
};

runTransportConformance({ describe, it }, driver);
