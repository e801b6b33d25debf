import { type DecodedAnswer, decodeAnswer } from "../core/envelope";
import type { AnswerPayload, ParkedRequest } from "../core/model";
import type { AnyKind } from "../kinds/define-kind";
import type { WidgetStatus } from "./widget-props";

/** What a widget shows for a request: its status and, once answered, the answer to display. */
export interface RequestView<Res = unknown> {
  readonly status: WidgetStatus;
  readonly answer?: Res;
  readonly declineReason?: string;
  /** The answer as text, for the fallback's receipt. */
  readonly answerText?: string;
}

/** Derives the widget view from the ledger's record and the kind that can read the answer. */
export function viewOf<Res>(request: ParkedRequest, kind?: AnyKind): RequestView<Res> {
  switch (request.state) {
    case "open":
      return { status: request.error ? "error" : "open" };
    case "submitting":
      return { status: "submitting" };
    case "responded":
      return { status: "responded" };
    case "settled": {
      const outcome = request.outcome ?? "withdrawn";
      // The server's record of the answer wins; our own copy covers a resolution without one.
      const recorded = request.resolution ?? request.submitted;
      if (!recorded) return { status: outcome };
      const decoded = decode(recorded, kind);
      const answerText = recorded.text ?? recorded.optionId;
      const base = answerText === undefined ? {} : { answerText };
      if (decoded.type === "declined") {
        // A decline is an answer the tool understands; show it as what it was.
        return { ...base, status: outcome === "answered" ? "declined" : outcome, ...reason(decoded.reason) };
      }
      if (decoded.type === "answered") {
        const value = decoded.value as Res; // decoded by this request's own kind
        const note = denyNote(value);
        return { ...base, status: outcome, answer: value, ...reason(note) };
      }
      return { ...base, status: outcome };
    }
    default:
      return request.state satisfies never;
  }
}

function decode(answer: AnswerPayload, kind?: AnyKind): DecodedAnswer<unknown> {
  if (kind) return kind.decode(answer, undefined);
  return answer.text !== undefined ? decodeAnswer(answer.text) : { type: "text", text: answer.optionId ?? "" };
}

function reason(text: string | undefined): { declineReason?: string } {
  return text ? { declineReason: text } : {};
}

/** Approval denials carry their note in the answer itself. */
function denyNote(value: unknown): string | undefined {
  if (
    typeof value === "object" &&
    value !== null &&
    "decision" in value &&
    value.decision === "deny" &&
    "note" in value
  ) {
    return typeof value.note === "string" ? value.note : undefined;
  }
  return undefined;
}
