/** Strings of the fallback widget (namespace `fallback`). */
export const fallbackLabels = {
  notice: "This request couldn't be shown in its usual form. You can still answer it.",
  /** The summary of the collapsible list of problems. */
  details: (count: number) => (count === 1 ? "Details (1 problem)" : `Details (${count} problems)`),
  textLabel: "Your answer",
  send: "Send",
  sendHint: "Press Ctrl+Enter (⌘+Enter on a Mac) to send.",
  emptyText: "Write an answer first.",
  tooLong: (max: number) => `Must be at most ${max} characters.`,
  receiptWrote: "Answer",
  /** The receipt of a request refused before anyone answered it (e.g. an MCP form outside the supported schema). */
  receiptNotShown: "This request could not be shown.",
};
export type FallbackLabels = typeof fallbackLabels;
