// @vitest-environment node
import { HttpAgent } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { createAgUiTransport } from "../../src/adapters/ag-ui/transport";
import type { AnswerBody } from "../../src/core/answer";
import { selectRequests } from "../../src/core/ledger";
import {
  type ConformanceConnection,
  type ConformanceDriver,
  runTransportConformance,
} from "../../src/testing/conformance";
import { fromToolOutput } from "../../src/wire/tool-output";
import { type AgUiTestServer, startAgUiServer } from "../support/ag-ui-server";
import { ledgerOf } from "../support/ledger";

/**
 * The AG-UI adapter through the conformance suite, on the real packages: each page is a real
 * `HttpAgent` (`@ag-ui/client`) on one thread, followed by `createAgUiTransport`, against a local
 * AG-UI endpoint that streams with `@ag-ui/encoder` (`test/support/ag-ui-server.ts`). The server
 * keeps the thread, so a page that opens (or reloads) starts from what the server has; what it
 * RECEIVED for a call is every distinct `tool` message for it in any run's input.
 */

const THREAD = "conformance";
const answerIsHistory =
  "the answer is a tool message in the agent's own history, not a request of its own: a failed run is the agent's error, retried by the app with the same single tool message";
const noPush =
  "an AG-UI page hears from the server only during its own runs: another tab's answer, or the server giving up, reaches it when it runs or loads the thread again";

const driver: ConformanceDriver = {
  name: "createAgUiTransport over real HttpAgents and a local AG-UI endpoint (@ag-ui/encoder)",
  skip: {
    twoTabs: noPush,
    laggingTab: noPush,
    lateAnswer: noPush,
    dropBefore: answerIsHistory,
    dropAfter: answerIsHistory,
    refused: answerIsHistory,
    transient: answerIsHistory,
    replyInTwoTabs: "the AG-UI adapter has no reply path yet: a chat message is the app's own run",
    twoDevices: "no answer guard for an AG-UI endpoint: the answer is a message in the thread's history",
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
    const page = (): HttpAgent =>
      new HttpAgent({ url: server.url, threadId: THREAD, initialMessages: server.thread(THREAD) });
    return {
      async ask(ids) {
        // The person asked in another page; the agent's run ends waiting on its frontend tool.
        const agent = page();
        agent.addMessage({ id: `u${++asked}`, role: "user", content: `ask ${ids.join(",")}` });
        const { newMessages } = await agent.runAgent();
        const call = newMessages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).at(-1);
        if (!call) throw new Error("the agent asked nothing");
        return { requestId: call.id, callId: call.id };
      },
      async connect(): Promise<ConformanceConnection> {
        await idle();
        const agent = page();
        const events: BaseEvent[] = [];
        let replaying = false;
        agent.subscribe({ onEvent: ({ event }) => void (replaying || events.push(event)) });
        const transport = createAgUiTransport(agent);
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
      received: (ref): AnswerBody[] =>
        server.received(ref.callId).map((message) => {
          const content = message.role === "tool" ? String(message.content) : "";
          try {
            return fromToolOutput(JSON.parse(content)) ?? { type: "reply", text: content };
          } catch {
            return { type: "reply", text: content };
          }
        }),
      toolResults: (ref) =>
        new Set(server.thread(THREAD).flatMap((m) => (m.role === "tool" && m.toolCallId === ref.callId ? [m.id] : [])))
          .size,
      strays: () => server.refusals.length,
      failNext: () => {
        throw new Error("skipped for this transport");
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
