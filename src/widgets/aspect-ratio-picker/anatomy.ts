import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The aspect-ratio picker's parts, each by the `data-slot` it carries (style and test by these).
 * The shell's parts (root, prompt, form, issues, actions, submit, decline, status, receipt) get
 * theirs from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget.
 */
export const aspectRatioPickerAnatomy = /* @__PURE__ */ anatomy({
  form: "form",
  /** The radio group of presets (and Custom). */
  options: "options",
  /** One radio: a preset, or Custom (`data-custom`). */
  option: "option",
  optionLabel: "option-label",
  optionRatio: "option-ratio",
  /** A ratio drawn to scale: the frame, and the box inside it (`data-empty` when there is no ratio). */
  shapeFrame: "shape-frame",
  shape: "shape",
  /** The custom W:H, shown while Custom is chosen. */
  custom: "custom",
  /** The width and height fields and the preview, side by side. */
  customFields: "custom-fields",
  customField: "custom-field",
  customColon: "custom-colon",
  customLabel: "custom-label",
  customWidth: "custom-width",
  customHeight: "custom-height",
  fieldError: "field-error",
  preview: "preview",
  customRange: "custom-range",
  customError: "custom-error",
  summary: "summary",
});

export type AspectRatioPickerSlot = SlotOf<typeof aspectRatioPickerAnatomy>;
