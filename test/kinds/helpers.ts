import type { z } from "zod";
import { parseRequest, validateAnswer } from "../../src/core";
import { formatIssues, type HitlIssue } from "../../src/core/issues";
import type { AnyKind } from "../../src/kinds";

/**
 * Test helpers. They take `AnyKind` because `parseRequest`'s parameter type does not accept a
 * concrete kind yet (see the kinds report); the results are re-typed from the kind's own schema.
 */

/** Parses a payload (adding `kind`), failing the test with readable issues when it is invalid. */
export function parseOk<K extends AnyKind>(kind: K, payload: Record<string, unknown>): z.output<K["request"]> {
  const result = parseRequest(kind, { kind: kind.kind, ...payload });
  if (!result.ok) throw new Error(`Expected a valid "${kind.kind}" payload, got:\n${formatIssues(result.issues)}`);
  return result.value;
}

/** The issues of a payload that must be invalid. */
export function parseIssues(kind: AnyKind, payload: Record<string, unknown>): readonly HitlIssue[] {
  const result = parseRequest(kind, { kind: kind.kind, ...payload });
  if (result.ok) throw new Error(`Expected an invalid "${kind.kind}" payload, but it parsed`);
  return result.issues;
}

/** The issues of an answer that must be invalid for this request. */
export function answerIssues<K extends AnyKind>(
  kind: K,
  request: z.output<K["request"]>,
  value: unknown,
): readonly HitlIssue[] {
  const result = validateAnswer(kind, request, value);
  if (result.ok) throw new Error(`Expected an invalid "${kind.kind}" answer, but it was accepted`);
  return result.issues;
}

/** Asserts an answer is accepted, returning the parsed value. */
export function answerOk<K extends AnyKind>(
  kind: K,
  request: z.output<K["request"]>,
  value: unknown,
): z.output<K["response"]> {
  const result = validateAnswer(kind, request, value);
  if (!result.ok) throw new Error(`Expected a valid "${kind.kind}" answer, got:\n${formatIssues(result.issues)}`);
  return result.value;
}

/** An issue at exactly `path` whose message contains `text`. */
export function issueAt(path: readonly (string | number)[], text: string): unknown {
  return { path, message: expect.stringContaining(text) };
}
