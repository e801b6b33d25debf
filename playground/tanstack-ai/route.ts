/**
 * The playground's TanStack AI chat route: what an app's `POST /api/chat` handler holds with
 * `@tanstack/ai` 0.58. It runs the REAL `chat()` — its agent loop, the interrupts a run pauses on,
 * the resume it validates, `chatParamsFromRequestBody`, the SSE stream — with the kit's picker
 * client tools (`pickerClientTool`: one `defineKind` types each tool's input, the widget and the
 * result), a tool behind `needsApproval`, and a generic interrupt (`pickerInterruptOptions`) a
 * middleware raises before the model. The model is a scripted text adapter (no network, no key)
 * that decides from its prompt alone, and is as strict as a provider: a prompt with a tool call
 * that has no result (or two) is refused.
 *
 * Served by the playground's Vite server at `POST /api/tanstack-ai` (see
 * `playground/web/vite.config.ts`), with `GET /api/tanstack-ai/record` answering what the route
 * received (`record`), for the end-to-end tests to count resume entries and tool results.
 */

import * as ai from "@tanstack/ai";
import { aspectRatioKind, formKind, mediaKind, multiSelectKind, templateKind } from "hitl-kit/kinds";
import {
  type PickerResult,
  pickerClientTool,
  pickerInterruptInput,
  pickerInterruptOptions,
  readInterruptResolution,
} from "hitl-kit/server";
import { z } from "zod";
import {
  aspectRatioPayload,
  deleteFilePayload,
  formPayload,
  mediaPayload,
  tagsPayload,
  templatePayload,
  voicePayload,
} from "../agent/agent/lib/payloads";
import { voiceKind } from "../shared/voice-kind";
import { TANSTACK_PHRASES, type TanStackPhrase } from "./phrases";

/** The picker client tools: no `execute`, so `chat()` pauses the run on each call for the person. */
export const pickerTools = [
  pickerClientTool(mediaKind, { name: "pick_media", description: "Ask the person to pick images from a gallery." }),
  pickerClientTool(templateKind, { name: "pick_template", description: "Ask the person to pick and fill a template." }),
  pickerClientTool(aspectRatioKind, { name: "pick_aspect_ratio", description: "Ask the person for an aspect ratio." }),
  pickerClientTool(multiSelectKind, { name: "pick_tags", description: "Ask the person to select several options." }),
  pickerClientTool(formKind, { name: "fill_form", description: "Ask the person to fill a short form." }),
  pickerClientTool(voiceKind, { name: "pick_voice", description: "Ask the person to pick a voice." }),
] as const;

/** A generic interrupt asking through the aspect-ratio picker, raised by a middleware (no tool call). */
export const aspectRatioInterrupt = ai.defineInterrupt(
  pickerInterruptOptions(aspectRatioKind, { id: "hitl-aspect-ratio" }),
);

/** What the person says → what the model does (the phrases: `phrases.ts`). First match wins. */
export const TRIGGERS: ReadonlyArray<
  | { readonly phrase: TanStackPhrase; readonly toolName: string; readonly input: () => unknown }
  | { readonly phrase: TanStackPhrase; readonly interrupt: true }
> = [
  { phrase: "ask by interrupt", interrupt: true },
  { phrase: "pick media", toolName: "pick_media", input: mediaPayload },
  { phrase: "pick template", toolName: "pick_template", input: templatePayload },
  { phrase: "pick aspect ratio", toolName: "pick_aspect_ratio", input: aspectRatioPayload },
  { phrase: "pick tags", toolName: "pick_tags", input: tagsPayload },
  { phrase: "fill form", toolName: "fill_form", input: formPayload },
  { phrase: "pick voice", toolName: "pick_voice", input: voicePayload },
  { phrase: "delete file", toolName: "delete_file", input: deleteFilePayload },
];

export const HELP_TEXT = `I am the hitl-kit playground's scripted model on TanStack AI (no network, no API key). Say one of: ${TANSTACK_PHRASES.map(
  (phrase) => `"${phrase}"`,
).join(", ")}.`;

