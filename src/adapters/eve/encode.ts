import { type AnswerBody, MAX_REASON_LENGTH, type TransportAnswer } from "../../core/answer";
import { encodeAnswer, encodeDecline } from "./envelope";
import type { EveInputResponse } from "./schemas";

/**
 * A typed answer → eve's `InputResponse` (`{ requestId, optionId?, text? }`); pure. eve carries
 * only an option id and text, so:
 * - a native approval answers with eve's option ids (`approve` / `cancel` + the note as text),
 *   read as the approval's codec (`approvalDecision`, kinds/native) reads it: a decline, a
 *   dismissal, a reply or anything that is not an approve denies;
 * - a native question or text question answers natively (`optionId` / `text`), and a decline
 *   travels as the kit's declined envelope in `text` (eve has no "declined" for a question);
 * - a kit picker's value or decline travels as the versioned envelope in `text`;
 * - a reply is plain `text`, an option plain `optionId` (eve's own, for a request it offered them).
 * Its reverse, eve's record of an answer read back, is `fromEveResponse` (`convert.ts`).
 */

/** eve's option ids for a tool approval. */
export const APPROVE_OPTION_ID = "approve";
export const DENY_OPTION_ID = "cancel";

/** What the adapter knows about a request when mapping its answers. */
export interface EveRequestShape {
  readonly kind: string;
  /** Parked by eve itself (approval gate, eve question), so the native kinds apply. */
  readonly native: boolean;
}

export function toEveInputResponse(answer: TransportAnswer, request: EveRequestShape): EveInputResponse {
  const { requestId, kind, answer: body } = answer;
  const nativeKind = request.native ? request.kind : undefined;
  if (nativeKind === "approval" && body.type !== "option") return { requestId, ...approvalOptions(body) };
  switch (body.type) {
    case "value":
      if (nativeKind === "question" || nativeKind === "text") return { requestId, ...nativeFields(body.value) };
      return { requestId, text: encodeAnswer(kind, body.value) };
    case "dismissed":
    case "declined": {
      const reason = body.type === "declined" ? body.reason : undefined;
      // eve has no "closed without deciding": a dismissal travels as a decline.
      return { requestId, text: encodeDecline(kind || "unknown", reason) };
    }
    case "reply":
      return { requestId, text: body.text };
    case "option":
      return { requestId, optionId: body.optionId };
    default:
      return body satisfies never;
  }
}

/**
 * An approval's answer as eve's option ids. The same reading as `approvalDecision`, but
 * structural: the client checked the value against the approval kind before it got here, and
 * importing the kinds would put them all in every eve chat page (measured: 21.05 → 26.36 kB gz).
 */
function approvalOptions(body: AnswerBody): { optionId: string; text?: string } {
  const value = body.type === "value" && isRecord(body.value) ? body.value : undefined;
  if (value?.decision === "approve") return { optionId: APPROVE_OPTION_ID };
  // A deny's note goes as written; a decline's reason or a reply becomes a trimmed, bounded note.
  const note =
    value?.decision === "deny" && typeof value.note === "string"
      ? value.note
      : (body.type === "declined" ? body.reason : body.type === "reply" ? body.text : undefined)
          ?.trim()
          .slice(0, MAX_REASON_LENGTH);
  // A blank note is no note (eve would show an empty reason otherwise).
  return note?.trim() ? { optionId: DENY_OPTION_ID, text: note } : { optionId: DENY_OPTION_ID };
}

/** `{ optionId?, text? }` from a native question's value, keeping only string fields (read back by `fromEveResponse` too). */
export function nativeFields(value: unknown): { optionId?: string; text?: string } {
  if (!isRecord(value)) return {};
  return {
    ...(typeof value.optionId === "string" ? { optionId: value.optionId } : {}),
    ...(typeof value.text === "string" ? { text: value.text } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
