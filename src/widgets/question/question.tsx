"use client";
import type { ComponentPropsWithoutRef } from "react";
import { questionKind } from "../../kinds/native";
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
import { FreeText, OptionButtons, OptionRadios, Options, Summary } from "./parts";
import { type QuestionProps, QuestionProvider, useQuestion } from "./use-question";

/**
 * eve's own question (kind `question`): options as one-click buttons (up to three, no descriptions)
 * or a radio group with Submit, plus free text when allowed; answers `{ optionId }` or `{ text }`.
 * Its sibling for free text alone is `TextQuestion` (./text-question).
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-question.ts`) and thin parts (`parts.tsx`), each part one `data-slot` (`anatomy.ts`).
 */

export type { FreeTextFieldProps } from "../shared/free-text-field";
export { MAX_BUTTON_OPTIONS, questionLayout } from "./machine";
export type { QuestionProps, QuestionRequest, QuestionResponse } from "./use-question";

export interface QuestionRootProps
  extends Omit<QuestionProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: QuestionRootProps) {
  const [
    shell,
    { payload, onSubmit, value, defaultValue, onValueChange, text, defaultText, onTextChange, className, ...fieldset },
  ] = splitShellProps(props);
  const { api, decline } = useQuestion({
    kind: questionKind,
    payload,
    request: payload,
    value,
    defaultValue,
    onValueChange,
    text,
    defaultText,
    onTextChange,
    status: shell.status,
    onSubmit,
    onDecline: shell.onDecline,
  });
  return (
    <QuestionProvider value={api}>
      <ShellRoot
        kind="question"
        {...shell}
        {...fieldset}
        onDecline={decline}
        className={cx("hitl-question", className)}
      />
    </QuestionProvider>
  );
}

/** A styled eve question: prompt, options, free text, Decline, status, receipt. */
export function Question({ prompt, answer, ...props }: QuestionProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Options />
      <FreeText />
      <ShellActions>
        <ShellDecline />
      </ShellActions>
      <ShellStatus />
      <ShellReceipt summary={<Summary answer={answer} />} />
    </Root>
  );
}

Question.Root = Root;
Question.Prompt = ShellPrompt;
Question.Options = Options;
Question.OptionButtons = OptionButtons;
Question.OptionRadios = OptionRadios;
Question.FreeText = FreeText;
Question.Actions = ShellActions;
Question.Decline = ShellDecline;
Question.Status = ShellStatus;
Question.Receipt = ShellReceipt;
Question.Summary = Summary;
