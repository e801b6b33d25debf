"use client";
import { openUrlKind } from "../../kinds/open-url";
import { widget } from "../../react/registry";
import { OpenUrl } from "./open-url";

/**
 * hitl-kit/widgets/open-url — the widget on its own: its registry entry (default export: the kind
 * with its component; the component itself comes from `hitl-kit/widgets`). The default registry
 * loads this module the first time such a request arrives; import it to build a registry of just
 * the widgets you use.
 */
export default widget(openUrlKind, OpenUrl);
