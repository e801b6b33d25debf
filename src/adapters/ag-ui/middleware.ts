import { type AbstractAgent, Middleware } from "@ag-ui/client";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { Observable, type OperatorFunction } from "rxjs";

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

/** One stream's normaliser: what to emit for each event as it arrives, and at the end. */
export interface ToolCallEventNormalizer<E extends BaseEvent = BaseEvent> {
  /** The events to emit now for `event`, in order: none while it is held or dropped. */
  push(event: E): E[];
  /** The stream ended: what is still held. */
  end(): E[];
}

/**
 * The tool-call filter (`createToolCallEventFilter`) plus one run-boundary rule: a run ends at
 * its last `RUN_FINISHED` before the next `RUN_STARTED` (or `RUN_ERROR`, or the end of the
 * stream), so a `RUN_FINISHED` is held until one of those shows the run is over, and the events
 * that arrive meanwhile are folded into the run before it.
 *
 * Why fold rather than split: TanStack AI's `chat()` sends the model turn's `RUN_FINISHED`
 * (`finishReason: "tool_calls"`) and only then runs the server tools and sends their
 * `TOOL_CALL_RESULT` (0.14 also repeats their `TOOL_CALL_END`), followed by the next model
 * turn. Those results belong to the run that made the calls; `verifyEvents` refuses anything but
 * `RUN_STARTED`/`RUN_ERROR` after a `RUN_FINISHED`, and dropping them would lose the answer.
 * 0.14 then opens the next turn with its own `RUN_STARTED` — the held finish goes out just
 * before it: two runs, as sent. Later versions send no second `RUN_STARTED` (one run per
 * `chat()` call) but a second `RUN_FINISHED`; that one is the run's end and replaces the held
 * one, which only closed a model turn inside it: one run, as sent. Inventing a `RUN_STARTED`
 * instead would split a run the server kept whole. So the runs are the `RUN_STARTED`s the server
 * sent, each closed once, and no event is reordered except a held `RUN_FINISHED`.
 *
 * The cost: a `RUN_FINISHED` reaches subscribers with the next event or when the stream ends
 * (for an `HttpAgent`, when the response ends — right after it, for a well-formed server).
 */
export function createToolCallEventNormalizer<E extends BaseEvent>(
  knownCallIds?: Iterable<string>,
): ToolCallEventNormalizer<E> {
  const keep = createToolCallEventFilter(knownCallIds);
  let finished: E | undefined;
  const release = (): E[] => {
    const held = finished ? [finished] : [];
    finished = undefined;
    return held;
  };
  return {
    push(event) {
      if (!keep(event)) return [];
      switch (event.type) {
        case "RUN_FINISHED":
          finished = event;
          return [];
        case "RUN_STARTED":
        case "RUN_ERROR":
          return [...release(), event];
        default:
          return [event];
      }
    },
    end: release,
  };
}

/** The events of one stream, normalised (see `createToolCallEventNormalizer`). */
export function normalizeToolCallEvents<E extends BaseEvent>(
  events: Iterable<E>,
  knownCallIds?: Iterable<string>,
): E[] {
  const normalizer = createToolCallEventNormalizer<E>(knownCallIds);
  return [...[...events].flatMap((event) => normalizer.push(event)), ...normalizer.end()];
}

/** `createToolCallEventNormalizer` as an rxjs operator: one normaliser per subscription. */
function normalizeRun(knownCallIds: readonly string[]): OperatorFunction<BaseEvent, BaseEvent> {
  return (source) =>
    new Observable<BaseEvent>((subscriber) => {
      const normalizer = createToolCallEventNormalizer<BaseEvent>(knownCallIds);
      const flush = () => {
        for (const event of normalizer.end()) subscriber.next(event);
      };
      return source.subscribe({
        next: (event) => {
          for (const out of normalizer.push(event)) subscriber.next(out);
        },
        // What the server sent before the stream broke still reaches the client.
        error: (error: unknown) => {
          flush();
          subscriber.error(error);
        },
        complete: () => {
          flush();
          subscriber.complete();
        },
      });
    });
}

/**
 * An AG-UI middleware that normalises every run's stream before the client verifies it, so a
 * server that ends a tool call twice, repeats a result, or sends a run's tool results after its
 * `RUN_FINISHED` (TanStack AI does) does not fail the run in `verifyEvents`:
 *
 *   agent.use(new ToolCallEventsMiddleware());
 */
export class ToolCallEventsMiddleware extends Middleware {
  run(input: RunAgentInput, next: AbstractAgent): Observable<BaseEvent> {
    const calls = input.messages.flatMap((message) =>
      message.role === "assistant" ? (message.toolCalls ?? []).map((call) => call.id) : [],
    );
    return this.runNext(input, next).pipe(normalizeRun(calls));
  }
}
