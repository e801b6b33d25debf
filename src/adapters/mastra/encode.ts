import type { AnswerBody } from "../../core/answer";
import { type FormValues, formKind } from "../../kinds/form";
import { approvalDecision } from "../../kinds/native";
import { toContent } from "../../wire/form-schema";
import type { InterruptAnswering } from "../../wire/interrupts";
import { toToolOutput } from "../../wire/tool-output";
import type { MastraPendingCall } from "./convert";

/**
 * A typed answer → the one `@mastra/client-js` call that gives it to the call a run waits on;
 * pure (`answer.ts` makes the call). An approval's decision by the approval's codec
 * (`approvalDecision`: approve, else a decline with a deny's note as its reason — Mastra cannot
 * carry an edited input); a suspension's answer as `resumeStream`'s resume data.
 */

/** Which run and call an answer is for. */
export interface MastraCallTarget {
  readonly runId: string;
  readonly toolCallId: string;
}

export type MastraAnswerCall =
  | { readonly route: "approveToolCall"; readonly target: MastraCallTarget }
  | { readonly route: "declineToolCall"; readonly target: MastraCallTarget; readonly reason?: string }
  | { readonly route: "resumeStream"; readonly target: MastraCallTarget; readonly resumeData: unknown };

export function encodeMastraAnswer(
  call: MastraPendingCall,
  answer: AnswerBody,
  answering: InterruptAnswering,
): MastraAnswerCall {
  const target = { runId: call.runId, toolCallId: call.toolCallId };
  if (call.type === "suspension")
    return { route: "resumeStream", target, resumeData: mastraResumeData(answer, answering) };
  const decision = approvalDecision(answer);
  if (decision.decision === "approve") return { route: "approveToolCall", target };
  const note = decision.decision === "deny" ? decision.note : undefined;
  return note ? { route: "declineToolCall", target, reason: note } : { route: "declineToolCall", target };
}

/**
 * What `resumeStream` gets for a suspension's answer: the kind's value, a form's values as the
 * object its schema describes, or the typed marker (`{ declined: true, reason? }`, `{ reply }`…)
 * that `readResume` on the tool's side reads back.
 */
function mastraResumeData(answer: AnswerBody, answering: InterruptAnswering): unknown {
  if (answer.type === "value" && answering.mode === "form") {
    const values = formKind.response.safeParse(answer.value);
    return toContent(answering.reading.properties, values.success ? values.data.values : ({} as FormValues));
  }
  return toToolOutput(answer);
}
