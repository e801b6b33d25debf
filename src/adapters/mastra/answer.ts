import type { AnswerBody } from "../../core/answer";
import { approvalDecision } from "../../kinds/native";
import type { InterruptAnswering } from "../../wire/interrupts";
import { type MastraPendingCall, mastraResumeData } from "./convert";

/** A streamed response of `@mastra/client-js` (what `stream`, `resumeStream`, `approveToolCall` return). */
export interface MastraStreamResponse {
  processDataStream(options: { onChunk: (chunk: never) => void | Promise<void> }): Promise<void>;
}

/**
 * The parts of a `@mastra/client-js` agent (`new MastraClient({ baseUrl, retries: 0 }).getAgent(id)`)
 * the transport uses. Give the client `retries: 0`: its own retry of a POST that reached the
 * server would be a second answer, and the kit's client owns retrying.
 */
export interface MastraAgentLike {
  approveToolCall(params: { runId: string; toolCallId: string }): Promise<MastraStreamResponse>;
  declineToolCall(params: { runId: string; toolCallId: string; reason?: string }): Promise<MastraStreamResponse>;
  resumeStream(
    resumeData: never,
    params: { runId: string; toolCallId: string; memory?: { thread: string; resource: string } },
  ): Promise<MastraStreamResponse>;
  listSuspendedRuns(params: {
    threadId?: string;
    resourceId?: string;
    perPage?: number;
    page?: number;
  }): Promise<unknown>;
}

/**
 * Sends one answer to a call a run waits on: an approval's decision as `approveToolCall` or
 * `declineToolCall` (a deny's note as its `reason`), a suspension's as `resumeStream`'s resume
 * data. The one place both the page's transport and the inbox's sink answer Mastra through.
 */
export function answerMastraCall(
  agent: MastraAgentLike,
  call: MastraPendingCall,
  answer: AnswerBody,
  answering: InterruptAnswering,
  memory?: { thread: string; resource: string },
): Promise<MastraStreamResponse> {
  const target = { runId: call.runId, toolCallId: call.toolCallId };
  if (call.type === "approval") {
    const decision = approvalDecision(answer);
    if (decision.decision === "approve") return agent.approveToolCall(target);
    const note = decision.decision === "deny" ? decision.note : undefined;
    return agent.declineToolCall(note ? { ...target, reason: note } : target);
  }
  return agent.resumeStream(mastraResumeData(answer, answering) as never, memory ? { ...target, memory } : target);
}
