"use client";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import type { QuestionsApi } from "./connect";
import {
  CheckboxOptions,
  Issues,
  OptionControl,
  OptionDescription,
  OptionLabel,
  OptionRecommended,
  OptionText,
  OtherInput,
  Progress,
  ProgressPending,
  ProgressText,
  Question,
  QuestionBounds,
  QuestionClear,
  QuestionHeader,
  QuestionIssue,
  QuestionLegend,
  QuestionList,
  QuestionNotice,
  QuestionOption,
  QuestionOptional,
  QuestionOptions,
  QuestionPrompt,
  RadioOptions,
  Submit,
  Summary,
} from "./parts";
import { type QuestionsProps, QuestionsProvider, useQuestions } from "./use-questions";

/**
 * A question set (kind `questions`): the clarifying questions an agent asks at once, all on one
 * card. Each question is a fieldset (its legend: the header chip and the prompt) holding a radio
 * group (single choice) or a group of checkboxes (multiple choice, within its bounds), each group
 * one tab stop; "Other…" reveals a text field for the person's own words; a question without
 * options is a text field. A recommended option is marked, never chosen for the person. Submit
 * says why it cannot send until every question that is not optional is answered; answers
 * `{ answers: { [questionId]: { selected, other? } } }`.
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-questions.ts`) and thin parts (`parts.tsx`), each part one `data-slot` (`anatomy.ts`);
 * `defineWidget` makes the Root, the styled widget and the statics.
 */

export type { QuestionsProps, QuestionsRequest, QuestionsResponse, QuestionsValue } from "./use-questions";

/** A styled question set: prompt, questions, progress, Submit / Decline, status, receipt. */
export const Questions = defineWidget<QuestionsProps, QuestionsApi>()({
  kind: "questions",
  Provider: QuestionsProvider,
  use: (props, { status, onDecline }) => useQuestions({ ...props, status, onDecline }),
  rootProps: (api) => api.getRootProps(),
  content: (
    <>
      <QuestionList />
      <Progress />
    </>
  ),
  parts: {
    ...{ QuestionList, Question, QuestionLegend, QuestionHeader, QuestionPrompt, QuestionOptional, QuestionBounds },
    ...{ QuestionOptions, RadioOptions, CheckboxOptions, QuestionOption, OptionControl, OptionText, OptionLabel },
    ...{ OptionRecommended, OptionDescription, OtherInput, QuestionNotice, QuestionIssue, QuestionClear },
    ...{ Progress, ProgressText, ProgressPending, Issues, Submit, Summary },
  },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type QuestionsRootProps = WidgetRootProps<QuestionsProps>;
