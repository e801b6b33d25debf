import { MAX_ANSWER_TEXT_LENGTH } from "../../core/answer";

/**
 * The fallback's own state, as a pure machine (no React): the free text being written and why
 * it was not sent. What it answers with (an option, the words) goes through the widget's
 * one-answer guard; the machine records only what the person sees.
 */
export interface FallbackState {
  readonly text: string;
  /** Why the text was not sent: blank, past the limit, or refused by the host (reconnecting…). */
  readonly problem: TextProblem | undefined;
}

export type TextProblem =
  | { readonly type: "empty" }
  | { readonly type: "too-long"; readonly max: number }
  | { readonly type: "refused"; readonly message: string };

export type FallbackEvent =
  /** The person wrote: any shown problem goes. */
  | { readonly type: "text-changed"; readonly text: string }
  /** Send was pressed with a text that cannot go: say why. */
  | { readonly type: "text-refused"; readonly problem: TextProblem };

export const initialState: FallbackState = { text: "", problem: undefined };

export function transition(state: FallbackState, event: FallbackEvent): FallbackState {
  switch (event.type) {
    case "text-changed":
      return event.text === state.text && state.problem === undefined
        ? state
        : { text: event.text, problem: undefined };
    case "text-refused":
      return { ...state, problem: event.problem };
    default:
      return event satisfies never;
  }
}

/**
 * The words a text sends (trimmed), or why it cannot go: blank, or longer than the client's limit
 * for a reply — one limit, so what the field takes the client sends.
 */
export function replyOf(text: string): { readonly text: string } | { readonly problem: TextProblem } {
  const trimmed = text.trim();
  if (trimmed === "") return { problem: { type: "empty" } };
  if (trimmed.length > MAX_ANSWER_TEXT_LENGTH) return { problem: { type: "too-long", max: MAX_ANSWER_TEXT_LENGTH } };
  return { text: trimmed };
}
