import type { z } from "zod";
import { formatIssues, type HitlIssue } from "../core/issues";
import { type AnyKind, parseRequest, type RequestOf, type ResponseOf } from "../kinds/define-kind";
import type { ToolOutput } from "../wire/tool-output";
import { pickerOutputSchema, readToolOutput } from "./ai-sdk";
import { type PickerInput, type PickerResult, pickerInputSchema } from "./picker";

/**
 * The server half of the TanStack AI adapter (`hitl-kit/adapters/tanstack-ai`), for `chat()` of
 * `@tanstack/ai` 0.58. React-free and free of `@tanstack/ai` at runtime: a picker tool is a plain
 * tool object (what `toolDefinition()` returns, less its helpers), and an interrupt's options go
 * through your own `defineInterrupt`, so importing `hitl-kit/server` never requires TanStack AI.
 * Both ways ask with the kind's request (`{ prompt, ui }`) and take the kind's typed result — the
 * kind's value, or a typed marker (`{ declined: true, reason? }`, `{ reply }`) — validated by
 * TanStack AI with the same schema on the client and the server, and read back with the kind.
 */

/** A picker as a client tool for `chat({ tools })`: no `execute`, so the call waits for the person. */
export interface PickerClientTool<D extends AnyKind, N extends string = string> {
  readonly name: N;
  readonly description: string;
  readonly inputSchema: z.ZodType<PickerInput<D>>;
  readonly outputSchema: z.ZodType<ToolOutput<ResponseOf<D>>>;
}

/**
 * A TanStack AI client tool that asks a person through the kind's widget. One `defineKind`
 * types the tool's input (what the model writes), the widget, and the result (what the model
 * reads back, and what TanStack AI validates the client's `addToolResult` against):
 *
 *   chat({ adapter, messages, tools: [pickerClientTool(mediaKind, { name: "pick_media", description })] })
 *
 * `chat()` pauses the run on the call (an interrupt); the page's answer resumes it. Read the
 * result with `readToolOutput(kind, request, output)`. Pass it to `toolDefinition()` for the
 * `.client()` / `.server()` helpers.
 */
export function pickerClientTool<D extends AnyKind, const N extends string>(
  kind: D,
  options: { readonly name: N; readonly description: string },
): PickerClientTool<D, N> {
  return {
    name: options.name,
    description: options.description,
    inputSchema: pickerInputSchema(kind),
    outputSchema: pickerOutputSchema(kind),
  };
}

/** The options of a picker interrupt for `defineInterrupt` (see `pickerInterruptOptions`). */
export interface PickerInterruptOptions<D extends AnyKind, Id extends string> {
  readonly id: Id;
  readonly payloadSchema: z.ZodType<PickerInput<D>>;
  readonly responseSchema: z.ZodType<ToolOutput<ResponseOf<D>>>;
}

/**
 * A generic interrupt that asks through the kind's widget, for `@tanstack/ai`'s own
 * `defineInterrupt` (its payload is the kind's request, its `responseSchema` the kind's result):
 *
 *   const pickMedia = defineInterrupt(pickerInterruptOptions(mediaKind, { id: "pick-media" }));
 *   chat({ …, interrupts: [pickMedia], middleware: [{
 *     onInterruptBoundary: (ctx) => ({ interrupts: [pickMedia.interrupt(pickerInterruptInput(mediaKind, { key, prompt, ui }))] }),
 *     onInterruptResolution: (ctx, resolutions) => { for (const r of resolutions.for(pickMedia)) readInterruptResolution(mediaKind, r) },
 *   }] })
 */
export function pickerInterruptOptions<D extends AnyKind, const Id extends string>(
  kind: D,
  options: { readonly id: Id },
): PickerInterruptOptions<D, Id> {
  return { id: options.id, payloadSchema: pickerInputSchema(kind), responseSchema: pickerOutputSchema(kind) };
}

/** What `definition.interrupt(…)` takes for a picker interrupt. */
export interface PickerInterruptInput<D extends AnyKind> {
  readonly key: string;
  readonly reason: string;
  readonly message: string;
  readonly payload: PickerInput<D>;
  readonly expiresAt?: string;
}

/**
 * The input of one picker interrupt: `key` identifies it in the run (stable across a replay),
 * `prompt` is the question, `ui` the kind's request. The reason defaults to `hitl-kit:<kind>`.
 */
export function pickerInterruptInput<D extends AnyKind>(
  kind: D,
  input: {
    readonly key: string;
    readonly prompt: string;
    readonly ui: RequestOf<D>;
    readonly reason?: string;
    readonly expiresAt?: string;
  },
): PickerInterruptInput<D> {
  return {
    key: input.key,
    reason: input.reason ?? `hitl-kit:${kind.kind}`,
    message: input.prompt,
    payload: { prompt: input.prompt, ui: input.ui },
    ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt } : {}),
  };
}

/** One generic interrupt resolution as `onInterruptResolution` gets it (`resolutions.for(definition)`). */
export interface InterruptResolutionLike {
  readonly request: object;
  readonly status: "resolved" | "cancelled";
  readonly response?: unknown;
}

/**
 * A picker interrupt's resolution read as the typed result: the request the interrupt carried
 * (`{ prompt, ui }`) parsed with the kind, the response validated with the kind's schema and its
 * cross-check against that request — the `readToolOutput` counterpart for interrupts. A
 * cancelled interrupt (the person closed it, or the app cancelled the batch) is `cancelled`.
 * Untrusted input: never throws.
 */
export function readInterruptResolution<D extends AnyKind>(
  kind: D,
  resolution: InterruptResolutionLike,
): PickerResult<ResponseOf<D>> {
  if (resolution.status === "cancelled") return { status: "cancelled" };
  const payload = "payload" in resolution.request ? resolution.request.payload : undefined;
  const ui = typeof payload === "object" && payload !== null && "ui" in payload ? payload.ui : undefined;
  const request = parseRequest(kind, ui);
  if (!request.ok) return invalid(request.issues.map((issue) => ({ ...issue, path: ["ui", ...issue.path] })));
  return readToolOutput(kind, request.value, resolution.response);
}

function invalid(issues: readonly HitlIssue[]): PickerResult<never> {
  return { status: "invalid", issues, message: `The answer could not be used:\n${formatIssues(issues)}` };
}
