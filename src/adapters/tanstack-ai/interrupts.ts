import type { ParkedRequestInit } from "../../core/model";
import { MAX_PROMPT_LENGTH } from "../../kinds/limits";
import { HITL_UI_META_KEY } from "../../wire/hint";
import { type InterruptAnswering, type ParkedInterrupt, parkInterrupt } from "../../wire/interrupts";

/**
 * TanStack AI's generic interrupts (`defineInterrupt` on the server, raised by a chat middleware's
 * `onInterruptBoundary`; the client's `interrupts`, answered with each one's `resolveInterrupt`
 * or `cancel`) as parked requests. What an interrupt renders as:
 *  - the kit's payload (`pickerInterruptOptions` in `hitl-kit/server`: the interrupt's payload is
 *    `{ prompt, ui }`, carried under `tanstack:interruptPayload`) → that kind's picker, answered
 *    with the kind's typed result (`toToolOutput`: the value, or a typed marker);
 *  - the kit's hint in `metadata["dev.hitl-kit/ui"]` → that kind's picker (as AG-UI's);
 *  - a `responseSchema` → a form (the JSON Schema subset a form can show);
 *  - anything else → the answerable fallback.
 * Tool-bound interrupts (a client tool waiting for its result, a tool approval) are not read
 * here: their tool call part in the messages parks them. Pure, never throws.
 */

/** The metadata key TanStack AI carries a generic interrupt's payload under. */
export const INTERRUPT_PAYLOAD_KEY = "tanstack:interruptPayload";
/** The metadata key of TanStack AI's resume binding (`INTERRUPT_BINDING_METADATA_KEY`). */
export const INTERRUPT_BINDING_KEY = "tanstack:interruptBinding";

/** How an interrupt's answer becomes its resolution: AG-UI's modes, or the kit's own payload. */
export type TanStackInterruptAnswering = InterruptAnswering | { readonly mode: "tool-output" };

export interface ParkedTanStackInterrupt extends Omit<ParkedInterrupt, "answering"> {
  readonly answering: TanStackInterruptAnswering;
}

/**
 * Whether an interrupt belongs to a tool call (a client tool's result, a tool approval): those
 * are the messages' business. Reads the binding, its legacy marker and the client's own `kind`.
 */
export function isToolInterrupt(raw: Record<string, unknown>): boolean {
  if (raw.kind === "tool-approval" || raw.kind === "client-tool-execution") return true;
  const metadata = isRecord(raw.metadata) ? raw.metadata : {};
  const binding = isRecord(metadata[INTERRUPT_BINDING_KEY]) ? metadata[INTERRUPT_BINDING_KEY] : {};
  if (binding.kind === "tool-approval" || binding.kind === "client-tool-execution") return true;
  return metadata.kind === "approval" || metadata.kind === "client_tool";
}

/**
 * A tool approval's interrupt as its native approval request, keyed by the interrupt (approval)
 * id, as the tool call part's `approval` parks it: the part may not carry it (messages restored
 * from a server's record keep the call, not its pending approval). `undefined` for any other.
 */
export function approvalFromInterrupt(raw: unknown): ParkedRequestInit | undefined {
  if (!isRecord(raw) || typeof raw.id !== "string" || raw.id === "" || raw.canResolve === false) return undefined;
  const metadata = isRecord(raw.metadata) ? raw.metadata : {};
  const binding = isRecord(metadata[INTERRUPT_BINDING_KEY]) ? metadata[INTERRUPT_BINDING_KEY] : {};
  const approval = raw.kind === "tool-approval" || binding.kind === "tool-approval" || metadata.kind === "approval";
  if (!approval) return undefined;
  const callId = [raw.toolCallId, binding.toolCallId].find((id) => typeof id === "string" && id !== "");
  const toolName = [raw.toolName, binding.toolName, metadata.toolName].find((name) => typeof name === "string");
  const input = [raw.originalArgs, binding.originalArgs, metadata.input].find(isRecord) ?? {};
  if (typeof callId !== "string" || typeof toolName !== "string") return undefined;
  return {
    requestId: raw.id,
    callId,
    toolName,
    prompt: "",
    kind: "approval",
    native: true,
    payload: { kind: "approval", toolName, input },
  };
}

/**
 * Reads one interrupt of the client's `interrupts` (or a `RUN_FINISHED` outcome's descriptor).
 * `undefined` for one that is not the kit's to show: tool-bound, or one the client cannot
 * resolve (`unbound`: another producer owns it; `canResolve: false`).
 */
export function parkTanStackInterrupt(raw: unknown): ParkedTanStackInterrupt | undefined {
  if (!isRecord(raw) || typeof raw.id !== "string" || raw.id === "") return undefined;
  if (isToolInterrupt(raw) || raw.kind === "unbound" || raw.canResolve === false) return undefined;
  const metadata = isRecord(raw.metadata) ? raw.metadata : {};
  const payload = metadata[INTERRUPT_PAYLOAD_KEY];
  if (isRecord(payload) && isRecord(payload.ui) && typeof payload.ui.kind === "string") {
    // The kit's own interrupt: its response schema takes the kind's value or a typed marker.
    const parked = parkInterrupt({ ...raw, metadata: { ...metadata, [HITL_UI_META_KEY]: payload.ui } });
    if (!parked) return undefined;
    const prompt = typeof payload.prompt === "string" && payload.prompt !== "" ? payload.prompt : parked.request.prompt;
    return {
      ...parked,
      request: { ...parked.request, prompt: prompt.slice(0, MAX_PROMPT_LENGTH) },
      answering: { mode: "tool-output" },
    };
  }
  return parkInterrupt(raw);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
