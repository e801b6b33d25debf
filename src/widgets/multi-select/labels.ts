/** Strings of the multi-select widget (namespace `multiSelect`). */
export const multiSelectLabels = {
  submit: "Submit",
  search: "Search options",
  searchPlaceholder: "Search…",
  noMatches: "No options match your search.",
  /** How many options the search shows. */
  matches: (shown: number, total: number) => `${shown} of ${total} options shown`,
  selectAll: "Select all",
  /** Why Select all is unavailable: it would go over the maximum. */
  selectAllTooMany: (wouldBe: number, max: number) =>
    `Select all would choose ${wouldBe}, more than the ${max} allowed.`,
  clear: "Clear",
  /** The live count: "2 selected — choose 1 to 3". `max` is undefined when there is no maximum. */
  count: (selected: number, min: number, max: number | undefined) => {
    const rule =
      max === undefined
        ? min > 0
          ? `choose at least ${min}`
          : ""
        : min === max
          ? `choose ${min}`
          : min === 0
            ? `choose up to ${max}`
            : `choose ${min} to ${max}`;
    return rule ? `${selected} selected — ${rule}` : `${selected} selected`;
  },
  /** Said (politely) when a person checks one option too many. */
  maxReached: (max: number) => `You can choose at most ${max}. Uncheck one to choose another.`,
  receiptNone: "Nothing selected",
};
export type MultiSelectLabels = typeof multiSelectLabels;
