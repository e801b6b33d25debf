/**
 * Reading the scripted model's prompt log (one JSON line `{ at, prompt }` per model call) to check
 * what the agent's model actually saw: exactly one tool result per call id, carrying the answer.
 */
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { countToolResults } from "../../src/server/transcript";
import {
  type LoggedPrompt,
  type PromptMessage,
  type ToolResultPart,
  toolResultsFor,
  userTexts,
} from "../eve-agent/eve-http";

/**
 * The prompt log of this worker's eve server, and where the current test started reading it:
 * the scripted model gives the same call id to the same trigger phrase in every new conversation,
 * so a test looks only at prompts logged after it began.
 */
export interface PromptLog {
  readonly path: string;
  /** Lines logged before the test started (skipped). */
  readonly since: number;
}

function readLines(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  // A line is complete once its newline is written (the model appends whole lines).
  const lines = text.split("\n");
  lines.pop();
  return lines;
}

export function markPromptLog(path: string): PromptLog {
  return { path, since: readLines(path).length };
}

/** Every prompt logged since the mark (or the whole file for a bare path), in order. */
export function readPrompts(log: PromptLog | string): LoggedPrompt[] {
  const { path, since } = typeof log === "string" ? { path: log, since: 0 } : log;
  return readLines(path)
    .slice(since)
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LoggedPrompt);
}

function hasPart(message: PromptMessage, type: "tool-call" | "tool-result", callId: string): boolean {
  return (
    Array.isArray(message.content) &&
    (message.content as unknown[]).some(
      (part) =>
        typeof part === "object" &&
        part !== null &&
        (part as { type?: unknown }).type === type &&
        (part as { toolCallId?: unknown }).toolCallId === callId,
    )
  );
}

/** The prompts of the conversation that made `callId` (they all carry the call), since the mark. */
export function promptsWithCall(log: PromptLog | string, callId: string): LoggedPrompt[] {
  return readPrompts(log).filter((entry) => entry.prompt.some((message) => hasPart(message, "tool-call", callId)));
}

/** The prompts holding at least one tool result for `callId`. */
export function promptsWithResult(log: PromptLog | string, callId: string): LoggedPrompt[] {
  return readPrompts(log).filter((entry) => toolResultsFor(entry.prompt, callId).length > 0);
}

/**
 * Waits for the model's prompt after the answer, then asserts the agent's model saw exactly one
 * tool result for `callId`, equal to `expectedOutput` (asymmetric matchers allowed), with no
 * extra turn: the model was called once with the result, nothing re-injected as a user message
 * ("…an earlier interactive prompt…"), and no user message after the call in the latest prompt.
 * Returns the result part.
 */
export async function expectOneToolResult(
  log: PromptLog | string,
  callId: string,
  expectedOutput: unknown,
  { timeout = 15_000 }: { timeout?: number } = {},
): Promise<ToolResultPart> {
  await expect
    .poll(() => promptsWithResult(log, callId).length, {
      message: `a model prompt with a tool result for ${callId}`,
      timeout,
    })
    .toBeGreaterThan(0);

  const withResult = promptsWithResult(log, callId);
  const latest = withResult.at(-1)?.prompt ?? [];
  const describe = JSON.stringify(latest.map((message) => message.role));
  expect(countToolResults(latest).get(callId), `tool results for ${callId} in the latest prompt`).toBe(1);
  // The model was asked once after the answer; a second answer would start another turn.
  expect(withResult, `model prompts holding a result for ${callId}`).toHaveLength(1);

  for (const entry of promptsWithCall(log, callId)) {
    expect(userTexts(entry.prompt).join("\n"), "a re-injected answer").not.toMatch(/earlier interactive prompt/i);
  }
  const callAt = latest.findIndex((message) => message.role === "assistant" && hasPart(message, "tool-call", callId));
  expect(callAt, `the assistant's call ${callId} in ${describe}`).toBeGreaterThanOrEqual(0);
  const usersAfterCall = latest.slice(callAt + 1).filter((message) => message.role === "user");
  expect(usersAfterCall, `user messages after the call in ${describe}`).toHaveLength(0);
  expect(latest.at(-1)?.role, `the latest prompt ends with the tool result (${describe})`).toBe("tool");

  const [result] = toolResultsFor(latest, callId);
  expect(result?.output).toEqual(expectedOutput);
  return result as ToolResultPart;
}
