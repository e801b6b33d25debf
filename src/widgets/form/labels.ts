/** Strings of the form widget (namespace `form`). */
export const formLabels = {
  /** Screen-reader text after a required group's legend (multiselect). */
  required: "(required)",
  /** The empty first option of a select. */
  selectPlaceholder: "Choose…",
  /** Shown when a number input holds text that is not a number. */
  notANumber: "Must be a number",
  /** A line of the error summary. */
  issue: (label: string, message: string) => `${label}: ${message}`,
  /** The hint under a multiselect with bounds. */
  choiceRange: (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? min === max
        ? `Choose ${min}.`
        : `Choose ${min} to ${max}.`
      : min !== undefined
        ? `Choose at least ${min}.`
        : max !== undefined
          ? `Choose up to ${max}.`
          : "",
  /** Receipt values. */
  yes: "Yes",
  no: "No",
  empty: "—",
};
export type FormLabels = typeof formLabels;