/** The system prompt line the middleware adds once a generic interrupt has its answer. */
const INTERRUPT_ANSWER = "hitl-kit interrupt answer: ";

/** One resume entry as the route received it. */
export interface ResumeEntry {
  readonly interruptId: string;
  readonly status: "resolved" | "cancelled";
  readonly payload?: unknown;
}

/** What one request brought. */
export interface ReceivedRequest {
  readonly runId: string;
  readonly parentRunId?: string;
  readonly resume: readonly ResumeEntry[];
  /** Tool results per call id in the request's own messages (a client that sends two is caught here). */
  readonly toolResults: Record<string, number>;
}

/** One prompt the model received. */
export interface Prompt {
  readonly messages: readonly ai.ModelMessage[];
  readonly systemPrompts: readonly string[];
}

/** Everything the route received, in order (`GET /api/tanstack-ai/record`). */
export interface RouteRecord {
  readonly requests: ReceivedRequest[];
  readonly prompts: Prompt[];
  /** Each generic interrupt resolution the middleware read, as the kind's typed result. */
  readonly resolutions: { readonly key: string; readonly result: PickerResult<unknown> }[];
  /** Each run of the approved `delete_file`. */
  readonly deletions: { readonly path: string }[];
  /** Every error a run ended with (the page only sees its message). */
  readonly errors: string[];
}

export interface TanStackAiRoute {
  readonly record: RouteRecord;
  POST(request: Request): Promise<Response>;
}

type ToolCall = { readonly id: string; readonly name: string; readonly args: string };
type Decision =
  | { readonly type: "tool-call"; readonly call: ToolCall }
  | { readonly type: "text"; readonly text: string };

/** Tool results per call id in TanStack's model messages (`role: "tool"`, `toolCallId`). */
export function toolResultsPerCall(messages: readonly ai.ModelMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (message.role === "tool" && typeof message.toolCallId === "string") {
      counts.set(message.toolCallId, (counts.get(message.toolCallId) ?? 0) + 1);
    }
  }
  return counts;
}

/** A call without exactly one result, or a result without its call: what a provider refuses with a 400. */
export function transcriptProblems(messages: readonly ai.ModelMessage[]): string[] {
  const results = toolResultsPerCall(messages);
  const calls = new Set(messages.flatMap((message) => message.toolCalls?.map((call) => call.id) ?? []));
  const problems: string[] = [];
  for (const id of calls) {
    const count = results.get(id) ?? 0;
    if (count !== 1) problems.push(`${id} (${count === 0 ? "no result" : `${count} results`})`);
  }
  for (const id of results.keys()) if (!calls.has(id)) problems.push(`${id} (a result without its call)`);
  return problems;
}

function textOf(content: ai.ModelMessage["content"]): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (part.type === "text" ? part.content : "")).join("\n");
}

function systemText(prompt: ai.SystemPrompt): string {
  return typeof prompt === "string" ? prompt : prompt.content;
}

/** What the model does next, from its prompt alone (pure: a replay gets the same answer and ids). */
export function decide(
  messages: readonly ai.ModelMessage[],
  systemPrompts: readonly string[],
  threadId = "",
): Decision {
  const answered = systemPrompts.filter((line) => line.startsWith(INTERRUPT_ANSWER));
  if (answered.length > 0) {
    return {
      type: "text",
      text: `Done. Interrupt answers: [${answered.map((line) => line.slice(INTERRUPT_ANSWER.length)).join(",")}]`,
    };
  }
  const last = messages.at(-1);
  if (last?.role === "tool") {
    // The results since the model's last turn, in order.
    const results: { id: string; tool: string; output: unknown }[] = [];
    for (let i = messages.length - 1; i >= 0 && messages[i]?.role === "tool"; i--) {
      const message = messages[i] as ai.ModelMessage;
      const call = messages.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === message.toolCallId);
      results.unshift({
        id: message.toolCallId ?? "",
        tool: call?.function.name ?? "",
        output: parse(textOf(message.content)),
      });
    }
    return { type: "text", text: `Done. Tool results: ${JSON.stringify(results)}` };
  }
  if (last?.role === "user") {
    const text = textOf(last.content);
    const lower = text.toLowerCase();
    const trigger = TRIGGERS.find((candidate) => lower.includes(candidate.phrase));
    if (trigger && "toolName" in trigger) {
      // Unique per conversation and position: a repeated phrase later on (or in a new chat) gets a new id.
      const id = `call_${hash(`${threadId}\u0000${messages.length}\u0000${text}`)}`;
      return { type: "tool-call", call: { id, name: trigger.toolName, args: JSON.stringify(trigger.input()) } };
    }
  }
  return { type: "text", text: HELP_TEXT };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const E = ai.EventType;
