/** Strings of the aspect-ratio picker (namespace `aspectRatio`). */
export const aspectRatioLabels = {
  /** The name of the radio group of ratios. */
  ratios: "Aspect ratios",
  custom: "Custom",
  customWidth: "Width",
  customHeight: "Height",
  /** Help under the custom inputs, naming the allowed range as ratios. */
  customRange: (min: string, max: string) => `Between ${min} and ${max}.`,
  preview: "Preview",
  submit: "Use this ratio",
  chooseRatio: "Choose a ratio first.",
  wholeNumber: "Must be a whole number from 1 to 99999",
  outOfBounds: (min: string, max: string) => `Must be between ${min} and ${max}`,
  receiptRatio: "Ratio",
};
export type AspectRatioLabels = typeof aspectRatioLabels;
