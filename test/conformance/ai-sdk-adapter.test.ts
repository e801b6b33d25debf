import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { Chat } from "@ai-sdk/react";
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  DefaultChatTransport,
  streamText,
  toUIMessageStream,
  type UIMessage,
} from "ai";
import { MockLanguageModelV4, simulateReadableStream } from "ai/test";
import { connectChat, continueAfterAnswers } from "../../src/adapters/ai-sdk/chat";
import type { AnswerBody } from "../../src/core/answer";
import { selectRequests } from "../../src/core/ledger";
import { pickerTool } from "../../src/server/ai-sdk";
import { countToolResults } from "../../src/server/transcript";
import {
  type ConformanceConnection,
  type ConformanceDriver,
  type ConformanceRef,
  conformanceKind,
  runTransportConformance,
} from "../../src/testing/conformance";
import { fromToolOutput } from "../../src/wire/tool-output";
import { ledgerOf } from "../support/ledger";

/**
 * The AI SDK adapter through the conformance suite, on the real packages: each page is a real
 * `Chat` (`@ai-sdk/react`) followed by `connectChat`, continuing by itself with
 * `continueAfterAnswers`; the server is a real route (`streamText` with `pickerTool` for the
 * suite's kind, the `ai` package's test model) that persists the conversation, as an app with
 * `useChat` persistence does — so a page that opens (or reloads) starts from what the server has.
 *
 * What the server RECEIVED for a call is read off every request body: a request that brings a
 * call's result the server did not have, or a different one, or repeats the continuation right
 * after it (a second automatic request), is one more answer.
 */

const model = () =>
  new MockLanguageModelV4({
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({ chunks: respond(prompt), chunkDelayInMs: null }),
    }),
  });

/** `ask a,b` → a `pick` call with those ids; anything else → a short text. */
function respond(prompt: LanguageModelV4Prompt): LanguageModelV4StreamPart[] {
  const last = prompt.at(-1);
  const text = last?.role === "user" ? last.content.map((p) => (p.type === "text" ? p.text : "")).join("") : "";
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  const match = /^ask (.+)$/.exec(text);
  if (match) {
    const id = `call-${prompt.length}`;
    const input = JSON.stringify({ prompt: "Pick one", ui: { kind: "pick", ids: match[1]?.split(",") } });
    return [
      { type: "stream-start", warnings: [] },
      { type: "tool-call", toolCallId: id, toolName: "pick", input },
      { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
    ];
  }
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: "ok" },
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
  ];
}

const tools = { pick: pickerTool(conformanceKind, { description: "Pick one id" }) };

interface CallPart {
  readonly toolCallId: string;
  readonly state: string;
  readonly output?: unknown;
}

function callParts(messages: readonly UIMessage[]): Map<string, CallPart> {
  const parts = new Map<string, CallPart>();
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type === "tool-pick") parts.set(part.toolCallId, part as CallPart);
    }
  }
  return parts;
}

