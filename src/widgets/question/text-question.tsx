"use client";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { textKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { splitShellProps } from "../shared/shell-props";
import { useAnswer } from "../shared/use-answer";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
} from "../shared/widget-shell";
import { type QuestionLabels, questionLabels } from "./labels";
import { type FreeTextState, QuestionTextField, TextSummary, useFreeText } from "./question-parts";

/** eve's free-text question (kind `text`): a text field with Send; answers `{ text }`. */

export type TextRequest = RequestOf<typeof textKind>;
export type TextResponse = ResponseOf<typeof textKind>;

export interface TextQuestionProps extends HitlWidgetProps<TextRequest, TextResponse> {
  /** The text (controlled). */
  value?: string;
  /** @default "" */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

interface TextQuestionContextValue {
  readonly payload: TextRequest;
  readonly labels: QuestionLabels;
  readonly freeText: FreeTextState;
}

const [TextQuestionProvider, useTextQuestion] = createWidgetContext<TextQuestionContextValue>("TextQuestion");

export interface TextQuestionRootProps
  extends Omit<TextQuestionProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: TextQuestionRootProps) {
  const [shell, { payload, onSubmit, value, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const labels = useLabels("question", questionLabels);
  const reply = useAnswer({ kind: textKind, payload, status: shell.status, onSubmit, onDecline: shell.onDecline });
  const freeText = useFreeText({ value, defaultValue, onValueChange, reply, labels });
  return (
    <TextQuestionProvider value={{ payload, labels, freeText }}>
      <ShellRoot
        kind="text"
        {...shell}
        {...fieldset}
        onDecline={reply.decline}
        className={cx("hitl-question hitl-text-question", className)}
      />
    </TextQuestionProvider>
  );
}

/** The text field with Send: a textarea when `multiline`, else a single-line input. */
function Input({ className }: { className?: string }) {
  const { payload, labels, freeText } = useTextQuestion();
  return (
    <QuestionTextField
      freeText={freeText}
      labels={labels}
      label={labels.textLabel}
      multiline={payload.multiline === true}
      placeholder={payload.placeholder}
      className={className}
    />
  );
}

function Summary({ answer }: { answer: TextResponse | undefined }): ReactNode {
  const { labels } = useTextQuestion();
  if (!answer) return null;
  return (
    <div data-slot="summary" className="hitl-question-summary">
      <TextSummary label={labels.receiptWrote} text={answer.text} />
    </div>
  );
}

/** A styled eve text question: prompt, text field with Send, Decline, status, receipt. */
export function TextQuestion({ prompt, answer, ...props }: TextQuestionProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Input />
      <ShellActions>
        <ShellDecline />
      </ShellActions>
      <ShellStatus />
      <ShellReceipt summary={<Summary answer={answer} />} />
    </Root>
  );
}

TextQuestion.Root = Root;
TextQuestion.Prompt = ShellPrompt;
TextQuestion.Input = Input;
TextQuestion.Actions = ShellActions;
TextQuestion.Decline = ShellDecline;
TextQuestion.Status = ShellStatus;
TextQuestion.Receipt = ShellReceipt;
TextQuestion.Summary = Summary;
