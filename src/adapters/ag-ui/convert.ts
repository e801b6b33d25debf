import type { AnswerBody } from "../../core/answer";
import type { LedgerChange, TransportAction } from "../../core/ledger";
import { answerOfEntry, type ParkedInterrupt, parkInterrupt } from "../../wire/interrupts";
import { sniffKind } from "../../wire/sniff-kind";
import { fromToolOutput, pickerRequestFromToolCall } from "../../wire/tool-output";

/**
 * AG-UI events (and message lists) → ledger actions. A frontend tool call whose arguments carry
 * `ui` parks once its `TOOL_CALL_END` arrives, with the arguments its `TOOL_CALL_ARGS` deltas
 * assembled; its result (`TOOL_CALL_RESULT`, or a `tool` message in the agent's messages or a
 * `MESSAGES_SNAPSHOT`) settles it. The end of a run does not withdraw it: in AG-UI a run ends
 * precisely so the application can answer its frontend tool calls; the next run carries the answer.
 * A run that ends `cancelled` withdraws what it asked (its calls and interrupts), nothing older.
 *
 * Tolerant of what real servers send: a `TOOL_CALL_ARGS` or `TOOL_CALL_END` without its
 * `TOOL_CALL_START` (TanStack AI ended every server-side tool call twice), a duplicated result,
 * the whole stream again after a reconnect — none of it throws, parks a second widget or settles
 * twice (the ledger keys requests by tool call id). Arguments that are not JSON become a problem.
 * AG-UI events carry no ids, so nothing is deduplicated by event id.
 */
export interface AgUiConverter {
  /** One event as the agent delivered it. */
  event(event: unknown): TransportAction | null;
  /** The agent's whole message list (at start, on a reload, after `addMessage`, a snapshot). */
  messages(messages: readonly unknown[]): TransportAction | null;
  /** The `ui.kind` a call whose arguments still stream has named so far (to load its widget early). */
  streamingKind(toolCallId: string): string | undefined;
  /** An interrupt this converter parked (AG-UI 1.0 outcome, or the legacy `on_interrupt` event). */
  interrupt(requestId: string): (ParkedInterrupt & { readonly legacy: boolean; readonly runId: string }) | undefined;
  /** Every interrupt parked so far, oldest first. */
  interruptIds(): readonly string[];
}

/** Longest tool call arguments the converter assembles (a model writes them). */
export const MAX_TOOL_ARGS_LENGTH = 1_000_000;
/** Most interrupts read from one run's outcome (a hostile server can list millions). */
export const MAX_INTERRUPTS = 100;

interface OpenCall {
  readonly name: string;
  args: string;
}

export function createAgUiConverter(): AgUiConverter {
  /** Calls whose START arrived and whose END has not: they never park from a message list. */
  const open = new Map<string, OpenCall>();
  const interrupts = new Map<string, ParkedInterrupt & { legacy: boolean; runId: string }>();
  /** AG-UI 1.0 interrupts a later run ended. */
  const over = new Set<string>();
  /** The run the events belong to, how many legacy interrupts it raised (their ids), the calls it made. */
  let run: { id: string; legacy: number; calls: string[] } = { id: "", legacy: 0, calls: [] };
  const action = (changes: LedgerChange[]): TransportAction | null =>
    changes.length > 0 ? { type: "transport", changes } : null;
  /** The current run's requests, withdrawn: its calls, and its interrupts not already over. */
  const withdrawRun = (): LedgerChange[] => {
    const ids = [...run.calls];
    for (const [requestId, interrupt] of interrupts) {
      if (interrupt.runId !== run.id || over.has(requestId)) continue;
      over.add(requestId);
      ids.push(requestId);
    }
    return ids.map((requestId) => ({ type: "resolved", requestId, outcome: "withdrawn", authoritative: true }));
  };
  const parked = (interrupt: ParkedInterrupt | undefined, legacy: boolean): LedgerChange[] => {
    if (!interrupt) return [];
    interrupts.set(interrupt.request.requestId, { ...interrupt, legacy, runId: run.id });
    return [{ type: "requested", request: interrupt.request }];
  };

  return {
    event(raw) {
      if (!isRecord(raw) || typeof raw.type !== "string") return null;
      const id = typeof raw.toolCallId === "string" ? raw.toolCallId : undefined;
      switch (raw.type) {
        case "TOOL_CALL_START":
          if (id !== undefined && !open.has(id)) {
            open.set(id, { name: typeof raw.toolCallName === "string" ? raw.toolCallName : "", args: "" });
          }
          return null;
        case "TOOL_CALL_ARGS": {
          const call = id === undefined ? undefined : open.get(id);
          if (call && typeof raw.delta === "string") {
            call.args = (call.args + raw.delta).slice(0, MAX_TOOL_ARGS_LENGTH + 1);
          }
          return null;
        }
        case "TOOL_CALL_END": {
          const call = id === undefined ? undefined : open.get(id);
          // An END with no open START (an orphan, or the second END of one call): nothing to park.
          if (id === undefined || !call) return null;
          open.delete(id);
          run.calls.push(id);
          return parkCall(id, call.name, call.args);
        }
        case "TOOL_CALL_RESULT":
          return id === undefined ? null : action([settlement(id, raw.content)]);
        case "MESSAGES_SNAPSHOT":
          return Array.isArray(raw.messages) ? fromMessages(raw.messages, open) : null;
        case "RUN_STARTED": {
          run = { id: typeof raw.runId === "string" ? raw.runId : "", legacy: 0, calls: [] };
          // An interrupt is retired only by a run that carries a resume entry for it (its input:
          // `RUN_STARTED.input`, echoed by the server, or the one this page sent): a run that
          // resumes nothing — the app's own next message — leaves earlier interrupts pending
          // (ag-ui#2701). A replayed thread (`connectAgent`) retires each as its resuming run goes by.
          const input = isRecord(raw.input) ? raw.input : {};
          const entries = Array.isArray(input.resume) ? input.resume : [];
          const changes: LedgerChange[] = [];
          for (const entry of entries) {
            const requestId = isRecord(entry) && typeof entry.interruptId === "string" ? entry.interruptId : undefined;
            const interrupt = requestId === undefined ? undefined : interrupts.get(requestId);
            if (requestId === undefined || !interrupt || interrupt.legacy || over.has(requestId)) continue;
            over.add(requestId);
            const response = answerOfEntry(entry);
            changes.push({
              type: "resolved",
              requestId,
              outcome: "answered",
              authoritative: true,
              ...(response !== undefined ? { response } : {}),
            });
          }
          return action(changes);
        }
        case "RUN_FINISHED": {
          const outcome = isRecord(raw.outcome) ? raw.outcome : undefined;
          // A cancelled run (ag-ui#2729) withdraws what it asked: its frontend tool calls and its
          // interrupts. Earlier runs' requests stay as they are.
          if (outcome?.type === "cancelled") return action(withdrawRun());
          if (outcome?.type !== "interrupt" || !Array.isArray(outcome.interrupts)) return null;
          return action(outcome.interrupts.slice(0, MAX_INTERRUPTS).flatMap((i) => parked(parkInterrupt(i), false)));
        }
        case "CUSTOM": {
          if (raw.name !== "on_interrupt") return null;
          // The legacy event carries only the value (its raw LangGraph interrupt is usually
          // stripped): its id is its place in its run, so a replayed run parks nothing new.
          run.legacy += 1;
          const value = typeof raw.value === "string" ? parseArgs(raw.value) : { ok: true as const, value: raw.value };
          const body = value.ok && isRecord(value.value) ? value.value : { prompt: String(raw.value ?? "") };
          return action(parked(parkInterrupt(body, `on_interrupt:${run.id}:${run.legacy}`), true));
        }
        default:
          return null;
      }
    },
    messages: (messages) => fromMessages(messages, open),
    interrupt: (requestId) => interrupts.get(requestId),
    interruptIds: () => [...interrupts.keys()],
    streamingKind: (toolCallId) => {
      const call = open.get(toolCallId);
      return call ? sniffKind(call.args) : undefined;
    },
  };
}

