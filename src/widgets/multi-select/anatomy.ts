import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The multi-select's parts, each by the `data-slot` it carries (style and test by these). The
 * shell's parts (root, prompt, form, issues, actions, submit, decline, status, receipt) get theirs
 * from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget.
 */
export const multiSelectAnatomy = /* @__PURE__ */ anatomy({
  form: "form",
  search: "search",
  searchLabel: "search-label",
  searchInput: "search-input",
  matches: "matches",
  toolbar: "toolbar",
  selectAll: "select-all",
  selectAllHint: "select-all-hint",
  clear: "clear",
  count: "count",
  countText: "count-text",
  notice: "notice",
  list: "list",
  empty: "empty",
  listSizer: "list-sizer",
  /** The container of the options without a group. */
  options: "options",
  group: "group",
  groupHeading: "group-heading",
  /** A virtualized row: the positioned box around a heading's or an option's content. */
  row: "row",
  option: "option",
  optionControl: "option-control",
  optionLabel: "option-label",
  optionDescription: "option-description",
  summary: "summary",
});

export type MultiSelectSlot = SlotOf<typeof multiSelectAnatomy>;
