import { z } from "zod";
import { type AnswerBody, MAX_REASON_LENGTH } from "../core/answer";
import type { HitlIssue } from "../core/issues";
import { defineKind } from "./define-kind";
import { checkFormValues, formFieldsSchema, formKind, formValueSchema } from "./form";
import { MAX_ITEMS, MAX_LABEL_LENGTH, MAX_TEXT_LENGTH } from "./limits";
import { describeChoices, descriptionSchema, idSchema, isBlank, listSchema, tooLong, uniqueKey } from "./schema-parts";

/**
 * The native kinds: requests a transport itself parks — a tool-approval gate, its own select or
 * text question — rather than a model-written `ui` payload. Their names are reserved
 * (`RESERVED_KINDS`): only a request the transport marks `native` renders these widgets. Each
 * adapter maps their typed answers to its wire (eve: `optionId` / `text`).
 */

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
    /** `always`: and remember it (the request's `always` offer: e.g. "allow for this session"). */
    z.strictObject({ decision: z.literal("approve"), always: z.literal(true).optional() }),
    z.strictObject({
      decision: z.literal("deny"),
      note: z.string().max(MAX_REASON_LENGTH, tooLong(MAX_REASON_LENGTH)).optional(),
    }),
    /** Run it with the person's changes: the edit step's values, by field name. */
    z.strictObject({ decision: z.literal("edit"), input: z.record(z.string(), formValueSchema) }),
  ],
  { error: 'Must have a "decision" of "approve", "deny" or "edit"' },
);

/** A deny, with a trimmed, bounded note (a blank note is no note). */
function deny(note: string | undefined): z.output<typeof approvalResponseSchema> {
  const trimmed = note?.trim().slice(0, MAX_REASON_LENGTH);
  return trimmed ? { decision: "deny", note: trimmed } : { decision: "deny" };
}

export const APPROVAL_DECISIONS = ["approve", "deny", "edit"] as const;
export type ApprovalDecisionName = (typeof APPROVAL_DECISIONS)[number];

/** The decisions a request offers: its own list, else approve and deny (and edit with an edit step). */
export function approvalDecisions(request: {
  readonly decisions?: readonly ApprovalDecisionName[] | undefined;
  readonly edit?: unknown;
}): readonly ApprovalDecisionName[] {
  const offered = request.decisions ?? APPROVAL_DECISIONS;
  return request.edit === undefined ? offered.filter((decision) => decision !== "edit") : offered;
}

/**
 * A tool approval. Its decline IS a deny (`declineAs`): a transport has no third answer for an
 * approval, so the client records a decline as `{ decision: "deny", note: reason }` and that one
 * representation is what the ledger, every adapter and the receipt read.
 *
 * Where the transport allows it (LangChain's HITL middleware: `allowedDecisions`), a request may
 * narrow its `decisions` and offer an edit step: `edit.fields` are the input's fields as a form
 * (prefilled through their `default`s), and `{ decision: "edit", input }` carries the values the
 * person changed them to, checked against those fields.
 */
export const approvalKind = defineKind({
  kind: "approval",
  request: z.object({
    toolName: nativeLabelSchema,
    /** The tool's input, shown to the person. */
    input: z.record(z.string(), z.unknown()),
    /** What the person may decide; absent: approve and deny (and edit, with `edit`). */
    decisions: z
      .array(z.enum(APPROVAL_DECISIONS))
      .min(1, "Must offer at least one decision")
      .max(APPROVAL_DECISIONS.length)
      .optional(),
    /** The edit step: the input's fields as a form (the `form` kind's fields). */
    edit: z.object({ fields: formFieldsSchema }).optional(),
    /**
     * A second way to approve that the asker remembers (the Claude Agent SDK's permission
     * suggestions: "allow for this session"): its button label, e.g. "Always allow in this project".
     */
    always: z.object({ label: nativeLabelSchema.min(1) }).optional(),
    /** Decided by a policy, not a person (AI SDK 7's automatic approvals): only ever a receipt. */
    automatic: z.literal(true).optional(),
  }),
  response: approvalResponseSchema,
  check: (request, response) => {
    if (!approvalDecisions(request).includes(response.decision)) {
      return [{ path: ["decision"], message: `"${response.decision}" is not a decision this request offers` }];
    }
    if (response.decision === "approve" && response.always && !request.always) {
      return [{ path: ["always"], message: "This request offers no way to approve always" }];
    }
    return response.decision === "edit" && request.edit
      ? checkFormValues(request.edit.fields, response.input, ["input"])
      : [];
  },
  // An edit step with patterns waits for the pattern engine, as a form does.
  prepare: (payload) => formKind.prepare?.(editOf(payload)),
  declineAs: deny,
});

function editOf(payload: unknown): unknown {
  return typeof payload === "object" && payload !== null && "edit" in payload ? payload.edit : undefined;
}

export type ApprovalRequest = z.output<typeof approvalKind.request>;
export type ApprovalResponse = z.output<typeof approvalKind.response>;

/**
 * The approval's codec for adapters: any answer to an approval as its decision. The client
 * already records declines as denies; a value that is not a decision, a reply or a dismissal
 * reads as a deny too (with the person's words), since an approval never runs by default.
 */
export function approvalDecision(answer: AnswerBody): ApprovalResponse {
  switch (answer.type) {
    case "value": {
      const parsed = approvalResponseSchema.safeParse(answer.value);
      return parsed.success ? parsed.data : deny(undefined);
    }
    case "declined":
      return deny(answer.reason);
    case "reply":
      return deny(answer.text);
    case "option":
    case "dismissed":
      return deny(undefined);
    default:
      return answer satisfies never;
  }
}

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

/** A select question: pick an option, or (when allowed, or when there are none) type an answer. */
export const questionKind = defineKind({
  kind: "question",
  request: questionRequestSchema,
  response: questionResponseSchema,
  check: checkQuestion,
});

export type QuestionOption = z.output<typeof questionOptionSchema>;
export type QuestionRequest = z.output<typeof questionKind.request>;
export type QuestionResponse = z.output<typeof questionKind.response>;

// ─── text ────────────────────────────────────────────────────────────────────────────────────────

/** A text question: the person types an answer. */
export const textKind = defineKind({
  kind: "text",
  request: z.object({
    placeholder: z.string().max(MAX_LABEL_LENGTH, tooLong(MAX_LABEL_LENGTH)).optional(),
    multiline: z.boolean().optional(),
  }),
  response: z.strictObject({ text: freeTextSchema }),
});

export type TextRequest = z.output<typeof textKind.request>;
export type TextResponse = z.output<typeof textKind.response>;
