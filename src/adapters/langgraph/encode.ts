import type { AnswerBody } from "../../core/answer";
import type { OutboxAnswer } from "../../core/outbox";
import { HitlTransportError } from "../../core/transport";
import { toToolOutput } from "../../wire/tool-output";
import { isKitInterrupt, type LangGraphConverter, type LangGraphInterrupt } from "./convert";
import { DisallowedDecisionError, type HitlAction, hitlDecision, reviewResume } from "./hitl-request";

/**
 * The kit's answers in the form a LangGraph graph reads them (pure): one answer as the value
 * `interrupt(…)` returns (or a HITL review's decision), and a batch of them as the
 * `Command({ resume })` map, by interrupt id.
 */

/** An answer as the outbox holds it: grouped by the interrupt it resumes, with its wire value. */
export type LangGraphOutboxAnswer = OutboxAnswer<unknown>;

/**
 * The value `interrupt(…)` returns in the graph: the kind's typed result (`toToolOutput`: the
 * value itself, or `{ declined: true, reason? }`, `{ reply }`…) for the kit's interrupts, read
 * back with `readResume` (`hitl-kit/server`). A plain interrupt (a string question, someone
 * else's object) answered in words gets the words themselves, as a graph that asked in text expects.
 */
export function resumeValue(answer: AnswerBody, interrupt?: LangGraphInterrupt): unknown {
  if (answer.type === "reply" && interrupt !== undefined && !isKitInterrupt(interrupt.value)) return answer.text;
  return toToolOutput(answer);
}

/**
 * One answer in the wire form `interrupt(…)` (or the HITL middleware) reads, grouped by its
 * interrupt. A decision the action's review does not allow throws (`rejected`): the middleware
 * would fail the run, so nothing goes.
 */
export function encodeAnswer(
  convert: LangGraphConverter,
  requestId: string,
  answer: AnswerBody,
): LangGraphOutboxAnswer {
  const owner = convert.owner(requestId);
  const action = owner?.action;
  let wire: unknown;
  try {
    wire = action ? hitlDecision(action.of[action.index] as HitlAction, answer) : resumeValue(answer, owner?.interrupt);
  } catch (error) {
    if (error instanceof DisallowedDecisionError) throw new HitlTransportError(error.message, "rejected");
    throw error;
  }
  return { id: requestId, group: owner?.interrupt.id ?? requestId, answer, wire };
}

/** `{ [interruptId]: value }`: a request's own value, or a HITLRequest's `{ decisions }` in action order. */
export function resumeMap(
  convert: LangGraphConverter,
  batch: readonly LangGraphOutboxAnswer[],
): Record<string, unknown> {
  const byId = new Map(batch.map((answer) => [answer.id, answer]));
  const resume: Record<string, unknown> = {};
  for (const { id, group } of batch) {
    if (group in resume) continue;
    const answers = convert.requestIds(group).map((requestId) => byId.get(requestId)?.wire);
    const review = convert.owner(id)?.action?.of;
    resume[group] = review ? reviewResume(review, answers) : answers[0];
  }
  return resume;
}
