import type { HitlIssue } from "../../core/issues";
import type { FallbackProps, FallbackReason } from "../../react/widget-props";
import type { AnswerOutcome } from "../shared/use-answer";
import type { FallbackLabels } from "./labels";
import { type FallbackEvent, type FallbackState, replyOf, type TextProblem } from "./machine";

export type FallbackOption = NonNullable<FallbackProps["options"]>[number];
export type FallbackAnswer = Parameters<FallbackProps["onAnswer"]>[0];

export interface FallbackConnectContext {
  readonly labels: FallbackLabels;
  readonly kind: string;
  readonly reason: FallbackReason;
  readonly issues: readonly HitlIssue[];
  readonly options: readonly FallbackOption[];
  /** The recorded answer, for the receipt. */
  readonly answerText: string | undefined;
  readonly answerValue: unknown;
  /** Sends once through the widget's one-answer guard. */
  readonly submit: (answer: FallbackAnswer) => AnswerOutcome<FallbackAnswer>;
  /** An answer went out and the status has not moved since. */
  readonly sent: () => boolean;
}

export type FallbackApi = ReturnType<typeof connect>;

/** The fallback's machine as what its parts show and do. No React. */
export function connect(state: FallbackState, send: (event: FallbackEvent) => void, context: FallbackConnectContext) {
  const { labels, submit } = context;
  // A refusal (e.g. "reconnecting") re-opens the fallback and shows under the text field, so the
  // person is never stuck.
  const answer = (value: FallbackAnswer) => {
    const outcome = submit(value);
    if (outcome.type === "refused") {
      send({
        type: "text-refused",
        problem: { type: "refused", message: outcome.issues.map((i) => i.message).join(" ") },
      });
    }
  };
  return {
    labels: context.labels,
    /** The request's kind as the root says it (`unknown` when it had none). */
    kind: context.kind === "" ? "unknown" : context.kind,
    reason: context.reason,
    issues: context.issues,
    options: context.options,
    answerText: context.answerText,
    answerValue: context.answerValue,
    text: state.text,
    textError: state.problem && messageOf(state.problem, labels),
    setText: (text: string) => send({ type: "text-changed", text }),
    sendOption: (optionId: string) => answer({ type: "option", optionId }),
    sendText: () => {
      if (context.sent()) return;
      const reply = replyOf(state.text);
      if ("problem" in reply) send({ type: "text-refused", problem: reply.problem });
      else answer({ type: "reply", text: reply.text });
    },
    rootProps: { "data-kind": context.kind === "" ? "unknown" : context.kind, "data-reason": context.reason },
  };
}

function messageOf(problem: TextProblem, labels: FallbackLabels): string {
  switch (problem.type) {
    case "empty":
      return labels.emptyText;
    case "too-long":
      return labels.tooLong(problem.max);
    case "refused":
      return problem.message;
    default:
      return problem satisfies never;
  }
}
