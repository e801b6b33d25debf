import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The template picker's parts, each by the `data-slot` it carries (style and test by these). The
 * shell's parts (root, prompt, form, issues, actions, submit, decline, status, receipt) get theirs
 * from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget; a remote
 * catalogue's status line gets its own from `shared/remote-collection.tsx`; a variable's label,
 * error and help theirs from `shared/field.tsx`.
 */
export const templatePickerAnatomy = /* @__PURE__ */ anatomy({
  form: "form",
  filters: "filters",
  search: "search",
  tags: "tags",
  tagToggle: "tag-toggle",
  tagsMore: "tags-more",
  count: "count",
  collectionStatus: "collection-status",
  cardsWrapper: "cards-wrapper",
  /** The radio group of cards. */
  cards: "cards",
  cardsSizer: "cards-sizer",
  /** A virtualized row of cards. */
  cardsRow: "cards-row",
  card: "card",
  cardRadio: "card-radio",
  preview: "preview",
  cardName: "card-name",
  cardDescription: "card-description",
  cardDetails: "card-details",
  cardTags: "card-tags",
  cardTag: "card-tag",
  templateError: "template-error",
  loadMore: "load-more",
  empty: "empty",
  emptyText: "empty-text",
  clearFilters: "clear-filters",
  variables: "variables",
  variable: "variable",
  variableControl: "variable-control",
  receiptTemplate: "receipt-template",
  receiptVariables: "receipt-variables",
});

export type TemplatePickerSlot = SlotOf<typeof templatePickerAnatomy>;
