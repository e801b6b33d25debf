import { z } from "zod";
import { type AnswerBody, declined } from "../../core/answer";
import { fromZodIssues } from "../../core/issues";
import type { LedgerChange, TransportAction } from "../../core/ledger";
import type { ParkedRequestInit } from "../../core/model";
import { APPROVE_OPTION_ID, DENY_OPTION_ID, type EveRequestShape, nativeFields } from "./encode";
import { decodeAnswer } from "./envelope";
import {
  type EveEvent,
  type EveInputRequest,
  eveEventDataSchemas,
  eveEventSchema,
  eveInputRequestSchema,
  isEveKnownEventType,
} from "./schemas";

/** What the converter remembers of the requests it has seen, to read their answers back. */
export type EveRequestIndex = Map<string, EveRequestShape>;

/**
 * A converter for one eve stream: `eveEventToAction` with its own memory of the requests it
 * saw, so `input.resolved` answers are read back per the request's kind.
 */
export function createEveConverter(): (raw: unknown) => TransportAction | null {
  const index: EveRequestIndex = new Map();
  return (raw) => eveEventToAction(raw, index);
}

/**
 * Pure translation of eve stream events into ledger actions. Event types that concern no
 * request return `null` (they pass through untouched); events that fail validation become a
 * `malformed` action, so the ledger reports them instead of anything throwing. One bad request
 * among several in an `input.requested` event is reported on its own; the others still park.
 * `index` (optional) records each request's kind so later answers are read back natively.
 */
