import { z } from "zod";
import type { AnswerBody } from "../core/answer";
import { formatIssues, fromZodIssues, type HitlIssue } from "../core/issues";
import { parseRequest, validateAnswer } from "../core/kind";
import { type QuestionsRequest, type QuestionsResponse, questionsKind } from "../kinds/questions";

/**
 * Claude's `AskUserQuestion` both ways, for a Claude Agent SDK app that answers it from a page:
 * its `canUseTool("AskUserQuestion", input)` parks `askUserQuestionRequest(input)` as a
 * `questions` request, and returns `askUserQuestionResult(input, answer)` once the person
 * answered — `allow` with `updatedInput.answers` (question text → the chosen labels,
 * comma-separated, as the SDK's `AskUserQuestionOutput` reads them), or `deny` with a message
 * for a decline or a chat reply, so the tool call always gets its one result.
 *
 * Shapes from `@anthropic-ai/claude-agent-sdk`'s `sdk-tools.d.ts` (`AskUserQuestionInput`,
 * `AskUserQuestionOutput`); only the fields the kit reads are checked, the rest pass through.
 */

const askedSchema = z.looseObject({
  question: z.string(),
  header: z.string().optional(),
  options: z.array(z.looseObject({ label: z.string(), description: z.string().optional() })).default([]),
  multiSelect: z.boolean().default(false),
});

export const askUserQuestionInputSchema = z.looseObject({ questions: z.array(askedSchema) });

export type AskUserQuestionInput = z.input<typeof askUserQuestionInputSchema>;

/** What `canUseTool` returns for it (the SDK's `PermissionResult`, the fields used here). */
export type AskUserQuestionResult =
  | {
      readonly behavior: "allow";
      readonly updatedInput: AskUserQuestionInput & { readonly answers: Record<string, string> };
    }
  | { readonly behavior: "deny"; readonly message: string };

/** An ask-the-user input the kit cannot show (Claude's `AskUserQuestion`, Gemini's `ask_user`), or an answer that does not fit it. */
export class AskUserQuestionError extends Error {
  override readonly name = "AskUserQuestionError";
  constructor(
    what: string,
    readonly issues: readonly HitlIssue[],
  ) {
    super(`${what}:\n${formatIssues(issues)}`);
  }
}

// Ids by position: Claude's questions and options have none, and a label may repeat across questions.
const questionId = (index: number) => `q${index + 1}`;
const optionId = (index: number) => `o${index + 1}`;

function parseInput(input: unknown) {
  const parsed = askUserQuestionInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AskUserQuestionError(
      "AskUserQuestion input is not a list of questions",
      fromZodIssues(parsed.error.issues),
    );
  }
  return parsed.data;
}

/**
 * The `ui` of a `questions` request for an `AskUserQuestion` input: one question each, its options
 * in order, "Other" offered (Claude's card always offers it). Throws `AskUserQuestionError` with
 * every issue when the input is not a question set the kit can show (none, too many, a blank
 * question, a question with more options than the kit takes).
 */
export function askUserQuestionRequest(input: unknown): QuestionsRequest {
  return requestFor(parseInput(input));
}

function requestFor({ questions }: ReturnType<typeof parseInput>): QuestionsRequest {
  const ui = {
    kind: "questions",
    questions: questions.map((asked, index) => ({
      id: questionId(index),
      ...(asked.header ? { header: asked.header } : {}),
      prompt: asked.question,
      options: optionsOf(asked.options),
      multiple: asked.multiSelect,
      other: true,
    })),
  };
  return questionSet(ui, "AskUserQuestion input");
}

/** Asked options as the kit's, ids by position (the agents' options have none). */
function optionsOf(options: readonly { label: string; description?: string | undefined }[]) {
  return options.map((option, at) => ({
    id: optionId(at),
    label: option.label,
    ...(option.description ? { description: option.description } : {}),
  }));
}

/** The `questions` request for `ui`, or `AskUserQuestionError` with every issue. */
function questionSet(ui: unknown, what: string): QuestionsRequest {
  const parsed = parseRequest(questionsKind, ui);
  if (!parsed.ok) throw new AskUserQuestionError(`${what}: not a question set the kit can show`, parsed.issues);
  return parsed.value;
}

/**
 * The `canUseTool` result for the person's answer to `askUserQuestionRequest(input)`: a value
 * becomes `allow` with `answers` keyed by each question's text (the chosen labels in the order
 * chosen, then the "Other" text, joined by ", "); a decline, a dismissal or a chat reply becomes
 * `deny` with a message the model reads. Throws `AskUserQuestionError` for a value that is not a
 * valid answer to that request (the client checks answers before they are sent; a server check
 * of what arrived is still worth its cost).
 */
export function askUserQuestionResult(input: unknown, answer: AnswerBody<unknown>): AskUserQuestionResult {
  const parsedInput = parseInput(input);
  switch (answer.type) {
    case "value": {
      const request = requestFor(parsedInput);
      const value = validateAnswer(questionsKind, request, answer.value);
      if (!value.ok)
        throw new AskUserQuestionError("The answer does not fit the AskUserQuestion it answers", value.issues);
      return { behavior: "allow", updatedInput: { ...parsedInput, answers: answersByQuestion(request, value.value) } };
    }
    case "declined":
      return {
        behavior: "deny",
        message: answer.reason
          ? `The user declined to answer the questions: ${answer.reason}`
          : "The user declined to answer the questions.",
      };
    case "reply":
      return { behavior: "deny", message: `The user replied in the chat instead of answering: ${answer.text}` };
    case "option":
    case "dismissed":
      return { behavior: "deny", message: "The user dismissed the questions without answering." };
    default:
      return answer satisfies never;
  }
}

