/**
 * A transcript guard: checks a model prompt (AI SDK `ModelMessage[]`, what eve hands the model)
 * for the tool-call bugs this kit exists to prevent, before a provider rejects it with a 400.
 */
export interface TranscriptProblem {
  readonly type: "missing-result" | "duplicate-result" | "orphan-result" | "duplicate-call";
  readonly toolCallId: string;
}

/** Every tool call must have exactly one result, and every result a call. */
export function checkTranscript(messages: readonly unknown[]): TranscriptProblem[] {
  const calls = countParts(messages, "tool-call");
  const results = countParts(messages, "tool-result");
  const problems: TranscriptProblem[] = [];
  for (const [id, count] of calls) {
    if (count > 1) problems.push({ type: "duplicate-call", toolCallId: id });
    const resultCount = results.get(id) ?? 0;
    if (resultCount === 0) problems.push({ type: "missing-result", toolCallId: id });
    if (resultCount > 1) problems.push({ type: "duplicate-result", toolCallId: id });
  }
  for (const id of results.keys()) if (!calls.has(id)) problems.push({ type: "orphan-result", toolCallId: id });
  return problems;
}

/** Counts tool results per call id (end-to-end tests assert exactly one). */
export function countToolResults(messages: readonly unknown[]): Map<string, number> {
  return countParts(messages, "tool-result");
}

function countParts(messages: readonly unknown[], type: "tool-call" | "tool-result"): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (typeof message !== "object" || message === null || !("content" in message)) continue;
    const { content } = message;
    if (!Array.isArray(content)) continue;
    for (const part of content) {
      if (isToolPart(part) && part.type === type) counts.set(part.toolCallId, (counts.get(part.toolCallId) ?? 0) + 1);
    }
  }
  return counts;
}

function isToolPart(part: unknown): part is { type: string; toolCallId: string } {
  return (
    typeof part === "object" &&
    part !== null &&
    "type" in part &&
    typeof part.type === "string" &&
    "toolCallId" in part &&
    typeof part.toolCallId === "string"
  );
}
