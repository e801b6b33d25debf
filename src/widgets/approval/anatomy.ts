import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The approval's parts, each by the `data-slot` it carries (style and test by these). The shell's
 * parts come first (`widget-shell.tsx`); Deny is the shell's `decline`.
 */
export const approvalAnatomy = /* @__PURE__ */ anatomy({
  /** The tool's name and, when it has one, its input. */
  tool: "tool",
  toolName: "tool-name",
  toolInput: "tool-input",
  approve: "approve",
  approveAlways: "approve-always",
  edit: "edit",
  /** The edit step (the kit's form, prefilled with the input), and its way back. */
  editStep: "edit-step",
  editBack: "edit-back",
  /** The receipt of an edit: what the input was changed to. */
  edited: "edited",
});

export type ApprovalSlot = SlotOf<typeof approvalAnatomy>;
