import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The question set's parts, each by the `data-slot` it carries (style and test by these). The
 * shell's parts (root, prompt, form, issues, actions, submit, decline, status, receipt) get theirs
 * from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget.
 */
export const questionsAnatomy = /* @__PURE__ */ anatomy({
  form: "form",
  /** The list of questions. */
  questions: "questions",
  /** One question: a fieldset with `data-state` `answered` / `unanswered`. */
  question: "question",
  /** Its legend: the header chip, the prompt, the optional chip. */
  questionLegend: "question-legend",
  questionHeader: "question-header",
  questionPrompt: "question-prompt",
  optionalChip: "optional-chip",
  /** How many answers a multiple-choice question takes. */
  bounds: "bounds",
  /** The radio group (single choice) or the group of checkboxes (multiple choice). */
  options: "options",
  /** An option's row (or "Other"'s), with `data-state` `checked` / `unchecked`. */
  option: "option",
  optionControl: "option-control",
  /** The option's label and "Recommended" chip, side by side. */
  optionText: "option-text",
  optionLabel: "option-label",
  optionDescription: "option-description",
  recommendedChip: "recommended-chip",
  /** The text field "Other" reveals, or a question's only field when it has no options. */
  otherInput: "other-input",
  clear: "clear",
  /** The polite refusal past `max`. */
  notice: "notice",
  /** What a question still needs, once the person has tried to submit. */
  questionIssue: "question-issue",
  /** "1 of 3 answered", and why Submit cannot send yet. */
  progress: "progress",
  pending: "pending",
  summary: "summary",
});

export type QuestionsSlot = SlotOf<typeof questionsAnatomy>;
