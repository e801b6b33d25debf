import { shellAnatomy } from "../shared/anatomy";

/**
 * The question's parts (Question and TextQuestion), each by the `data-slot` it carries (style and
 * test by these). The shell's parts (root, prompt, actions, decline, status, receipt) get theirs
 * from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget.
 */
export const questionAnatomy = {
  ...shellAnatomy,
  /** Up to three options without descriptions: one button each, one click answers. */
  optionButtons: "option-buttons",
  /** The radio group's form (more options, or descriptions): the radios, their issues, Submit. */
  optionForm: "option-form",
  options: "options",
  /** A button, or a radio's row (with `data-style`, the option's style). */
  option: "option",
  /** The free text: its own form, with the field, Send and the field's error. */
  freeText: "free-text",
  textInput: "text-input",
  send: "send",
  fieldError: "field-error",
  summary: "summary",
} as const;

export type QuestionPart = keyof typeof questionAnatomy;
/** A part's `data-slot`. The parts write theirs as literals checked against this type, so the widget's chunk carries no table. */
export type QuestionSlot = (typeof questionAnatomy)[QuestionPart];
