import type { HitlIssue } from "../../core/issues";
import type { LedgerChange, TransportAction } from "../../core/ledger";
import type { ParkedRequestInit } from "../../core/model";
import { MAX_PROMPT_LENGTH } from "../../kinds/limits";
import { readRequestedSchema, toFormFields } from "../../wire/form-schema";
import type { InterruptAnswering } from "../../wire/interrupts";

/**
 * Mastra (`@mastra/core` 1.x) asks a person in two ways, and says so in the same few shapes
 * wherever it says it (a `@mastra/client-js` stream chunk, a `@mastra/ai-sdk` data part, the
 * message metadata it keeps for a reload, `listSuspendedRuns`):
 *
 *  - a tool with `requireApproval` waits for `approveToolCall` / `declineToolCall`: it parks as
 *    the native `approval` (approve or deny: Mastra cannot carry an edited input);
 *  - a tool that called `suspend(payload)` waits for `resumeStream(resumeData)`: a payload that
 *    carries the kit's hint (`{ ui, prompt }`, what `interruptFor` builds) parks as that kind; any
 *    other suspension with a `resumeSchema` as a `form` (the JSON Schema subset a form can show;
 *    anything else is refused with the reason); the rest as the answerable fallback.
 *
 * A request is keyed `<runId>::<toolCallId>` (Mastra's own approval id in its AI SDK v6 stream), so
 * a call id a model reuses in another run is another request. Pure; never throws.
 */

/** One call a Mastra run is waiting on, however it was read. */
export interface MastraPendingCall {
  readonly runId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly args: unknown;
  readonly type: "approval" | "suspension";
  readonly suspendPayload?: unknown;
  /** The tool's `resumeSchema` as JSON Schema text (a suspension's; an approval's is Mastra's own). */
  readonly resumeSchema?: unknown;
}

/** A suspended run as the listing gives it (the parts an owner hook may read). */
export interface MastraRunLike {
  readonly runId: string;
  readonly threadId?: string;
  readonly resourceId?: string;
  /** When it suspended (ms since the epoch), if the listing says. */
  readonly suspendedAt?: number;
}

export interface MastraParked {
  readonly call: MastraPendingCall;
  readonly request: ParkedRequestInit;
  readonly answering: InterruptAnswering;
}

/** Bounds on what a stream or a listing may make the page parse. */
const MAX_SCHEMA_TEXT = 100_000;
const MAX_LABEL = 200;

export function mastraRequestId(runId: string, toolCallId: string): string {
  return `${runId}::${toolCallId}`;
}

/** The parked request for one waiting call. */
export function parkMastraCall(call: MastraPendingCall): MastraParked {
  const requestId = mastraRequestId(call.runId, call.toolCallId);
  const toolName = call.toolName.slice(0, MAX_LABEL);
  const base = { requestId, callId: requestId, toolName, batch: call.runId };
  if (call.type === "approval") {
    const input = isRecord(call.args) ? call.args : {};
    const payload = { kind: "approval", toolName, input, decisions: ["approve", "deny"] };
    return {
      call,
      request: { ...base, prompt: "", kind: "approval", native: true, payload },
      answering: { mode: "kind" },
    };
  }
  const suspended = isRecord(call.suspendPayload) ? call.suspendPayload : {};
  const prompt = typeof suspended.prompt === "string" ? suspended.prompt.slice(0, MAX_PROMPT_LENGTH) : "";
  const hint = suspended.ui;
  if (isRecord(hint) && typeof hint.kind === "string") {
    return { call, request: { ...base, prompt, kind: hint.kind, payload: hint }, answering: { mode: "kind" } };
  }
  const schema = schemaOf(call.resumeSchema);
  if (typeof schema === "string") {
    const issues: HitlIssue[] = [{ path: ["resumeSchema"], message: schema }];
    return { call, request: { ...base, prompt, kind: "form", payload: undefined, issues }, answering: { mode: "raw" } };
  }
  if (schema !== undefined) {
    const reading = readRequestedSchema(schema);
    if (reading.ok) {
      const payload = { kind: "form", fields: toFormFields(reading.properties) };
      return { call, request: { ...base, prompt, kind: "form", payload }, answering: { mode: "form", reading } };
    }
    return {
      call,
      request: { ...base, prompt, kind: "form", payload: undefined, issues: reading.issues },
      answering: { mode: "raw" },
    };
  }
  const issues: HitlIssue[] = [
    { path: ["suspendPayload"], message: "The suspension names no kind and its resume schema is not known here" },
  ];
  return { call, request: { ...base, prompt, kind: "", payload: undefined, issues }, answering: { mode: "raw" } };
}

/**
 * A `@mastra/client-js` stream chunk (`processDataStream`'s `onChunk`) as what it says about the
 * calls waiting on a person: a `tool-call-approval` / `tool-call-suspended` parks one; a
 * `tool-output-denied` settles an approval as denied; a `tool-result` settles the call (approved,
 * or answered); a `tool-error` closes it (provisionally: a later record may still say more).
 * `null` for every other chunk.
 */
export function readMastraChunk(chunk: unknown): MastraChunkReading | null {
  if (!isRecord(chunk) || typeof chunk.type !== "string") return null;
  const payload = isRecord(chunk.payload) ? chunk.payload : undefined;
  const runId = typeof chunk.runId === "string" && chunk.runId !== "" ? chunk.runId : undefined;
  switch (chunk.type) {
    case "tool-call-approval":
    case "tool-call-suspended": {
      const call = pendingCall(runId, payload, chunk.type === "tool-call-approval" ? "approval" : "suspension");
      if (typeof call === "string") return { type: "problem", eventType: chunk.type, message: call };
      return { type: "parked", parked: parkMastraCall(call) };
    }
    case "tool-result":
    case "tool-error":
    case "tool-output-denied": {
      if (runId === undefined || typeof payload?.toolCallId !== "string") return null;
      const requestId = mastraRequestId(runId, payload.toolCallId);
      const ended = chunk.type === "tool-output-denied" ? "denied" : chunk.type === "tool-error" ? "failed" : "result";
      return { type: "ended", requestId, ended };
    }
    default:
      return null;
  }
}

