import { z } from "zod";
import type { HitlIssue } from "../core/issues";
import { defineKind } from "./define-kind";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "./limits";
import { checkSelection } from "./multi-select";
import {
  descriptionSchema,
  idSchema,
  isBlank,
  labelSchema,
  listSchema,
  plural,
  tooLong,
  uniqueKey,
} from "./schema-parts";

/**
 * A question set: the clarifying questions an agent asks at once (Claude's `AskUserQuestion`,
 * Gemini CLI's `ask_user`, Mastra's `ask_user`) — each with a short header, the question, options
 * with a label and a description (one may be recommended), single or multiple choice, and an
 * "Other" answer in the person's own words. The answer is one value per question, checked against
 * that question: every option chosen exists, single choice is one choice, multiple choice is
 * within its bounds, "Other" only where offered.
 *
 * Bounded so no payload can make a page render without end: agents ask 1–4 questions of 2–4
 * options; the kit accepts up to `MAX_QUESTIONS` of up to `MAX_QUESTION_OPTIONS`.
 */
export const MAX_QUESTIONS = 20;
export const MAX_QUESTION_OPTIONS = 100;

export const questionSetOptionSchema = z.object({
  id: idSchema,
  label: labelSchema,
  description: descriptionSchema.optional(),
  /** The option the asker suggests (shown as such; never chosen for the person). */
  recommended: z.boolean().default(false),
});

export const questionSetItemSchema = z
  .object({
    id: idSchema,
    /** A short tag for the question ("Auth method"), shown as its chip or step name. */
    header: z.string().max(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH)).optional(),
    /** The question itself. */
    prompt: z
      .string()
      .max(MAX_DESCRIPTION_LENGTH, tooLong(MAX_DESCRIPTION_LENGTH))
      .refine((text) => !isBlank(text), "Must not be blank"),
    options: listSchema(questionSetOptionSchema, { max: MAX_QUESTION_OPTIONS, noun: "options" })
      .superRefine(uniqueKey("id", "options"))
      .default([]),
    /** Several options may be chosen (checkboxes), else exactly one (radios). */
    multiple: z.boolean().default(false),
    /** With `multiple`: how many answers at least (default 1) and at most (default: all of them). */
    min: z.int().min(1, "Must be 1 or more").optional(),
    max: z.int().min(1, "Must be 1 or more").optional(),
    /** An "Other" answer in the person's own words is offered. */
    other: z.boolean().default(false),
    /** The person may leave this question unanswered. */
    optional: z.boolean().default(false),
  })
  .superRefine((question, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (question.options.length === 0 && !question.other) {
      issue("options", 'A question needs options or an "Other" answer: as it is, it cannot be answered');
      return;
    }
    if (!question.multiple && (question.min !== undefined || question.max !== undefined)) {
      issue("min", "min and max apply to a multiple-choice question only");
      return;
    }
    const { min, max } = questionSetBounds(question);
    const answers = question.options.length + (question.other ? 1 : 0);
    if (min > answers) {
      issue(
        "min",
        `min (${min}) is more than the ${plural(answers, "answer")} offered: the question cannot be answered`,
      );
    } else if (min > max) issue("min", `min (${min}) is greater than max (${max})`);
  });

const otherTextSchema = z
  .string()
  .max(MAX_TEXT_LENGTH, tooLong(MAX_TEXT_LENGTH))
  .refine((text) => !isBlank(text), "Must not be blank");

/** One question's answer: the options chosen (ids, in the order chosen) and/or the "Other" text. */
export const questionSetAnswerSchema = z.strictObject({
  selected: listSchema(idSchema, { max: MAX_QUESTION_OPTIONS, noun: "selected ids" }).default([]),
  other: otherTextSchema.optional(),
});

export const questionsKind = defineKind({
  kind: "questions",
  request: z.object({
    questions: listSchema(questionSetItemSchema, { min: 1, max: MAX_QUESTIONS, noun: "questions" }).superRefine(
      uniqueKey("id", "questions"),
    ),
  }),
  /** By question id. A question left out is unanswered (allowed only where it is `optional`). */
  response: z.strictObject({
    answers: z.record(idSchema, questionSetAnswerSchema),
  }),
  check: (request, response) => checkQuestionSet(request.questions, response.answers),
});

export type QuestionSetOption = z.output<typeof questionSetOptionSchema>;
export type QuestionSetItem = z.output<typeof questionSetItemSchema>;
export type QuestionSetAnswer = z.output<typeof questionSetAnswerSchema>;
export type QuestionsRequest = z.output<typeof questionsKind.request>;
export type QuestionsResponse = z.output<typeof questionsKind.response>;

/**
 * How many answers a question takes: exactly one for single choice; for multiple choice `min`
 * (default 1) to `max` (default every option, "Other" included).
 */
export function questionSetBounds(question: Pick<QuestionSetItem, "multiple" | "min" | "max" | "options" | "other">): {
  min: number;
  max: number;
} {
  if (!question.multiple) return { min: 1, max: 1 };
  return { min: question.min ?? 1, max: question.max ?? question.options.length + (question.other ? 1 : 0) };
}

function checkQuestionSet(
  questions: readonly QuestionSetItem[],
  answers: Readonly<Record<string, QuestionSetAnswer>>,
): HitlIssue[] {
  const issues: HitlIssue[] = [];
  const asked = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(answers)) {
    if (!asked.has(id)) issues.push({ path: ["answers", id], message: `Unknown question "${id}"` });
  }
  for (const question of questions) {
    const answer = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    const at = ["answers", question.id];
    if (!answer) {
      if (!question.optional) issues.push({ path: at, message: "Answer this question" });
      continue;
    }
    if (answer.other !== undefined && !question.other) {
      issues.push({
        path: [...at, "other"],
        message: 'This question has no "Other" answer: choose one of the options',
      });
    }
    // Which ids exist and none twice; the count is judged below, "Other" included.
    const offered = new Map(question.options.map((option) => [option.id, false]));
    for (const issue of checkSelection(answer.selected, { ids: offered, min: 0, max: Infinity, noun: "option" })) {
      issues.push({ ...issue, path: [...at, ...issue.path] });
    }
    const count = answer.selected.length + (answer.other === undefined ? 0 : 1);
    const { min, max } = questionSetBounds(question);
    if (!question.multiple && count !== 1) {
      issues.push({
        path: at,
        message:
          count === 0 ? "Choose an option or write an answer" : "Choose one answer: one option or your own words",
      });
    } else if (question.multiple && count < min) {
      issues.push({ path: at, message: `Choose at least ${plural(min, "answer")} (got ${count})` });
    } else if (question.multiple && count > max) {
      issues.push({ path: at, message: `Choose at most ${plural(max, "answer")} (got ${count})` });
    }
  }
  return issues;
}
