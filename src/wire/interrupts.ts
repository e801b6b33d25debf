import type { AnswerBody } from "../core/answer";
import type { HitlIssue } from "../core/issues";
import type { ParkedRequestInit } from "../core/model";
import { type FormValues, formKind } from "../kinds/form";
import { MAX_PROMPT_LENGTH } from "../kinds/limits";
// The JSON Schema subset MCP elicitation allows is the one a form can show: the same reader
// turns an AG-UI interrupt's `responseSchema` into form fields (pure; no MCP SDK).
import { readRequestedSchema, type SchemaReading, toContent, toFormFields } from "./form-schema";
import { HITL_UI_META_KEY } from "./hint";
import { fromToolOutput, toToolOutput } from "./tool-output";

/**
 * AG-UI 1.0 interrupts (a `RUN_FINISHED` whose `outcome` is `{ type: "interrupt", interrupts }`,
 * answered by the next run's `RunAgentInput.resume`) and the legacy `on_interrupt` custom event
 * (`@ag-ui/langgraph`: the LangGraph interrupt's value, JSON in a string, answered through
 * `forwardedProps.command.resume`) as parked requests. What an interrupt renders as:
 *  - the kit's hint (`metadata["dev.hitl-kit/ui"]`, or a LangGraph interrupt value `{ ui, prompt }`
 *    carried in `metadata.langgraph.raw`, as `@ag-ui/langgraph` maps it) → that kind's picker;
 *  - a `responseSchema` → a form (the JSON Schema subset a form can show; anything else is
 *    refused with the reason, so nothing renders half-way);
 *  - anything else → the answerable fallback.
 * Pure, never throws.
 */

/** How an interrupt's answer becomes its resume payload. */
export type InterruptAnswering =
  | { readonly mode: "kind" }
  | { readonly mode: "form"; readonly reading: Extract<SchemaReading, { ok: true }> }
  | { readonly mode: "raw" };

export interface ParkedInterrupt {
  readonly request: ParkedRequestInit;
  readonly answering: InterruptAnswering;
  /** When it stops being answerable (ms since the epoch), if the interrupt says. */
  readonly expiresAt?: number;
}

/** An AG-UI resume entry (`@ag-ui/core`'s `ResumeEntry`). */
export interface ResumeEntry {
  readonly interruptId: string;
  readonly status: "resolved" | "cancelled";
  readonly payload?: unknown;
}

/** Reads one interrupt of a `RUN_FINISHED` outcome (or a legacy event's value, with an id). */
export function parkInterrupt(raw: unknown, legacyId?: string): ParkedInterrupt | undefined {
  if (!isRecord(raw)) return undefined;
  const id = legacyId ?? (typeof raw.id === "string" && raw.id !== "" ? raw.id : undefined);
  if (id === undefined) return undefined;
  const metadata = isRecord(raw.metadata) ? raw.metadata : {};
  const langgraph = isRecord(metadata.langgraph) ? metadata.langgraph : {};
  // What the agent put in the interrupt: AG-UI's own fields, or a LangGraph value carried along.
  const value = legacyId !== undefined ? raw : isRecord(langgraph.raw) ? langgraph.raw : {};
  const hint = metadata[HITL_UI_META_KEY] ?? value.ui;
  const message =
    typeof raw.message === "string" ? raw.message : typeof value.prompt === "string" ? value.prompt : undefined;
  const expires = typeof raw.expiresAt === "string" ? Date.parse(raw.expiresAt) : Number.NaN;
  const base = {
    requestId: id,
    // An interrupt answers no tool call of its own unless it says so (a tool approval).
    callId: typeof raw.toolCallId === "string" ? raw.toolCallId : `interrupt:${id}`,
    toolName: typeof raw.reason === "string" ? raw.reason.slice(0, 200) : "interrupt",
    prompt: (message ?? "The agent asks for input").slice(0, MAX_PROMPT_LENGTH),
    dismissible: true,
  };
  const parked = (request: ParkedRequestInit, answering: InterruptAnswering): ParkedInterrupt => ({
    request,
    answering,
    ...(Number.isFinite(expires) ? { expiresAt: expires } : {}),
  });

  if (isRecord(hint) && typeof hint.kind === "string") {
    return parked({ ...base, kind: hint.kind, payload: hint }, { mode: "kind" });
  }
  const schema = raw.responseSchema ?? value.responseSchema ?? value.response_schema;
  if (schema !== undefined) {
    const reading = readRequestedSchema(schema);
    if (!reading.ok)
      return parked({ ...base, kind: "form", payload: undefined, issues: reading.issues }, { mode: "raw" });
    const payload = { kind: "form", fields: toFormFields(reading.properties) };
    return parked({ ...base, kind: "form", payload }, { mode: "form", reading });
  }
  const issues: HitlIssue[] = [{ path: [], message: "The interrupt names no kind and no response schema" }];
  return parked({ ...base, kind: "", payload: undefined, issues }, { mode: "raw" });
}

/**
 * The one resume entry for an interrupt's answer: resolved with the typed payload, or cancelled
 * (a decline with a reason carries it as the payload).
 */
export function resumeEntry(interruptId: string, answer: AnswerBody, answering: InterruptAnswering): ResumeEntry {
  switch (answer.type) {
    case "declined":
      // The reason the person gave goes with the cancel, as the typed decline (`{ declined: true,
      // reason }`): without it the agent never learns why (every other path of the kit carries it).
      return answer.reason === undefined
        ? { interruptId, status: "cancelled" }
        : { interruptId, status: "cancelled", payload: toToolOutput(answer) };
    case "dismissed":
      return { interruptId, status: "cancelled" };
    case "value":
      if (answering.mode === "form") {
        const values = formKind.response.safeParse(answer.value);
        const content = toContent(
          answering.reading.properties,
          values.success ? values.data.values : ({} as FormValues),
        );
        return { interruptId, status: "resolved", payload: content };
      }
      return { interruptId, status: "resolved", payload: answer.value };
    case "reply":
    case "option":
      // The person's own words (the fallback): the typed marker a reader tells from a value.
      return { interruptId, status: "resolved", payload: toToolOutput(answer) };
    default:
      return answer satisfies never;
  }
}

/** A resume entry read back as the typed answer it carries (the inverse of `resumeEntry`). */
export function answerOfEntry(entry: unknown): AnswerBody | undefined {
  if (!isRecord(entry)) return undefined;
  const answer = fromToolOutput(entry.payload);
  if (entry.status === "cancelled") return answer?.type === "declined" ? answer : { type: "declined" };
  return entry.status === "resolved" ? answer : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
