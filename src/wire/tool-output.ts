import { z } from "zod";
import { type AnswerBody, MAX_ANSWER_TEXT_LENGTH, MAX_REASON_LENGTH } from "../core/answer";
import type { ParkedRequestInit } from "../core/model";

/**
 * A picker answer as a tool's typed result: what the model reads when the transport carries tool
 * results as structured JSON (the AI SDK's `addToolOutput`, an AG-UI `tool` message), instead of
 * eve's envelope in a text field. Shared by those adapters and by the server's readers, so both
 * sides agree on one shape:
 *
 *   the kind's value           → the value itself, e.g. `{ "ids": ["a"] }`
 *   a decline                  → `{ "declined": true, "reason"?: string }`
 *   the person's own words     → `{ "reply": string }` (the fallback, or a message typed in the chat)
 *   a transport option         → `{ "option": string }`
 *   closed without deciding    → `{ "dismissed": true }`
 *
 * The four marker shapes are strict objects with exactly those keys, read before the kind's
 * value: a kind whose value can be exactly one of them cannot be told apart (no built-in kind can).
 */
export const declinedOutputSchema = z.strictObject({
  declined: z.literal(true),
  reason: z.string().max(MAX_REASON_LENGTH).optional(),
});
export const replyOutputSchema = z.strictObject({ reply: z.string().max(MAX_ANSWER_TEXT_LENGTH) });
export const optionOutputSchema = z.strictObject({ option: z.string().min(1).max(256) });
export const dismissedOutputSchema = z.strictObject({ dismissed: z.literal(true) });

/** The shapes a tool result can take besides the kind's value. */
export const answerMarkerSchema = z.union([
  declinedOutputSchema,
  replyOutputSchema,
  optionOutputSchema,
  dismissedOutputSchema,
]);

export type ToolOutput<V = unknown> =
  | V
  | { readonly declined: true; readonly reason?: string }
  | { readonly reply: string }
  | { readonly option: string }
  | { readonly dismissed: true };

/** One typed answer as the tool's result object. */
export function toToolOutput<V>(answer: AnswerBody<V>): ToolOutput<V> {
  switch (answer.type) {
    case "value":
      return answer.value;
    case "declined":
      return answer.reason === undefined ? { declined: true } : { declined: true, reason: answer.reason };
    case "reply":
      return { reply: answer.text };
    case "option":
      return { option: answer.optionId };
    case "dismissed":
      return { dismissed: true };
    default:
      return answer satisfies never;
  }
}

/**
 * A tool result read back as a typed answer: a marker shape, or else the kind's value (not
 * validated here: the ledger records what the server holds, the reader on the server validates
 * it with the kind). `undefined` for nothing at all. Never throws.
 */
export function fromToolOutput(output: unknown): AnswerBody | undefined {
  if (output === undefined) return undefined;
  const marker = answerMarkerSchema.safeParse(output);
  if (!marker.success) return { type: "value", value: output };
  const data = marker.data;
  if ("declined" in data)
    return data.reason === undefined ? { type: "declined" } : { type: "declined", reason: data.reason };
  if ("reply" in data) return { type: "reply", text: data.reply };
  if ("option" in data) return { type: "option", optionId: data.option };
  return { type: "dismissed" };
}

/** A tool call as the AI SDK and AG-UI both carry it: an id, a tool name, the parsed input. */
export interface PickerToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/**
 * The parked request for a picker tool call: one whose input carries `ui: { kind, … }` (the
 * shape `pickerInputSchema` gives a tool). `null` for any other tool call (it is not the kit's).
 * The kind comes from the model-written `ui.kind`, so it is never `native`: a model cannot pass a
 * picker off as a real approval. The payload is parsed later, by the registry, with the kind.
 */
export function pickerRequestFromToolCall(call: PickerToolCall): ParkedRequestInit | null {
  const { input } = call;
  if (typeof input !== "object" || input === null || !("ui" in input)) return null;
  const ui = input.ui;
  const kind = typeof ui === "object" && ui !== null && "kind" in ui && typeof ui.kind === "string" ? ui.kind : "";
  const prompt = "prompt" in input && typeof input.prompt === "string" ? input.prompt : "";
  return {
    requestId: call.toolCallId,
    callId: call.toolCallId,
    toolName: call.toolName,
    prompt,
    kind,
    payload: ui,
  };
}