function answersByQuestion(request: QuestionsRequest, response: QuestionsResponse): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const question of request.questions) {
    const text = answerText(question, response);
    if (text !== undefined) answers[question.prompt] = text;
  }
  return answers;
}

/** One question's answer as the agents read it: the chosen labels in order, then the "Other" text, joined by ", ". */
function answerText(question: QuestionsRequest["questions"][number], response: QuestionsResponse): string | undefined {
  const answer = response.answers[question.id];
  if (!answer) return undefined;
  const labels = new Map(question.options.map((option) => [option.id, option.label]));
  const parts = answer.selected.map((id) => labels.get(id) ?? id);
  if (answer.other !== undefined) parts.push(answer.other.trim());
  return parts.join(", ");
}

// ─── Gemini CLI's ask_user ───────────────────────────────────────────────────────────────────────

/**
 * Gemini CLI's `ask_user` both ways (google-gemini/gemini-cli `packages/core/src/tools/ask-user.ts`
 * and `confirmation-bus/types.ts` `Question`): each question is a `choice` (its options, "Other"
 * offered, `multiSelect`), a `yesno` (Yes / No, "Other" offered) or a `text` (words only);
 * `geminiAskUserRequest(params)` parks them as a `questions` request, and
 * `geminiAskUserResult(params, answer)` is the confirmation the CLI reads: `proceed_once` with
 * `{ answers }` — by question index, each the chosen labels (and the "Other" text) joined by
 * ", " as its dialog joins them, an unanswered question left out — or `cancel` for a decline,
 * a dismissal or a chat reply (the CLI then tells the model the user cancelled).
 */
const geminiQuestionSchema = z
  .looseObject({
    question: z.string(),
    header: z.string(),
    type: z.enum(["choice", "text", "yesno"]).default("choice"),
    options: z.array(z.looseObject({ label: z.string(), description: z.string().optional() })).optional(),
    multiSelect: z.boolean().optional(),
    placeholder: z.string().optional(),
  })
  // The CLI's own check (its upper bound of 4 aside: the kit shows more).
  .refine((asked) => asked.type !== "choice" || (asked.options?.length ?? 0) >= 2, {
    path: ["options"],
    message: "type 'choice' needs at least 2 options",
  });

export const geminiAskUserParamsSchema = z.looseObject({ questions: z.array(geminiQuestionSchema) });

export type GeminiAskUserParams = z.input<typeof geminiAskUserParamsSchema>;

/** What the CLI's confirmation bus reads back (`ToolConfirmationOutcome`, `ToolAskUserConfirmationPayload`). */
export type GeminiAskUserResult =
  | { readonly outcome: "proceed_once"; readonly payload: { readonly answers: Record<string, string> } }
  | { readonly outcome: "cancel" };

function parseGeminiParams(params: unknown) {
  const parsed = geminiAskUserParamsSchema.safeParse(params);
  if (!parsed.success) {
    throw new AskUserQuestionError("ask_user params are not a list of questions", fromZodIssues(parsed.error.issues));
  }
  return parsed.data;
}

/**
 * The `ui` of a `questions` request for `ask_user` params. Throws `AskUserQuestionError` with
 * every issue when they are not a question set the kit can show (a `choice` without options,
 * more questions or options than the kit takes, a blank question).
 */
export function geminiAskUserRequest(params: unknown): QuestionsRequest {
  return geminiRequestFor(parseGeminiParams(params));
}

function geminiRequestFor({ questions }: ReturnType<typeof parseGeminiParams>): QuestionsRequest {
  const yesNo = [
    { id: "yes", label: "Yes" },
    { id: "no", label: "No" },
  ];
  const ui = {
    kind: "questions",
    questions: questions.map((asked, index) => ({
      id: questionId(index),
      ...(asked.header ? { header: asked.header } : {}),
      prompt: asked.question,
      options: asked.type === "yesno" ? yesNo : asked.type === "text" ? [] : optionsOf(asked.options ?? []),
      multiple: asked.type === "choice" && asked.multiSelect === true,
      other: true,
      // The CLI lets a question go unanswered (its review step warns, then submits).
      optional: true,
    })),
  };
  return questionSet(ui, "ask_user params");
}

/**
 * The confirmation for the person's answer to `geminiAskUserRequest(params)`. Throws
 * `AskUserQuestionError` for a value that is not a valid answer to that request.
 */
export function geminiAskUserResult(params: unknown, answer: AnswerBody<unknown>): GeminiAskUserResult {
  const request = geminiRequestFor(parseGeminiParams(params));
  if (answer.type !== "value") return { outcome: "cancel" };
  const value = validateAnswer(questionsKind, request, answer.value);
  if (!value.ok) throw new AskUserQuestionError("The answer does not fit the ask_user it answers", value.issues);
  const answers: Record<string, string> = {};
  request.questions.forEach((question, index) => {
    const text = answerText(question, value.value);
    if (text !== undefined && text !== "") answers[String(index)] = text;
  });
  return { outcome: "proceed_once", payload: { answers } };
}
