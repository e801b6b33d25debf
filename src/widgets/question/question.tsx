"use client";
import { RadioGroup } from "radix-ui";
import { type ComponentPropsWithoutRef, createContext, type ReactNode, useContext, useId, useState } from "react";
import type { HitlIssue } from "../../core/issues";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { type QuestionOption, questionKind, textKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isSettledStatus } from "../../react/widget-props";
import { FreeTextField } from "../shared/free-text-field";
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

/**
 * eve's own questions. `Question` (kind `question`): options as one-click buttons (up to three, no
 * descriptions) or a radio group with Submit, plus free text when allowed; answers `{ optionId }` or
 * `{ text }`. `TextQuestion` (kind `text`): a text field with Send; answers `{ text }`.
 */

export type { FreeTextFieldProps } from "../shared/free-text-field";
export type QuestionRequest = RequestOf<typeof questionKind>;
export type QuestionResponse = ResponseOf<typeof questionKind>;
export type TextRequest = RequestOf<typeof textKind>;
export type TextResponse = ResponseOf<typeof textKind>;

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

export interface TextQuestionProps extends HitlWidgetProps<TextRequest, TextResponse> {
  /** The text (controlled). */
  value?: string;
  /** @default "" */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
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

function messages(issues: readonly HitlIssue[], field?: string): string[] {
  return [
    ...new Set(issues.filter((issue) => field === undefined || issue.path[0] === field).map((issue) => issue.message)),
  ];
}

// ─── question ────────────────────────────────────────────────────────────────────────────────────

interface QuestionContextValue {
  readonly payload: QuestionRequest;
  readonly labels: QuestionLabels;
  readonly layout: "buttons" | "radio" | "none";
  /** Free text is offered when allowed, or when there is nothing else to answer with. */
  readonly freeform: boolean;
  readonly choice: string;
  readonly setChoice: (id: string) => void;
  readonly text: string;
  readonly setText: (text: string) => void;
  readonly sendOption: (optionId: string) => void;
  readonly submitChoice: () => void;
  readonly sendText: () => void;
  readonly optionIssues: readonly string[];
  readonly textError: string | undefined;
}

const QuestionContext = createContext<QuestionContextValue | null>(null);
function useQuestion(): QuestionContextValue {
  const value = useContext(QuestionContext);
  if (!value) throw new Error("hitl-kit: Question parts must be rendered inside <Question.Root>");
  return value;
}

export interface QuestionRootProps
  extends Omit<QuestionProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root({
  payload,
  status,
  error,
  declineReason,
  onSubmit,
  onDecline,
  onRetry,
  value,
  defaultValue,
  onValueChange,
  text: textProp,
  defaultText,
  onTextChange,
  className,
  children,
  ...rest
}: QuestionRootProps) {
  const labels = useLabels("question", questionLabels);
  const [choice, setChoiceState] = useControllableState({ value, defaultValue: defaultValue ?? "", onValueChange });
  const [text, setTextState] = useControllableState({
    value: textProp,
    defaultValue: defaultText ?? "",
    onValueChange: onTextChange,
  });
  const [optionIssues, setOptionIssues] = useState<readonly string[]>([]);
  const [textError, setTextError] = useState<string | undefined>();
  const reply = useAnswer({ kind: questionKind, payload, status, onSubmit, onDecline });
  const layout = questionLayout(payload.options);

  /** Issues show on the part that sent: the options, or the free text. */
  const send = (answer: QuestionResponse, field: "optionId" | "text") => {
    const outcome = reply.submit(answer);
    if (outcome.type === "ignored") return;
    if (outcome.type !== "invalid") {
      setOptionIssues([]);
      setTextError(undefined);
    }
    if (outcome.type === "sent") return;
    if (field === "text") setTextError(messages(outcome.issues).join(" "));
    else setOptionIssues(messages(outcome.issues));
  };

  const context: QuestionContextValue = {
    payload,
    labels,
    layout,
    freeform: payload.allowFreeform || payload.options.length === 0,
    choice,
    setChoice: (id) => {
      setOptionIssues([]);
      setChoiceState(id);
    },
    text,
    setText: (next) => {
      setTextError(undefined);
      setTextState(next);
    },
    sendOption: (optionId) => send({ optionId }, "optionId"),
    submitChoice: () => {
      if (choice === "") {
        if (!reply.sent()) setOptionIssues([labels.chooseOption]);
        return;
      }
      send({ optionId: choice }, "optionId");
    },
    sendText: () => {
      if (text.trim() === "") {
        if (!reply.sent()) setTextError(labels.emptyText);
        return;
      }
      send({ text: text.trim() }, "text");
    },
    optionIssues,
    textError,
  };
  return (
    <QuestionContext.Provider value={context}>
      <ShellRoot
        kind="question"
        status={status}
        error={error}
        declineReason={declineReason}
        onDecline={reply.decline}
        onRetry={onRetry}
        className={cx("hitl-question", className)}
        {...rest}
      >
        {children}
      </ShellRoot>
    </QuestionContext.Provider>
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
                <RadioGroup.Indicator className="hitl-radio-indicator" />
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
  const { payload, labels, freeform, text, setText, sendText, textError } = useQuestion();
  const { status } = useShell();
  if (isSettledStatus(status) || !freeform) return null;
  return (
    <FreeTextField
      label={payload.options.length > 0 ? labels.freeformLabel : labels.textLabel}
      sendLabel={labels.send}
      hint={labels.sendHint}
      multiline
      value={text}
      onValueChange={setText}
      error={textError}
      onSend={sendText}
      className={cx("hitl-question-text", className)}
      rowClassName="hitl-question-text-row"
      hintClassName="hitl-question-hint"
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

function TextSummary({ label, text }: { label: string; text: string }) {
  return (
    <div className="hitl-question-summary-text">
      <span className="hitl-help">{label}</span>
      <blockquote className="hitl-question-quote">{text}</blockquote>
    </div>
  );
}

function Decline({ className }: { className?: string }) {
  return <ShellDecline {...(className ? { className } : {})} />;
}

/** A styled eve question: prompt, options, free text, Decline, status, receipt. */
export function Question({ prompt, answer, ...props }: QuestionProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Options />
      <FreeText />
      <ShellActions>
        <Decline />
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
Question.Decline = Decline;
Question.Status = ShellStatus;
Question.Receipt = ShellReceipt;
Question.Summary = QuestionSummary;

// ─── text ────────────────────────────────────────────────────────────────────────────────────────

interface TextQuestionContextValue {
  readonly payload: TextRequest;
  readonly labels: QuestionLabels;
  readonly text: string;
  readonly setText: (text: string) => void;
  readonly send: () => void;
  readonly error: string | undefined;
}

const TextQuestionContext = createContext<TextQuestionContextValue | null>(null);
function useTextQuestion(): TextQuestionContextValue {
  const value = useContext(TextQuestionContext);
  if (!value) throw new Error("hitl-kit: TextQuestion parts must be rendered inside <TextQuestion.Root>");
  return value;
}

export interface TextQuestionRootProps
  extends Omit<TextQuestionProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function TextRoot({
  payload,
  status,
  error,
  declineReason,
  onSubmit,
  onDecline,
  onRetry,
  value,
  defaultValue,
  onValueChange,
  className,
  children,
  ...rest
}: TextQuestionRootProps) {
  const labels = useLabels("question", questionLabels);
  const [text, setTextState] = useControllableState({ value, defaultValue: defaultValue ?? "", onValueChange });
  const [fieldError, setFieldError] = useState<string | undefined>();
  const reply = useAnswer({ kind: textKind, payload, status, onSubmit, onDecline });

  const send = () => {
    if (reply.sent()) return;
    if (text.trim() === "") {
      setFieldError(labels.emptyText);
      return;
    }
    const outcome = reply.submit({ text: text.trim() });
    if (outcome.type === "sent") setFieldError(undefined);
    else if (outcome.type !== "ignored") setFieldError(messages(outcome.issues).join(" "));
  };

  const context: TextQuestionContextValue = {
    payload,
    labels,
    text,
    setText: (next) => {
      setFieldError(undefined);
      setTextState(next);
    },
    send,
    error: fieldError,
  };
  return (
    <TextQuestionContext.Provider value={context}>
      <ShellRoot
        kind="text"
        status={status}
        error={error}
        declineReason={declineReason}
        onDecline={reply.decline}
        onRetry={onRetry}
        className={cx("hitl-question hitl-text-question", className)}
        {...rest}
      >
        {children}
      </ShellRoot>
    </TextQuestionContext.Provider>
  );
}

/** The text field with Send: a textarea when `multiline`, else a single-line input. */
function TextInput({ className }: { className?: string }) {
  const { payload, labels, text, setText, send, error } = useTextQuestion();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <FreeTextField
      label={labels.textLabel}
      sendLabel={labels.send}
      hint={labels.sendHint}
      multiline={payload.multiline === true}
      placeholder={payload.placeholder}
      value={text}
      onValueChange={setText}
      error={error}
      onSend={send}
      className={cx("hitl-question-text", className)}
      rowClassName="hitl-question-text-row"
      hintClassName="hitl-question-hint"
    />
  );
}

function TextQuestionSummary({ answer }: { answer: TextResponse | undefined }): ReactNode {
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
    <TextRoot {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <TextInput />
      <ShellActions>
        <Decline />
      </ShellActions>
      <ShellStatus />
      <ShellReceipt summary={<TextQuestionSummary answer={answer} />} />
    </TextRoot>
  );
}

TextQuestion.Root = TextRoot;
TextQuestion.Prompt = ShellPrompt;
TextQuestion.Input = TextInput;
TextQuestion.Actions = ShellActions;
TextQuestion.Decline = Decline;
TextQuestion.Status = ShellStatus;
TextQuestion.Receipt = ShellReceipt;
TextQuestion.Summary = TextQuestionSummary;
