/** Strings of the question and text-question widgets (namespace `question`). */
export const questionLabels = {
  /** Submits the option chosen in the radio group. */
  submit: "Submit",
  send: "Send",
  /** The free-text field's label next to options. */
  freeformLabel: "Or write your own answer",
  /** The free-text field's label when it is the only way to answer. */
  textLabel: "Your answer",
  /** Shown under a multi-line field. */
  sendHint: "Press Ctrl+Enter (⌘+Enter on a Mac) to send.",
  chooseOption: "Choose an option first.",
  emptyText: "Write an answer first.",
  /** Prefixes in the receipt. */
  receiptChose: "Chose",
  receiptWrote: "Wrote",
};
export type QuestionLabels = typeof questionLabels;
