import { z } from "zod";
import { decodeAnswer } from "../adapters/eve/wire";
import { answerBodySchema, validateResponse } from "../core/answer";
import { formatIssues, fromZodIssues, type HitlIssue } from "../core/issues";
import {
  type AnswerContext,
  type AnyKind,
  parseRequest,
  type RequestOf,
  type ResponseOf,
  resolveRequest,
} from "../kinds/define-kind";
import { MAX_PROMPT_LENGTH } from "../kinds/limits";

/**
 * The input schema of a picker tool for `kind`: `{ prompt, ui }`, where `ui` is the kind's
 * request payload. Use it as the workflow tool's `inputSchema`, so the model is told the shape.
 */
export function pickerInputSchema<D extends AnyKind>(kind: D) {
  return z.object({
    prompt: z.string().min(1).max(MAX_PROMPT_LENGTH).describe("The question shown to the person"),
    ui: kind.request as z.ZodType<RequestOf<D>>,
  });
}
export type PickerInput<D extends AnyKind> = { prompt: string; ui: RequestOf<D> };

/** A tool as AG-UI's `RunAgentInput.tools` (and OpenAI-style function calling) describe it. */
export interface PickerToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the tool's input: `{ prompt, ui }`. */
  readonly parameters: Record<string, unknown>;
}

/**
 * A frontend picker tool for transports that describe tools as JSON Schema (AG-UI's `tools` in
 * each run, OpenAI-style function definitions): the model is told the kind's exact payload shape.
 * Refinements JSON Schema cannot state are still checked where the payload is parsed.
 */
export function pickerToolDefinition<D extends AnyKind>(
  kind: D,
  options: { readonly name: string; readonly description: string },
): PickerToolDefinition {
  const parameters = z.toJSONSchema(pickerInputSchema(kind), { io: "input", unrepresentable: "any" });
  return { name: options.name, description: options.description, parameters: parameters as Record<string, unknown> };
}

/** What eve's `ctx.ask` resolves to (`eve/tools` WorkflowToolContext). */
export type AskAnswer =
  | { readonly status: "answered"; readonly optionId?: string; readonly text?: string }
  | { readonly status: "cancelled" }
  | { readonly status: "unavailable" };

/** The slice of eve's workflow context the helper needs. */
export interface AskContext {
  // PromiseLike: eve's workflow `ctx.ask` returns a durable awaitable, not a native Promise.
  ask(request: { prompt: string; allowFreeform?: boolean }): PromiseLike<AskAnswer>;
}

/**
 * A picker's result for the model: exactly one per tool call, whatever the person did.
 * `invalid` carries readable issues so the model can correct itself and ask again.
 */
export type PickerResult<Res> =
  | { readonly status: "answered"; readonly value: Res }
  | { readonly status: "declined"; readonly reason?: string }
  /** The person replied in their own words (e.g. typed in the chat) instead of using the picker. */
  | { readonly status: "replied"; readonly text: string }
  | { readonly status: "cancelled" }
  | { readonly status: "unavailable" }
  | { readonly status: "invalid"; readonly issues: readonly HitlIssue[]; readonly message: string };

/**
 * Reads the one typed answer a transport delivered (an `AnswerBody`: the kind's value, a
 * decline, a reply in the person's own words) into the result for the model, validating the
 * value with the kind's schema and its cross-check against the request. For any transport: the
 * AI SDK's tool output, an AG-UI tool message, an MCP result, or eve's (via `readEveAnswer`).
 * The answer is untrusted input: anything malformed comes back as `invalid`, never thrown.
 *
 * For a request that names a remote collection (`source`), the ids chosen cannot be seen in the
 * request: pass the items your backend has under those ids as `context.items` to have them
 * checked (an id you could not find is then refused); without them, counts and repeats are.
 */
export function readAnswer<D extends AnyKind>(
  kind: D,
  request: RequestOf<D>,
  answer: unknown,
  context: AnswerContext = {},
): PickerResult<ResponseOf<D>> {
  const body = answerBodySchema.safeParse(answer);
  if (!body.success) return invalid(fromZodIssues(body.error.issues));
  switch (body.data.type) {
    case "value": {
      const checked = validateResponse(kind, body.data.value, resolveRequest(kind, request, context));
      return checked.ok ? { status: "answered", value: checked.value } : invalid(checked.issues);
    }
    case "declined":
      return body.data.reason === undefined ? { status: "declined" } : { status: "declined", reason: body.data.reason };
    case "reply":
      return { status: "replied", text: body.data.text };
    case "option":
      // A picker offers no transport options; an option id is the person's choice in words.
      return { status: "replied", text: body.data.optionId };
    case "dismissed":
      return { status: "cancelled" };
    default:
      return body.data satisfies never;
  }
}

/**
 * Asks a person through eve and parses the answer with the kind's own schemas. Call it in a
 * `defineWorkflowTool` body right after `"use workflow"`:
 *
 *   async execute(input, ctx) { "use workflow"; return askPicker(ctx, mediaKind, input); }
 *
 * Never throws for a bad payload or a bad answer: those come back as `invalid`.
 */
export async function askPicker<D extends AnyKind>(
  ctx: AskContext,
  kind: D,
  input: { readonly prompt: string; readonly ui: unknown },
): Promise<PickerResult<ResponseOf<D>>> {
  const request = parseRequest(kind, input.ui);
  if (!request.ok) return invalid(request.issues.map((issue) => ({ ...issue, path: ["ui", ...issue.path] })));
  const answer = await ctx.ask({ prompt: input.prompt, allowFreeform: true });
  return readEveAnswer(kind, request.value, answer);
}

/**
 * The parsing half of `askPicker`: eve's `ctx.ask` result, whose `text` carries the kit's
 * envelope (`{"hitl":1,"kind",…}`) or the person's own words.
 */
export function readEveAnswer<D extends AnyKind>(
  kind: D,
  request: RequestOf<D>,
  answer: AskAnswer,
): PickerResult<ResponseOf<D>> {
  switch (answer.status) {
    case "cancelled":
      return { status: "cancelled" };
    case "unavailable":
      return { status: "unavailable" };
    case "answered": {
      if (answer.text === undefined) return invalid([{ path: ["text"], message: "The answer carries no text" }]);
      const decoded = decodeAnswer(answer.text, kind, request);
      switch (decoded.type) {
        case "answered":
          return { status: "answered", value: decoded.value };
        case "declined":
          return decoded.reason === undefined ? { status: "declined" } : { status: "declined", reason: decoded.reason };
        case "text":
          return { status: "replied", text: decoded.text };
        case "invalid":
          return invalid(decoded.issues);
        default:
          return decoded satisfies never;
      }
    }
    default:
      return answer satisfies never;
  }
}

function invalid(issues: readonly HitlIssue[]): { status: "invalid"; issues: readonly HitlIssue[]; message: string } {
  return { status: "invalid", issues, message: `The answer could not be used:\n${formatIssues(issues)}` };
}
