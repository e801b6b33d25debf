import { z } from "zod";
import type { AnswerBody } from "../../core/answer";
import { fromZodIssues } from "../../core/issues";
import type { LedgerChange, TransportAction } from "../../core/ledger";
import type { ParkedRequestInit } from "../../core/model";
import { fromToolOutput, pickerRequestFromToolCall } from "../../wire/tool-output";
import { approvalFromInterrupt, type ParkedTanStackInterrupt, parkTanStackInterrupt } from "./interrupts";

/**
 * What the converter reads of a TanStack AI chat (`useChat()`'s return, or a `ChatClient`'s
 * `getMessages()` / `getInterruptState()`): its messages and its pending interrupts.
 */
export interface TanStackChatState {
  readonly messages: readonly unknown[];
  readonly interrupts?: readonly unknown[];
  /** The client is sending the batch that resumes its interrupts (they leave `interrupts` meanwhile). */
  readonly resuming?: boolean;
}

export interface TanStackAiConverter {
  /**
   * The chat's current state → what changed since the last call. An interrupt that leaves the
   * list for good (its batch went) is `concluded`: the ledger settles it with what this page sent.
   */
  (state: TanStackChatState): TransportAction | null;
  /** A generic interrupt this converter parked (and how to answer it). */
  interrupt(requestId: string): ParkedTanStackInterrupt | undefined;
}

/**
 * TanStack AI chat state → ledger actions. `useChat` hands out the whole state on every change,
 * so the converter remembers what it last said about each tool call and interrupt and reports
 * only what changed (the ledger is idempotent anyway).
 *
 * - A `tool-call` part whose input carries `ui` (a picker: a client tool without `execute`, input
 *   `{ prompt, ui: { kind, … } }`) parks once its input is complete, keyed by the tool call id.
 *   Its result (the part's `output`, or its `tool-result` part) settles it, authoritatively: the
 *   messages are what every request to the route carries. An error result settles it provisionally.
 * - A part with `approval` (a tool with `needsApproval`) parks as a native approval, keyed by the
 *   approval id (what `addToolApprovalResponse` and the interrupt take); `approval.approved` settles
 *   it. Its interrupt parks the same request (restored messages may have lost the `approval`), and
 *   settles it, like a generic one, when it leaves the list.
 * - A generic interrupt the client can resolve parks by its id (see `parkTanStackInterrupt`);
 *   when it leaves the list outside a resume it is over (`concluded`): the ledger settles it with
 *   what this page sent, else withdrawn (a new run, `clear()`, the app resolved it itself).
 * - A tool call that disappears from the list withdraws its requests.
 * - A part that is not a well-formed tool call becomes a `problem`; nothing throws.
 */
export function createTanStackAiConverter(): TanStackAiConverter {
  /** What was last reported per tool call id. */
  const reported = new Map<string, string>();
  const interrupts = new Map<string, ParkedTanStackInterrupt>();
  const reportedInterrupts = new Set<string>();
  /** Interrupts parked and not yet over (generic ones, and approvals parked from theirs). */
  const openInterrupts = new Map<string, "generic" | "approval">();

  const convert = (state: TanStackChatState) => {
    const changes: LedgerChange[] = [];
    const messages = isRecord(state) ? state.messages : undefined;
    if (!Array.isArray(messages)) {
      return {
        type: "malformed" as const,
        eventType: "messages",
        issues: [{ path: [], message: "Expected an array of messages" }],
      };
    }
    const present = new Set<string>();
    const results = toolResults(messages);
    messages.forEach((message, messageIndex) => {
      const parts = isRecord(message) && Array.isArray(message.parts) ? message.parts : [];
      parts.forEach((raw, partIndex) => {
        if (!isRecord(raw) || raw.type !== "tool-call") return;
        const key = typeof raw.id === "string" && raw.id !== "" ? raw.id : `#${messageIndex}.${partIndex}`;
        present.add(key);
        const part = toolCallSchema.safeParse(raw);
        if (!part.success) {
          if (reported.get(key) === "malformed") return;
          reported.set(key, "malformed");
          const issues = fromZodIssues(part.error.issues).map((issue) => ({
            ...issue,
            path: ["messages", messageIndex, "parts", partIndex, ...issue.path],
          }));
          changes.push({ type: "problem", eventType: "tool-call", issues });
          return;
        }
        const result = results.get(part.data.id);
        const { approval } = part.data;
        const signature = [
          part.data.state,
          approval?.id ?? "",
          approval?.approved ?? "",
          part.data.output === undefined ? "" : "output",
          result?.state ?? "",
        ].join("|");
        if (reported.get(key) === signature) return;
        // One message's approvals were asked together (a step's parallel tool calls).
        const batch = isRecord(message) && typeof message.id === "string" ? message.id : `#${messageIndex}`;
        const partChanges = toolCallChanges(part.data, result, batch);
        // Only remember a part once it said something: a streaming part is looked at again.
        if (partChanges.length > 0) reported.set(key, signature);
        changes.push(...partChanges);
      });
    });
    for (const key of [...reported.keys()]) {
      if (present.has(key)) continue;
      reported.delete(key);
      changes.push({ type: "call-ended", callId: key });
    }

    const listed = new Set<string>();
    for (const raw of Array.isArray(state.interrupts) ? state.interrupts.slice(0, MAX_INTERRUPTS) : []) {
      const approval = approvalFromInterrupt(raw);
      const parked = approval ? undefined : parkTanStackInterrupt(raw);
      const request = approval ?? parked?.request;
      if (!request) continue;
      listed.add(request.requestId);
      if (reportedInterrupts.has(request.requestId)) continue;
      reportedInterrupts.add(request.requestId);
      if (parked) interrupts.set(request.requestId, parked);
      openInterrupts.set(request.requestId, approval ? "approval" : "generic");
      changes.push({ type: "requested", request });
    }
    // A resolved batch leaves the list while it is sent: only outside a resume is an interrupt over.
    if (state.resuming !== true) {
      for (const [id, kind] of [...openInterrupts]) {
        if (listed.has(id)) continue;
        openInterrupts.delete(id);
        changes.push({ type: "concluded", requestId: id, ...(kind === "approval" ? { approval: true } : {}) });
      }
    }
    return changes.length > 0 ? { type: "transport" as const, changes } : null;
  };
  return Object.assign(convert, { interrupt: (requestId: string) => interrupts.get(requestId) });
}

