/** Strings of the approval widget (namespace `approval`). */
export const approvalLabels = {
  approve: "Approve",
  deny: "Deny",
  denyConfirm: "Deny",
  note: "Note for the agent (optional)",
  toolHeading: "The agent wants to run",
  inputHeading: "With",
};
export type ApprovalLabels = typeof approvalLabels;
