/**
 * A scripted, network-free language model (AI SDK language-model spec v4) for the playground.
 *
 * It decides from the PROMPT alone, never from a call counter: eve may replay a durable step and
 * call the model again with the same prompt, and must then get the same answer (same tool call,
 * same `toolCallId`). Rules, looking at the last message of the prompt:
 * - a tool message (tool results) → a text reply quoting them: `Done. Tool results: [...]`;
 * - a user message containing a trigger phrase ("pick media", "delete file", …) → its tool call
 *   ("clean up drafts": two `delete_file` calls at once, parallel tool calls needing approval);
 * - anything else → a short help text listing the trigger phrases.
 *
 * Every prompt it receives is appended as ONE JSON line `{ at, prompt }` to the file named by
 * `HITL_PROMPT_LOG` (default `playground/.state/prompts.ndjson`), so tests can count tool results
 * per call id in the prompt that followed an answer.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import {
  aspectRatioPayload,
  brokenPayload,
  deleteFilePayload,
  draftPaths,
  formPayload,
  libraryPayload,
  mediaPayload,
  questionsPayload,
  regionPayload,
  tagsPayload,
  templatePayload,
  voicePayload,
} from "./payloads";

/** Trigger phrase → the tool call it makes. First match wins ("broken ui" before the others). */
export const TRIGGERS: ReadonlyArray<{
  phrase: string;
  toolName: string;
  input: () => unknown;
  /** More calls of the same tool in the same step (parallel tool calls), after `input`'s. */
  more?: () => unknown[];
}> = [
  { phrase: "broken ui", toolName: "pick_broken", input: brokenPayload },
  { phrase: "pick media", toolName: "pick_media", input: mediaPayload },
  { phrase: "pick from the library", toolName: "pick_media", input: libraryPayload },
  { phrase: "pick template", toolName: "pick_template", input: templatePayload },
  { phrase: "pick aspect ratio", toolName: "pick_aspect_ratio", input: aspectRatioPayload },
  { phrase: "pick tags", toolName: "pick_tags", input: tagsPayload },
  { phrase: "fill form", toolName: "fill_form", input: formPayload },
  { phrase: "delete file", toolName: "delete_file", input: deleteFilePayload },
  {
    phrase: "clean up drafts",
    toolName: "delete_file",
    input: () => ({ path: draftPaths[0] }),
    more: () => draftPaths.slice(1).map((path) => ({ path })),
  },
  { phrase: "pick voice", toolName: "pick_voice", input: voicePayload },
  { phrase: "ask region", toolName: "ask_region", input: regionPayload },
  { phrase: "ask questions", toolName: "ask_questions", input: questionsPayload },
];

export const HELP_TEXT = `I am the hitl-kit playground's scripted model (no network, no API key). Say one of: ${TRIGGERS.map(
  (trigger) => `"${trigger.phrase}"`,
).join(", ")}.`;

interface ToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: string;
}

type Decision =
  | ({ readonly type: "tool-call" } & ToolCall & { readonly parallel?: readonly ToolCall[] })
  | { readonly type: "text"; readonly text: string };

/** What the model does next, from the prompt alone (pure). */
export function decide(prompt: LanguageModelV4Prompt): Decision {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const results = last.content.flatMap((part) =>
      part.type === "tool-result" ? [{ id: part.toolCallId, tool: part.toolName, output: part.output }] : [],
    );
    return { type: "text", text: `Done. Tool results: ${JSON.stringify(results)}` };
  }
  if (last?.role === "user") {
    const text = last.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
    const lower = text.toLowerCase();
    const trigger = TRIGGERS.find((candidate) => lower.includes(candidate.phrase));
    if (trigger) {
      // Deterministic and unique per conversation position: replays get the same id, a repeated
      // request later in the session (more messages) gets a new one.
      const toolCallId = `call_${hash(`${prompt.length}\u0000${text}`)}`;
      const parallel = (trigger.more?.() ?? []).map((input, index) => ({
        toolCallId: `${toolCallId}_${index + 2}`,
        toolName: trigger.toolName,
        input: JSON.stringify(input),
      }));
      return {
        type: "tool-call",
        toolCallId,
        toolName: trigger.toolName,
        input: JSON.stringify(trigger.input()),
        ...(parallel.length > 0 ? { parallel } : {}),
      };
    }
  }
  return { type: "text", text: HELP_TEXT };
}

/** The default prompt log: `<playground>/.state/prompts.ndjson`, found from the working directory. */
export function defaultPromptLog(cwd = process.cwd()): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (basename(dir) === "playground") return join(dir, ".state", "prompts.ndjson");
    if (dirname(dir) === dir) return join(resolve(cwd), ".state", "prompts.ndjson");
  }
}

function logPrompt(prompt: LanguageModelV4Prompt): void {
  const file = process.env.HITL_PROMPT_LOG || defaultPromptLog();
  mkdirSync(dirname(file), { recursive: true });
  // One write of one line (O_APPEND): concurrent sessions never interleave within a line.
  appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), prompt })}\n`);
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function finishReason(decision: Decision) {
  return decision.type === "tool-call"
    ? { unified: "tool-calls" as const, raw: "tool_calls" }
    : { unified: "stop" as const, raw: "stop" };
}

export function streamParts(decision: Decision): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if (decision.type === "tool-call") {
    for (const { toolCallId: id, toolName, input } of callsOf(decision)) {
      parts.push(
        { type: "tool-input-start", id, toolName },
        { type: "tool-input-delta", id, delta: input },
        { type: "tool-input-end", id },
        { type: "tool-call", toolCallId: id, toolName, input },
      );
    }
  } else {
    const id = `txt_${hash(decision.text)}`;
    parts.push({ type: "text-start", id }, { type: "text-delta", id, delta: decision.text }, { type: "text-end", id });
  }
  parts.push({ type: "finish", finishReason: finishReason(decision), usage });
  return parts;
}

function callsOf(decision: Extract<Decision, { type: "tool-call" }>): readonly ToolCall[] {
  const { toolCallId, toolName, input, parallel = [] } = decision;
  return [{ toolCallId, toolName, input }, ...parallel];
}

export function scriptedModel(): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "hitl-kit-playground",
    modelId: "scripted",
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions) {
      logPrompt(options.prompt);
      const decision = decide(options.prompt);
      const content: LanguageModelV4Content[] =
        decision.type === "tool-call"
          ? callsOf(decision).map(({ toolCallId, toolName, input }) => ({
              type: "tool-call",
              toolCallId,
              toolName,
              input,
            }))
          : [{ type: "text", text: decision.text }];
      return { content, finishReason: finishReason(decision), usage, warnings: [] };
    },
    async doStream(options: LanguageModelV4CallOptions) {
      logPrompt(options.prompt);
      const parts = streamParts(decide(options.prompt));
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

/** FNV-1a, 2 × 32 bits, base 36: a short, stable id (no crypto needed). */
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
