import { z } from "zod";
import {
  type AnswerDecoder,
  type DecodedAnswer,
  decodeAnswer,
  encodeDecline,
  MAX_REASON_LENGTH,
  validateResponse,
} from "../core/envelope";
import type { HitlIssue, Validated } from "../core/issues";
import type { AnswerPayload } from "../core/model";
import { defineKind } from "./define-kind";
import {
  describeChoices,
  descriptionSchema,
  idSchema,
  isBlank,
  listSchema,
  MAX_ITEMS,
  MAX_LABEL_LENGTH,
  MAX_TEXT_LENGTH,
  tooLong,
  uniqueKey,
} from "./limits";

/**
 * eve's own kinds of parked input: tool approvals, select questions and text questions. These are
 * answered in eve's NATIVE form (`optionId` / `text`), not the envelope, because eve itself (not
 * the kit's server helper) reads them.
 */

/** eve's option ids for a tool approval. */
export const APPROVE_OPTION_ID = "approve";
export const DENY_OPTION_ID = "cancel";

/** Free text a person typed: not blank, bounded. */
const freeTextSchema = z
  .string()
  .max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH))
  .refine((text) => !isBlank(text), "Must not be blank");

// eve allows empty labels; refusing them would push a valid eve question to the fallback widget.
const nativeLabelSchema = z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH));

// ─── approval ────────────────────────────────────────────────────────────────────────────────────

const approvalResponseSchema = z.discriminatedUnion(
  "decision",
  [
    z.strictObject({ decision: z.literal("approve") }),
    z.strictObject({
      decision: z.literal("deny"),
      note: z.string().max(MAX_REASON_LENGTH, tooLong(MAX_REASON_LENGTH)).optional(),
    }),
  ],
  { error: 'Must have a "decision" of "approve" or "deny"' },
);

/**
 * A tool approval. Its decline IS a deny: eve has no third answer for an approval, so
 * `encodeDecline(reason)` sends `{ optionId: "cancel", text: reason }` and decodes as
 * `{ decision: "deny", note: reason }`.
 */
export const approvalKind = defineKind({
  kind: "approval",
  request: z.object({
    toolName: nativeLabelSchema,
    /** The tool's input, shown to the person. */
    input: z.record(z.string(), z.unknown()),
  }),
  response: approvalResponseSchema,
  encode: (value) => (value.decision === "approve" ? { optionId: APPROVE_OPTION_ID } : denyAnswer(value.note)),
  encodeDecline: (reason) => denyAnswer(reason?.trim().slice(0, MAX_REASON_LENGTH)),
  decode: decodeApproval,
});

function decodeApproval(answer: AnswerPayload): DecodedAnswer<z.output<typeof approvalResponseSchema>> {
  if (answer.optionId === APPROVE_OPTION_ID)
    return { type: "answered", kind: "approval", value: { decision: "approve" } };
  if (answer.optionId === DENY_OPTION_ID) {
    const note = answer.text;
    if (note === undefined || isBlank(note)) return { type: "answered", kind: "approval", value: { decision: "deny" } };
    if (note.length > MAX_REASON_LENGTH) {
      return { type: "invalid", issues: [{ path: ["text"], message: tooLong(MAX_REASON_LENGTH) }] };
    }
    return { type: "answered", kind: "approval", value: { decision: "deny", note } };
  }
  const got = answer.optionId === undefined ? "no option" : `"${answer.optionId}"`;
  return {
    type: "invalid",
    issues: [{ path: ["optionId"], message: `Expected "${APPROVE_OPTION_ID}" or "${DENY_OPTION_ID}", got ${got}` }],
  };
}

/** A blank note is no note (eve would show an empty reason otherwise). */
function denyAnswer(note: string | undefined): AnswerPayload {
  return note === undefined || isBlank(note) ? { optionId: DENY_OPTION_ID } : { optionId: DENY_OPTION_ID, text: note };
}

export type ApprovalRequest = z.output<typeof approvalKind.request>;
export type ApprovalResponse = z.output<typeof approvalKind.response>;

// ─── question ────────────────────────────────────────────────────────────────────────────────────

export const questionOptionSchema = z.object({
  id: idSchema,
  label: nativeLabelSchema,
  description: descriptionSchema.optional(),
  style: z.enum(["danger", "default", "primary"]).optional(),
});

