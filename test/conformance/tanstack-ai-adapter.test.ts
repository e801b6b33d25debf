import * as ai from "@tanstack/ai";
import { ChatClient, fetchServerSentEvents } from "@tanstack/ai-client";
import { chatClientLike } from "../../src/adapters/tanstack-ai/chat-client";
import { createTanStackAiTransport, type TanStackAiHitlTransport } from "../../src/adapters/tanstack-ai/transport";
import type { AnswerBody } from "../../src/core/answer";
import { selectRequests } from "../../src/core/ledger";
import {
  type ConformanceConnection,
  type ConformanceDriver,
  type ConformanceRef,
  runTransportConformance,
} from "../../src/testing/conformance";
import { fromToolOutput } from "../../src/wire/tool-output";
import { ledgerOf } from "../support/ledger";
import { startTanStackAiRoute, type TanStackAiRoute } from "../support/tanstack-ai-server";

/**
 * The TanStack AI adapter through the conformance suite, on the real packages: each page is a
 * real `ChatClient` (`@tanstack/ai-client` 0.33) talking over HTTP to a real `chat()` route
 * (`@tanstack/ai` 0.58 with `pickerClientTool` for the suite's kind, a scripted fake adapter),
 * followed by `createTanStackAiTransport`. The route keeps the conversation (the messages of its
 * last run, and the interrupts that run paused on), as an app with `persistence` does, so a page
 * that opens (or reloads) starts from what the server has: `initialMessages` and
 * `initialResumeSnapshot`.
 *
 * What the route RECEIVED for a call is the resume entries for its interrupt
 * (`client_tool_<callId>`): each one is an answer.
 */

const THREAD = "conversation";

const unsupportedPush =
  "TanStack AI's chat client has no server-initiated events here: another tab's answer, or the server's, reaches a page only when it loads the conversation again";
const answerIsStaged =
  "the answer is staged in the chat client (addToolResult), not a request of its own: a failed resume is the client's interruptErrors, retried with retryInterrupts() carrying the same single resolution";

interface Tab {
  readonly chat: ChatClient;
  readonly transport: TanStackAiHitlTransport;
}

function createServer(route: TanStackAiRoute) {
  const tabs: Tab[] = [];

  /** Nothing is on its way: no request at the route, no page streaming, resuming or sending an answer. */
  const quiet = () =>
    route.inFlight() === 0 &&
    tabs.every(
      ({ chat, transport }) =>
        !chat.getIsLoading() &&
        !chat.getInterruptState().resuming &&
        !selectRequests(ledgerOf(transport).getSnapshot()).some(
          (r) => r.state === "submitting" && r.error === undefined,
        ),
    );
  const idle = async () => {
    // A page's answer goes through its client (journal claim, then addToolResult, then the
    // resume) before the route sees it: wait for all of it (bounded: a restored answer waits
    // for its grace period).
    for (let i = 0; i < 1000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (quiet()) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  };

  const calls = () =>
    route
      .stored()
      .messages.flatMap((message) => (message.role === "assistant" ? (message.toolCalls ?? []) : []))
      .map((call) => call.id);

  return {
    async ask(ids: readonly string[]): Promise<ConformanceRef> {
      const before = new Set(calls());
      await route.say(`ask ${ids.join(",")}`);
      const callId = calls().find((id) => !before.has(id));
      if (!callId) throw new Error("the model asked nothing");
      return { requestId: callId, callId };
    },
    async connect(): Promise<ConformanceConnection> {
      await idle();
      const stored = structuredClone(route.stored());
      let following = true;
      let transport: TanStackAiHitlTransport | undefined;
      const follow = () => {
        if (following) transport?.sync(chatClientLike(chat));
      };
      const chat = new ChatClient({
        connection: fetchServerSentEvents(route.url),
        threadId: THREAD,
        initialMessages: ai.modelMessagesToUIMessages(stored.messages),
        ...(stored.interrupted
          ? {
              initialResumeSnapshot: {
                resumeState: { threadId: THREAD, runId: stored.interrupted.runId },
                pendingInterrupts: stored.interrupted.interrupts as ai.Interrupt[],
              },
            }
          : {}),
        onMessagesChange: follow,
        onLoadingChange: follow,
        onInterruptStateChange: follow,
      });
      transport = createTanStackAiTransport(chatClientLike(chat), { threadId: THREAD });
      tabs.push({ chat, transport });
      const page = transport;
      return {
        transport: page,
        // The chat hands out its whole state again (a re-render, a restored copy): nothing new.
        replay: () => {
          const like = chatClientLike(chat);
          page.sync({ ...like, messages: structuredClone(like.messages), interrupts: [...(like.interrupts ?? [])] });
          page.sync(like);
        },
        pause: () => {
          following = false;
        },
        // The page goes away; what it already sent carries on, as the browser would.
        close: () => {
          following = false;
        },
      };
    },
    received: (ref: ConformanceRef): AnswerBody[] =>
      route.resumes
        .filter((entry) => entry.interruptId === `client_tool_${ref.callId}`)
        .map((entry) =>
          entry.status === "cancelled"
            ? { type: "dismissed" }
            : (fromToolOutput(entry.payload) ?? { type: "value", value: undefined }),
        ),
    toolResults: (ref: ConformanceRef) =>
      route.stored().messages.filter((message) => message.role === "tool" && message.toolCallId === ref.callId).length,
    idle,
    close: async () => {
      for (const { chat } of tabs) chat.dispose();
      await route.close();
    },
  };
}

const driver: ConformanceDriver = {
  name: "createTanStackAiTransport over the real ChatClient (@tanstack/ai-client 0.33) and a chat() route (@tanstack/ai 0.58)",
  skip: {
    twoTabs: unsupportedPush,
    laggingTab: unsupportedPush,
    lateAnswer: unsupportedPush,
    dropBefore: answerIsStaged,
    dropAfter: answerIsStaged,
    refused: answerIsStaged,
    transient: answerIsStaged,
    replyInTwoTabs:
      "the other tab's answer never reaches this page (no push), and TanStack AI's client refuses a message while it still shows that interrupt waiting: the reply path waits for it (see the transport's own reply tests)",
    twoDevices: "no answer guard for a chat() route: the resume carries the answer the page staged",
  },
  async createServer() {
    const server = createServer(await startTanStackAiRoute());
    return {
      ask: (ids) => server.ask(ids),
      connect: () => server.connect(),
      received: (ref) => server.received(ref),
      toolResults: (ref) => server.toolResults(ref),
      strays: () => 0,
      failNext: () => {
        throw new Error("skipped for this transport");
      },
      withdraw: () => {
        throw new Error("skipped for this transport");
      },
      idle: () => server.idle(),
      close: () => server.close(),
    };
  },
};

runTransportConformance({ describe, it }, driver);
