"use client";
import { openUrlKind } from "../../kinds/open-url";
import { widget } from "../../react/registry";
import { OpenUrl } from "./open-url";

/**
 * hitl-kit/widgets/open-url — the widget on its own: its registry entry (default export: the kind
 * with its component) and the component. The default registry loads this module the first time
 * such a request arrives; import it to build a registry of just the widgets you use.
 */
export { OpenUrl, type OpenUrlProps } from "./open-url";

export default widget(openUrlKind, OpenUrl);
