"use client";
import { type ComponentPropsWithoutRef, type ReactNode, useId, useState } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { type QuestionOption, questionKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isSettledStatus } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { RadioGroup } from "../shared/roving-group";
import { splitShellProps } from "../shared/shell-props";
import { useAnswer } from "../shared/use-answer";
import { useControllableState } from "../shared/use-controllable-state";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
  useShell,
} from "../shared/widget-shell";
import { type QuestionLabels, questionLabels } from "./labels";
import { type FreeTextState, issueMessages, QuestionTextField, TextSummary, useFreeText } from "./question-parts";

/**
 * eve's own question (kind `question`): options as one-click buttons (up to three, no descriptions)
 * or a radio group with Submit, plus free text when allowed; answers `{ optionId }` or `{ text }`.
 * Its sibling for free text alone is `TextQuestion` (./text-question).
 */

export type { FreeTextFieldProps } from "../shared/free-text-field";
export type QuestionRequest = RequestOf<typeof questionKind>;
export type QuestionResponse = ResponseOf<typeof questionKind>;

/** More options than this, or any description, and the options become a radio group. */
export const MAX_BUTTON_OPTIONS = 3;

export interface QuestionProps extends HitlWidgetProps<QuestionRequest, QuestionResponse> {
  /** The option chosen in the radio group (controlled); unused when options are buttons. */
  value?: string;
  /** @default "" */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The free text (controlled). */
  text?: string;
  /** @default "" */
  defaultText?: string;
  onTextChange?: (text: string) => void;
}

/** How a question shows its options. */
export function questionLayout(options: readonly QuestionOption[]): "buttons" | "radio" | "none" {
  if (options.length === 0) return "none";
  return options.length > MAX_BUTTON_OPTIONS || options.some((option) => option.description) ? "radio" : "buttons";
}

/** eve allows empty labels; the id is better than an empty button. */
function optionLabel(option: QuestionOption): string {
  return option.label.trim() === "" ? option.id : option.label;
}

interface QuestionContextValue {
  readonly payload: QuestionRequest;
  readonly labels: QuestionLabels;
  readonly layout: "buttons" | "radio" | "none";
  /** Free text is offered when allowed, or when there is nothing else to answer with. */
  readonly freeform: boolean;
  readonly choice: string;
  readonly setChoice: (id: string) => void;
  readonly freeText: FreeTextState;
  readonly sendOption: (optionId: string) => void;
  readonly submitChoice: () => void;
  readonly optionIssues: readonly string[];
}

const [QuestionProvider, useQuestion] = createWidgetContext<QuestionContextValue>("Question");

export interface QuestionRootProps
  extends Omit<QuestionProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: QuestionRootProps) {
  const [
    shell,
    { payload, onSubmit, value, defaultValue, onValueChange, text, defaultText, onTextChange, className, ...fieldset },
  ] = splitShellProps(props);
  const labels = useLabels("question", questionLabels);
  const [choice, setChoiceState] = useControllableState({ value, defaultValue: defaultValue ?? "", onValueChange });
  const [optionIssues, setOptionIssues] = useState<readonly string[]>([]);
  const reply = useAnswer({ kind: questionKind, payload, status: shell.status, onSubmit, onDecline: shell.onDecline });
  // An answer taken or refused replaces what either part showed before.
  const freeText = useFreeText({
    value: text,
    defaultValue: defaultText,
    onValueChange: onTextChange,
    reply,
    labels,
    onAnswered: () => setOptionIssues([]),
  });

  const sendOption = (optionId: string) => {
    const outcome = reply.submit({ optionId });
    if (outcome.type === "ignored") return;
    if (outcome.type !== "invalid") freeText.clearError();
    setOptionIssues(outcome.type === "sent" ? [] : issueMessages(outcome.issues));
  };

  const context: QuestionContextValue = {
    payload,
    labels,
    layout: questionLayout(payload.options),
    freeform: payload.allowFreeform || payload.options.length === 0,
    choice,
    setChoice: (id) => {
      setOptionIssues([]);
      setChoiceState(id);
    },
    freeText,
    sendOption,
    submitChoice: () => {
      if (choice === "") {
        if (!reply.sent()) setOptionIssues([labels.chooseOption]);
        return;
      }
      sendOption(choice);
    },
    optionIssues,
  };
  return (
    <QuestionProvider value={context}>
      <ShellRoot
        kind="question"
        {...shell}
        {...fieldset}
        onDecline={reply.decline}
        className={cx("hitl-question", className)}
      />
    </QuestionProvider>
  );
}