const questionRequestSchema = z.object({
  options: listSchema(questionOptionSchema, { max: MAX_ITEMS, noun: "options" })
    .superRefine(uniqueKey("id", "options"))
    .default([]),
  allowFreeform: z.boolean().default(false),
});

const questionResponseSchema = z
  .strictObject({ optionId: idSchema.optional(), text: freeTextSchema.optional() })
  .refine((value) => value.optionId !== undefined || value.text !== undefined, "Choose an option or write an answer");

function checkQuestion(
  request: z.output<typeof questionRequestSchema>,
  response: z.output<typeof questionResponseSchema>,
): HitlIssue[] {
  const issues: HitlIssue[] = [];
  if (response.optionId !== undefined && !request.options.some((option) => option.id === response.optionId)) {
    const offered = describeChoices(request.options.map((option) => option.id));
    issues.push({
      path: ["optionId"],
      message: `Unknown option "${response.optionId}"${offered ? `: expected one of ${offered}` : ": this question has no options"}`,
    });
  }
  if (response.text !== undefined && !request.allowFreeform && request.options.length > 0) {
    issues.push({ path: ["text"], message: "Free-text answers are not allowed here: choose one of the options" });
  }
  return issues;
}

const questionDecoder: AnswerDecoder<
  z.output<typeof questionRequestSchema>,
  z.output<typeof questionResponseSchema>
> = {
  kind: "question",
  response: questionResponseSchema,
  check: checkQuestion,
};

/** An eve select question: pick an option, or (when allowed, or when there are none) type an answer. */
export const questionKind = defineKind({
  kind: "question",
  request: questionRequestSchema,
  response: questionResponseSchema,
  check: checkQuestion,
  encode: (value) => ({
    ...(value.optionId !== undefined ? { optionId: value.optionId } : {}),
    ...(value.text !== undefined ? { text: value.text } : {}),
  }),
  // eve has no "declined" for a question: the envelope's declined form travels as the text, and
  // the kit's server helper (and `decode`) read it back as a decline.
  encodeDecline: (reason) => ({ text: encodeDecline("question", reason) }),
  decode: (answer, request) => {
    const declined = readDecline("question", answer);
    if (declined) return declined;
    const value = {
      ...(answer.optionId !== undefined ? { optionId: answer.optionId } : {}),
      ...(answer.text !== undefined ? { text: answer.text } : {}),
    };
    return answered(validateResponse(questionDecoder, value, request), "question");
  },
});

export type QuestionOption = z.output<typeof questionOptionSchema>;
export type QuestionRequest = z.output<typeof questionKind.request>;
export type QuestionResponse = z.output<typeof questionKind.response>;

// ─── text ────────────────────────────────────────────────────────────────────────────────────────

const textResponseSchema = z.strictObject({ text: freeTextSchema });
const textDecoder: AnswerDecoder<unknown, z.output<typeof textResponseSchema>> = {
  kind: "text",
  response: textResponseSchema,
};

/** An eve text question: the person types an answer. */
export const textKind = defineKind({
  kind: "text",
  request: z.object({
    placeholder: z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH)).optional(),
    multiline: z.boolean().optional(),
  }),
  response: textResponseSchema,
  encode: (value) => ({ text: value.text }),
  encodeDecline: (reason) => ({ text: encodeDecline("text", reason) }),
  decode: (answer) => {
    const declined = readDecline("text", answer);
    if (declined) return declined;
    if (answer.text === undefined)
      return { type: "invalid", issues: [{ path: ["text"], message: "The answer carries no text" }] };
    return answered(validateResponse(textDecoder, { text: answer.text }, undefined), "text");
  },
});

export type TextRequest = z.output<typeof textKind.request>;
export type TextResponse = z.output<typeof textKind.response>;

// ─── helpers ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A declined envelope in the text means the person declined. Any envelope kind counts: the kit's
 * fallback widget may decline with the kind it could not render. Other text is the person's words.
 */
function readDecline(kind: string, answer: AnswerPayload): DecodedAnswer<never> | undefined {
  if (answer.text === undefined) return undefined;
  const decoded = decodeAnswer(answer.text);
  if (decoded.type !== "declined") return undefined;
  return decoded.reason === undefined ? { type: "declined", kind } : { type: "declined", kind, reason: decoded.reason };
}

function answered<T>(checked: Validated<T>, kind: string): DecodedAnswer<T> {
  return checked.ok ? { type: "answered", kind, value: checked.value } : { type: "invalid", issues: checked.issues };
}
