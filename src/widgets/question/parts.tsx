"use client";
import type { ReactNode } from "react";
import { isSettledStatus } from "../../react/widget-props";
import { FreeTextField } from "../shared/free-text-field";
import { contentOf, type PartProps, part } from "../shared/part";
import { RadioGroup } from "../shared/roving-group";
import { cx, ShellForm, ShellIssues, useShell } from "../shared/widget-shell";
import type { QuestionApi } from "./connect";
import { optionLabel } from "./machine";
import { type QuestionResponse, useQuestionContext } from "./use-question";

/**
 * The question's parts: each reads the connect API from its Root and spreads one prop getter onto
 * one element. The options and the free text are gone once the receipt shows.
 */

/** Up to three options without descriptions: one click answers. */
export function OptionButtons(props: PartProps<"div">) {
  const api = useQuestionContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part("div", { ...api.getOptionButtonsProps(), className: "hitl-question-buttons" }, props, [
    <div key="row" className="hitl-question-buttons-row">
      {api.options.map((option) => (
        <button
          key={option.id}
          {...api.getOptionButtonProps(option)}
          className={cx(
            "hitl-button",
            option.style === "primary" && "hitl-button-primary",
            option.style === "danger" && "hitl-button-danger",
          )}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>,
    <ShellIssues key="issues" messages={api.optionIssues} />,
  ]);
}

/** Many options, or options with descriptions: a radio group (arrow keys) and Submit. */
export function OptionRadios({ className, asChild, children, ...props }: Omit<PartProps<"form">, "onSubmit">) {
  const api = useQuestionContext();
  const { status, ids } = useShell();
  if (isSettledStatus(status)) return null;
  const content = (
    <>
      <RadioGroup.Root {...api.getOptionsProps(ids.prompt)} className="hitl-question-options">
        {api.options.map((option, index) => {
          const label = api.getOptionLabelProps(index);
          return (
            <div key={option.id} {...api.getOptionProps(option)} className="hitl-question-option">
              <RadioGroup.Item {...api.getRadioProps(option, index)} className="hitl-radio">
                <RadioGroup.Indicator value={option.id} className="hitl-radio-indicator" />
              </RadioGroup.Item>
              <label {...label} htmlFor={label.htmlFor} className="hitl-question-option-label">
                {optionLabel(option)}
              </label>
              {option.description && (
                <p {...api.getOptionDescriptionProps(index)} className="hitl-help hitl-question-option-description">
                  {option.description}
                </p>
              )}
            </div>
          );
        })}
      </RadioGroup.Root>
      <ShellIssues messages={api.optionIssues} />
      <div className="hitl-actions">
        <button {...api.getSubmitProps()} className="hitl-button hitl-button-primary">
          {api.labels.submit}
        </button>
      </div>
    </>
  );
  return (
    <ShellForm
      {...api.getOptionFormProps()}
      className={cx("hitl-question-radios", className)}
      asChild={asChild}
      {...props}
    >
      {contentOf({ asChild, children }, content)}
    </ShellForm>
  );
}

/** The options in the layout their number and descriptions call for. */
export function Options() {
  const { layout } = useQuestionContext();
  if (layout === "buttons") return <OptionButtons />;
  if (layout === "radio") return <OptionRadios />;
  return null;
}

/** The free-text field with Send (the kit's `FreeTextField`), styled as a question's. */
export function TextField({
  api,
  multiline,
  placeholder,
  className,
  children,
}: FreeTextProps & { api: QuestionApi; multiline: boolean; placeholder?: string | undefined }) {
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <FreeTextField
      {...api.getFreeTextProps(multiline, placeholder)}
      className={cx("hitl-question-text", className)}
      rowClassName="hitl-question-text-row"
      hintClassName="hitl-question-hint"
    >
      {children}
    </FreeTextField>
  );
}

/** The free text's props: its class, and your layout of its leaf parts (`FreeTextInput`, `FreeTextSend`, …). */
export interface FreeTextProps {
  className?: string | undefined;
  children?: ReactNode;
}

/** The free-text field with Send, when the question allows it (or has no options). */
export function FreeText(props: FreeTextProps) {
  const api = useQuestionContext();
  return api.offersText ? <TextField api={api} multiline {...props} /> : null;
}

/** The text a person wrote, quoted, for the receipt. */
export function TextSummary({ label, text }: { label: string; text: string }) {
  return (
    <div className="hitl-question-summary-text">
      <span className="hitl-help">{label}</span>
      <blockquote className="hitl-question-quote">{text}</blockquote>
    </div>
  );
}

/** The receipt's summary: the option chosen, or the text written. */
export function Summary({ answer, ...props }: PartProps<"div"> & { answer: QuestionResponse | undefined }) {
  const { options, labels } = useQuestionContext();
  if (!answer) return null;
  const option = options.find((candidate) => candidate.id === answer.optionId);
  return part("div", { "data-slot": "summary", className: "hitl-question-summary" }, props, [
    answer.optionId !== undefined && (
      <p key="option">
        <span className="hitl-help">{labels.receiptChose} </span>
        <strong>{option ? optionLabel(option) : answer.optionId}</strong>
      </p>
    ),
    answer.text !== undefined && <TextSummary key="text" label={labels.receiptWrote} text={answer.text} />,
  ]);
}
