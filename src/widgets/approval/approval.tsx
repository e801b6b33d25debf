"use client";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import type { ApprovalApi } from "./connect";
import { Actions, Approve, ApproveAlways, Deny, Edit, Edited, EditStep, Receipt, Tool } from "./parts";
import { type ApprovalProps, ApprovalProvider, useApproval } from "./use-approval";

/**
 * A tool approval: shows the tool and its input, Approve, or Deny with an optional note (eve
 * sends it as `{ optionId: "cancel", text: note }`, which eve quotes to the model). Where the
 * request offers it (LangChain's HITL `edit`), Edit opens the input as a form and sends
 * `{ decision: "edit", input }`; a decision the request does not offer has no button.
 *
 * Built as the pickers are: a pure machine (`machine.ts`: the step, the receipt's outcome),
 * `connect.ts` over it, a hook (`use-approval.ts`) and thin parts (`parts.tsx`), each part one
 * `data-slot` (`anatomy.ts`); `defineWidget` makes the Root, the styled widget and the statics.
 * The root's `data-step` is `decide` or `edit`.
 */

export type { ApprovalProps, ApprovalRequest, ApprovalResponse } from "./use-approval";

/** A styled approval: prompt, tool, Approve / Edit / Deny (or the edit step), status, receipt. */
export const Approval = defineWidget<ApprovalProps, ApprovalApi>()({
  kind: "approval",
  Provider: ApprovalProvider,
  use: (props, { status, onDecline }) => useApproval({ ...props, status, onDecline }),
  rootProps: (api) => api.rootProps,
  // The edit step stands where the decide row was: the two never show together.
  content: (
    <>
      <Tool />
      <EditStep />
    </>
  ),
  form: false,
  actions: <Actions />,
  parts: { Tool, Approve, ApproveAlways, Edit, EditStep, Deny, Decline: Deny, Actions, Edited, Receipt },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type ApprovalRootProps = WidgetRootProps<ApprovalProps>;
