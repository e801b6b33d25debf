"use client";
import { questionKind } from "../../kinds/native";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import { freeTextParts } from "../shared/free-text-field";
import type { QuestionApi } from "./connect";
import {
  FreeText,
  OptionButton,
  OptionButtons,
  OptionDescription,
  OptionGroup,
  OptionIndicator,
  OptionIssues,
  OptionLabel,
  OptionRadio,
  OptionRadios,
  OptionRow,
  OptionSubmit,
  Options,
  Summary,
} from "./parts";
import { type QuestionProps, QuestionProvider, useQuestion } from "./use-question";

/**
 * eve's own question (kind `question`): options as one-click buttons (up to three, no descriptions)
 * or a radio group with Submit, plus free text when allowed; answers `{ optionId }` or `{ text }`.
 * Its sibling for free text alone is `TextQuestion` (./text-question).
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-question.ts`) and thin parts (`parts.tsx`), each part one `data-slot` (`anatomy.ts`);
 * `defineWidget` makes the Root, the styled widget and the statics.
 */

export type { FreeTextFieldProps } from "../shared/free-text-field";
export { MAX_BUTTON_OPTIONS, questionLayout } from "./machine";
export type { QuestionProps, QuestionRequest, QuestionResponse } from "./use-question";

/** A styled eve question: prompt, options, free text, Decline, status, receipt. */
export const Question = defineWidget<QuestionProps, QuestionApi>()({
  kind: "question",
  ownProps: { text: true, defaultText: true, onTextChange: true },
  Provider: QuestionProvider,
  use: (props, { status, onDecline }) =>
    useQuestion({ ...props, kind: questionKind, request: props.payload, status, onDecline }),
  form: false,
  content: (
    <>
      <Options />
      <FreeText />
    </>
  ),
  parts: {
    Options,
    OptionButtons,
    OptionButton,
    OptionRadios,
    OptionGroup,
    OptionRow,
    OptionRadio,
    OptionIndicator,
    OptionLabel,
    OptionDescription,
    OptionIssues,
    OptionSubmit,
    FreeText,
    ...freeTextParts,
    Summary,
  },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type QuestionRootProps = WidgetRootProps<QuestionProps>;
