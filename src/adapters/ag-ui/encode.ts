import type { AnswerBody } from "../../core/answer";
import type { ResumeEntry } from "../../wire/interrupts";
import { toToolOutput } from "../../wire/tool-output";

/**
 * A typed answer → AG-UI's wire; pure (the transport and its outbox runner send it). A frontend
 * tool call's answer is one `tool` message with the kind's typed result as JSON; an interrupt's
 * is its resume entry (`resumeEntry`, wire/interrupts), and on the legacy channel the one
 * resume value below.
 */

/** The one `tool` message that answers a frontend tool call: the kind's typed result as JSON. */
export function toolMessage(id: string, toolCallId: string, answer: AnswerBody) {
  return { id, role: "tool" as const, toolCallId, content: JSON.stringify(toToolOutput(answer)) };
}

/**
 * The legacy channel's one resume value: the answer itself (a decline reads as the typed
 * `{ declined: true }` marker), or, for several interrupts in one run, the list in their order.
 */
export function legacyResume(list: readonly ResumeEntry[]): unknown {
  const value = (entry: ResumeEntry) => (entry.status === "cancelled" ? { declined: true } : entry.payload);
  return list.length === 1 && list[0] ? value(list[0]) : list.map(value);
}