function createServer() {
  const languageModel = model();
  let stored: UIMessage[] = [];
  const received = new Map<string, unknown[]>();
  let inFlight = 0;
  let counter = 0;

  /** Runs the route on `messages` and stores the conversation it ends with. */
  const run = async (messages: UIMessage[]): Promise<Response> => {
    const result = streamText({
      model: languageModel,
      messages: await convertToModelMessages(messages, { tools }),
      tools,
      // A page that could not answer a call (another tab claimed it: the chat-reply scenario)
      // sends a history the model refuses; the route reports it to the page, not to the console.
      onError: () => {},
    });
    return createUIMessageStreamResponse({
      stream: toUIMessageStream({
        stream: result.stream,
        originalMessages: messages,
        onFinish: ({ messages: finished }) => {
          stored = finished;
        },
      }),
    });
  };

  const record = (incoming: UIMessage[]) => {
    const before = callParts(stored);
    const last = incoming.at(-1);
    for (const [id, part] of callParts(incoming)) {
      if (part.state !== "output-available") continue;
      const known = before.get(id);
      const isNew = known?.state !== "output-available" || JSON.stringify(known.output) !== JSON.stringify(part.output);
      // The continuation right after the answer: the request's last message holds the answered call.
      const continuesAgain =
        !isNew && last?.role === "assistant" && last.parts.some((p) => p.type === "tool-pick" && p.toolCallId === id);
      if (isNew || continuesAgain) received.set(id, [...(received.get(id) ?? []), part.output]);
    }
  };

  const POST = async (request: Request): Promise<Response> => {
    inFlight++;
    try {
      const { messages } = (await request.json()) as { messages: UIMessage[] };
      record(messages);
      const response = await run(messages);
      // The route's work ends when its stream does (the conversation is stored then).
      const [forClient, forServer] = (response.body as ReadableStream<Uint8Array>).tee();
      void new Response(forServer).text().finally(() => inFlight--);
      return new Response(forClient, { headers: response.headers });
    } catch (error) {
      inFlight--;
      throw error;
    }
  };

  const pages: { chat: Chat<UIMessage>; transport: ReturnType<typeof connectChat> }[] = [];
  /** Nothing is on its way: no page is sending an answer or waiting on a request, no request is running. */
  const quiet = () =>
    inFlight === 0 &&
    pages.every(
      ({ chat, transport }) =>
        chat.status !== "submitted" &&
        chat.status !== "streaming" &&
        !selectRequests(ledgerOf(transport).getSnapshot()).some(
          (r) => r.state === "submitting" && r.error === undefined,
        ),
    );
  const idle = async () => {
    // A page's answer goes through its client (journal claim, then addToolOutput, then the
    // automatic request) before the route sees it: wait for all of it, as a reload after the
    // answer arrived would (bounded: a restored answer waits for its grace period).
    for (let i = 0; i < 1000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (quiet()) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  };

  return {
    async ask(ids: readonly string[]): Promise<ConformanceRef> {
      const before = new Set(callParts(stored).keys());
      const user: UIMessage = {
        id: `u${++counter}`,
        role: "user",
        parts: [{ type: "text", text: `ask ${ids.join(",")}` }],
      };
      await (await run([...stored, user])).text();
      const callId = [...callParts(stored).keys()].find((id) => !before.has(id));
      if (!callId) throw new Error("the model asked nothing");
      return { requestId: callId, callId };
    },
    async connect(): Promise<ConformanceConnection> {
      await idle();
      const chat = new Chat({
        id: "conversation",
        messages: structuredClone(stored),
        transport: new DefaultChatTransport({
          api: "http://chat.test/api/chat",
          fetch: (input, init) => POST(new Request(String(input), init as RequestInit)),
        }),
        sendAutomaticallyWhen: continueAfterAnswers,
      });
      const transport = connectChat(chat);
      pages.push({ chat, transport });
      return {
        transport,
        // The chat hands out its whole list again (a re-render, a restored copy): nothing new.
        replay: () => {
          chat.messages = structuredClone(chat.messages);
        },
        pause: () => transport.close(),
        close: () => transport.close(),
      };
    },
    received: (ref: ConformanceRef): AnswerBody[] =>
      (received.get(ref.callId) ?? []).map((output) => fromToolOutput(output) ?? { type: "value", value: undefined }),
    toolResults: (ref: ConformanceRef) =>
      convertToModelMessages(stored, { tools }).then((messages) => countToolResults(messages).get(ref.callId) ?? 0),
    idle,
  };
}

const unsupportedPush =
  "useChat has no server-initiated events: another tab's answer, or the server's, reaches a page only when it loads the conversation again";
const answerIsHistory =
  "the answer is part of the chat's own history (addToolOutput), not a request of its own: a failed request is the chat's error, retried by the app (sendMessage/regenerate) with the same single result";

const driver: ConformanceDriver = {
  name: "connectChat over the real Chat (ai 7, @ai-sdk/react 4) and a streamText route",
  skip: {
    twoTabs: unsupportedPush,
    laggingTab: unsupportedPush,
    lateAnswer: unsupportedPush,
    dropBefore: answerIsHistory,
    dropAfter: answerIsHistory,
    refused: answerIsHistory,
    transient: answerIsHistory,
    twoDevices: "no answer guard for a useChat route: the answer is part of the conversation each request carries",
  },
  async createServer() {
    const server = createServer();
    // The suite's `toolResults` is synchronous: keep the count current after every idle.
    const counts = new Map<string, number>();
    const refs: ConformanceRef[] = [];
    const refresh = async () => {
      for (const ref of refs) counts.set(ref.callId, await server.toolResults(ref));
    };
    return {
      async ask(ids) {
        const ref = await server.ask(ids);
        refs.push(ref);
        return ref;
      },
      connect: () => server.connect(),
      received: (ref) => server.received(ref),
      toolResults: (ref) => counts.get(ref.callId) ?? 0,
      strays: () => 0,
      failNext: () => {
        throw new Error("skipped for this transport");
      },
      withdraw: () => {
        throw new Error("skipped for this transport");
      },
      async idle() {
        await server.idle();
        await refresh();
      },
    };
  },
};

runTransportConformance({ describe, it }, driver);