/** Up to three options without descriptions: one click answers. */
function OptionButtons({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { payload, sendOption, optionIssues } = useQuestion();
  const { status, interactive } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <div data-slot="option-buttons" className={cx("hitl-question-buttons", className)} {...props}>
      <div className="hitl-question-buttons-row">
        {payload.options.map((option) => (
          <button
            key={option.id}
            type="button"
            data-slot="option"
            data-style={option.style}
            className={cx(
              "hitl-button",
              option.style === "primary" && "hitl-button-primary",
              option.style === "danger" && "hitl-button-danger",
            )}
            onClick={() => {
              if (interactive) sendOption(option.id);
            }}
          >
            {optionLabel(option)}
          </button>
        ))}
      </div>
      <ShellIssues messages={optionIssues} />
    </div>
  );
}

/** Many options, or options with descriptions: a radio group (arrow keys) and Submit. */
function OptionRadios({ className, ...props }: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const { payload, labels, choice, setChoice, submitChoice, optionIssues } = useQuestion();
  const { status, ids } = useShell();
  const base = useId();
  if (isSettledStatus(status)) return null;
  return (
    <ShellForm
      onSubmit={submitChoice}
      data-slot="option-form"
      className={cx("hitl-question-radios", className)}
      {...props}
    >
      <RadioGroup.Root
        data-slot="options"
        className="hitl-question-options"
        aria-labelledby={ids.prompt}
        values={payload.options.map((option) => option.id)}
        value={choice === "" ? null : choice}
        onValueChange={setChoice}
      >
        {payload.options.map((option, index) => {
          const itemId = `${base}-${index}`;
          return (
            <div key={option.id} data-slot="option" data-style={option.style} className="hitl-question-option">
              <RadioGroup.Item
                id={itemId}
                value={option.id}
                className="hitl-radio"
                aria-labelledby={`${itemId}-label`}
                aria-describedby={option.description ? `${itemId}-description` : undefined}
              >
                <RadioGroup.Indicator value={option.id} className="hitl-radio-indicator" />
              </RadioGroup.Item>
              <label id={`${itemId}-label`} htmlFor={itemId} className="hitl-question-option-label">
                {optionLabel(option)}
              </label>
              {option.description && (
                <p id={`${itemId}-description`} className="hitl-help hitl-question-option-description">
                  {option.description}
                </p>
              )}
            </div>
          );
        })}
      </RadioGroup.Root>
      <ShellIssues messages={optionIssues} />
      <div className="hitl-actions">
        <button type="submit" data-slot="submit" className="hitl-button hitl-button-primary">
          {labels.submit}
        </button>
      </div>
    </ShellForm>
  );
}

/** The options in the layout their number and descriptions call for. */
function Options() {
  const { layout } = useQuestion();
  if (layout === "buttons") return <OptionButtons />;
  if (layout === "radio") return <OptionRadios />;
  return null;
}

/** The free-text field with Send, when the question allows it (or has no options). */
function FreeText({ className }: { className?: string }) {
  const { payload, labels, freeform, freeText } = useQuestion();
  if (!freeform) return null;
  return (
    <QuestionTextField
      freeText={freeText}
      labels={labels}
      label={payload.options.length > 0 ? labels.freeformLabel : labels.textLabel}
      multiline
      className={className}
    />
  );
}

function QuestionSummary({
  answer,
  className,
}: {
  answer: QuestionResponse | undefined;
  className?: string;
}): ReactNode {
  const { payload, labels } = useQuestion();
  if (!answer) return null;
  const option = payload.options.find((candidate) => candidate.id === answer.optionId);
  return (
    <div data-slot="summary" className={cx("hitl-question-summary", className)}>
      {answer.optionId !== undefined && (
        <p>
          <span className="hitl-help">{labels.receiptChose} </span>
          <strong>{option ? optionLabel(option) : answer.optionId}</strong>
        </p>
      )}
      {answer.text !== undefined && <TextSummary label={labels.receiptWrote} text={answer.text} />}
    </div>
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
      <ShellReceipt summary={<QuestionSummary answer={answer} />} />
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
Question.Summary = QuestionSummary;
