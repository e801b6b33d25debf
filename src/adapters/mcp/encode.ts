import { MAX_REASON_LENGTH, type TransportAnswer } from "../../core/answer";
import type { HitlIssue } from "../../core/issues";
import { type FormValues, formKind } from "../../kinds/form";
import { toContent, validateContent } from "../../wire/form-schema";
import { HITL_REASON_META_KEY } from "../../wire/hint";
import type { McpElicitResult } from "../../wire/mcp-rounds";
import type { ElicitationHandling } from "./convert";

/**
 * A typed answer → MCP's `ElicitResult` (pure, never throws): a form's values as the content its
 * schema describes (checked against it), a picker's through its hint's mapping, URL mode's
 * consent as `accept`; a decline, a reply or an option as `decline` with the words in the kit's
 * reason meta (MCP carries nothing else), a dismissal as `cancel`.
 */

/** The one `ElicitResult` for a typed answer to a parked elicitation (never throws). */
export function toElicitResult(
  answer: TransportAnswer,
  entry: ElicitationHandling,
): { ok: true; value: McpElicitResult } | { ok: false; issues: readonly HitlIssue[] } {
  const body = answer.answer;
  switch (body.type) {
    case "dismissed":
      return { ok: true, value: { action: "cancel" } };
    case "declined":
      return { ok: true, value: decline(body.reason) };
    // MCP has no way to carry a person's own words or a transport option: the server gets a
    // decline that says what the person wrote, so it can ask again.
    case "reply":
      return { ok: true, value: decline(body.text.slice(0, MAX_REASON_LENGTH)) };
    case "option":
      return { ok: true, value: decline(body.optionId) };
    case "value": {
      if (entry.mode === "url") return { ok: true, value: { action: "accept" } };
      const reading = entry.reading;
      if (!reading?.ok) return { ok: false, issues: [{ path: [], message: "The request's schema was not readable" }] };
      const content = entry.mapping
        ? entry.mapping.toContent(body.value as never) // validated by the kind before it got here
        : toContent(reading.properties, formValuesOf(body.value));
      const issues = validateContent(reading.properties, content);
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: { action: "accept", content } };
    }
    default:
      return body satisfies never;
  }
}

function decline(reason: string | undefined): McpElicitResult {
  return reason ? { action: "decline", _meta: { [HITL_REASON_META_KEY]: reason } } : { action: "decline" };
}

function formValuesOf(value: unknown): FormValues {
  const parsed = formKind.response.safeParse(value);
  return parsed.success ? parsed.data.values : {};
}
