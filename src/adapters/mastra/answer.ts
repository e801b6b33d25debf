import type { AnswerBody } from "../../core/answer";
import type { InterruptAnswering } from "../../wire/interrupts";
import type { MastraPendingCall } from "./convert";
import { encodeMastraAnswer } from "./encode";

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
 * Sends one answer to a call a run waits on, as `encodeMastraAnswer` says: an approval's decision
 * as `approveToolCall` or `declineToolCall` (a deny's note as its `reason`), a suspension's as
 * `resumeStream`'s resume data. The one place both the page's transport and the inbox's sink
 * answer Mastra through.
 */
export function answerMastraCall(
  agent: MastraAgentLike,
  call: MastraPendingCall,
  answer: AnswerBody,
  answering: InterruptAnswering,
  memory?: { thread: string; resource: string },
): Promise<MastraStreamResponse> {
  const encoded = encodeMastraAnswer(call, answer, answering);
  switch (encoded.route) {
    case "approveToolCall":
      return agent.approveToolCall(encoded.target);
    case "declineToolCall":
      return agent.declineToolCall(
        encoded.reason === undefined ? encoded.target : { ...encoded.target, reason: encoded.reason },
      );
    case "resumeStream":
      return agent.resumeStream(encoded.resumeData as never, memory ? { ...encoded.target, memory } : encoded.target);
    default:
      return encoded satisfies never;
  }
}
