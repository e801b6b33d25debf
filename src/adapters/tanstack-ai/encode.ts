import type { AnswerBody } from "../../core/answer";
import { approvalDecision } from "../../kinds/native";
import { resumeEntry } from "../../wire/interrupts";
import { toToolOutput } from "../../wire/tool-output";
import type { TanStackInterruptAnswering } from "./interrupts";

/**
 * A typed answer → what TanStack AI's chat client takes for it; pure (the transport makes the
 * calls). A picker tool call's result is the kind's typed output (`toToolOutput`); an approval is
 * approved or not, read by the approval's one codec; a generic interrupt is resolved with a
 * payload or cancelled (`interruptResolution`).
 */

/** Whether an approval's answer approves (anything but an approve denies: an approval never runs by default). */
export function approves(answer: AnswerBody): boolean {
  return approvalDecision(answer).decision === "approve";
}

/** What answering an interrupt does on the client: `resolveInterrupt(payload)` or `cancel()`. */
export type InterruptResolution =
  | { readonly status: "resolved"; readonly payload: unknown }
  | { readonly status: "cancelled" };

/**
 * The one resolution of an interrupt's answer. The kit's own interrupt takes every answer as the
 * kind's typed result (only closing it cancels it). An interrupt with a schema (a form, or the
 * kit's hint over someone else's schema) takes only a value: anything else cancels it, since
 * TanStack AI validates the payload against that schema on the server. One without a schema
 * takes the person's words as the typed marker.
 */
export function interruptResolution(
  interruptId: string,
  answer: AnswerBody,
  answering: TanStackInterruptAnswering,
): InterruptResolution {
  if (answering.mode === "tool-output") {
    return answer.type === "dismissed"
      ? { status: "cancelled" }
      : { status: "resolved", payload: toToolOutput(answer) };
  }
  if (answering.mode !== "raw" && answer.type !== "value") return { status: "cancelled" };
  const entry = resumeEntry(interruptId, answer, answering);
  return entry.status === "cancelled" ? { status: "cancelled" } : { status: "resolved", payload: entry.payload };
}