function parkCall(toolCallId: string, toolName: string, args: string): TransportAction | null {
  const input = parseArgs(args);
  if (!input.ok) {
    // Only a call that looks like the kit's is the kit's problem to report.
    if (!args.includes('"ui"')) return null;
    return {
      type: "malformed",
      eventType: "TOOL_CALL_END",
      issues: [{ path: ["toolCallId", toolCallId], message: input.message }],
    };
  }
  const request = pickerRequestFromToolCall({ toolCallId, toolName, input: input.value });
  return request ? { type: "transport", changes: [{ type: "requested", request }] } : null;
}

function fromMessages(messages: readonly unknown[], open: ReadonlyMap<string, OpenCall>): TransportAction | null {
  const changes: LedgerChange[] = [];
  for (const message of messages) {
    if (!isRecord(message)) continue;
    if (message.role === "assistant" && Array.isArray(message.toolCalls)) {
      for (const call of message.toolCalls) {
        if (!isRecord(call) || typeof call.id !== "string" || open.has(call.id)) continue;
        const fn = isRecord(call.function) ? call.function : {};
        if (typeof fn.arguments !== "string") continue;
        const input = parseArgs(fn.arguments);
        if (!input.ok) continue;
        const request = pickerRequestFromToolCall({
          toolCallId: call.id,
          toolName: typeof fn.name === "string" ? fn.name : "",
          input: input.value,
        });
        if (request) changes.push({ type: "requested", request });
      }
    }
    if (message.role === "tool" && typeof message.toolCallId === "string") {
      changes.push(settlement(message.toolCallId, message.content));
    }
  }
  return changes.length > 0 ? { type: "transport", changes } : null;
}

/** A tool result (an event's or a message's `content`) as the settlement of its request. */
function settlement(toolCallId: string, content: unknown): LedgerChange {
  const response = readContent(content);
  return {
    type: "resolved",
    requestId: toolCallId,
    outcome: "answered",
    authoritative: true,
    ...(response !== undefined ? { response } : {}),
  };
}

/** `content` is a string (the kit sends JSON) or text parts; anything else is the person's words. */
function readContent(content: unknown): AnswerBody | undefined {
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : "")).join("")
        : undefined;
  if (text === undefined) return undefined;
  const parsed = parseArgs(text);
  return parsed.ok ? fromToolOutput(parsed.value) : { type: "reply", text };
}

function parseArgs(args: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (args.length > MAX_TOOL_ARGS_LENGTH) return { ok: false, message: "The tool call's arguments are too long" };
  try {
    return { ok: true, value: JSON.parse(args) as unknown };
  } catch {
    return { ok: false, message: "The tool call's arguments are not valid JSON" };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
