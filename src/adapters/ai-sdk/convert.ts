import { z } from "zod";
import type { AnswerBody } from "../../core/answer";
import { fromZodIssues } from "../../core/issues";
import type { LedgerChange, TransportAction } from "../../core/ledger";
import type { ParkedRequestInit } from "../../core/model";
import { fromToolOutput, pickerRequestFromToolCall } from "../../wire/tool-output";

/**
 * AI SDK 7 `UIMessage[]` → ledger actions. `useChat` hands out the whole message list on every
 * change (not events), so the converter remembers what it last said about each tool part and
 * reports only what changed; the ledger is idempotent anyway, so a repeated list is harmless.
 *
 * - A tool part whose input carries `ui` (a picker tool: no `execute`, input
 *   `{ prompt, ui: { kind, … } }`) parks once its input is complete (`input-available`), keyed by
 *   `toolCallId`. Streaming input (`input-streaming`) never parks.
 * - An `approval-requested` part (a tool gated by `toolApproval`) parks as a native approval,
 *   keyed by its approval id (what `addToolApprovalResponse` takes). Automatic approvals are the
 *   server's decisions, not a person's: they never park.
 * - `output-available` / `output-denied` / `approval-responded` settle them. The message list is
 *   the record of the conversation (every request to the route carries it), so these settlements
 *   are authoritative; `output-error` settles provisionally (a real result may still follow).
 * - A tool part that disappears from the list (a regenerate, `setMessages`) withdraws its request.
 * - A part that is not a well-formed tool part becomes a `problem`; nothing throws.
 */
