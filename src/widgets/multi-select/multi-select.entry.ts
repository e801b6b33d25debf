"use client";
import { multiSelectKind } from "../../kinds/multi-select";
import { widget } from "../../react/registry";
import { MultiSelect } from "./multi-select";

/**
 * hitl-kit/widgets/multi-select — the widget on its own: its registry entry (default export: the
 * kind with its component; the component itself comes from `hitl-kit/widgets`). The default
 * registry loads this module the first time such a request arrives; import it to build a registry
 * of just the widgets you use.
 */
export default widget(multiSelectKind, MultiSelect);
