import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import * as current from "@tanstack/ai";
import * as v014 from "@tanstack/ai-0.14";

/**
 * The REAL `chat()` of TanStack AI — 0.14.0 (devDependency alias `@tanstack/ai-0.14`) and the
 * current release (`@tanstack/ai`) — driven offline: a fake text adapter stands in for the
 * OpenAI one and yields, chunk for chunk, what that version's OpenAI adapter yields for a
 * Responses API stream (no network, no model). Everything after the adapter — the agent loop
 * that runs the server tool, the chunks it adds, its `toServerSentEventsStream` — is the
 * package's own code, so the events are exactly what a TanStack AI server sends.
 *
 * The conversation: the user asks for the weather; the model calls the server tool `weather`
 * (`{"city":"Paris"}`, in two argument deltas); `chat()` runs it and calls the model again,
 * which answers in text.
 */

export type TanStackVersion = "0.14.0" | "current";

/** `@tanstack/ai`'s version the `current` entry drives (the devDependency's pin). */
export const CURRENT_TANSTACK_AI = "0.58.0";

export const SERVER_TOOL = "weather";
export const SERVER_TOOL_ARGS = ['{"city":', '"Paris"}'] as const;
export const SERVER_TOOL_OUTPUT = { city: "Paris", celsius: 21 };
export const ANSWER = ["It is 21°C ", "in Paris."] as const;

const MODEL = "gpt-test";
const inputSchema = () => ({ type: "object", properties: { city: { type: "string" } }, required: ["city"] });
const usage = { input_tokens: 12, output_tokens: 7, total_tokens: 19 };

/** The fake model's turn: a tool call first, the answer once the tool's result is in. */
function answers(messages: ReadonlyArray<{ role: string }>): boolean {
  return messages.at(-1)?.role === "tool";
}

/**
 * 0.14.0's adapter: `@tanstack/ai-openai` 0.8.2 (the release whose peer range is `^0.14.0`),
 * `OpenAITextAdapter.processOpenAIStreamChunks`. Its tool call id is the Responses item id
 * (`fc_…`); `response.content_part.added` opens the text with an empty delta.
 */
function openAi014Adapter() {
  const E = v014.EventType;
  let calls = 0;
  type Chunk = v014.StreamChunk;
  async function* chatStream(options: v014.TextOptions): AsyncGenerator<Chunk> {
    calls += 1;
    const n = calls;
    const answer = answers(options.messages);
    const timestamp = Date.now();
    const runId = options.runId ?? `openai-run-${n}`;
    const threadId = options.threadId ?? `openai-thread-${n}`;
    const messageId = `openai-msg-${n}`;
    const model = MODEL;
    const finished = (finishReason: "tool_calls" | "stop"): Chunk => ({
      type: E.RUN_FINISHED,
      runId,
      threadId,
      model,
      timestamp,
      usage: {
        promptTokens: usage.input_tokens,
        completionTokens: usage.output_tokens,
        totalTokens: usage.total_tokens,
      },
      finishReason,
    });
    // response.created
    yield { type: E.RUN_STARTED, runId, threadId, model, timestamp };
    if (!answer) {
      const toolCallId = `fc_${n}`;
      // response.output_item.added (function_call)
      yield {
        type: E.TOOL_CALL_START,
        toolCallId,
        toolCallName: SERVER_TOOL,
        toolName: SERVER_TOOL,
        model,
        timestamp,
        index: 0,
      };
      // response.function_call_arguments.delta (×2)
      for (const delta of SERVER_TOOL_ARGS) {
        yield { type: E.TOOL_CALL_ARGS, toolCallId, model, timestamp, delta, args: undefined } as Chunk;
      }
      // response.function_call_arguments.done
      yield {
        type: E.TOOL_CALL_END,
        toolCallId,
        toolCallName: SERVER_TOOL,
        toolName: SERVER_TOOL,
        model,
        timestamp,
        input: JSON.parse(SERVER_TOOL_ARGS.join("")),
      };
      // response.completed (output has a function_call)
      yield finished("tool_calls");
      return;
    }
    // response.content_part.added (output_text, text "")
    yield { type: E.TEXT_MESSAGE_START, messageId, model, timestamp, role: "assistant" };
    yield { type: E.TEXT_MESSAGE_CONTENT, messageId, model, timestamp, delta: "", content: "" };
    // response.output_text.delta (×2); content_part.done is skipped once deltas streamed
    let content = "";
    for (const delta of ANSWER) {
      content += delta;
      yield { type: E.TEXT_MESSAGE_CONTENT, messageId, model, timestamp, delta, content };
    }
    // response.completed
    yield { type: E.TEXT_MESSAGE_END, messageId, model, timestamp };
    yield finished("stop");
  }
  return {
    kind: "text",
    name: "openai",
    model: MODEL,
    "~types": {},
    chatStream,
    structuredOutput: () => Promise.reject(new Error("not scripted")),
  } as unknown as v014.AnyTextAdapter;
}

