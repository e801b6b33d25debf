/** Strings of the question-set widget (namespace `questions`). */
export const questionsLabels = {
  submit: "Submit",
  /** The chip of an option the asker suggests. */
  recommended: "Recommended",
  /** The chip of a question that may be left unanswered. */
  optional: "Optional",
  /** The option that reveals a text field for the person's own words. */
  other: "Other…",
  /** The accessible name of that field. */
  otherInput: "Your own answer",
  /** The placeholder of a question answered in words alone. */
  textPlaceholder: "Type your answer",
  /** Unchooses an optional question's answer. */
  clear: "Clear answer",
  /** How many answers a multiple-choice question takes. */
  bounds: (min: number, max: number) =>
    min === max ? `Choose ${min}.` : min <= 1 ? `Choose up to ${max}.` : `Choose ${min} to ${max}.`,
  /** Said (politely) when a person checks one answer too many. */
  maxReached: (max: number) => `You can choose at most ${max}. Uncheck one to choose another.`,
  /** What a question still needs, shown once the person has tried to submit. */
  required: "Answer this question.",
  requiredText: "Write an answer.",
  otherBlank: "Write your own answer, or unchoose “Other”.",
  tooFew: (min: number, count: number) => `Choose at least ${min} (${count} chosen).`,
  /** The live progress: "1 of 3 answered". */
  progress: (answered: number, total: number) => `${answered} of ${total} answered`,
  /** Why Submit cannot send yet (its description). */
  pending: (count: number) =>
    count === 1 ? "1 question still needs an answer." : `${count} questions still need an answer.`,
  /** The alert after a submit that could not send: the questions still to answer, by name. */
  incomplete: (names: readonly string[]) => `Still to answer: ${names.map((name) => `“${name}”`).join(", ")}`,
  /** Prefixes in the receipt. */
  receiptOther: "Other:",
  receiptSkipped: "Skipped",
};
export type QuestionsLabels = typeof questionsLabels;