const MODEL = "scripted";
type Chunk = ai.AdapterYieldChunk;

/**
 * The scripted model as a TanStack AI text adapter: it yields, chunk for chunk, what a provider
 * adapter yields (a run start, a tool call's streamed arguments or a text message, a run finish).
 */
function scriptedAdapter(prompts: Prompt[]): ai.AnyTextAdapter {
  let calls = 0;
  async function* chatStream(options: ai.TextOptions): AsyncGenerator<Chunk> {
    calls += 1;
    const systemPrompts = (options.systemPrompts ?? []).map(systemText);
    prompts.push({ messages: structuredClone(options.messages), systemPrompts });
    const problems = transcriptProblems(options.messages);
    if (problems.length > 0) {
      // What a provider answers, so a broken history fails here as it would in production.
      throw new Error(`400 messages: tool calls without exactly one result: ${problems.join(", ")}`);
    }
    const runId = options.runId ?? `scripted-run-${calls}`;
    const threadId = options.threadId ?? `scripted-thread-${calls}`;
    const model = MODEL;
    const usage = ai.buildBaseUsage({ promptTokens: 10, completionTokens: 5, totalTokens: 15 });
    yield { type: E.RUN_STARTED, runId, threadId, model, timestamp: Date.now() } as Chunk;
    const decision = decide(options.messages, systemPrompts, options.threadId);
    if (decision.type === "tool-call") {
      const { id, name, args } = decision.call;
      const messageId = `msg_${id}`;
      yield {
        type: E.TOOL_CALL_START,
        toolCallId: id,
        toolCallName: name,
        toolName: name,
        parentMessageId: messageId,
        model,
        timestamp: Date.now(),
        index: 0,
      } as Chunk;
      // The arguments stream in pieces (the kind's name first), as a provider's do.
      for (let at = 0; at < args.length; at += 200) {
        yield {
          type: E.TOOL_CALL_ARGS,
          toolCallId: id,
          model,
          timestamp: Date.now(),
          delta: args.slice(at, at + 200),
        } as Chunk;
      }
      yield {
        type: E.TOOL_CALL_END,
        toolCallId: id,
        toolCallName: name,
        toolName: name,
        model,
        timestamp: Date.now(),
        input: JSON.parse(args),
      } as Chunk;
      yield {
        type: E.RUN_FINISHED,
        runId,
        threadId,
        model,
        timestamp: Date.now(),
        usage,
        finishReason: "tool_calls",
      } as Chunk;
      return;
    }
    const messageId = `txt_${hash(`${options.messages.length}\u0000${decision.text}`)}`;
    yield { type: E.TEXT_MESSAGE_START, messageId, model, timestamp: Date.now(), role: "assistant" } as Chunk;
    yield {
      type: E.TEXT_MESSAGE_CONTENT,
      messageId,
      model,
      timestamp: Date.now(),
      delta: decision.text,
      content: decision.text,
    } as Chunk;
    yield { type: E.TEXT_MESSAGE_END, messageId, model, timestamp: Date.now() } as Chunk;
    yield { type: E.RUN_FINISHED, runId, threadId, model, timestamp: Date.now(), usage, finishReason: "stop" } as Chunk;
  }
  return {
    kind: "text",
    name: "hitl-kit-playground",
    model: MODEL,
    "~types": {},
    chatStream,
    structuredOutput: () => Promise.reject(new Error("The scripted model has no structured output.")),
  } as unknown as ai.AnyTextAdapter;
}