/**
 * The current adapter: `@tanstack/ai-openai` 0.23.1 (peer `^0.58.0`) extends
 * `@tanstack/openai-base` 0.10.15's `OpenAIBaseResponsesTextAdapter.processStreamChunks`. Its
 * tool call id is the Responses `call_id` (the item id goes in metadata); an empty
 * `content_part.added` is skipped.
 */
function openAiCurrentAdapter() {
  const E = current.EventType;
  let calls = 0;
  type Chunk = current.AdapterYieldChunk;
  async function* chatStream(options: current.TextOptions): AsyncGenerator<Chunk> {
    calls += 1;
    const n = calls;
    const answer = answers(options.messages);
    const runId = options.runId ?? `openai-run-${n}`;
    const threadId = options.threadId ?? `openai-thread-${n}`;
    const messageId = `openai-msg-${n}`;
    const model = MODEL;
    const finished = (finishReason: "tool_calls" | "stop"): Chunk => ({
      type: E.RUN_FINISHED,
      runId,
      threadId,
      model,
      timestamp: Date.now(),
      usage: current.buildBaseUsage({
        promptTokens: usage.input_tokens,
        completionTokens: usage.output_tokens,
        totalTokens: usage.total_tokens,
      }),
      finishReason,
    });
    // response.created
    yield {
      type: E.RUN_STARTED,
      runId,
      threadId,
      model,
      timestamp: Date.now(),
      parentRunId: options.parentRunId,
    } as Chunk;
    if (!answer) {
      const itemId = `fc_${n}`;
      const toolCallId = `call_${n}`;
      // response.output_item.added (function_call)
      yield {
        type: E.TOOL_CALL_START,
        toolCallId,
        toolCallName: SERVER_TOOL,
        toolName: SERVER_TOOL,
        parentMessageId: messageId,
        model,
        timestamp: Date.now(),
        index: 0,
        metadata: { itemId },
      } as Chunk;
      // response.function_call_arguments.delta (×2)
      for (const delta of SERVER_TOOL_ARGS) {
        yield { type: E.TOOL_CALL_ARGS, toolCallId, model, timestamp: Date.now(), delta } as Chunk;
      }
      // response.function_call_arguments.done
      yield {
        type: E.TOOL_CALL_END,
        toolCallId,
        toolCallName: SERVER_TOOL,
        toolName: SERVER_TOOL,
        model,
        timestamp: Date.now(),
        input: JSON.parse(SERVER_TOOL_ARGS.join("")),
      } as Chunk;
      // response.completed (output has a function_call)
      yield finished("tool_calls");
      return;
    }
    // response.output_text.delta (×2): the first opens the message
    yield { type: E.TEXT_MESSAGE_START, messageId, model, timestamp: Date.now(), role: "assistant" } as Chunk;
    let content = "";
    for (const delta of ANSWER) {
      content += delta;
      yield { type: E.TEXT_MESSAGE_CONTENT, messageId, model, timestamp: Date.now(), delta, content } as Chunk;
    }
    // response.completed
    yield { type: E.TEXT_MESSAGE_END, messageId, model, timestamp: Date.now() } as Chunk;
    yield finished("stop");
  }
  return {
    kind: "text",
    name: "openai",
    model: MODEL,
    "~types": {},
    chatStream,
    structuredOutput: () => Promise.reject(new Error("not scripted")),
  } as unknown as current.AnyTextAdapter;
}

