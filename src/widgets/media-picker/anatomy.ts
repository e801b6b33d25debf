import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The media picker's parts, each by the `data-slot` it carries (style and test by these). The
 * shell's parts (root, prompt, form, issues, actions, submit, decline, status, receipt) get theirs
 * from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget; a remote
 * collection's search box and status line get theirs from `shared/remote-collection.tsx`.
 */
export const mediaPickerAnatomy = /* @__PURE__ */ anatomy({
  form: "form",
  search: "search",
  collectionStatus: "collection-status",
  body: "body",
  grid: "grid",
  gridSizer: "grid-sizer",
  /** A virtualized row of tiles. */
  gridRow: "grid-row",
  /** One tile: the option and its visible overlays, side by side. */
  cell: "cell",
  /** The option itself (`role="option"`): the thumbnail, no text of its own. */
  item: "item",
  thumbnail: "thumbnail",
  placeholderText: "placeholder-text",
  typeBadge: "type-badge",
  orderBadge: "order-badge",
  check: "check",
  preview: "preview",
  previewMedia: "preview-media",
  previewCaption: "preview-caption",
  footer: "footer",
  count: "count",
  message: "message",
  receiptItems: "receipt-items",
  receiptItem: "receipt-item",
  receiptThumbnail: "receipt-thumbnail",
  receiptEmpty: "receipt-empty",
});

export type MediaPickerSlot = SlotOf<typeof mediaPickerAnatomy>;
