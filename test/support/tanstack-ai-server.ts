import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import * as ai from "@tanstack/ai";
import { z } from "zod";
import { mediaKind } from "../../src/kinds/media";
import { pickerClientTool, pickerInterruptInput, pickerInterruptOptions } from "../../src/server/tanstack-ai";
import { conformanceKind } from "../../src/testing/conformance";

/**
 * A TanStack AI route on the REAL `chat()` of `@tanstack/ai` 0.58, served over HTTP on
 * 127.0.0.1, with no network beyond it and no model: a fake text adapter yields, chunk for chunk,
 * what the OpenAI adapter yields (see `test/support/tanstack-chat.ts`), scripted by the user's
 * message. Everything after the adapter — the agent loop, the interrupts it pauses on, the
 * resume it validates, `chatParamsFromRequestBody`, `toServerSentEventsStream` — is the package's.
 *
 * What the model does for the last user message:
 *   `ask a,b`     → calls the picker `pick` (the conformance kind) with those ids
 *   `ask slowly a,b` → the same, and the run takes 300 ms more to finish after the call
 *   `pick media`  → calls the picker `pick_media` (the media kind)
 *   `delete file` → calls `delete_file`, a server tool behind `needsApproval`
 *   `both`        → calls `pick` and `delete_file` in one step (one interrupt batch)
 *   `interrupts`  → no call: a middleware pauses the run before the model on three generic
 *                   interrupts (a picker interrupt, a schema form, one with neither)
 * and anything after a result (a continuation) → a short text.
 *
 * The route records what it RECEIVED: every request body, each resume entry per interrupt id,
 * each generic resolution the middleware read, and each run of `delete_file`.
 */

const E = ai.EventType;
const MODEL = "gpt-test";
const usage = () => ai.buildBaseUsage({ promptTokens: 3, completionTokens: 2, totalTokens: 5 });

export const pickTool = pickerClientTool(conformanceKind, { name: "pick", description: "Pick one id" });
export const pickMediaTool = pickerClientTool(mediaKind, { name: "pick_media", description: "Pick media" });
export const MEDIA_UI = {
  kind: "media" as const,
  items: [
    { id: "alpine-lake", url: "https://example.test/alpine.jpg", alt: "alpine lake" },
    { id: "sand-dunes", url: "https://example.test/dunes.jpg", alt: "sand dunes" },
  ],
  min: 1,
  max: 1,
};

export const pickInterrupt = ai.defineInterrupt(pickerInterruptOptions(conformanceKind, { id: "hitl-pick" }));
export const formInterrupt = ai.defineInterrupt({
  id: "profile",
  responseSchema: z.object({ name: z.string(), age: z.number().optional() }),
});
export const freeInterrupt = ai.defineInterrupt({ id: "note", payloadSchema: z.object({ topic: z.string() }) });

interface Call {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
}

/** The fake model's turn for a conversation. */
function script(
  messages: ReadonlyArray<{ role: string; content?: unknown }>,
  continuation: boolean,
  n: number,
): Call[] {
  const last = messages.at(-1);
  if (continuation || last?.role !== "user") return [];
  const text = typeof last.content === "string" ? last.content : "";
  const ask = /^ask (?:slowly )?(.+)$/.exec(text);
  const pick = (ids: string[]): Call => ({
    id: `call_pick_${n}`,
    name: "pick",
    args: { prompt: "Pick one", ui: { kind: "pick", ids } },
  });
  const del: Call = { id: `call_del_${n}`, name: "delete_file", args: { path: "/tmp/report.txt" } };
  if (ask) return [pick(ask[1]?.split(",") ?? [])];
  if (text === "pick media")
    return [{ id: `call_media_${n}`, name: "pick_media", args: { prompt: "Pick a photo", ui: MEDIA_UI } }];
  if (text === "delete file") return [del];
  if (text === "both") return [pick(["a", "b"]), del];
  return [];
}