/** One route with its own model (and so its own record). */
export function createTanStackAiRoute(): TanStackAiRoute {
  const record: RouteRecord = { requests: [], prompts: [], resolutions: [], deletions: [], errors: [] };
  const adapter = scriptedAdapter(record.prompts);

  const deleteFile = ai
    .toolDefinition({
      name: "delete_file",
      description: "Delete a file from the project. Needs the person's approval every time.",
      needsApproval: true,
      inputSchema: z.object({ path: z.string().min(1).max(1_000) }),
    })
    // The playground deletes nothing: it reports what it would have deleted.
    .server(async ({ path }) => {
      record.deletions.push({ path });
      return { deleted: path };
    });

  /**
   * The generic interrupt: on "ask by interrupt", the run pauses before the model on the
   * aspect-ratio picker; its continuation reads the answer with the kind and tells the model.
   * One per request (it keeps what it read for that request's model calls).
   */
  const asker = (): ai.ChatMiddleware<unknown, typeof aspectRatioInterrupt> => {
    const answers: string[] = [];
    return {
      name: "hitl-kit-asker",
      onInterruptBoundary(ctx) {
        const last = ctx.messages.at(-1);
        if (ctx.phase !== "beforeModel" || ctx.parentRunId !== undefined || last?.role !== "user") return undefined;
        const text = textOf(last.content).toLowerCase();
        if (!TRIGGERS.some((trigger) => "interrupt" in trigger && text.includes(trigger.phrase))) return undefined;
        const { prompt, ui } = aspectRatioPayload();
        return {
          interrupts: [
            aspectRatioInterrupt.interrupt(
              pickerInterruptInput(aspectRatioKind, {
                key: `aspect-ratio-${ctx.messages.length}`,
                prompt,
                ui: ui as Parameters<typeof pickerInterruptInput<typeof aspectRatioKind>>[1]["ui"],
              }),
            ),
          ],
        };
      },
      onInterruptResolution(_ctx, resolutions) {
        for (const resolution of resolutions.for(aspectRatioInterrupt)) {
          const result = readInterruptResolution(aspectRatioKind, resolution);
          record.resolutions.push({ key: resolution.request.key, result });
          answers.push(`${INTERRUPT_ANSWER}${JSON.stringify(result)}`);
        }
      },
      onConfig(ctx, config) {
        if (ctx.phase !== "beforeModel" || answers.length === 0) return undefined;
        return { systemPrompts: [...config.systemPrompts, ...answers] };
      },
      onError(_ctx, info) {
        record.errors.push(info.error instanceof Error ? info.error.message : String(info.error));
      },
    };
  };

  return {
    record,
    async POST(request) {
      let params: Awaited<ReturnType<typeof ai.chatParamsFromRequestBody>>;
      try {
        params = await ai.chatParamsFromRequestBody(await request.json());
      } catch (error) {
        return new Response(error instanceof Error ? error.message : String(error), { status: 400 });
      }
      const resume = (params.resume ?? []) as ResumeEntry[];
      record.requests.push({
        runId: params.runId,
        ...(params.parentRunId !== undefined ? { parentRunId: params.parentRunId } : {}),
        resume: structuredClone(resume),
        toolResults: Object.fromEntries(toolResultsPerCall(ai.convertMessagesToModelMessages(params.messages))),
      });
      const stream = ai.chat({
        adapter,
        messages: params.messages,
        threadId: params.threadId,
        runId: params.runId,
        ...(params.parentRunId !== undefined ? { parentRunId: params.parentRunId } : {}),
        ...(params.resume !== undefined ? { resume: params.resume } : {}),
        tools: [...pickerTools, deleteFile],
        interrupts: [aspectRatioInterrupt],
        middleware: [asker()],
      });
      return ai.toServerSentEventsResponse(stream);
    },
  };
}

/** FNV-1a, 2 × 32 bits, base 36: a short, stable id. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(36).padStart(7, "0") + (b >>> 0).toString(36).padStart(7, "0");
}
