import type { TestSessionEvent, TestToolResult } from "../../src/testing";

/**
 * The stream as JSON with every generated id and timestamp replaced by a placeholder, so a test
 * session's stream can be compared byte for byte (key order included) with a recorded one.
 */
export function normalizeStream(events: readonly unknown[]): string {
  return JSON.stringify(events)
    .replace(/evt_[0-9A-HJKMNP-TV-Z]{26}/g, "evt_<id>")
    .replace(/wrun_[0-9A-HJKMNP-TV-Z]{26}/g, "wrun_<id>")
    .replace(/call_[0-9a-z]{8}/g, "call_<id>")
    .replace(/aitxt-[0-9A-Za-z]{24}/g, "aitxt-<id>")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
    .replace(/"at":"[^"]+"/g, '"at":"<at>"');
}

export function eventTypes(events: readonly { readonly type: string }[]): string[] {
  return events.map((event) => event.type);
}

/** The recorded scripted model's final text: it echoes the tool results it was given. */
export function scriptedModelReply(results: readonly TestToolResult[]): string {
  const summary = results.map((result) => ({
    id: result.callId,
    tool: result.toolName,
    output:
      result.status === "rejected"
        ? { reason: (result.output as { message: string }).message, type: "execution-denied" }
        : { type: "json", value: result.output },
  }));
  return `Done. Tool results: ${JSON.stringify(summary)}`;
}

export function eventsOfType(events: readonly TestSessionEvent[], type: string): TestSessionEvent[] {
  return events.filter((event) => event.type === type);
}

export function dataOf<T = Record<string, unknown>>(event: TestSessionEvent | undefined): T {
  if (event === undefined) throw new Error("expected an event");
  return event.data as T;
}
