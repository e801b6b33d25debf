import { formatIssues, type HitlIssue } from "../core/issues";
import { type AnyKind, parseRequest, type RequestOf, type ResponseOf } from "../kinds/define-kind";
import {
  type ElicitationMapping,
  type ElicitSchema,
  HITL_REASON_META_KEY,
  HITL_UI_META_KEY,
  mappingFor,
} from "../wire/hint";
import { type PickerResult, readAnswer } from "./picker";

/**
 * The server half of rich pickers over MCP elicitation: one call builds an `elicitation/create`
 * that a client with the kit renders as the kind's widget and any other client as a flat form,
 * and one call reads the `ElicitResult` back into the same typed result as every other
 * transport. No SDK import: pass the params to `server.elicitInput(…)`.
 *
 *   const ask = elicitationFor(mediaKind, ui, { message: "Which image?" });
 *   if (!ask.ok) return { content: [{ type: "text", text: ask.message }] };
 *   const result = readElicitResult(mediaKind, ask.request, await server.server.elicitInput(ask.params));
 */

/** What `server.elicitInput(…)` takes for a form-mode elicitation. */
export interface ElicitationParams {
  mode: "form";
  message: string;
  requestedSchema: ElicitSchema;
  _meta: Record<string, unknown>;
}

export type ElicitationFor<Req> =
  | { readonly ok: true; readonly params: ElicitationParams; readonly request: Req }
  | { readonly ok: false; readonly issues: readonly HitlIssue[]; readonly message: string };

export function elicitationFor<D extends AnyKind>(
  kind: D,
  ui: unknown,
  options: { readonly message: string; readonly mapping?: ElicitationMapping<RequestOf<D>, ResponseOf<D>> },
): ElicitationFor<RequestOf<D>> {
  const parsed = parseRequest(kind, ui);
  if (!parsed.ok) return refused(parsed.issues.map((issue) => ({ ...issue, path: ["ui", ...issue.path] })));
  const mapping = options.mapping ?? mappingFor(kind);
  if (!mapping) return refused([{ path: ["kind"], message: `No elicitation mapping for kind "${kind.kind}"` }]);
  return {
    ok: true,
    request: parsed.value,
    params: {
      mode: "form",
      message: options.message,
      requestedSchema: {
        ...(mapping as ElicitationMapping<RequestOf<D>, ResponseOf<D>>).requestedSchema(parsed.value),
      },
      _meta: { [HITL_UI_META_KEY]: parsed.value },
    },
  };
}

/** An `ElicitResult` (`accept` + content, `decline`, `cancel`) as the picker's typed result. Never throws. */
export function readElicitResult<D extends AnyKind>(
  kind: D,
  request: RequestOf<D>,
  result: unknown,
  mapping?: ElicitationMapping<RequestOf<D>, ResponseOf<D>>,
): PickerResult<ResponseOf<D>> {
  const record = isRecord(result) ? result : {};
  switch (record.action) {
    case "accept": {
      const map = (mapping ?? mappingFor(kind)) as ElicitationMapping<RequestOf<D>, ResponseOf<D>> | undefined;
      const content = isRecord(record.content) ? record.content : {};
      const value = map ? map.fromContent(content, request) : content;
      return readAnswer(kind, request, { type: "value", value });
    }
    case "decline": {
      const meta = isRecord(record._meta) ? record._meta : {};
      const reason = meta[HITL_REASON_META_KEY];
      return typeof reason === "string" && reason !== "" ? { status: "declined", reason } : { status: "declined" };
    }
    case "cancel":
      return { status: "cancelled" };
    default:
      return refused([
        { path: ["action"], message: 'Expected an ElicitResult with action "accept", "decline" or "cancel"' },
      ]);
  }
}

function refused(issues: readonly HitlIssue[]): {
  ok: false;
  status: "invalid";
  issues: readonly HitlIssue[];
  message: string;
} {
  return { ok: false, status: "invalid", issues, message: `The request could not be used:\n${formatIssues(issues)}` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
