import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { type ApprovalDecisionName, approvalDecisions, type approvalKind } from "../../kinds/native";
import type { WidgetStatus } from "../../react/widget-props";

/**
 * The approval as a pure machine: which step shows (deciding, or editing the input where the
 * request offers "edit") and what a settled approval's receipt says beyond the shell's own. No
 * React, no strings to show (`connect` words them). A transition that changes nothing returns
 * the same state, so a renderer can skip the render.
 */

export type ApprovalRequest = RequestOf<typeof approvalKind>;
export type ApprovalResponse = ResponseOf<typeof approvalKind>;

/** `decide`: Approve / Edit / Deny; `edit`: the input as a form, its submit the one answer. */
export type ApprovalStep = "decide" | "edit";

export interface ApprovalState {
  /** The request the state was made for (replaced by `request-changed`). */
  readonly request: ApprovalRequest;
  /** The decisions it offers: its `decisions`, without "edit" when it has no edit step. */
  readonly offered: readonly ApprovalDecisionName[];
  readonly step: ApprovalStep;
}

export type ApprovalEvent =
  /** Edit was pressed: show the edit step (only where the request offers it). */
  | { readonly type: "edit" }
  /** Back from the edit step. */
  | { readonly type: "back" }
  | { readonly type: "request-changed"; readonly request: ApprovalRequest };

export function initialState(request: ApprovalRequest): ApprovalState {
  return { request, offered: approvalDecisions(request), step: "decide" };
}

export function transition(state: ApprovalState, event: ApprovalEvent): ApprovalState {
  switch (event.type) {
    case "edit":
      return state.step === "edit" || !state.offered.includes("edit") ? state : { ...state, step: "edit" };
    case "back":
      return state.step === "decide" ? state : { ...state, step: "decide" };
    case "request-changed": {
      if (event.request === state.request) return state;
      const offered = approvalDecisions(event.request);
      // The edit step stays open only while the new request still offers it.
      const step = state.step === "edit" && offered.includes("edit") ? "edit" : "decide";
      return { request: event.request, offered, step };
    }
  }
}

/**
 * What a settled approval's receipt says beyond "Approved" / "Denied": a policy decided it
 * (AI SDK 7's automatic approvals), or this device's answer was an edit or an approve-always.
 * Another device's answer (`answered-elsewhere`) keeps the shell's own words.
 */
export type ApprovalOutcome = "approved-automatically" | "denied-automatically" | "edited" | "always";

export function outcomeOf(
  request: ApprovalRequest,
  answer: ApprovalResponse | undefined,
  status: WidgetStatus,
): ApprovalOutcome | undefined {
  if (request.automatic) return status === "denied" ? "denied-automatically" : "approved-automatically";
  if (status === "answered-elsewhere") return undefined;
  if (answer?.decision === "edit") return "edited";
  if (answer?.decision === "approve" && answer.always && request.always) return "always";
  return undefined;
}

/** A denial's note: the receipt quotes it as the decline's reason. */
export function noteOf(answer: ApprovalResponse | undefined): string | undefined {
  return answer?.decision === "deny" ? answer.note : undefined;
}

/** An edit's input keyed by each field's label (its name where the request has no such field). */
export function editedInput(
  request: ApprovalRequest,
  answer: ApprovalResponse | undefined,
): Readonly<Record<string, unknown>> | undefined {
  if (answer?.decision !== "edit") return undefined;
  const labelOf = (name: string) => request.edit?.fields.find((field) => field.name === name)?.label ?? name;
  return Object.fromEntries(Object.entries(answer.input).map(([name, value]) => [labelOf(name), value]));
}
