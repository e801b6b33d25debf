"use client";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { textKind } from "../../kinds/native";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { splitShellProps } from "../shared/shell-props";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
} from "../shared/widget-shell";
import type { QuestionApi } from "./connect";
import type { QuestionOffer } from "./machine";
import { TextField, TextSummary } from "./parts";
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

export interface TextQuestionRootProps
  extends Omit<TextQuestionProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: TextQuestionRootProps) {
  const [shell, { payload, onSubmit, value, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const { api, decline } = useQuestion({
    kind: textKind,
    payload,
    request: TEXT_ONLY,
    text: value,
    defaultText: defaultValue,
    onTextChange: onValueChange,
    status: shell.status,
    onSubmit,
    onDecline: shell.onDecline,
  });
  return (
    // The payload rides along for Input: its placeholder, one line or many.
    <TextQuestionProvider value={{ api, payload }}>
      <ShellRoot
        kind="text"
        {...shell}
        {...fieldset}
        onDecline={decline}
        className={cx("hitl-question hitl-text-question", className)}
      />
    </TextQuestionProvider>
  );
}

/** The text field with Send: a textarea when `multiline`, else a single-line input. */
function Input({ className }: { className?: string }) {
  const { api, payload } = useTextQuestion();
  return (
    <TextField
      api={api}
      multiline={payload.multiline === true}
      placeholder={payload.placeholder}
      className={className}
    />
  );
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
