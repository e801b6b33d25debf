import type { AnswerBody } from "./answer";
import type { KindContract } from "./kind";
import type { ParkedRequest } from "./model";

/**
 * What a widget shows, as one string (exposed as `data-state`). Derived from the ledger:
 * `open`/`submitting`/`responded` while in flight, `error` when sending failed, otherwise how the
 * request ended (`declined` is an answered request whose answer was the decline; `dismissed`,
 * one the person closed without deciding, where the transport allows it).
 */
export const widgetStatuses = [
  "open",
  "submitting",
  "responded",
  "error",
  "answered",
  "approved",
  "declined",
  "denied",
  "cancelled",
  "ignored",
  "invalid",
  "withdrawn",
  "dismissed",
  "answered-elsewhere",
] as const;
export type WidgetStatus = (typeof widgetStatuses)[number];

/** What a widget shows for a request: its status and, once answered, the answer to display. */
export interface RequestView<Res = unknown> {
  readonly status: WidgetStatus;
  readonly answer?: Res;
  readonly declineReason?: string;
  /** The answer as text (a reply's words, an option id), for the fallback's receipt. */
  readonly answerText?: string;
  /** A structured answer the kind could not type (no kind, or it failed the kind's schema). */
  readonly answerValue?: unknown;
}

/** Derives the widget view from the ledger's record and the kind that can read the answer. */
export function viewOf<Res>(request: ParkedRequest, kind?: Pick<KindContract, "response">): RequestView<Res> {
  switch (request.state) {
    case "open":
      return { status: request.error ? "error" : "open" };
    case "submitting":
      return { status: "submitting" };
    case "responded":
      return { status: "responded" };
    case "settled": {
      const outcome = request.outcome ?? "withdrawn";
      // The server's record of the answer wins; our own copy covers a resolution without one —
      // unless another device's answer counted, or that is not known yet.
      const recorded =
        request.resolution ?? (request.answeredElsewhere || request.unconfirmedAnswer ? undefined : request.submitted);
      const status = outcome === "answered" && request.answeredElsewhere ? "answered-elsewhere" : outcome;
      return recorded ? { status, ...answerView<Res>(recorded, outcome, kind) } : { status };
    }
    default:
      return request.state satisfies never;
  }
}

function answerView<Res>(
  answer: AnswerBody,
  outcome: NonNullable<ParkedRequest["outcome"]>,
  kind: Pick<KindContract, "response"> | undefined,
): Omit<RequestView<Res>, "status"> & { status?: WidgetStatus } {
  switch (answer.type) {
    case "declined":
      // A decline is an answer the tool understands; show it as what it was.
      return { ...(outcome === "answered" ? { status: "declined" as const } : {}), ...reason(answer.reason) };
    case "dismissed":
      return { status: "dismissed" };
    case "reply":
      return { answerText: answer.text };
    case "option":
      return { answerText: answer.optionId };
    case "value": {
      const parsed = kind?.response.safeParse(answer.value);
      if (!parsed?.success) return { answerValue: answer.value };
      return { answer: parsed.data as Res }; // parsed by this request's own kind
    }
    default:
      return answer satisfies never;
  }
}

function reason(text: string | undefined): { declineReason?: string } {
  return text ? { declineReason: text } : {};
}
