import type { QuestionOption } from "../../kinds/native";
import type { ConnectContext, Send } from "../shared/connect-types";
import type { QuestionSlot } from "./anatomy";
import type { QuestionLabels } from "./labels";
import {
  offersText,
  type QuestionEvent,
  type QuestionSource,
  type QuestionState,
  questionLayout,
  submitCheck,
} from "./machine";

/**
 * The question's machine as props for its parts: `connect(state, send, context)` returns what each
 * part shows and a prop getter per part (ARIA, `data-slot`, handlers that `send`). No React: the
 * props are plain objects with React's attribute names (`htmlFor`, `onClick`). The radios are the
 * kit's radio group primitive (`roving-group.tsx`): its root and items take these props and own
 * the keys and the tab stop; the free text is the kit's `FreeTextField`, which takes its getter's.
 */

export interface QuestionConnectContext extends ConnectContext<QuestionLabels> {
  /** An answer already went out (nothing to check or show then). */
  readonly sent: () => boolean;
}

export function connect(state: QuestionState, send: Send<QuestionEvent>, context: QuestionConnectContext) {
  const { options } = state;
  const { labels, id } = context;
  /** The ids of option `index`'s radio, label (`-label`) and description (`-description`). */
  const idOf = (index: number, part = "") => `${id}-${index}${part}`;

  /** Checks there is something to send, then validates and sends it once; a refusal shows on its part. */
  const submit = (source: QuestionSource, optionId?: string) => {
    if (context.sent()) return;
    send({ type: "submit-attempt", source });
    const check = submitCheck(state, source, optionId);
    if (check.type === "empty") {
      return send({ type: "invalid", issues: [source === "option" ? labels.chooseOption : labels.emptyText] });
    }
    const outcome = context.submit(check.value);
    if (outcome.type === "ignored") return;
    send(
      outcome.type === "sent"
        ? outcome
        : { type: outcome.type, issues: [...new Set(outcome.issues.map((issue) => issue.message))] },
    );
  };

  return {
    state,
    labels,
    options,
    layout: questionLayout(options),
    /** The free-text field shows (allowed, or nothing else to answer with). */
    offersText: offersText(state),
    optionIssues: state.optionIssues,
    /** Answers with an option (`optionId`, else the one chosen in the radio group), or with the free text. */
    submit,

    getOptionButtonsProps: () => ({ "data-slot": "option-buttons" satisfies QuestionSlot }),
    /** One option as a button: one click answers. */
    getOptionButtonProps: (option: QuestionOption) => ({
      type: "button" as const,
      "data-slot": "option" satisfies QuestionSlot,
      "data-style": option.style,
      onClick: () => submit("option", option.id),
    }),
    /** The radio group's form: its submit answers with the chosen option. */
    getOptionFormProps: () => ({
      "data-slot": "option-form" satisfies QuestionSlot,
      onSubmit: () => submit("option"),
    }),
    /** The radio group (the shared roving `RadioGroup.Root`), named by the prompt (the shell's `ids.prompt`). */
    getOptionsProps: (labelledBy: string) => ({
      "data-slot": "options" satisfies QuestionSlot,
      "aria-labelledby": labelledBy,
      values: options.map((option) => option.id),
      value: state.value === "" ? null : state.value,
      onValueChange: (value: string) => send({ type: "choose", value }),
    }),
    /** An option's row in the radio group: its radio, label and description. */
    getOptionProps: (option: QuestionOption) => ({
      "data-slot": "option" satisfies QuestionSlot,
      "data-state": state.value === option.id ? ("checked" as const) : ("unchecked" as const),
      "data-style": option.style,
    }),
    /** One radio (a `RadioGroup.Item`), named by its label and described by its description. */
    getRadioProps: (option: QuestionOption, index: number) => ({
      id: idOf(index),
      "data-slot": "option-control" satisfies QuestionSlot,
      value: option.id,
      "aria-labelledby": idOf(index, "-label"),
      "aria-describedby": option.description ? idOf(index, "-description") : undefined,
    }),
    getOptionLabelProps: (index: number) => ({
      id: idOf(index, "-label"),
      htmlFor: idOf(index),
      "data-slot": "option-label" satisfies QuestionSlot,
    }),
    getOptionDescriptionProps: (index: number) => ({
      id: idOf(index, "-description"),
      "data-slot": "option-description" satisfies QuestionSlot,
    }),
    getSubmitProps: () => ({ type: "submit" as const, "data-slot": "submit" satisfies QuestionSlot }),
    /** The free-text field with Send (the kit's `FreeTextField`): its label says whether options are offered too. */
    getFreeTextProps: (multiline: boolean, placeholder?: string) => ({
      label: options.length > 0 ? labels.freeformLabel : labels.textLabel,
      sendLabel: labels.send,
      hint: labels.sendHint,
      multiline,
      placeholder,
      value: state.text,
      onValueChange: (text: string) => send({ type: "set-text", text }),
      error: state.textIssues.join(" ") || undefined,
      onSend: () => submit("text"),
    }),
  };
}

export type QuestionApi = ReturnType<typeof connect>;
