"use client";
import type { ComponentPropsWithoutRef } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import type { approvalKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { humanize, ReadableValue } from "../shared/readable-value";
import { splitShellProps } from "../shared/shell-props";
import { useAnswer } from "../shared/use-answer";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
  useShell,
} from "../shared/widget-shell";
import { type ApprovalLabels, approvalLabels } from "./labels";

/**
 * eve tool approval: shows the tool and its input, Approve, or Deny with an optional note
 * (sent as `{ optionId: "cancel", text: note }`, which eve quotes to the model).
 */

export type ApprovalRequest = RequestOf<typeof approvalKind>;
export type ApprovalResponse = ResponseOf<typeof approvalKind>;
export type ApprovalProps = HitlWidgetProps<ApprovalRequest, ApprovalResponse>;

interface ApprovalContextValue {
  readonly payload: ApprovalRequest;
  readonly labels: ApprovalLabels;
  /** Sends Approve once per open request (a double click must not approve twice). */
  readonly approve: () => void;
}
const [ApprovalProvider, useApproval] = createWidgetContext<ApprovalContextValue>("Approval");

export interface ApprovalRootProps
  extends Omit<ApprovalProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit"> {}

function Root(props: ApprovalRootProps) {
  const [shell, { payload, onSubmit, className, ...fieldset }] = splitShellProps(props);
  const labels = useLabels("approval", approvalLabels);
  const answer = useAnswer<ApprovalResponse>({ status: shell.status, onSubmit });
  // Deny is the decline of an approval: same single answer, sent through onDecline.
  return (
    <ApprovalProvider value={{ payload, labels, approve: () => answer.submit({ decision: "approve" }) }}>
      <ShellRoot kind="approval" {...shell} {...fieldset} className={cx("hitl-approval", className)} />
    </ApprovalProvider>
  );
}

/** The tool's name and its input, readable. */
function Tool({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { payload, labels } = useApproval();
  return (
    <div data-slot="tool" className={cx("hitl-approval-tool", className)} {...props}>
      <p className="hitl-approval-tool-name">
        <span className="hitl-help">{labels.toolHeading} </span>
        <strong>{humanize(payload.toolName)}</strong> <code className="hitl-code">{payload.toolName}</code>
      </p>
      {Object.keys(payload.input).length > 0 && (
        <div data-slot="tool-input" className="hitl-approval-input">
          <span className="hitl-help">{labels.inputHeading}</span>
          <ReadableValue value={payload.input} />
        </div>
      )}
    </div>
  );
}

function Approve({ className, children, ...props }: ComponentPropsWithoutRef<"button">) {
  const { labels, approve } = useApproval();
  const { interactive } = useShell();
  return (
    <button
      type="button"
      data-slot="approve"
      className={cx("hitl-button hitl-button-primary", className)}
      onClick={() => {
        if (interactive) approve();
      }}
      {...props}
    >
      {children ?? labels.approve}
    </button>
  );
}

function Deny({ className }: { className?: string }) {
  const { labels } = useApproval();
  return (
    <ShellDecline
      label={labels.deny}
      reasonLabel={labels.note}
      confirmLabel={labels.denyConfirm}
      {...(className ? { className } : {})}
    />
  );
}

/** A styled approval: prompt, tool, Approve / Deny, status, receipt. */
export function Approval({ prompt, answer, ...props }: ApprovalProps) {
  const note = answer?.decision === "deny" ? answer.note : undefined;
  return (
    <Root {...props} declineReason={props.declineReason ?? note}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Tool />
      <ShellActions>
        <Approve />
        <Deny />
      </ShellActions>
      <ShellStatus />
      <ShellReceipt />
    </Root>
  );
}

Approval.Root = Root;
Approval.Prompt = ShellPrompt;
Approval.Tool = Tool;
Approval.Actions = ShellActions;
Approval.Approve = Approve;
Approval.Deny = Deny;
Approval.Status = ShellStatus;
Approval.Receipt = ShellReceipt;
