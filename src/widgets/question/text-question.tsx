"use client";
import { type ReactNode, useMemo } from "react";
import { textKind } from "../../kinds/native";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import { freeTextParts } from "../shared/free-text-field";
import type { QuestionApi } from "./connect";
import type { QuestionOffer } from "./machine";
import { type FreeTextProps, TextField, TextSummary } from "./parts";
import { type TextRequest, type TextResponse, useQuestion } from "./use-question";

/**
 * eve's free-text question (kind `text`): a text field with Send; answers `{ text }`. The
 * question's machine without options: its free text is its value.
 */

export type { TextRequest, TextResponse } from "./use-question";

export interface TextQuestionProps extends HitlWidgetProps<TextRequest, TextResponse> {
  /** The text (controlled). */
  value?: string;
  /** @default "" */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** No options: free text is the one way to answer. */
const TEXT_ONLY: QuestionOffer = { options: [], allowFreeform: true };

const [TextQuestionProvider, useTextQuestion] = createWidgetContext<{ api: QuestionApi; payload: TextRequest }>(
  "TextQuestion",
);

/** The text field with Send: a textarea when `multiline`, else a single-line input. */
function Input(props: FreeTextProps) {
  const { api, payload } = useTextQuestion();
  return <TextField api={api} multiline={payload.multiline === true} placeholder={payload.placeholder} {...props} />;
}

function Summary({ answer }: { answer: TextResponse | undefined }): ReactNode {
  const { api } = useTextQuestion();
  if (!answer) return null;
  return (
    <div data-slot="summary" className="hitl-question-summary">
      <TextSummary label={api.labels.receiptWrote} text={answer.text} />
    </div>
  );
}

/** A styled eve text question: prompt, text field with Send, Decline, status, receipt. */
export const TextQuestion = defineWidget<TextQuestionProps, { api: QuestionApi; payload: TextRequest }>()({
  kind: "text",
  className: "hitl-question hitl-text-question",
  Provider: TextQuestionProvider,
  use: ({ payload, onSubmit, value, defaultValue, onValueChange }, { status, onDecline }) => {
    const { api, decline } = useQuestion({
      ...{ kind: textKind, payload, request: TEXT_ONLY, status, onSubmit, onDecline },
      ...{ text: value, defaultText: defaultValue, onTextChange: onValueChange },
    });
    // The payload rides along for Input: its placeholder, one line or many.
    return { api: useMemo(() => ({ api, payload }), [api, payload]), decline };
  },
  form: false,
  content: <Input />,
  parts: { Input, ...freeTextParts, Summary },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type TextQuestionRootProps = WidgetRootProps<TextQuestionProps>;
