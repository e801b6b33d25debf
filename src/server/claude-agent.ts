import { type AnswerBody, MAX_REASON_LENGTH } from "../core/answer";
import { formatIssues } from "../core/issues";
import { parseRequest, validateAnswer } from "../core/kind";
import type { ParkedRequestInit } from "../core/model";
import { MAX_PROMPT_LENGTH } from "../kinds/limits";
import { type ApprovalRequest, approvalKind } from "../kinds/native";
import { type EditStep, editedInput, editStep } from "../wire/edit-step";
import { AskUserQuestionError, askUserQuestionRequest, askUserQuestionResult } from "./ask-user-question";

/**
 * The Claude Agent SDK's permission prompt answered by a person on a page: a `canUseTool` for
 * `query({ options: { canUseTool } })` that parks each prompt as a kit request through `ask`
 * (`inbox.park` of `createMemoryInbox`, or your own channel) and turns the one answer into the
 * SDK's `PermissionResult`:
 * - `AskUserQuestion` parks as the question set (kind `questions`); the answers go back in
 *   `updatedInput.answers`, checked against the questions first;
 * - every other tool parks as an approval: Approve → `allow` with the input as asked; Edit (where
 *   the tool's input schema is known and the form can show it) → `allow` with the edited input,
 *   checked against that schema's fields; "always" (where the SDK sent `suggestions`) → `allow`
 *   with `updatedPermissions`: the suggestions; Deny, a decline, a chat reply or a dismissal →
 *   `deny` with a message the model reads. An answer that does not fit its request is a deny.
 * The SDK's `signal` (the query aborted, the CLI withdrew the prompt) is passed to `ask`, which
 * withdraws the request. Nothing here times out: the prompt waits for the person.
 *
 * Structural types (the fields used), so the SDK stays the app's dependency, not the kit's.
 */

/**
 * The SDK's `canUseTool` options (the fields read here). `Update` is the SDK's `PermissionUpdate`
 * where the SDK's types are in scope (inferred from where the `canUseTool` goes).
 */
export interface ClaudePermissionContext<Update extends ClaudePermissionUpdate = ClaudePermissionUpdate> {
  readonly signal: AbortSignal;
  /** The permission updates the SDK proposes ("always allow …"): sent back as `updatedPermissions`. */
  readonly suggestions?: readonly Update[];
  readonly toolUseID: string;
  /** Why the CLI asks (a rule, a hook, a blocked path). */
  readonly decisionReason?: string;
  readonly title?: string;
  readonly displayName?: string;
  readonly description?: string;
  readonly blockedPath?: string;
  readonly agentID?: string;
}

/** A permission update the SDK suggests (`PermissionUpdate`; `destination` says for how long). */
export interface ClaudePermissionUpdate {
  readonly type: string;
  readonly destination?: string;
  readonly [field: string]: unknown;
}

/** What `canUseTool` resolves with (the SDK's `PermissionResult`, the variants used here). */
export type ClaudePermissionResult<Update extends ClaudePermissionUpdate = ClaudePermissionUpdate> =
  | { behavior: "allow"; updatedInput: Record<string, unknown>; updatedPermissions?: Update[] }
  | { behavior: "deny"; message: string };

export type ClaudeCanUseTool<Update extends ClaudePermissionUpdate = ClaudePermissionUpdate> = (
  toolName: string,
  input: Record<string, unknown>,
  context: ClaudePermissionContext<Update>,
) => Promise<ClaudePermissionResult<Update>>;

export interface ClaudeCanUseToolOptions {
  /** Asks the person: park the request where a page shows it, resolve with its one answer. */
  ask(request: ParkedRequestInit, options: { readonly signal: AbortSignal }): Promise<AnswerBody>;
  /** Tools' input JSON Schemas by tool name: an approval of such a tool offers Edit. */
  readonly inputSchemas?: Readonly<Record<string, unknown>>;
}

/** How a request id is made from the SDK's tool use id (one prompt per tool use). */
const claudeRequestId = (toolUseID: string) => `claude:${toolUseID}`;

export function claudeCanUseTool<Update extends ClaudePermissionUpdate = ClaudePermissionUpdate>(
  options: ClaudeCanUseToolOptions,
): ClaudeCanUseTool<Update> {
  return async (toolName, input, context) => {
    const asked = claudePermissionRequest<Update>(toolName, input, context, options.inputSchemas?.[toolName]);
    let answer: AnswerBody;
    try {
      answer = await options.ask(asked.request, { signal: context.signal });
    } catch (error) {
      if (context.signal.aborted) return { behavior: "deny", message: "The permission prompt was withdrawn." };
      throw error;
    }
    return asked.result(answer);
  };
}

/**
 * The request for one permission prompt, and the `PermissionResult` for its answer. For apps
 * that ask through their own loop; `claudeCanUseTool` is this around `ask`.
 */