export function createAiSdkConverter(): (messages: readonly unknown[]) => TransportAction | null {
  /** What was last reported per tool part (`toolCallId`): its state and approval. */
  const reported = new Map<string, string>();
  return (messages) => {
    const changes: LedgerChange[] = [];
    const present = new Set<string>();
    if (!Array.isArray(messages)) {
      return {
        type: "malformed",
        eventType: "messages",
        issues: [{ path: [], message: "Expected an array of messages" }],
      };
    }
    messages.forEach((message, messageIndex) => {
      const parts = isRecord(message) && Array.isArray(message.parts) ? message.parts : [];
      parts.forEach((raw, partIndex) => {
        if (!isToolPartLike(raw)) return;
        const part = toolPartSchema.safeParse(raw);
        const key =
          isRecord(raw) && typeof raw.toolCallId === "string" ? raw.toolCallId : `#${messageIndex}.${partIndex}`;
        present.add(key);
        if (!part.success) {
          if (reported.get(key) === "malformed") return;
          reported.set(key, "malformed");
          const issues = fromZodIssues(part.error.issues).map((issue) => ({
            ...issue,
            path: ["messages", messageIndex, "parts", partIndex, ...issue.path],
          }));
          changes.push({ type: "problem", eventType: "tool-part", issues });
          return;
        }
        const signature = `${part.data.state}|${part.data.approval?.id ?? ""}|${part.data.approval?.approved ?? ""}`;
        if (reported.get(key) === signature) return;
        // One message's approvals were asked together (a step's parallel tool calls).
        const batch = isRecord(message) && typeof message.id === "string" ? message.id : `#${messageIndex}`;
        const partChanges = toolPartChanges(part.data, batch);
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
    return changes.length > 0 ? { type: "transport", changes } : null;
  };
}

const approvalSchema = z.object({
  id: z.string().min(1),
  approved: z.boolean().optional(),
  reason: z.string().optional(),
  isAutomatic: z.boolean().optional(),
  requestReason: z.string().optional(),
});

/** The fields of a static (`tool-<name>`) or dynamic (`dynamic-tool`) tool part the kit reads. */
const toolPartSchema = z.object({
  type: z.string(),
  toolName: z.string().optional(),
  toolCallId: z.string().min(1),
  state: z.enum([
    "input-streaming",
    "input-available",
    "approval-requested",
    "approval-responded",
    "output-available",
    "output-error",
    "output-denied",
  ]),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  errorText: z.string().optional(),
  preliminary: z.boolean().optional(),
  providerExecuted: z.boolean().optional(),
  approval: approvalSchema.optional(),
});
type ToolPart = z.output<typeof toolPartSchema>;

function isToolPartLike(part: unknown): boolean {
  return (
    isRecord(part) && typeof part.type === "string" && (part.type.startsWith("tool-") || part.type === "dynamic-tool")
  );
}

/** `tool-pick_media` → `pick_media`; a dynamic tool carries its name. */
function toolNameOf(part: ToolPart): string {
  return part.type === "dynamic-tool" ? (part.toolName ?? "") : part.type.slice("tool-".length);
}

function toolPartChanges(part: ToolPart, batch: string): LedgerChange[] {
  const toolName = toolNameOf(part);
  const changes: LedgerChange[] = [];
  const picker = pickerRequestFromToolCall({ toolCallId: part.toolCallId, toolName, input: part.input });
  // The picker parks once its input is complete and nothing gates it, whatever happened after (a
  // reload shows receipts). Behind an approval it waits: a denied call never asks the person.
  const asks = part.state === "input-available" || part.state === "output-available" || part.state === "output-error";
  if (picker && asks) changes.push({ type: "requested", request: picker });
  const approval = part.approval;
  if (approval) {
    const decided = approvalDecision(part, approval);
    // An automatic approval (AI SDK 7: a `toolApproval` policy granted or refused it) is a
    // receipt, never a card: parked only once decided, and settled in the same action.
    if (approval.isAutomatic !== true || decided) {
      changes.push({ type: "requested", request: approvalRequest(part, toolName, approval, batch) });
      if (decided) changes.push(decided);
    }
  }
  if (picker && asks) {
    const settled = pickerSettlement(part, picker);
    if (settled) changes.push(settled);
  }
  return changes;
}

function approvalRequest(
  part: ToolPart,
  toolName: string,
  approval: z.output<typeof approvalSchema>,
  batch: string,
): ParkedRequestInit {
  const input = isRecord(part.input) ? part.input : {};
  return {
    requestId: approval.id,
    callId: part.toolCallId,
    toolName,
    // Why it is asked (AI SDK 7: the approval policy's `reason`): the card's prompt.
    prompt: approval.requestReason ?? "",
    kind: "approval",
    native: true,
    batch,
    payload: { kind: "approval", toolName, input, ...(approval.isAutomatic === true ? { automatic: true } : {}) },
  };
}

/** An approval's verdict, once the person (or an earlier session) gave one. */
function approvalDecision(part: ToolPart, approval: z.output<typeof approvalSchema>): LedgerChange | null {
  const verdict =
    part.state === "output-denied" ? false : part.state === "approval-requested" ? undefined : approval.approved;
  if (verdict === undefined) return null;
  const value = verdict
    ? { decision: "approve" }
    : approval.reason?.trim()
      ? { decision: "deny", note: approval.reason }
      : { decision: "deny" };
  return {
    type: "resolved",
    requestId: approval.id,
    outcome: verdict ? "approved" : "denied",
    response: { type: "value", value },
    authoritative: true,
  };
}

function pickerSettlement(part: ToolPart, picker: ParkedRequestInit): LedgerChange | null {
  const { requestId } = picker;
  switch (part.state) {
    case "output-available": {
      // A preliminary output is a progress report from a streaming tool, not its result.
      if (part.preliminary === true) return null;
      const response: AnswerBody | undefined = fromToolOutput(part.output);
      return {
        type: "resolved",
        requestId,
        outcome: "answered",
        authoritative: true,
        ...(response !== undefined ? { response } : {}),
      };
    }
    case "output-error":
      // The call has a result (an error), so nobody can answer it any more. Provisional: after a
      // restart the real result may follow for the same call, and that one is what counts.
      return { type: "resolved", requestId, outcome: "withdrawn", authoritative: false };
    case "output-denied":
      return { type: "resolved", requestId, outcome: "denied", authoritative: true };
    default:
      return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
