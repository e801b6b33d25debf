import type { UIMessage } from "ai";
import type { AnswerBody } from "../../core/answer";
import { approvalDecision } from "../../kinds/native";

/**
 * A typed answer → what the AI SDK's chat takes for it; pure (the transport makes the calls). A
 * picker's answer is the kind's typed output (`toToolOutput`, wire/tool-output); an approval's is
 * its decision, read by the approval's one codec. Answers that go out with a chat message are
 * written into the message list at once (`answerParts`), not through `addToolOutput`, which
 * would start an automatic request of its own.
 */

/** An approval's answer as `addToolApprovalResponse`'s arguments: approve, else a deny with its note. */
export function approvalResponse(id: string, answer: AnswerBody): { id: string; approved: boolean; reason?: string } {
  const decision = approvalDecision(answer);
  if (decision.decision === "approve") return { id, approved: true };
  // No AI SDK approval offers "edit" (the kind refuses it there); anything but approve denies.
  const note = decision.decision === "deny" ? decision.note : undefined;
  return note ? { id, approved: false, reason: note } : { id, approved: false };
}

/** An assistant message with these calls answered: outputs by call id, denials by approval id. */
export function answerParts<M extends UIMessage>(
  message: M,
  outputs: Map<string, unknown>,
  denials: Map<string, { approved: false; reason?: string }>,
): M {
  if (message.role !== "assistant") return message;
  let changed = false;
  const parts = message.parts.map((part) => {
    if (!isToolPart(part)) return part;
    if (part.state === "input-available" && outputs.has(part.toolCallId)) {
      changed = true;
      return { ...part, state: "output-available", output: outputs.get(part.toolCallId) };
    }
    const denial = part.state === "approval-requested" && part.approval ? denials.get(part.approval.id) : undefined;
    if (denial && part.approval) {
      changed = true;
      return { ...part, state: "approval-responded", approval: { ...part.approval, ...denial } };
    }
    return part;
  });
  return changed ? ({ ...message, parts } as M) : message;
}

interface ToolPartView {
  readonly type: string;
  readonly toolCallId: string;
  readonly state: string;
  readonly input?: unknown;
  readonly approval?: { readonly id: string; readonly approved?: boolean };
}

export function isToolPart(part: unknown): part is ToolPartView {
  if (typeof part !== "object" || part === null || !("type" in part) || !("toolCallId" in part)) return false;
  return typeof part.type === "string" && (part.type.startsWith("tool-") || part.type === "dynamic-tool");
}