/** A conversation as `chat()` takes it (TanStack `ModelMessage`s). */
export type ChatMessages = ReadonlyArray<{
  role: "user" | "assistant" | "tool";
  content: string | null;
  toolCallId?: string;
  toolCalls?: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }>;
}>;

export interface ChatRequest {
  messages?: ChatMessages;
  threadId?: string;
  runId?: string;
}

const ask: ChatMessages = [{ role: "user", content: "What is the weather in Paris?" }];

/**
 * The SSE body a TanStack AI server sends for one request: the real `chat()` (fake adapter,
 * the real server tool loop) through that version's real `toServerSentEventsStream`.
 */
export function tanstackChatSse(version: TanStackVersion, request: ChatRequest = {}): ReadableStream<Uint8Array> {
  const { messages = ask, threadId, runId } = request;
  const ids = { ...(threadId ? { threadId } : {}), ...(runId ? { runId } : {}) };
  if (version === "0.14.0") {
    const weather = v014
      .toolDefinition({ name: SERVER_TOOL, description: "The weather in a city", inputSchema: inputSchema() })
      .server(async () => SERVER_TOOL_OUTPUT);
    const stream = v014.chat({
      adapter: openAi014Adapter(),
      messages: messages as v014.ModelMessage[],
      tools: [weather],
      ...ids,
    });
    return v014.toServerSentEventsStream(stream);
  }
  const weather = current
    .toolDefinition({ name: SERVER_TOOL, description: "The weather in a city", inputSchema: inputSchema() })
    .server(async () => SERVER_TOOL_OUTPUT);
  const stream = current.chat({
    adapter: openAiCurrentAdapter(),
    messages: messages as current.ModelMessage[],
    tools: [weather],
    ...ids,
  });
  return current.toServerSentEventsStream(stream);
}

/** The AG-UI events of one `chat()` request, as the wire carries them (each SSE `data:` line). */
export async function tanstackChatEvents(version: TanStackVersion, request: ChatRequest = {}): Promise<BaseEvent[]> {
  return parseSse(await new Response(tanstackChatSse(version, request)).text());
}

export function parseSse(body: string): BaseEvent[] {
  return body
    .split("\n\n")
    .map((block) => block.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice("data: ".length)) as BaseEvent);
}

export interface TanStackChatServer {
  readonly url: string;
  /** Every run input, in order. */
  readonly runs: RunAgentInput[];
  close(): Promise<void>;
}

/**
 * A local AG-UI endpoint backed by the real `chat()`: it takes an `HttpAgent`'s `RunAgentInput`
 * POST, hands its messages, thread and run ids to `chat()` and streams the response with the
 * package's own `toServerSentEventsStream` — what `toServerSentEventsResponse(chat(…))` in a
 * TanStack AI route handler sends.
 */
export async function startTanStackChatServer(version: TanStackVersion): Promise<TanStackChatServer> {
  const runs: RunAgentInput[] = [];
  const server = createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    void (async () => {
      try {
        const input = JSON.parse(await readBody(req)) as RunAgentInput;
        runs.push(input);
        const body = tanstackChatSse(version, {
          messages: toChatMessages(input.messages),
          threadId: input.threadId,
          runId: input.runId,
        });
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        const reader = body.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) res.write(next.value);
        res.end();
      } catch (error) {
        if (!res.headersSent) res.writeHead(400);
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/chat`,
    runs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** AG-UI messages → TanStack `ModelMessage`s (text, tool calls, tool results). */
function toChatMessages(messages: readonly Message[]): ChatMessages {
  return messages.flatMap((m): ChatMessages => {
    const content = typeof m.content === "string" ? m.content : null;
    if (m.role === "user") return [{ role: "user", content: content ?? "" }];
    if (m.role === "tool") return [{ role: "tool", content, toolCallId: m.toolCallId }];
    if (m.role === "assistant") {
      return [{ role: "assistant", content, ...(m.toolCalls?.length ? { toolCalls: m.toolCalls } : {}) }];
    }
    return [];
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}
