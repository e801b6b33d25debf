import { z } from "zod";
import { type AnswerValidator, MAX_ANSWER_TEXT_LENGTH, MAX_REASON_LENGTH, validateResponse } from "../../core/answer";
import { fromZodIssues, type HitlIssue } from "../../core/issues";

/**
 * The answer envelope: how a structured answer travels inside eve's `InputResponse.text`
 * (eve carries only `optionId` and `text`). Only the eve adapter (browser) and the eve server
 * helper use it; both validate with the same kind schemas. Other transports carry typed answers.
 *
 *   answered: {"hitl":1,"kind":"media","value":{"selected":["a"]}}
 *   declined: {"hitl":1,"kind":"media","declined":true,"reason":"none fit"}
 */
export const ENVELOPE_VERSION = 1;

const kindName = z.string().min(1).max(100);

const answeredEnvelope = z.strictObject({
  hitl: z.literal(ENVELOPE_VERSION),
  kind: kindName,
  value: z.unknown(),
});

const declinedEnvelope = z.strictObject({
  hitl: z.literal(ENVELOPE_VERSION),
  kind: kindName,
  declined: z.literal(true),
  reason: z.string().max(MAX_REASON_LENGTH).optional(),
});

/** The wire form of an envelope, before the kind's own schema looks at `value`. */
export const envelopeSchema = z.union([answeredEnvelope, declinedEnvelope]);
export type Envelope = z.infer<typeof envelopeSchema>;

/** What a kind must offer to decode its own answers. */
export type AnswerDecoder<Req, Res> = AnswerValidator<Req, Res>;

/** The outcome of reading an answer text. Decoding never throws. */
export type DecodedAnswer<Res = unknown> =
  | { readonly type: "answered"; readonly kind: string; readonly value: Res }
  | { readonly type: "declined"; readonly kind: string; readonly reason?: string }
  /** Not an envelope at all: a person typed a free reply (e.g. in the chat composer). */
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "invalid"; readonly issues: readonly HitlIssue[] };

export function encodeAnswer(kind: string, value: unknown): string {
  return JSON.stringify({ hitl: ENVELOPE_VERSION, kind, value });
}

export function encodeDecline(kind: string, reason?: string): string {
  const trimmed = reason?.trim();
  return JSON.stringify(
    trimmed
      ? { hitl: ENVELOPE_VERSION, kind, declined: true, reason: trimmed.slice(0, MAX_REASON_LENGTH) }
      : { hitl: ENVELOPE_VERSION, kind, declined: true },
  );
}

/**
 * Reads an answer text. Without a decoder it only checks the envelope; with one it also checks
 * the kind name, the kind's response schema and, given the request, the kind's cross-check.
 */
export function decodeAnswer(text: unknown): DecodedAnswer<unknown>;
export function decodeAnswer<Req, Res>(
  text: unknown,
  decoder: AnswerDecoder<Req, Res>,
  request?: Req,
): DecodedAnswer<Res>;
export function decodeAnswer<Req, Res>(
  text: unknown,
  decoder?: AnswerDecoder<Req, Res>,
  request?: Req,
): DecodedAnswer<Res | unknown> {
  if (typeof text !== "string") return invalid([{ path: [], message: "Answer text must be a string" }]);
  if (text.length > MAX_ANSWER_TEXT_LENGTH) {
    return invalid([{ path: [], message: `Answer text is longer than ${MAX_ANSWER_TEXT_LENGTH} characters` }]);
  }
  const json = parseJson(text);
  // Anything that is not a JSON object carrying `hitl` is a person's own words, not a malformed envelope.
  if (!json.ok || !isRecord(json.value) || !("hitl" in json.value)) return { type: "text", text };

  if (json.value.hitl !== ENVELOPE_VERSION) {
    return invalid([
      {
        path: ["hitl"],
        message: `Unsupported answer format version ${String(json.value.hitl)} (expected ${ENVELOPE_VERSION})`,
      },
    ]);
  }
  // Pick the branch first so issues name the field, not "no union member matched".
  const envelope = ("declined" in json.value ? declinedEnvelope : answeredEnvelope).safeParse(json.value);
  if (!envelope.success) return invalid(fromZodIssues(envelope.error.issues));
  const data = envelope.data;
  if (decoder && data.kind !== decoder.kind) {
    return invalid([{ path: ["kind"], message: `Expected an answer for "${decoder.kind}", got "${data.kind}"` }]);
  }
  if ("declined" in data) {
    return data.reason === undefined
      ? { type: "declined", kind: data.kind }
      : { type: "declined", kind: data.kind, reason: data.reason };
  }
  if (!decoder) return { type: "answered", kind: data.kind, value: data.value };

  const checked = validateResponse(decoder, data.value, request);
  if (!checked.ok) return invalid(checked.issues.map((i) => ({ ...i, path: ["value", ...i.path] })));
  return { type: "answered", kind: data.kind, value: checked.value };
}

function invalid(issues: readonly HitlIssue[]): DecodedAnswer<never> {
  return { type: "invalid", issues };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