export type MastraChunkReading =
  | { readonly type: "parked"; readonly parked: MastraParked }
  | { readonly type: "ended"; readonly requestId: string; readonly ended: "result" | "denied" | "failed" }
  | { readonly type: "problem"; readonly eventType: string; readonly message: string };

/**
 * `listSuspendedRuns` (an agent's, over HTTP or in process) as the calls waiting now, and the runs
 * listed (every entry with a run id, by id). Mastra's listing carries no resume schema: a
 * suspension without the kit's hint, read only from here (a reload), parks as the fallback.
 * Malformed runs and calls are reported, the rest still read.
 */
export function readSuspendedRuns(listing: unknown): {
  calls: MastraPendingCall[];
  runs: Map<string, MastraRunLike>;
  problems: string[];
} {
  const calls: MastraPendingCall[] = [];
  const runs = new Map<string, MastraRunLike>();
  const problems: string[] = [];
  const list = isRecord(listing) && Array.isArray(listing.runs) ? listing.runs : undefined;
  if (list === undefined) return { calls, runs, problems: ["The suspended-runs listing has no runs array"] };
  for (const run of list) {
    if (isRecord(run) && typeof run.runId === "string") {
      runs.set(run.runId, {
        runId: run.runId,
        ...(typeof run.threadId === "string" ? { threadId: run.threadId } : {}),
        ...(typeof run.resourceId === "string" ? { resourceId: run.resourceId } : {}),
        ...suspendedAt(run.suspendedAt),
      });
    }
    if (!isRecord(run) || typeof run.runId !== "string" || !Array.isArray(run.toolCalls)) {
      problems.push("A suspended run without a runId or toolCalls");
      continue;
    }
    for (const raw of run.toolCalls) {
      const type = isRecord(raw) && raw.requiresApproval === true ? "approval" : "suspension";
      const call = pendingCall(run.runId, isRecord(raw) ? raw : undefined, type);
      if (typeof call === "string") problems.push(call);
      else calls.push(call);
    }
  }
  return { calls, runs, problems };
}

/** The changes a chunk reading makes, given what this page parked (to tell an approval from a suspension). */
export function chunkChanges(reading: MastraChunkReading, parkedType: MastraPendingCall["type"] | undefined) {
  const changes: LedgerChange[] = [];
  switch (reading.type) {
    case "parked":
      changes.push({ type: "requested", request: reading.parked.request });
      break;
    case "problem":
      changes.push({ type: "problem", eventType: reading.eventType, issues: [{ path: [], message: reading.message }] });
      break;
    case "ended":
      if (parkedType === undefined) break;
      if (reading.ended === "failed") {
        changes.push({ type: "resolved", requestId: reading.requestId, outcome: "withdrawn", authoritative: false });
      } else {
        const outcome =
          reading.ended === "denied" ? "denied" : parkedType === "approval" ? "approved" : ("answered" as const);
        changes.push({ type: "resolved", requestId: reading.requestId, outcome, authoritative: true });
      }
      break;
  }
  return changes;
}

export function toAction(changes: readonly LedgerChange[]): TransportAction | null {
  return changes.length > 0 ? { type: "transport", changes } : null;
}

function pendingCall(
  runId: string | undefined,
  payload: Record<string, unknown> | undefined,
  type: MastraPendingCall["type"],
): MastraPendingCall | string {
  if (runId === undefined) return "A waiting tool call without its runId";
  if (typeof payload?.toolCallId !== "string" || payload.toolCallId === "") {
    return "A waiting tool call without its toolCallId";
  }
  return {
    runId,
    toolCallId: payload.toolCallId,
    toolName: typeof payload.toolName === "string" ? payload.toolName : "tool",
    args: payload.args,
    type,
    ...(payload.suspendPayload !== undefined ? { suspendPayload: payload.suspendPayload } : {}),
    ...(type === "suspension" && payload.resumeSchema !== undefined ? { resumeSchema: payload.resumeSchema } : {}),
  };
}

/**
 * A resume schema as Mastra sends it (JSON Schema text, from the tool's zod schema), bounded.
 * `additionalProperties: false` is what zod writes for an object; a form sends only its own
 * fields, so it is dropped rather than refused. A string: why it cannot be read.
 */
function schemaOf(value: unknown): Record<string, unknown> | string | undefined {
  let schema = value;
  if (typeof value === "string") {
    if (value.length > MAX_SCHEMA_TEXT) return `The resume schema is longer than ${MAX_SCHEMA_TEXT} characters`;
    try {
      schema = JSON.parse(value);
    } catch {
      return "The resume schema is not JSON";
    }
  }
  if (!isRecord(schema)) return undefined;
  const { additionalProperties, ...rest } = schema;
  return additionalProperties === false ? rest : schema;
}

/** `suspendedAt` is a Date in process and an ISO string over the wire. */
function suspendedAt(value: unknown): { suspendedAt?: number } {
  const at = typeof value === "string" ? Date.parse(value) : value instanceof Date ? value.getTime() : Number.NaN;
  return Number.isFinite(at) ? { suspendedAt: at } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
