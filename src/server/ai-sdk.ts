import { z } from "zod";
import type { AnyKind, RequestOf, ResponseOf } from "../kinds/define-kind";
import { answerMarkerSchema, fromToolOutput, type ToolOutput } from "../wire/tool-output";
import { type PickerInput, type PickerResult, pickerInputSchema, readAnswer } from "./picker";

/**
 * The server half of the AI SDK adapter (`hitl-kit/adapters/ai-sdk`). React-free and free of
 * `ai` at runtime (the AI SDK's `tool()` is an identity function; these are plain tool objects),
 * so importing `hitl-kit/server` never requires the AI SDK.
 */

/** The result schema of a picker tool: the kind's value, or one of the typed markers. */
export function pickerOutputSchema<D extends AnyKind>(kind: D): z.ZodType<ToolOutput<ResponseOf<D>>> {
  return z.union([answerMarkerSchema, kind.response]) as unknown as z.ZodType<ToolOutput<ResponseOf<D>>>;
}

/** A picker tool for `streamText`'s `tools`: no `execute`, so the call waits for the person. */
export interface PickerTool<D extends AnyKind> {
  readonly description: string;
  readonly inputSchema: z.ZodType<PickerInput<D>>;
  readonly outputSchema: z.ZodType<ToolOutput<ResponseOf<D>>>;
}

/**
 * An AI SDK tool that asks a person through the kind's widget. One `defineKind` types the tool's
 * input (what the model writes), the widget, and the result (what the model reads back):
 *
 *   streamText({ model, messages, tools: { pick_media: pickerTool(mediaKind, { description }) } })
 *
 * The result the model sees is the kind's value (`{ ids: [...] }`) or a typed marker
 * (`{ declined: true, reason? }`, `{ reply }`); read it on the server with `readToolOutput`.
 */
export function pickerTool<D extends AnyKind>(kind: D, options: { readonly description: string }): PickerTool<D> {
  return {
    description: options.description,
    inputSchema: pickerInputSchema(kind),
    outputSchema: pickerOutputSchema(kind),
  };
}

/**
 * A picker tool's result (the output the client added for the call) read as the typed result:
 * validated with the kind's schema and its cross-check against the request, the `readAnswer`
 * counterpart for the AI SDK and AG-UI. Untrusted input: never throws.
 */
export function readToolOutput<D extends AnyKind>(
  kind: D,
  request: RequestOf<D>,
  output: unknown,
): PickerResult<ResponseOf<D>> {
  const answer = fromToolOutput(output);
  if (answer === undefined) {
    return readAnswer(kind, request, { type: "value", value: undefined });
  }
  return readAnswer(kind, request, answer);
}

// ─── transcript repair ───────────────────────────────────────────────────────────────────────────

/** How much a tool result is worth keeping when a call has several. */
const Rank = { Error: 1, DeniedOrDeclined: 2, Real: 3 } as const;
type Rank = (typeof Rank)[keyof typeof Rank];

interface ResultPart {
  readonly type: "tool-result";
  readonly toolCallId: string;
  readonly output?: unknown;
}

/**
 * Repairs an AI SDK `ModelMessage[]` before it goes to a provider: keeps exactly one result per
 * tool call id — a real result over a person's denial or decline over an error, the first of
 * equals — and drops results whose call is nowhere in the messages. Everything else is returned
 * as it was: same messages, same order, same objects; a tool message is rebuilt only when a part
 * of it is dropped, and left out only when nothing is left in it. With `checkTranscript` an app
 * can guard what it sends (a replay or a restart that produced an error and then the real result
 * for one call would otherwise get a 400).
 */
export function dedupeToolResults<M>(messages: readonly M[]): M[] {
  const calls = new Set<string>();
  const best = new Map<string, { rank: Rank; at: string }>();
  messages.forEach((message, m) => {
    partsOf(message).forEach((part, p) => {
      if (isPart(part, "tool-call")) calls.add(part.toolCallId);
      if (!isPart(part, "tool-result")) return;
      const rank = rankOf(part);
      const previous = best.get(part.toolCallId);
      if (!previous || rank > previous.rank) best.set(part.toolCallId, { rank, at: `${m}.${p}` });
    });
  });
  const out: M[] = [];
  messages.forEach((message, m) => {
    const parts = partsOf(message);
    const kept = parts.filter((part, p) => {
      if (!isPart(part, "tool-result")) return true;
      return calls.has(part.toolCallId) && best.get(part.toolCallId)?.at === `${m}.${p}`;
    });
    if (kept.length === parts.length) out.push(message);
    else if (kept.length > 0) out.push({ ...message, content: kept } as M);
  });
  return out;
}

function rankOf(part: ResultPart): Rank {
  const output = part.output;
  if (typeof output !== "object" || output === null || !("type" in output)) return Rank.Real;
  switch (output.type) {
    case "error-text":
    case "error-json":
      return Rank.Error;
    case "execution-denied":
      return Rank.DeniedOrDeclined;
    case "json": {
      const value = "value" in output ? output.value : undefined;
      return typeof value === "object" && value !== null && "declined" in value && value.declined === true
        ? Rank.DeniedOrDeclined
        : Rank.Real;
    }
    default:
      return Rank.Real;
  }
}

function partsOf(message: unknown): readonly unknown[] {
  if (typeof message !== "object" || message === null || !("content" in message)) return [];
  return Array.isArray(message.content) ? message.content : [];
}

function isPart<T extends "tool-call" | "tool-result">(
  part: unknown,
  type: T,
): part is T extends "tool-result" ? ResultPart : { type: T; toolCallId: string } {
  return (
    typeof part === "object" &&
    part !== null &&
    "type" in part &&
    part.type === type &&
    "toolCallId" in part &&
    typeof part.toolCallId === "string"
  );
}
