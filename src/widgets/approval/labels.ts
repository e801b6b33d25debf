/** Strings of the approval widget (namespace `approval`). */
export const approvalLabels = {
  approve: "Approve",
  deny: "Deny",
  denyConfirm: "Deny",
  note: "Note for the agent (optional)",
  toolHeading: "The agent wants to run",
  inputHeading: "With",
  /** LangChain HITL's "edit": change the input, then run it. */
  edit: "Edit",
  editHeading: "Change the input, then run it",
  editConfirm: "Run with these changes",
  editBack: "Back",
  receiptEdited: "Approved with changes",
  /** The receipt of an approve-always: the offer's own label, quoted. */
  receiptAlways: (label: string) => `Approved: ${label}`,
  /** The receipts of a decision a policy made (AI SDK 7's automatic approvals). */
  receiptApprovedAutomatically: "Approved automatically",
  receiptDeniedAutomatically: "Denied automatically",
};
export type ApprovalLabels = typeof approvalLabels;
