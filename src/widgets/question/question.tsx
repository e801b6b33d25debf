"use client";
import { RadioGroup } from "radix-ui";
import {
  type ComponentPropsWithoutRef,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { HitlIssue } from "../../core/issues";
import { type RequestOf, type ResponseOf, validateAnswer } from "../../kinds/define-kind";
import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import { type QuestionOption, questionKind, textKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isSettledStatus, type SubmitResult, type WidgetStatus } from "../../react/widget-props";
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

/** One `onSubmit` per user action: later submits are ignored until `status` changes. */
function useSubmitGuard(status: WidgetStatus | undefined) {
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-arming on every status change is the point.
  useEffect(() => {
    sent.current = false;
  }, [status]);
  return sent;
}

function messages(issues: readonly HitlIssue[], field?: string): string[] {
  return [
    ...new Set(issues.filter((issue) => field === undefined || issue.path[0] === field).map((issue) => issue.message)),
  ];
}

// ─── the shared free-text field ──────────────────────────────────────────────────────────────────

export interface FreeTextFieldProps extends Omit<ComponentPropsWithoutRef<"form">, "onSubmit" | "onChange"> {
  label: ReactNode;
  sendLabel: ReactNode;
  /** Shown under a multi-line field (how to send from the keyboard). */
  hint?: ReactNode;
  multiline: boolean;
  placeholder?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  onSend: () => void;
}

/**
 * A labelled text field with Send. Enter sends from a single-line input (the form's implicit
 * submit); Ctrl/Cmd+Enter from a textarea, where Enter is a new line.
 */
function FreeTextField({
  label,
  sendLabel,
  hint,
  multiline,
  placeholder,
  value,
  onValueChange,
  error,
  onSend,
  className,
  ...props
}: FreeTextFieldProps) {
  const id = useId();
  const showHint = multiline && Boolean(hint);
  const describedBy = cx(showHint && `${id}-hint`, error && `${id}-error`) || undefined;
  const common = {
    id,
    "data-slot": "text-input",
    value,
    placeholder,
    maxLength: MAX_TEXT_LENGTH,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const sendOnModEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };
  return (
    <ShellForm onSubmit={onSend} data-slot="free-text" className={cx("hitl-question-text", className)} {...props}>
      <label htmlFor={id} className="hitl-label">
        {label}
      </label>
      <div className="hitl-question-text-row">
        {multiline ? (
          <textarea
            {...common}
            className="hitl-textarea"
            rows={3}
            onChange={(event) => onValueChange(event.target.value)}
            onKeyDown={sendOnModEnter}
          />
        ) : (
          <input
            {...common}
            type="text"
            className="hitl-input"
            onChange={(event) => onValueChange(event.target.value)}
          />
        )}
        <button type="submit" data-slot="send" className="hitl-button hitl-button-primary">
          {sendLabel}
        </button>
      </div>
      {showHint && (
        <p id={`${id}-hint`} className="hitl-help hitl-question-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} data-slot="field-error" className="hitl-field-error" role="alert">
          {error}
        </p>
      )}
    </ShellForm>
  );
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
  const sent = useSubmitGuard(status);
  // A decline is the one answer too: nothing more (another decline, a submit) until the status moves.
  const decline =
    onDecline &&
    ((reason?: string) => {
      if (sent.current) return;
      sent.current = true;
      onDecline(reason);
    });
  const layout = questionLayout(payload.options);

  const send = (answer: QuestionResponse, field: "optionId" | "text") => {
    if (sent.current) return;
    const checked = validateAnswer(questionKind, payload, answer);
    const show = (issues: readonly HitlIssue[]) => {
      if (field === "text") setTextError(messages(issues).join(" "));
      else setOptionIssues(messages(issues));
    };
    if (!checked.ok) {
      show(checked.issues);
      return;
    }
    setOptionIssues([]);
    setTextError(undefined);
    sent.current = true;
    const result: SubmitResult | undefined = onSubmit?.(checked.value);
    if (result && !result.ok) {
      sent.current = false;
      show(result.issues);
    }
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
        if (!sent.current) setOptionIssues([labels.chooseOption]);
        return;
      }
      send({ optionId: choice }, "optionId");
    },
    sendText: () => {
      if (text.trim() === "") {
        if (!sent.current) setTextError(labels.emptyText);
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
        onDecline={decline}
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
      {...(className ? { className } : {})}
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
  const sent = useSubmitGuard(status);
  // A decline is the one answer too: nothing more (another decline, a submit) until the status moves.
  const decline =
    onDecline &&
    ((reason?: string) => {
      if (sent.current) return;
      sent.current = true;
      onDecline(reason);
    });

  const send = () => {
    if (sent.current) return;
    if (text.trim() === "") {
      setFieldError(labels.emptyText);
      return;
    }
    const checked = validateAnswer(textKind, payload, { text: text.trim() });
    if (!checked.ok) {
      setFieldError(messages(checked.issues).join(" "));
      return;
    }
    setFieldError(undefined);
    sent.current = true;
    const result = onSubmit?.(checked.value);
    if (result && !result.ok) {
      sent.current = false;
      setFieldError(messages(result.issues).join(" "));
    }
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
        onDecline={decline}
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
      {...(className ? { className } : {})}
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
