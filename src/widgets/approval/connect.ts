import type { FormValues } from "../../kinds/form";
import type { ApprovalDecisionName } from "../../kinds/native";
import { isInteractive, type SubmitResult, type WidgetStatus } from "../../react/widget-props";
import type { Send, SubmitOutcome } from "../shared/connect-types";
import type { ApprovalSlot } from "./anatomy";
import type { ApprovalLabels } from "./labels";
import {
  type ApprovalEvent,
  type ApprovalResponse,
  type ApprovalState,
  editedInput,
  noteOf,
  outcomeOf,
} from "./machine";

export interface ApprovalConnectContext {
  readonly labels: ApprovalLabels;
  readonly status: WidgetStatus;
  /** The answer the request settled with (for the receipt). */
  readonly answer: ApprovalResponse | undefined;
  /** Validates the decision against the request and sends it once (the widget's one-answer guard). */
  readonly submit: (value: ApprovalResponse) => SubmitOutcome;
}

/**
 * The approval's machine as props for its parts: what each part shows and a prop getter per
 * button (`data-slot`, handlers that submit or `send`). No React.
 */
export function connect(state: ApprovalState, send: Send<ApprovalEvent>, context: ApprovalConnectContext) {
  const { labels, status, answer, submit } = context;
  const { request, step } = state;
  const interactive = isInteractive(status);
  const offers = (decision: ApprovalDecisionName) => state.offered.includes(decision);
  const outcome = outcomeOf(request, answer, status);
  const button = (slot: ApprovalSlot, onClick: () => void) => ({
    type: "button" as const,
    "data-slot": slot,
    onClick: () => {
      if (interactive) onClick();
    },
  });
  return {
    request,
    labels,
    step,
    /** Approve, once per open request (the guard drops a double click's second). */
    showsApprove: offers("approve"),
    /** The second approve the asker remembers (the request's `always`, e.g. "allow for this session"). */
    showsApproveAlways: offers("approve") && request.always !== undefined,
    showsEdit: offers("edit"),
    /** Deny is the approval's decline: the shell's two-step Decline, where the request offers it. */
    showsDeny: offers("deny"),
    /** The decide row (Approve / Edit / Deny) gives way to the edit step while it is open. */
    showsDecide: !(step === "edit" && interactive),
    showsEditStep: step === "edit" && interactive && request.edit !== undefined,
    /** The receipt's words beyond the shell's (undefined: the shell's "Approved" / "Denied"). */
    receiptOutcome:
      outcome &&
      {
        "approved-automatically": labels.receiptApprovedAutomatically,
        "denied-automatically": labels.receiptDeniedAutomatically,
        edited: labels.receiptEdited,
        always: labels.receiptAlways(request.always?.label ?? ""),
      }[outcome],
    /** What an edit changed the input to, by field label (for the receipt). */
    edited: outcome === "edited" ? editedInput(request, answer) : undefined,
    /** A denial's note, for the receipt's quoted reason. */
    note: noteOf(answer),
    rootProps: { "data-step": step },
    getApproveProps: () => button("approve", () => submit({ decision: "approve" })),
    getApproveAlwaysProps: () => button("approve-always", () => submit({ decision: "approve", always: true })),
    getEditProps: () => button("edit", () => send({ type: "edit" })),
    getEditBackProps: () => button("edit-back", () => send({ type: "back" })),
    /** Sends the edited input through the same guard; a refusal goes back to the form to show. */
    submitEdit: (input: FormValues): SubmitResult | undefined => {
      const outcome = submit({ decision: "edit", input });
      return outcome.type === "refused" || outcome.type === "invalid"
        ? { ok: false, issues: outcome.issues }
        : undefined;
    },
  };
}

export type ApprovalApi = ReturnType<typeof connect>;
