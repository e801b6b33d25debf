import { type ConformanceDriver, runTransportConformance } from "../../src/testing/conformance";
import { eveSessionServerSide } from "../../src/testing/eve-server-side";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

/**
 * The in-memory test transport (`hitl-kit/testing`'s `createTestTransport`: the eve converter
 * and eve's wire over a protocol-faithful in-memory eve session) through the conformance suite,
 * with and without the answer guard in front. The smallest driver in the kit: a new transport's
 * driver looks like this one.
 */
function driver(guarded: boolean): ConformanceDriver {
  return {
    name: `createTestTransport (in-memory eve session${guarded ? ", behind the answer guard" : ""})`,
    skip: {
      replyInTwoTabs: "eve has no client-side reply path: the server itself resolves what a chat message answers",
      ...(guarded
        ? {}
        : {
            twoDevices:
              "without the answer guard two devices (no shared storage) can both answer in the same instant: that is the guard's job",
          }),
    },
    createServer() {
      const session = createTestSession({ latencyMs: 5 });
      return {
        ...eveSessionServerSide(session),
        guarded,
        connect() {
          const transport = createTestTransport(session, { answerGuard: guarded });
          return { transport, replay: transport.reconnect, pause: transport.close, close: transport.close };
        },
        idle: () => session.whenIdle(),
      };
    },
  };
}

runTransportConformance({ describe, it }, driver(false));
runTransportConformance({ describe, it }, driver(true));
