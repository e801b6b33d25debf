import { type AbstractAgent, Middleware } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { filter, type Observable } from "rxjs";

/**
 * Which tool-call events of one stream a spec-strict consumer accepts: a `TOOL_CALL_ARGS` or
 * `TOOL_CALL_END` only for a call that is open (its `TOOL_CALL_START` arrived and its END has
 * not), a second `TOOL_CALL_START` for an open call never, and one `TOOL_CALL_RESULT` per call —
 * for a call this stream started or the run's input already holds. Everything else passes
 * untouched. Returns a stateful predicate: one per stream (per run).
 */
export function createToolCallEventFilter(knownCallIds: Iterable<string> = []): (event: BaseEvent) => boolean {
  const open = new Set<string>();
  const known = new Set(knownCallIds);
  const answered = new Set<string>();
  return (event) => {
    const id = (event as { toolCallId?: unknown }).toolCallId;
    if (typeof id !== "string") return true;
    switch (event.type) {
      case "TOOL_CALL_START":
        if (open.has(id)) return false;
        open.add(id);
        known.add(id);
        return true;
      case "TOOL_CALL_ARGS":
        return open.has(id);
      case "TOOL_CALL_END":
        return open.delete(id);
      case "TOOL_CALL_RESULT":
        if (!known.has(id) || answered.has(id)) return false;
        answered.add(id);
        return true;
      default:
        return true;
    }
  };
}

/** The events of one stream, normalised (see `createToolCallEventFilter`). */
export function normalizeToolCallEvents<E extends BaseEvent>(
  events: Iterable<E>,
  knownCallIds?: Iterable<string>,
): E[] {
  const keep = createToolCallEventFilter(knownCallIds);
  return [...events].filter(keep);
}

/**
 * An AG-UI middleware that normalises every run's stream before the client verifies it, so a
 * server that ends a tool call twice or repeats a result (TanStack AI did) does not fail the run
 * in `verifyEvents`:
 *
 *   agent.use(new ToolCallEventsMiddleware());
 */
export class ToolCallEventsMiddleware extends Middleware {
  run(input: RunAgentInput, next: AbstractAgent): Observable<BaseEvent> {
    const calls = input.messages.flatMap((message) =>
      message.role === "assistant" ? (message.toolCalls ?? []).map((call) => call.id) : [],
    );
    return this.runNext(input, next).pipe(filter(createToolCallEventFilter(calls)));
  }
}