/** Most interrupts read from one state (a hostile server can list millions). */
export const MAX_INTERRUPTS = 100;

const approvalSchema = z.object({
  id: z.string().min(1),
  needsApproval: z.boolean().optional(),
  approved: z.boolean().optional(),
});

/** The fields of a TanStack AI `tool-call` part the kit reads. */
const toolCallSchema = z.object({
  type: z.literal("tool-call"),
  id: z.string().min(1),
  name: z.string(),
  arguments: z.string().optional(),
  input: z.unknown().optional(),
  state: z.enum([
    "awaiting-input",
    "input-streaming",
    "input-complete",
    "approval-requested",
    "approval-responded",
    "complete",
    "error",
  ]),
  output: z.unknown().optional(),
  approval: approvalSchema.optional(),
});
type ToolCallPart = z.output<typeof toolCallSchema>;

interface ToolResult {
  readonly state: string;
  readonly content: unknown;
  readonly error?: string;
}

/** Each call's `tool-result` part (the last one, when a call has several). */
function toolResults(messages: readonly unknown[]): Map<string, ToolResult> {
  const results = new Map<string, ToolResult>();
  for (const message of messages) {
    const parts = isRecord(message) && Array.isArray(message.parts) ? message.parts : [];
    for (const part of parts) {
      if (!isRecord(part) || part.type !== "tool-result" || typeof part.toolCallId !== "string") continue;
      results.set(part.toolCallId, {
        state: typeof part.state === "string" ? part.state : "complete",
        content: part.content,
        ...(typeof part.error === "string" ? { error: part.error } : {}),
      });
    }
  }
  return results;
}

/** The call's input: the parsed `input`, or its `arguments` once they are complete. */
function inputOf(part: ToolCallPart): unknown {
  if (part.input !== undefined) return part.input;
  if (part.state === "awaiting-input" || part.state === "input-streaming" || part.arguments === undefined) {
    return undefined;
  }
  return parseJson(part.arguments);
}

function toolCallChanges(part: ToolCallPart, result: ToolResult | undefined, batch: string): LedgerChange[] {
  const changes: LedgerChange[] = [];
  const picker = pickerRequestFromToolCall({ toolCallId: part.id, toolName: part.name, input: inputOf(part) });
  // The picker parks once its input is complete and nothing gates it, whatever happened after (a
  // reload shows receipts). Behind an approval it waits: a denied call never asks the person.
  const asks =
    part.state === "input-complete" || part.state === "complete" || part.state === "error" || result !== undefined;
  if (picker && asks) changes.push({ type: "requested", request: picker });
  const { approval } = part;
  if (approval && approval.needsApproval !== false) {
    changes.push({ type: "requested", request: approvalRequest(part, approval.id, batch) });
    if (approval.approved !== undefined) {
      changes.push({
        type: "resolved",
        requestId: approval.id,
        outcome: approval.approved ? "approved" : "denied",
        response: { type: "value", value: { decision: approval.approved ? "approve" : "deny" } },
        authoritative: true,
      });
    }
  }
  if (picker && asks) {
    const settled = pickerSettlement(part, result, picker);
    if (settled) changes.push(settled);
  }
  return changes;
}

function approvalRequest(part: ToolCallPart, approvalId: string, batch: string): ParkedRequestInit {
  const raw = inputOf(part);
  const input = isRecord(raw) ? raw : {};
  return {
    requestId: approvalId,
    callId: part.id,
    toolName: part.name,
    prompt: "",
    kind: "approval",
    native: true,
    batch,
    payload: { kind: "approval", toolName: part.name, input },
  };
}

function pickerSettlement(
  part: ToolCallPart,
  result: ToolResult | undefined,
  picker: ParkedRequestInit,
): LedgerChange | null {
  const { requestId } = picker;
  const failed = part.state === "error" || result?.state === "error" || result?.error !== undefined;
  if (failed) {
    // The call has a result (an error: a cancelled interrupt, a bad output), so nobody can answer
    // it any more. Provisional: after a restart the real result may follow for the same call.
    return { type: "resolved", requestId, outcome: "withdrawn", authoritative: false };
  }
  const output = part.output !== undefined ? part.output : result ? readContent(result.content) : undefined;
  if (output === undefined && part.state !== "complete") return null;
  const response: AnswerBody | undefined = fromToolOutput(output);
  return {
    type: "resolved",
    requestId,
    outcome: "answered",
    authoritative: true,
    ...(response !== undefined ? { response } : {}),
  };
}

/** A `tool-result` part's `content`: JSON text (what the client posts), or text parts. */
function readContent(content: unknown): unknown {
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((part) => (isRecord(part) && typeof part.content === "string" ? part.content : "")).join("")
        : undefined;
  if (text === undefined) return undefined;
  const parsed = parseJson(text);
  return parsed === undefined ? { reply: text } : parsed;
}

/** Longest JSON text the converter parses (a model writes tool arguments). */
const MAX_JSON_LENGTH = 1_000_000;

function parseJson(text: string): unknown {
  if (text.length > MAX_JSON_LENGTH) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
