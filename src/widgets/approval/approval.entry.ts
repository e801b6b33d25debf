"use client";
import { approvalKind } from "../../kinds/native";
import { widget } from "../../react/registry";
import { Approval } from "./approval";

/**
 * hitl-kit/widgets/approval — the widget on its own: its registry entry (default export: the kind
 * with its component) and the component. The default registry loads this module the first time
 * such a request arrives; import it to build a registry of just the widgets you use.
 */
export { Approval, type ApprovalProps } from "./approval";

export default widget(approvalKind, Approval);
