"use client";
import { templateKind } from "../../kinds/template";
import { widget } from "../../react/registry";
import { TemplatePicker } from "./template-picker";

/**
 * hitl-kit/widgets/template-picker — the widget on its own: its registry entry (default export: the
 * kind with its component; the component itself comes from `hitl-kit/widgets`). The default
 * registry loads this module the first time such a request arrives; import it to build a registry
 * of just the widgets you use.
 */
export default widget(templateKind, TemplatePicker);
