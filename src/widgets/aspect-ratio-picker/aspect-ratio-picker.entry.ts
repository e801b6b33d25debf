"use client";
import { aspectRatioKind } from "../../kinds/aspect-ratio";
import { widget } from "../../react/registry";
import { AspectRatioPicker } from "./aspect-ratio-picker";

/**
 * hitl-kit/widgets/aspect-ratio-picker — the widget on its own: its registry entry (default export: the kind
 * with its component) and the component. The default registry loads this module the first time
 * such a request arrives; import it to build a registry of just the widgets you use.
 */
export { AspectRatioPicker, type AspectRatioPickerProps } from "./aspect-ratio-picker";

export default widget(aspectRatioKind, AspectRatioPicker);
