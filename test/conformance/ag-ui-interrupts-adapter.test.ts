// @vitest-environment node
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { createAgUiTransport } from "../../src/adapters/ag-ui/transport";
import type { AnswerBody } from "../../src/core/answer";
import { selectRequests } from "../../src/core/ledger";
import {
  type ConformanceConnection,
  type ConformanceDriver,
  runTransportConformance,
} from "../../src/testing/conformance";
import { fromToolOutput } from "../../src/wire/tool-output";
import { type AgUiTestServer, ConnectableHttpAgent, startAgUiServer } from "../support/ag-ui-server";
import { ledgerOf } from "../support/ledger";

/**
 * The AG-UI adapter's INTERRUPTS path (AG-UI 1.0) through the conformance suite, on the real
 * packages. The agent asks by ending a run with `RUN_FINISHED { outcome: { type: "interrupt",
 * interrupts: [{ id, …, metadata: { "dev.hitl-kit/ui": { kind: "pick", ids } } }] } }` (the
 * conformance kind's hint), in a run another page made; each page is a real `HttpAgent`
 * (`@ag-ui/client`) that loads the thread with `connectAgent()` — the local AG-UI endpoint
 * (`test/support/ag-ui-server.ts`) replays every run of the thread, each `RUN_STARTED` echoing
 * its input — followed by `createAgUiTransport`. An answer is the next run's
 * `RunAgentInput.resume`; what the server RECEIVED for a request is every resume entry for its
 * interrupt id in any run it got (refused or not). The server is strict: a run must resume every
 * open interrupt once and nothing else, or it is refused (a stray).
 */

const THREAD = "conformance";
const noPush =
  "an AG-UI page hears from the server only during its own runs (or when it connects): another tab's answer, or the server giving up, reaches it only then";

/** `console.error` calls `@ag-ui/client` makes for a run that failed ("Agent execution failed:"). */
let consoleErrors: unknown[][] = [];
/** Runs the suite made fail on purpose: each logs one. */
let failedRuns = 0;
beforeEach(() => {
  consoleErrors = [];
  failedRuns = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleErrors.map(([message]) => message)).toEqual(
    Array.from({ length: failedRuns }, () => "Agent execution failed:"),
  );
});

/** A resume entry read back as the typed answer it carries. */
function answerOf(entry: ResumeEntry): AnswerBody {
  const marker = fromToolOutput(entry.payload);
  if (entry.status === "cancelled") return marker?.type === "declined" ? marker : { type: "declined" };
  return marker ?? { type: "value", value: null };
}

const driver: ConformanceDriver = {
  name: "createAgUiTransport's interrupts (AG-UI 1.0) over real HttpAgents and a local AG-UI endpoint",
  skip: {
    twoTabs: noPush,
    laggingTab: noPush,
    lateAnswer: noPush,
    dropAfter:
      "a resume whose response was lost cannot be read back: the page hears from the server only in its own runs (or a connect), so it reopens after the grace period like any unconfirmed answer, and a retry resumes again (the strict server refuses it)",
    replyInTwoTabs: "the AG-UI adapter has no reply path yet: a chat message is the app's own run",
    twoDevices: "no answer guard for an AG-UI endpoint: the resume is the next run's input",
  },
  async createServer() {
    const server: AgUiTestServer = await startAgUiServer();
    let asked = 0;
    const pages: { agent: HttpAgent; transport: ReturnType<typeof createAgUiTransport> }[] = [];
    /** No page is sending an answer or running, and the server streams nothing. */
    const quiet = () =>
      pages.every(
        ({ agent, transport }) =>
          !agent.isRunning &&
          !selectRequests(ledgerOf(transport).getSnapshot()).some(
            (r) => r.state === "submitting" && r.error === undefined,
          ),
      );
    const idle = async () => {
      for (let i = 0; i < 1000; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (quiet()) break;
      }
      await server.idle();
    };
    return {
      async ask(ids) {
        // Another page said something; the agent's run ends with an interrupt carrying the hint.
        const agent = new HttpAgent({ url: server.url, threadId: THREAD, initialMessages: server.thread(THREAD) });
        agent.addMessage({ id: `u${++asked}`, role: "user", content: `interrupt ${ids.join(",")}` });
        await agent.runAgent();
        const interrupt = agent.pendingInterrupts.at(-1);
        if (!interrupt) throw new Error("the agent asked nothing");
        return { requestId: interrupt.id, callId: `interrupt:${interrupt.id}` };
      },
      async connect(): Promise<ConformanceConnection> {
        await idle();
        const agent = new ConnectableHttpAgent({ url: server.url, threadId: THREAD });
        const events: BaseEvent[] = [];
        let replaying = false;
        agent.subscribe({ onEvent: ({ event }) => void (replaying || events.push(event)) });
        const transport = createAgUiTransport(agent);
        // The page loads the thread (the server replays its runs) while the transport follows it.
        const loading = transport.connect({ deliver: () => {}, expect: () => {} });
        await agent.connectAgent();
        loading();
        pages.push({ agent, transport });
        return {
          transport,
          // The events and the message list delivered again, as a reconnecting stream does.
          replay: async () => {
            const input = {} as RunAgentInput;
            replaying = true;
            for (const subscriber of [...agent.subscribers]) {
              for (const event of events)
                await subscriber.onEvent?.({ event, messages: agent.messages, state: agent.state, agent, input });
              await subscriber.onMessagesChanged?.({ messages: agent.messages, state: agent.state, agent });
            }
            replaying = false;
          },
          pause: () => transport.close(),
          close: () => transport.close(),
        };
      },
      received: (ref): AnswerBody[] => server.resumesFor(ref.requestId).map(answerOf),
      toolResults: (ref) => server.closed(ref.requestId),
      strays: () => server.refusals.length,
      failNext: (failure) => {
        failedRuns += 1;
        server.failNextResume(failure);
      },
      withdraw: () => {
        throw new Error("skipped for this transport");
      },
      idle,
      close: () => server.close(),
    };
  },
};

runTransportConformance({ describe, it }, driver);
