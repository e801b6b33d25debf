import {
  type EveEvent,
  type EveInputRequest,
  eveEventDataSchemas,
  eveEventSchema,
  isEveKnownEventType,
} from "../../core/eve-wire";
import { fromZodIssues } from "../../core/issues";
import type { LedgerAction, LedgerChange } from "../../core/ledger";
import type { ParkedRequestInit } from "../../core/model";

/**
 * Pure translation of eve stream events into ledger actions. Event types that concern no
 * request return `null` (they pass through untouched); events that fail validation become a
 * `malformed` action, so the ledger reports them instead of anything throwing.
 */
export function eveEventToAction(raw: unknown): LedgerAction | null {
  const envelope = eveEventSchema.safeParse(raw);
  if (!envelope.success) {
    return { type: "malformed", eventType: "(unreadable)", issues: fromZodIssues(envelope.error.issues) };
  }
  const event = envelope.data;
  if (!isEveKnownEventType(event.type)) return null;
  const eventId = event.meta?.id;
  const changes = eveEventChanges(event);
  if (changes === null) return null;
  if (!changes.ok) {
    return {
      type: "malformed",
      ...(eventId !== undefined ? { eventId } : {}),
      eventType: event.type,
      issues: changes.issues,
    };
  }
  if (changes.value.length === 0) return null;
  return { type: "transport", ...(eventId !== undefined ? { eventId } : {}), changes: changes.value };
}

type Changes = { ok: true; value: LedgerChange[] } | { ok: false; issues: ReturnType<typeof fromZodIssues> };

function eveEventChanges(event: EveEvent): Changes | null {
  switch (event.type) {
    case "input.requested": {
      const data = eveEventDataSchemas["input.requested"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      return {
        ok: true,
        value: data.data.requests.map((request) => ({
          type: "requested",
          request: toParkedRequest(request, data.data),
        })),
      };
    }
    case "input.resolved": {
      const data = eveEventDataSchemas["input.resolved"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      return {
        ok: true,
        value: data.data.resolutions.map((resolution) => ({
          type: "resolved",
          requestId: resolution.requestId,
          outcome: resolution.outcome,
          authoritative: true,
          ...(resolution.response
            ? {
                response: {
                  ...(resolution.response.optionId !== undefined ? { optionId: resolution.response.optionId } : {}),
                  ...(resolution.response.text !== undefined ? { text: resolution.response.text } : {}),
                },
              }
            : {}),
        })),
      };
    }
    case "approval.settled": {
      const data = eveEventDataSchemas["approval.settled"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      // Provisional: `input.resolved` follows with the final word (`denied`, or `ignored` for a chat reply).
      const outcome = data.data.outcome === "approved" ? "approved" : "denied";
      return { ok: true, value: [{ type: "resolved", requestId: data.data.requestId, outcome, authoritative: false }] };
    }
    case "approval.candidate": {
      const data = eveEventDataSchemas["approval.candidate"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      const { outcome, reason, requestId } = data.data;
      return {
        ok: true,
        value: [{ type: "candidate", requestId, candidate: reason === undefined ? { outcome } : { outcome, reason } }],
      };
    }
    case "action.result": {
      const data = eveEventDataSchemas["action.result"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      return { ok: true, value: [{ type: "call-ended", callId: data.data.result.callId }] };
    }
    case "turn.cancelled":
    case "turn.failed": {
      // Both carry the same fields we need.
      const data = eveEventDataSchemas["turn.failed"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      return { ok: true, value: [{ type: "turn-ended", turnId: data.data.turnId }] };
    }
    case "session.failed":
    case "session.completed":
      return { ok: true, value: [{ type: "session-ended" }] };
    default:
      // Known to eve, nothing to do with requests (turn boundaries are read by the React layer).
      return null;
  }
}

function bad(issues: Parameters<typeof fromZodIssues>[0]): Changes {
  return { ok: false, issues: fromZodIssues(issues) };
}

/** The registry key and payload of an eve request. */
export function resolveEveKind(request: EveInputRequest): { kind: string; payload: unknown } {
  const { action } = request;
  if (request.kind === "tool-approval") {
    return { kind: "approval", payload: { kind: "approval", toolName: action.toolName, input: action.input } };
  }
  // A typed picker: the tool's own input carries `ui: { kind, … }` (eve has no `ui` field).
  if ("ui" in action.input) {
    const ui = action.input.ui;
    const kind = typeof ui === "object" && ui !== null && "kind" in ui && typeof ui.kind === "string" ? ui.kind : "";
    return { kind, payload: ui };
  }
  if (request.options && request.options.length > 0) {
    return {
      kind: "question",
      payload: { kind: "question", options: request.options, allowFreeform: request.allowFreeform ?? false },
    };
  }
  return { kind: "text", payload: { kind: "text" } };
}

function toParkedRequest(
  request: EveInputRequest,
  data: { turnId: string; stepIndex: number; callId?: string | undefined; taskId?: string | undefined },
): ParkedRequestInit {
  const { kind, payload } = resolveEveKind(request);
  return {
    requestId: request.requestId,
    callId: request.action.callId,
    toolName: request.action.toolName,
    origin: request.kind,
    prompt: request.prompt,
    kind,
    payload,
    ...(request.options ? { options: request.options } : {}),
    ...(request.allowFreeform !== undefined ? { allowFreeform: request.allowFreeform } : {}),
    turnId: data.turnId,
    stepIndex: data.stepIndex,
    ...(data.taskId !== undefined ? { taskId: data.taskId } : {}),
    ...(data.callId !== undefined && data.callId !== request.action.callId ? { parentCallId: data.callId } : {}),
  };
}
