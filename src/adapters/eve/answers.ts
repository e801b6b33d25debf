import { type AnswerBody, declined, MAX_REASON_LENGTH, type TransportAnswer } from "../../core/answer";
import { decodeAnswer, encodeAnswer, encodeDecline } from "./envelope";
import type { EveInputResponse } from "./schemas";

/**
 * Typed answers ⇄ eve's `InputResponse` (`{ requestId, optionId?, text? }`). eve carries only an
 * option id and text, so:
 * - a native approval answers with eve's option ids (`approve` / `cancel` + the note as text);
 * - a native question or text question answers natively (`optionId` / `text`), and a decline
 *   travels as the kit's declined envelope in `text` (eve has no "declined" for a question);
 * - a kit picker's value or decline travels as the versioned envelope in `text`;
 * - a reply is plain `text`, an option plain `optionId`.
 * Nothing else in the kit knows this mapping.
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
  switch (body.type) {
    case "value":
      if (nativeKind === "approval") return { requestId, ...approvalResponse(body.value) };
      if (nativeKind === "question" || nativeKind === "text") return { requestId, ...nativeFields(body.value) };
      return { requestId, text: encodeAnswer(kind, body.value) };
    case "dismissed":
    case "declined": {
      const reason = body.type === "declined" ? body.reason : undefined;
      // An approval has no third answer: a decline is a deny, with the reason as the note.
      if (nativeKind === "approval") return { requestId, ...denyResponse(reason?.trim().slice(0, MAX_REASON_LENGTH)) };
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
 * Reads eve's record of an answer (`input.resolved`'s `response`, or what eve's `ctx.ask`
 * returned) back into a typed answer. Never throws; values are NOT validated here (the kind
 * does that where the value is used).
 */
export function fromEveResponse(
  response: { readonly optionId?: string | undefined; readonly text?: string | undefined },
  request: EveRequestShape,
): AnswerBody {
  const { optionId, text } = response;
  const nativeKind = request.native ? request.kind : undefined;
  if (nativeKind === "approval") {
    if (optionId === APPROVE_OPTION_ID) return { type: "value", value: { decision: "approve" } };
    if (optionId === DENY_OPTION_ID) {
      // Not validated here: an over-long note fails the approval kind's schema where it is read.
      return { type: "value", value: text?.trim() ? { decision: "deny", note: text } : { decision: "deny" } };
    }
  }
  if (text !== undefined) {
    const decoded = decodeAnswer(text);
    // Any kind's declined envelope is a decline: the fallback declines with the kind it could not render.
    if (decoded.type === "declined") return declined(decoded.reason);
    if (decoded.type === "answered" && nativeKind === undefined) return { type: "value", value: decoded.value };
  }
  if (nativeKind === "question" || nativeKind === "text") {
    return { type: "value", value: nativeFields({ optionId, text }) };
  }
  if (optionId !== undefined) return { type: "option", optionId };
  return { type: "reply", text: text ?? "" };
}

function approvalResponse(value: unknown): { optionId: string; text?: string } {
  if (isRecord(value) && value.decision === "approve") return { optionId: APPROVE_OPTION_ID };
  return denyResponse(isRecord(value) && typeof value.note === "string" ? value.note : undefined);
}

/** A blank note is no note (eve would show an empty reason otherwise). */
function denyResponse(note: string | undefined): { optionId: string; text?: string } {
  return note?.trim() ? { optionId: DENY_OPTION_ID, text: note } : { optionId: DENY_OPTION_ID };
}

/** `{ optionId?, text? }` from a question's value, keeping only string fields. */
function nativeFields(value: unknown): { optionId?: string; text?: string } {
  if (!isRecord(value)) return {};
  return {
    ...(typeof value.optionId === "string" ? { optionId: value.optionId } : {}),
    ...(typeof value.text === "string" ? { text: value.text } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
