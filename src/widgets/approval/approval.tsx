"use client";
import { type ComponentPropsWithoutRef, useState } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import type { FormValues } from "../../kinds/form";
import { type ApprovalDecisionName, approvalDecisions, type approvalKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { Form } from "../form/form";
import { createWidgetContext } from "../shared/create-widget-context";
import { humanize, ReadableValue } from "../shared/readable-value";
import { ShellDecline } from "../shared/shell-decline";
import { splitShellProps } from "../shared/shell-props";
import { useAnswer } from "../shared/use-answer";
import { cx, ShellActions, ShellPrompt, ShellReceipt, ShellRoot, ShellStatus, useShell } from "../shared/widget-shell";
import { type ApprovalLabels, approvalLabels } from "./labels";

/**
 * A tool approval: shows the tool and its input, Approve, or Deny with an optional note (eve
 * sends it as `{ optionId: "cancel", text: note }`, which eve quotes to the model). Where the
 * request offers it (LangChain's HITL `edit`), Edit opens the input as a form and sends
 * `{ decision: "edit", input }`; a decision the request does not offer has no button.
 */

export type ApprovalRequest = RequestOf<typeof approvalKind>;
export type ApprovalResponse = ResponseOf<typeof approvalKind>;
export type ApprovalProps = HitlWidgetProps<ApprovalRequest, ApprovalResponse>;

interface ApprovalContextValue {
  readonly payload: ApprovalRequest;
  readonly labels: ApprovalLabels;
  /** The decisions this request offers. */
  readonly offers: (decision: ApprovalDecisionName) => boolean;
  /** Sends Approve once per open request (a double click must not approve twice); `always`: and remember it. */
  readonly approve: (always?: boolean) => void;
  /** Whether the edit step is showing, and its switch. */
  readonly editing: boolean;
  readonly setEditing: (editing: boolean) => void;
  /** Sends the edited input (through the same one-answer guard); the form shows a refusal. */
  readonly submitEdit: (input: FormValues) => ReturnType<NonNullable<ApprovalProps["onSubmit"]>>;
}
const [ApprovalProvider, useApproval] = createWidgetContext<ApprovalContextValue>("Approval");

export interface ApprovalRootProps
  extends Omit<ApprovalProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit"> {}

function Root(props: ApprovalRootProps) {
  const [shell, { payload, onSubmit, className, ...fieldset }] = splitShellProps(props);
  const labels = useLabels("approval", approvalLabels);
  const answer = useAnswer<ApprovalResponse>({ status: shell.status, onSubmit });
  const [editing, setEditing] = useState(false);
  const offered = approvalDecisions(payload);
  const context: ApprovalContextValue = {
    payload,
    labels,
    offers: (decision) => offered.includes(decision),
    approve: (always) => answer.submit(always ? { decision: "approve", always: true } : { decision: "approve" }),
    editing,
    setEditing,
    submitEdit: (input) => {
      const outcome = answer.submit({ decision: "edit", input });
      return outcome.type === "refused" || outcome.type === "invalid"
        ? { ok: false, issues: outcome.issues }
        : undefined;
    },
  };
  // Deny is the decline of an approval: same single answer, sent through onDecline.
  return (
    <ApprovalProvider value={context}>
      <ShellRoot
        kind="approval"
        {...shell}
        {...(offered.includes("deny") ? {} : { onDecline: undefined })}
        {...fieldset}
        className={cx("hitl-approval", className)}
      />
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
  const { labels, approve, offers } = useApproval();
  const { interactive } = useShell();
  if (!offers("approve")) return null;
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

/**
 * The second approve the asker remembers (the request's `always`, e.g. the Claude Agent SDK's
 * "allow for this session"): only where the request offers it.
 */
function ApproveAlways({ className, children, ...props }: ComponentPropsWithoutRef<"button">) {
  const { payload, approve, offers } = useApproval();
  const { interactive } = useShell();
  if (!payload.always || !offers("approve")) return null;
  return (
    <button
      type="button"
      data-slot="approve-always"
      className={cx("hitl-button", className)}
      onClick={() => {
        if (interactive) approve(true);
      }}
      {...props}
    >
      {children ?? payload.always.label}
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

/** Opens the edit step (only where the request offers "edit"). */
function Edit({ className, children, ...props }: ComponentPropsWithoutRef<"button">) {
  const { labels, offers, setEditing } = useApproval();
  const { interactive } = useShell();
  if (!offers("edit")) return null;
  return (
    <button
      type="button"
      data-slot="edit"
      className={cx("hitl-button", className)}
      onClick={() => {
        if (interactive) setEditing(true);
      }}
      {...props}
    >
      {children ?? labels.edit}
    </button>
  );
}

/** The edit step: the input's fields as a form, prefilled; its submit is the approval's one answer. */
function EditStep({ className }: { className?: string }) {
  const { payload, labels, editing, setEditing, submitEdit } = useApproval();
  const { status, interactive } = useShell();
  if (!payload.edit || !editing || !interactive) return null;
  return (
    <Form.Root
      payload={{ kind: "form", fields: payload.edit.fields, submitLabel: labels.editConfirm }}
      status={status}
      onSubmit={(value) => submitEdit(value.values)}
      className={cx("hitl-approval-edit", className)}
      data-slot="edit-step"
    >
      <Form.Prompt>{labels.editHeading}</Form.Prompt>
      <Form.Body>
        <Form.Fields />
        <Form.Issues />
        <ShellActions>
          <Form.Submit />
          <button type="button" data-slot="edit-back" className="hitl-button" onClick={() => setEditing(false)}>
            {labels.editBack}
          </button>
        </ShellActions>
      </Form.Body>
    </Form.Root>
  );
}

/** What the person changed the input to, for the receipt of an edit. */
function Edited({ answer }: { answer: ApprovalResponse | undefined }) {
  const { payload } = useApproval();
  if (answer?.decision !== "edit") return null;
  const labelOf = (name: string) => payload.edit?.fields.find((field) => field.name === name)?.label ?? name;
  return (
    <div data-slot="edited" className="hitl-approval-input">
      <ReadableValue value={Object.fromEntries(Object.entries(answer.input).map(([k, v]) => [labelOf(k), v]))} />
    </div>
  );
}

/** A styled approval: prompt, tool, Approve / Edit / Deny, the edit step, status, receipt. */
export function Approval({ prompt, answer, ...props }: ApprovalProps) {
  const note = answer?.decision === "deny" ? answer.note : undefined;
  return (
    <Root {...props} declineReason={props.declineReason ?? note}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Tool />
      <Actions />
      <EditStep />
      <ShellStatus />
      <Receipt answer={answer} />
    </Root>
  );
}

/** Approve / Edit / Deny, hidden while the edit step shows. */
function Actions(props: ComponentPropsWithoutRef<typeof ShellActions>) {
  const { editing } = useApproval();
  const { interactive } = useShell();
  if (editing && interactive) return null;
  return (
    <ShellActions {...props}>
      <Approve />
      <ApproveAlways />
      <Edit />
      <Deny />
    </ShellActions>
  );
}

function Receipt({ answer }: { answer: ApprovalResponse | undefined }) {
  const { labels, payload } = useApproval();
  const { status } = useShell();
  const own = status !== "answered-elsewhere";
  const outcome = payload.automatic
    ? status === "denied"
      ? labels.receiptDeniedAutomatically
      : labels.receiptApprovedAutomatically
    : answer?.decision === "edit" && own
      ? labels.receiptEdited
      : answer?.decision === "approve" && answer.always && payload.always && own
        ? labels.receiptAlways(payload.always.label)
        : undefined;
  return <ShellReceipt {...(outcome ? { outcome } : {})} summary={<Edited answer={answer} />} />;
}

Approval.Root = Root;
Approval.Prompt = ShellPrompt;
Approval.Tool = Tool;
Approval.Actions = ShellActions;
Approval.Approve = Approve;
Approval.ApproveAlways = ApproveAlways;
Approval.Edit = Edit;
Approval.EditStep = EditStep;
Approval.Deny = Deny;
Approval.Status = ShellStatus;
Approval.Receipt = ShellReceipt;
