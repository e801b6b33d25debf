import { z } from "zod";
import { capIssues, fromZodIssues, type HitlIssue, type Validated } from "./issues";
import type { ParkedRequestInit } from "./model";

/**
 * What crosses the seam between the kit and a transport: one typed answer per request. No wire
 * format lives here — each adapter turns an `AnswerBody` into its own wire form (a JSON envelope
 * in a text field, a tool output object, an elicitation result) and reads its
 * server's record of an answer back into one.
 */

/** Longest free-text reply a person can send, and the longest answer a transport should carry. */
export const MAX_ANSWER_TEXT_LENGTH = 1_000_000;
/** Longest decline reason or note a person can send. */
export const MAX_REASON_LENGTH = 2_000;

export const answerBodySchema = z.discriminatedUnion("type", [
  /** The kind's typed value (for an approval: `{ decision: "approve" | "deny", note? }`). */
  z.strictObject({ type: z.literal("value"), value: z.unknown() }),
  /** The person declined: one answer all the same, so the tool call still gets its result. */
  z.strictObject({ type: z.literal("declined"), reason: z.string().max(MAX_REASON_LENGTH).optional() }),
  /** The person's own words instead of the widget's value (the fallback, or a chat reply). */
  z.strictObject({ type: z.literal("reply"), text: z.string().max(MAX_ANSWER_TEXT_LENGTH) }),
  /** One of the options the transport itself offered with the request (`ParkedRequest.options`). */
  z.strictObject({ type: z.literal("option"), optionId: z.string().min(1).max(256) }),
  /**
   * The person closed the request without deciding (Escape, ×) — only offered where the
   * transport has such an answer (`ParkedRequest.dismissible`; MCP's `cancel`).
   */
  z.strictObject({ type: z.literal("dismissed") }),
]);

export type AnswerBody<V = unknown> =
  | { readonly type: "value"; readonly value: V }
  | { readonly type: "declined"; readonly reason?: string }
  | { readonly type: "reply"; readonly text: string }
  | { readonly type: "option"; readonly optionId: string }
  | { readonly type: "dismissed" };

/** What a transport's `send` receives: exactly one of these per request. */
export interface TransportAnswer<V = unknown> {
  readonly requestId: string;
  /** The request's registry key (`ParkedRequest.kind`), so the adapter can pick its wire form. */
  readonly kind: string;
  readonly answer: AnswerBody<V>;
  /** The request as the client's ledger holds it (its call, tool, whether the transport itself asked). */
  readonly request: ParkedRequestInit;
}

/** A decline, with a trimmed, bounded reason (a blank reason is no reason). */
export function declined(reason?: string): AnswerBody<never> {
  const trimmed = reason?.trim().slice(0, MAX_REASON_LENGTH);
  return trimmed ? { type: "declined", reason: trimmed } : { type: "declined" };
}

/** What a kind must offer to validate its own answers (structural, so core needs no kinds). */
export interface AnswerValidator<Req, Res> {
  readonly kind: string;
  readonly response: z.ZodType<Res>;
  readonly check?: (request: Req, response: Res) => readonly HitlIssue[];
}

/** The kind's response schema, then (given the request) its cross-check. Never throws. */
export function validateResponse<Req, Res>(
  validator: AnswerValidator<Req, Res>,
  value: unknown,
  request?: Req,
): Validated<Res> {
  const parsed = validator.response.safeParse(value);
  if (!parsed.success) return { ok: false, issues: fromZodIssues(parsed.error.issues) };
  if (request !== undefined && validator.check) {
    const issues = validator.check(request, parsed.data);
    if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
  }
  return { ok: true, value: parsed.data };
}

/** Checks an answer before it is sent: text present and bounded. `undefined` when fine. */
export function answerProblem(answer: AnswerBody): HitlIssue | undefined {
  switch (answer.type) {
    case "value":
      return answer.value === undefined ? { path: [], message: "The answer has no value" } : undefined;
    case "declined":
      return answer.reason !== undefined && answer.reason.length > MAX_REASON_LENGTH
        ? { path: ["reason"], message: `Must be at most ${MAX_REASON_LENGTH} characters` }
        : undefined;
    case "reply":
      if (answer.text.trim() === "") return { path: [], message: "An answer needs some text" };
      return answer.text.length > MAX_ANSWER_TEXT_LENGTH
        ? { path: ["text"], message: "The answer is too long" }
        : undefined;
    case "option":
      return answer.optionId === "" ? { path: [], message: "An answer needs an option" } : undefined;
    case "dismissed":
      return undefined;
    default:
      return answer satisfies never;
  }
}

/** The reason an approval carries when the person typed in the chat instead of deciding. */
export const REPLIED_IN_CHAT_REASON = "The person replied in the chat instead.";

/**
 * How an answer to an approval ends it: `approved` for a value deciding `approve` or `edit` (the
 * tool runs, with the person's changes for an edit), `denied` for anything else — a deny, a
 * decline, a reply, a dismissal: an approval never runs by default. The one reading of an
 * outcome (the ledger's, the inbox's, LangGraph's); the kinds' `approvalDecision`, which also
 * parses the value, agrees with it on every answer the client lets through (tested).
 */
export function approvalOutcome(answer: AnswerBody): "approved" | "denied" {
  const value = answer.type === "value" ? answer.value : undefined;
  const decision = typeof value === "object" && value !== null ? (value as { decision?: unknown }).decision : undefined;
  return decision === "approve" || decision === "edit" ? "approved" : "denied";
}