function fakeOpenAi() {
  let calls = 0;
  type Chunk = ai.AdapterYieldChunk;
  async function* chatStream(options: ai.TextOptions): AsyncGenerator<Chunk> {
    calls += 1;
    const n = calls;
    const runId = options.runId ?? `openai-run-${n}`;
    const threadId = options.threadId ?? `openai-thread-${n}`;
    const messageId = `openai-msg-${n}`;
    const model = MODEL;
    const finished = (finishReason: "tool_calls" | "stop"): Chunk =>
      ({ type: E.RUN_FINISHED, runId, threadId, model, timestamp: Date.now(), usage: usage(), finishReason }) as Chunk;
    // response.created
    yield {
      type: E.RUN_STARTED,
      runId,
      threadId,
      model,
      timestamp: Date.now(),
      parentRunId: options.parentRunId,
    } as Chunk;
    const toolCalls = script(options.messages, options.parentRunId !== undefined, n);
    if (toolCalls.length > 0) {
      for (const [index, call] of toolCalls.entries()) {
        const args = JSON.stringify(call.args);
        // response.output_item.added (function_call)
        yield {
          type: E.TOOL_CALL_START,
          toolCallId: call.id,
          toolCallName: call.name,
          toolName: call.name,
          parentMessageId: messageId,
          model,
          timestamp: Date.now(),
          index,
          metadata: { itemId: `fc_${call.id}` },
        } as Chunk;
        // response.function_call_arguments.delta (×2: the kind streams first)
        for (const delta of [args.slice(0, 40), args.slice(40)]) {
          yield { type: E.TOOL_CALL_ARGS, toolCallId: call.id, model, timestamp: Date.now(), delta } as Chunk;
        }
        // response.function_call_arguments.done
        yield {
          type: E.TOOL_CALL_END,
          toolCallId: call.id,
          toolCallName: call.name,
          toolName: call.name,
          model,
          timestamp: Date.now(),
          input: call.args,
        } as Chunk;
      }
      const last = options.messages.at(-1);
      if (typeof last?.content === "string" && last.content.startsWith("ask slowly ")) {
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      yield finished("tool_calls");
      return;
    }
    yield { type: E.TEXT_MESSAGE_START, messageId, model, timestamp: Date.now(), role: "assistant" } as Chunk;
    yield {
      type: E.TEXT_MESSAGE_CONTENT,
      messageId,
      model,
      timestamp: Date.now(),
      delta: "ok",
      content: "ok",
    } as Chunk;
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
  } as unknown as ai.AnyTextAdapter;
}

export interface ResumeEntry {
  readonly interruptId: string;
  readonly status: "resolved" | "cancelled";
  readonly payload?: unknown;
}

/** What the conversation holds between requests: its messages, and the interrupts its last run paused on. */
export interface StoredConversation {
  readonly messages: ai.ModelMessage[];
  readonly interrupted?: { readonly runId: string; readonly interrupts: readonly unknown[] };
}

export interface TanStackAiRoute {
  readonly url: string;
  /** Every request body, in order. */
  readonly requests: Record<string, unknown>[];
  /** The resume entries the route received, in order. */
  readonly resumes: ResumeEntry[];
  /** Every generic interrupt resolution the middleware read. */
  readonly resolutions: ai.GenericInterruptResolution<
    typeof pickInterrupt | typeof formInterrupt | typeof freeInterrupt
  >[];
  /** Each run of the approved `delete_file`. */
  readonly deletions: unknown[];
  /** The conversation after the last request. */
  stored(): StoredConversation;
  /** Runs the route on a new user message added to the stored conversation (the agent asks by itself). */
  say(text: string): Promise<void>;
  /** Requests still being answered. */
  inFlight(): number;
  /** The next request fails as described before `chat()` sees it. */
  failNext(failure: { readonly status: number } | { readonly drop: "before" | "after" }): void;
  close(): Promise<void>;
}

export async function startTanStackAiRoute(): Promise<TanStackAiRoute> {
  const adapter = fakeOpenAi();
  const requests: Record<string, unknown>[] = [];
  const resumes: ResumeEntry[] = [];
  const resolutions: TanStackAiRoute["resolutions"] = [];
  const deletions: unknown[] = [];
  let stored: StoredConversation = { messages: [] };
  let inFlight = 0;
  let failure: Parameters<TanStackAiRoute["failNext"]>[0] | undefined;
  let counter = 0;

  const deleteFile = ai
    .toolDefinition({
      name: "delete_file",
      description: "Delete a file",
      needsApproval: true,
      inputSchema: z.object({ path: z.string() }),
    })
    .server(async (input) => {
      deletions.push(input);
      return { deleted: input.path };
    });

  const asker: ai.ChatMiddleware<unknown, typeof pickInterrupt | typeof formInterrupt | typeof freeInterrupt> = {
    name: "asker",
    onInterruptBoundary(ctx) {
      const last = ctx.messages.at(-1);
      if (ctx.phase !== "beforeModel" || ctx.parentRunId !== undefined || last?.role !== "user") return undefined;
      if (last.content !== "interrupts") return undefined;
      return {
        interrupts: [
          pickInterrupt.interrupt(
            pickerInterruptInput(conformanceKind, {
              key: "pick",
              prompt: "Which one?",
              ui: { kind: "pick", ids: ["a", "b"] },
            }),
          ),
          formInterrupt.interrupt({ key: "profile", reason: "profile", message: "Who are you?" }),
          freeInterrupt.interrupt({
            key: "note",
            reason: "note",
            message: "Anything to add?",
            payload: { topic: "x" },
          }),
        ],
      };
    },
    onInterruptResolution(_ctx, resolved) {
      resolutions.push(...resolved.all());
    },
  };

  /** Keeps what the run's messages are after each chunk, and the interrupts it pauses on. */
  const recorder = (runId: string): ai.ChatMiddleware => {
    let interrupted: StoredConversation["interrupted"];
    const keep = (messages: readonly ai.ModelMessage[]) => {
      stored = { messages: [...messages], ...(interrupted ? { interrupted } : {}) };
    };
    return {
      name: "recorder",
      onChunk(ctx, chunk) {
        if (chunk.type === E.RUN_FINISHED && chunk.outcome?.type === "interrupt") {
          interrupted = { runId, interrupts: chunk.outcome.interrupts };
        }
        keep(ctx.messages);
      },
      onFinish: (ctx) => keep(ctx.messages),
    };
  };

  const run = (params: {
    messages: Array<ai.UIMessage | ai.ModelMessage>;
    threadId: string;
    runId: string;
    parentRunId?: string;
    resume?: ai.RunAgentResumeItem[];
  }): ReadableStream<Uint8Array> => {
    for (const entry of params.resume ?? []) resumes.push(entry as ResumeEntry);
    const stream = ai.chat({
      adapter,
      messages: params.messages,
      threadId: params.threadId,
      runId: params.runId,
      ...(params.parentRunId !== undefined ? { parentRunId: params.parentRunId } : {}),
      ...(params.resume !== undefined ? { resume: params.resume } : {}),
      tools: [pickTool, pickMediaTool, deleteFile],
      interrupts: [pickInterrupt, formInterrupt, freeInterrupt],
      middleware: [asker, recorder(params.runId)],
    });
    return ai.toServerSentEventsStream(stream);
  };

  const drain = async (body: ReadableStream<Uint8Array>, write?: (chunk: Uint8Array) => void) => {
    const reader = body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) write?.(next.value);
  };

  const server = createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    inFlight++;
    void (async () => {
      try {
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        const failing = failure;
        failure = undefined;
        if (failing && "status" in failing) {
          res.writeHead(failing.status).end("refused");
          return;
        }
        if (failing?.drop === "before") {
          res.destroy();
          return;
        }
        requests.push(body);
        const stream = run(await ai.chatParamsFromRequestBody(body));
        if (failing?.drop === "after") {
          await drain(stream);
          res.destroy();
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        await drain(stream, (chunk) => res.write(chunk));
        res.end();
      } catch (error) {
        if (!res.headersSent) res.writeHead(400);
        res.end(String(error));
      } finally {
        inFlight--;
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/chat`,
    requests,
    resumes,
    resolutions,
    deletions,
    stored: () => stored,
    async say(text) {
      counter += 1;
      const messages = [...stored.messages, { role: "user" as const, content: text }];
      await drain(run({ threadId: "conversation", runId: `server-run-${counter}`, messages }));
    },
    inFlight: () => inFlight,
    failNext(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