export function eveEventToAction(raw: unknown, index?: EveRequestIndex): TransportAction | null {
  const envelope = eveEventSchema.safeParse(raw);
  if (!envelope.success) {
    return { type: "malformed", eventType: "(unreadable)", issues: fromZodIssues(envelope.error.issues) };
  }
  const event = envelope.data;
  if (!isEveKnownEventType(event.type)) return null;
  const eventId = event.meta?.id;
  const changes = eveEventChanges(event, index);
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

/** `input.requested` with each request parsed on its own, so one bad request hides only itself. */
const inputRequestedData = eveEventDataSchemas["input.requested"].extend({ requests: z.array(z.unknown()) });

function eveEventChanges(event: EveEvent, index: EveRequestIndex | undefined): Changes | null {
  switch (event.type) {
    case "input.requested": {
      const data = inputRequestedData.safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      const changes: LedgerChange[] = [];
      const requests = data.data.requests.map((raw) => eveInputRequestSchema.safeParse(raw));
      // One event's requests were asked together (a step's parallel tool calls): named by the
      // event's first request, so requests that join the step later are not in its batch.
      const [head] = requests;
      const batch = `${data.data.turnId}:${head?.success ? head.data.requestId : ""}`;
      requests.forEach((request, position) => {
        if (!request.success) {
          const issues = fromZodIssues(request.error.issues).map((issue) => ({
            ...issue,
            path: ["requests", position, ...issue.path],
          }));
          changes.push({ type: "problem", eventType: event.type, issues });
          return;
        }
        const parked = toParkedRequest(request.data, data.data, batch);
        index?.set(parked.requestId, { kind: parked.kind, native: parked.native === true });
        changes.push({ type: "requested", request: parked });
      });
      return { ok: true, value: changes };
    }
    case "input.resolved": {
      const data = eveEventDataSchemas["input.resolved"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      return {
        ok: true,
        value: data.data.resolutions.map((resolution) => {
          // Unknown to this converter (it joined late): an approval is still recognisable by eve's kind.
          const shape = index?.get(resolution.requestId) ?? {
            kind: resolution.kind === "tool-approval" ? "approval" : "",
            native: resolution.kind === "tool-approval",
          };
          return {
            type: "resolved" as const,
            requestId: resolution.requestId,
            outcome: resolution.outcome,
            authoritative: true,
            ...(resolution.response ? { response: fromEveResponse(resolution.response, shape) } : {}),
          };
        }),
      };
    }
    case "approval.settled": {
      const data = eveEventDataSchemas["approval.settled"].safeParse(event.data);
      if (!data.success) return bad(data.error.issues);
      // Provisional: `input.resolved` follows with the final word (`denied`, or `ignored` for a chat reply).
      const outcome = data.data.outcome === "approved" ? "approved" : "denied";
      return { ok: true, value: [{ type: "resolved", requestId: data.data.requestId, outcome, authoritative: false }] };
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

/**
 * The registry key and payload of an eve request. eve's own requests (approval gates, its select
 * and text questions) are `native`; a picker's kind comes from the model-written `ui.kind`, which
 * is never native — so `ui.kind: "approval"` cannot pass for a real approval.
 */
export function resolveEveKind(request: EveInputRequest): { kind: string; payload: unknown; native: boolean } {
  const { action } = request;
  if (request.kind === "tool-approval") {
    return {
      kind: "approval",
      payload: { kind: "approval", toolName: action.toolName, input: action.input },
      native: true,
    };
  }
  // A typed picker: the tool's own input carries `ui: { kind, … }` (eve has no `ui` field).
  if ("ui" in action.input) {
    const ui = action.input.ui;
    const kind = typeof ui === "object" && ui !== null && "kind" in ui && typeof ui.kind === "string" ? ui.kind : "";
    return { kind, payload: ui, native: false };
  }
  if (request.options && request.options.length > 0) {
    return {
      kind: "question",
      payload: { kind: "question", options: request.options, allowFreeform: request.allowFreeform ?? false },
      native: true,
    };
  }
  return { kind: "text", payload: { kind: "text" }, native: true };
}

function toParkedRequest(
  request: EveInputRequest,
  data: { turnId: string; callId?: string | undefined; taskId?: string | undefined },
  batch: string,
): ParkedRequestInit {
  const { kind, payload, native } = resolveEveKind(request);
  return {
    requestId: request.requestId,
    callId: request.action.callId,
    toolName: request.action.toolName,
    prompt: request.prompt,
    kind,
    payload,
    ...(native ? { native } : {}),
    ...(request.options ? { options: request.options } : {}),
    ...(request.allowFreeform !== undefined ? { allowFreeform: request.allowFreeform } : {}),
    turnId: data.turnId,
    batch,
    ...(data.taskId !== undefined ? { taskId: data.taskId } : {}),
    ...(data.callId !== undefined && data.callId !== request.action.callId ? { parentCallId: data.callId } : {}),
  };
}

/**
 * Reads eve's record of an answer (`input.resolved`'s `response`, or what eve's `ctx.ask`
 * returned) back into a typed answer. Never throws; values are NOT validated here (the kind
 * does that where the value is used).
 */
export function fromEveResponse(
  response: { readonly optionId?: string | undefined; readonly text?: string | undefined },
  request: EveRequestShape,
): AnswerBody {
  const { optionId, text } = response;
  const nativeKind = request.native ? request.kind : undefined;
  if (nativeKind === "approval") {
    if (optionId === APPROVE_OPTION_ID) return { type: "value", value: { decision: "approve" } };
    if (optionId === DENY_OPTION_ID) {
      // Not validated here: an over-long note fails the approval kind's schema where it is read.
      return { type: "value", value: text?.trim() ? { decision: "deny", note: text } : { decision: "deny" } };
    }
  }
  if (text !== undefined) {
    const decoded = decodeAnswer(text);
    // Any kind's declined envelope is a decline: the fallback declines with the kind it could not render.
    if (decoded.type === "declined") return declined(decoded.reason);
    if (decoded.type === "answered" && nativeKind === undefined) return { type: "value", value: decoded.value };
  }
  if (nativeKind === "question" || nativeKind === "text") {
    return { type: "value", value: nativeFields({ optionId, text }) };
  }
  if (optionId !== undefined) return { type: "option", optionId };
  return { type: "reply", text: text ?? "" };
}
