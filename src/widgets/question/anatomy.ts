import { anatomy, type SlotOf } from "../shared/anatomy";

/**
 * The question's parts (Question and TextQuestion), each by the `data-slot` it carries (style and
 * test by these). The shell's parts (root, prompt, actions, decline, status, receipt) get theirs
 * from `widget-shell.tsx`; the root's is the shell's `widget`, shared by every widget.
 */
export const questionAnatomy = /* @__PURE__ */ anatomy({
  /** Up to three options without descriptions: one button each, one click answers. */
  optionButtons: "option-buttons",
  /** The radio group's form (more options, or descriptions): the radios, their issues, Submit. */
  optionForm: "option-form",
  options: "options",
  /** A button, or a radio's row (with `data-style`, the option's style; a row's `data-state`). */
  option: "option",
  /** A row's radio, its label and its description. */
  optionControl: "option-control",
  optionLabel: "option-label",
  optionDescription: "option-description",
  /** The free text: its own form, with the field, Send and the field's error. */
  freeText: "free-text",
  textInput: "text-input",
  send: "send",
  fieldError: "field-error",
  summary: "summary",
});

export type QuestionSlot = SlotOf<typeof questionAnatomy>;
