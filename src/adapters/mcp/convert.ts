import type { HitlIssue } from "../../core/issues";
import type { ParkedRequestInit } from "../../core/model";
import { formKind } from "../../kinds/form";
import { MAX_PROMPT_LENGTH } from "../../kinds/limits";
import { isSafeNavigationUrl } from "../../kinds/open-url";
import { readRequestedSchema, type SchemaReading, toFormFields } from "../../wire/form-schema";
import { type ElicitationMapping, HITL_UI_META_KEY, mappingFor } from "../../wire/hint";

/**
 * MCP's `elicitation/create` → a parked request (pure, never throws): a `form` from the request's
 * schema, a rich picker when it carries the kit's hint of a kind the client opted into, or an
 * `open-url` consent (URL mode); anything unusable is refused with issues, which the page shows
 * in the answerable fallback while the transport answers `decline`. Its answer back to the server
 * is `toElicitResult` (`encode.ts`).
 */

/** How the transport answers a parked elicitation (its mode, its schema, a hint's mapping). */
export interface ElicitationHandling {
  readonly mode: "form" | "url";
  readonly reading?: SchemaReading;
  readonly mapping?: ElicitationMapping<never, never>;
  readonly elicitationId?: string;
}

export type Parked =
  | { readonly ok: true; readonly request: ParkedRequestInit; readonly pending: ElicitationHandling }
  | { readonly ok: false; readonly request: ParkedRequestInit };

/** Reads one `elicitation/create`'s params into a parked request. Never throws. */
export function parkElicitation(
  requestId: string,
  params: unknown,
  allowed: ReadonlySet<string>,
  mappings: Readonly<Record<string, ElicitationMapping<never, never>>>,
  /**
   * `2025`: a URL elicitation must carry its `elicitationId` (the complete notification settles
   * it); `2026`: it has none — the call's retry says how the interaction went.
   */
  era: "2025" | "2026" = "2025",
): Parked {
  const record = isRecord(params) ? params : {};
  const message = typeof record.message === "string" ? record.message.slice(0, MAX_PROMPT_LENGTH) : "";
  const base = {
    requestId,
    // MCP does not say which tool call an elicitation serves; the request is its own call.
    callId: requestId,
    toolName: "elicitation",
    prompt: message || "The server asks for input",
    dismissible: true,
  };
  const refused = (kind: string, issues: readonly HitlIssue[]): Parked => ({
    ok: false,
    request: { ...base, kind, payload: undefined, issues },
  });

  if (!isRecord(params)) return refused("form", [{ path: ["params"], message: "elicitation/create has no params" }]);
  const mode = record.mode ?? "form";
  if (mode === "url") {
    const url = record.url;
    const elicitationId = record.elicitationId;
    if (typeof url !== "string" || !isSafeNavigationUrl(url)) {
      return refused("open-url", [
        { path: ["url"], message: "Only https: links (or http: on localhost), without credentials, can be offered" },
      ]);
    }
    const request: ParkedRequestInit = { ...base, kind: "open-url", native: true, payload: { kind: "open-url", url } };
    // 2026 has no elicitationId (and no completion notice): the answer itself settles the step.
    if (era === "2026") return { ok: true, request, pending: { mode: "url" } };
    if (typeof elicitationId !== "string" || elicitationId === "") {
      return refused("open-url", [{ path: ["elicitationId"], message: "A URL elicitation needs an elicitationId" }]);
    }
    return { ok: true, request, pending: { mode: "url", elicitationId } };
  }
  if (mode !== "form")
    return refused("form", [{ path: ["mode"], message: `Unsupported mode ${JSON.stringify(mode)}` }]);

  const reading = readRequestedSchema(record.requestedSchema);
  const meta = isRecord(record._meta) ? record._meta : {};
  const hint = meta[HITL_UI_META_KEY];
  if (isRecord(hint) && typeof hint.kind === "string" && allowed.has(hint.kind)) {
    const mapping = mappingFor(hint.kind, mappings);
    if (mapping && reading.ok) {
      return {
        ok: true,
        request: { ...base, kind: hint.kind, payload: hint },
        pending: { mode: "form", reading, mapping },
      };
    }
  }
  if (!reading.ok) return refused("form", reading.issues);
  const payload = { kind: "form", fields: toFormFields(reading.properties) };
  // The converter's output is the form kind's own input: check it, so nothing renders half-way.
  // Its patterns are the converter's own constants (uri, date-time), which RE2 runs; they are left
  // out here so the check needs no pattern engine (the page loads it only when the form renders).
  const parsed = formKind.request.safeParse({
    ...payload,
    fields: payload.fields.map((field) => ("pattern" in field ? { ...field, pattern: undefined } : field)),
  });
  if (!parsed.success) {
    return refused("form", [{ path: ["requestedSchema"], message: "The schema could not be shown as a form" }]);
  }
  return { ok: true, request: { ...base, kind: "form", payload }, pending: { mode: "form", reading } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
