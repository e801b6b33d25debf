"use client";
import { Form } from "../form/form";
import { contentOf, type PartProps, part } from "../shared/part";
import { humanize, ReadableValue } from "../shared/readable-value";
import { type DeclineLayoutProps, ShellDecline } from "../shared/shell-decline";
import {
  cx,
  ShellActions,
  type ShellActionsProps,
  ShellReceipt,
  type ShellReceiptProps,
  useShell,
} from "../shared/widget-shell";
import { useApprovalContext } from "./use-approval";

/**
 * The approval's parts: each reads the connect API from its Root and spreads one prop getter onto
 * one element. A button the request does not offer renders nothing.
 */

/** The tool's name and its input, readable. */
export function Tool(props: PartProps<"div">) {
  const { request, labels } = useApprovalContext();
  return part("div", { "data-slot": "tool", className: "hitl-approval-tool" }, props, [
    <p key="name" data-slot="tool-name" className="hitl-approval-tool-name">
      <span className="hitl-help">{labels.toolHeading} </span>
      <strong>{humanize(request.toolName)}</strong> <code className="hitl-code">{request.toolName}</code>
    </p>,
    Object.keys(request.input).length > 0 && (
      <div key="input" data-slot="tool-input" className="hitl-approval-input">
        <span className="hitl-help">{labels.inputHeading}</span>
        <ReadableValue value={request.input} />
      </div>
    ),
  ]);
}

/** Approve, once per open request (a double click's second is dropped). */
export function Approve(props: PartProps<"button">) {
  const api = useApprovalContext();
  if (!api.showsApprove) return null;
  const own = { ...api.getApproveProps(), className: "hitl-button hitl-button-primary" };
  return part("button", own, props, api.labels.approve);
}

/** Approve, and have the asker remember it (the request's `always`, e.g. "allow for this session"). */
export function ApproveAlways(props: PartProps<"button">) {
  const api = useApprovalContext();
  if (!api.showsApproveAlways) return null;
  return part("button", { ...api.getApproveAlwaysProps(), className: "hitl-button" }, props, api.request.always?.label);
}

/** Opens the edit step (only where the request offers "edit"). */
export function Edit(props: PartProps<"button">) {
  const api = useApprovalContext();
  if (!api.showsEdit) return null;
  return part("button", { ...api.getEditProps(), className: "hitl-button" }, props, api.labels.edit);
}

/** The shell's two-step Decline in the approval's words: Deny, then a note for the agent. */
export function Deny(props: DeclineLayoutProps) {
  const api = useApprovalContext();
  if (!api.showsDeny) return null;
  return (
    <ShellDecline
      label={api.labels.deny}
      reasonLabel={api.labels.note}
      confirmLabel={api.labels.denyConfirm}
      {...props}
    />
  );
}

/** The decide row: Approve / Approve always / Edit / Deny (or its children), gone while the edit step shows. */
export function Actions({ asChild, children, ...props }: ShellActionsProps) {
  const api = useApprovalContext();
  if (!api.showsDecide) return null;
  const decide = (
    <>
      <Approve />
      <ApproveAlways />
      <Edit />
      <Deny />
    </>
  );
  return (
    <ShellActions asChild={asChild} {...props}>
      {contentOf({ asChild, children }, decide)}
    </ShellActions>
  );
}

/** The edit step: the input's fields as a form, prefilled; its submit is the approval's one answer. */
export function EditStep({ className }: { className?: string }) {
  const api = useApprovalContext();
  const { status } = useShell();
  if (!api.showsEditStep || !api.request.edit) return null;
  return (
    <Form.Root
      payload={{ kind: "form", fields: api.request.edit.fields, submitLabel: api.labels.editConfirm }}
      status={status}
      onSubmit={(value) => api.submitEdit(value.values)}
      className={cx("hitl-approval-edit", className)}
      data-slot="edit-step"
    >
      <Form.Prompt>{api.labels.editHeading}</Form.Prompt>
      <Form.Body>
        <Form.Fields />
        <Form.Issues />
        <ShellActions>
          <Form.Submit />
          <button {...api.getEditBackProps()} className="hitl-button">
            {api.labels.editBack}
          </button>
        </ShellActions>
      </Form.Body>
    </Form.Root>
  );
}

/** What an edit changed the input to, by field label (the receipt's summary of an edit). */
export function Edited(props: PartProps<"div">) {
  const { edited } = useApprovalContext();
  if (!edited) return null;
  return part(
    "div",
    { "data-slot": "edited", className: "hitl-approval-input" },
    props,
    <ReadableValue value={edited} />,
  );
}

/** The shell's receipt with the approval's words (an edit, an approve-always, a policy's decision) and the edit. */
export function Receipt({ outcome, summary, ...props }: ShellReceiptProps) {
  const api = useApprovalContext();
  const words = outcome ?? api.receiptOutcome;
  return (
    <ShellReceipt {...(words === undefined ? {} : { outcome: words })} summary={summary ?? <Edited />} {...props} />
  );
}