export function claudePermissionRequest<Update extends ClaudePermissionUpdate = ClaudePermissionUpdate>(
  toolName: string,
  input: Record<string, unknown>,
  context: Pick<
    ClaudePermissionContext<Update>,
    "toolUseID" | "suggestions" | "decisionReason" | "title" | "displayName"
  >,
  inputSchema?: unknown,
): { readonly request: ParkedRequestInit; result(answer: AnswerBody): ClaudePermissionResult<Update> } {
  const base = { requestId: claudeRequestId(context.toolUseID), callId: context.toolUseID, toolName };
  if (toolName === "AskUserQuestion") return questionSet(base, input);

  const suggestions = context.suggestions ?? [];
  const step = editStep(input, inputSchema);
  const payload = {
    kind: "approval",
    toolName,
    input,
    ...(step && inputSchema !== undefined ? { edit: { fields: step.fields } } : {}),
    ...(suggestions.length > 0 ? { always: { label: alwaysLabel(suggestions) } } : {}),
  };
  const parsed = parseRequest(approvalKind, payload);
  const asking = context.title ?? `Allow ${context.displayName ?? toolName}?`;
  const prompt = (context.decisionReason ? `${asking} ${context.decisionReason}` : asking).slice(0, MAX_PROMPT_LENGTH);
  const request: ParkedRequestInit = {
    ...base,
    prompt,
    kind: "approval",
    native: true,
    payload,
    // An input the card cannot show (too deep, too large) still asks: the fallback, answerable.
    ...(parsed.ok ? {} : { issues: parsed.issues }),
  };
  return {
    request,
    result: (answer) =>
      parsed.ok
        ? approvalResult(parsed.value, input, step, suggestions, answer)
        : words(answer, "The user did not approve this tool call."),
  };
}

/** "Always allow …" for where the SDK would keep the rule (its `destination`). */
function alwaysLabel(suggestions: readonly ClaudePermissionUpdate[]): string {
  const destinations = new Set(suggestions.map((suggestion) => suggestion.destination));
  if (destinations.size === 1 && destinations.has("session")) return "Always allow for this session";
  if (destinations.has("userSettings")) return "Always allow for me";
  return "Always allow in this project";
}

function approvalResult<Update extends ClaudePermissionUpdate>(
  request: ApprovalRequest,
  input: Record<string, unknown>,
  step: EditStep | undefined,
  suggestions: readonly Update[],
  answer: AnswerBody,
): ClaudePermissionResult<Update> {
  if (answer.type !== "value") return words(answer, "The user denied this tool call.");
  const checked = validateAnswer(approvalKind, request, answer.value);
  if (!checked.ok) {
    return { behavior: "deny", message: `The answer did not fit the request:\n${formatIssues(checked.issues)}` };
  }
  const decision = checked.value;
  switch (decision.decision) {
    case "approve":
      return decision.always
        ? { behavior: "allow", updatedInput: input, updatedPermissions: [...suggestions] }
        : { behavior: "allow", updatedInput: input };
    case "edit":
      return step
        ? { behavior: "allow", updatedInput: editedInput(input, step, decision.input) }
        : { behavior: "deny", message: "The user edited a tool call that has no edit step." };
    case "deny":
      return { behavior: "deny", message: decision.note ?? "The user denied this tool call." };
    default:
      return decision satisfies never;
  }
}

/** A deny in the person's words: their reason, their chat reply, or `fallback`. */
function words(answer: AnswerBody, fallback: string): { behavior: "deny"; message: string } {
  switch (answer.type) {
    case "declined":
      return { behavior: "deny", message: answer.reason ?? fallback };
    case "reply":
      return { behavior: "deny", message: `The user replied instead: ${answer.text.slice(0, MAX_REASON_LENGTH)}` };
    case "value":
    case "option":
    case "dismissed":
      return { behavior: "deny", message: fallback };
    default:
      return answer satisfies never;
  }
}

function questionSet(
  base: Pick<ParkedRequestInit, "requestId" | "callId" | "toolName">,
  input: Record<string, unknown>,
): { readonly request: ParkedRequestInit; result(answer: AnswerBody): ClaudePermissionResult<never> } {
  try {
    const payload = askUserQuestionRequest(input);
    const [only] = payload.questions;
    const prompt = payload.questions.length === 1 && only ? only.prompt : "Claude has a few questions";
    return {
      request: { ...base, prompt, kind: "questions", payload },
      result: (answer) => {
        try {
          return askUserQuestionResult(input, answer);
        } catch (error) {
          if (!(error instanceof AskUserQuestionError)) throw error;
          return { behavior: "deny", message: error.message };
        }
      },
    };
  } catch (error) {
    if (!(error instanceof AskUserQuestionError)) throw error;
    // Questions the kit cannot show: the fallback asks in words, and the words go back as a deny.
    return {
      request: {
        ...base,
        prompt: "Claude asks a question the page cannot show",
        kind: "questions",
        payload: input,
        issues: error.issues,
      },
      result: (answer) => words(answer, "The user could not answer the questions."),
    };
  }
}
