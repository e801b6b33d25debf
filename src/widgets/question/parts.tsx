"use client";
import type { ReactNode } from "react";
import type { QuestionOption } from "../../kinds/native";
import { isSettledStatus } from "../../react/widget-props";
import { createPartScope } from "../shared/create-widget-context";
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

/** The option a per-option part renders: its place in `OptionButtons` or `OptionGroup`. */
interface OptionScope {
  readonly option: QuestionOption;
  readonly index: number;
}
const [OptionProvider, useOption] = createPartScope<OptionScope>(
  "a question's OptionButtons or OptionGroup (it renders once per option)",
);

/**
 * Your children once per option, each inside its option's scope; `fallback` where you give none,
 * or where `asChild` makes your child the list's own element.
 */
function eachOption(
  options: readonly QuestionOption[],
  { asChild, children }: { asChild?: boolean | undefined; children?: ReactNode },
  fallback: ReactNode,
) {
  const template = asChild ? fallback : (children ?? fallback);
  return options.map((option, index) => (
    <OptionProvider key={option.id} value={{ option, index }}>
      {template}
    </OptionProvider>
  ));
}

/**
 * Up to three options without descriptions: one click answers. Its children, when given, are
 * rendered once per option (`OptionButton`, with your class); `rowClassName` is the buttons' row's.
 */
export function OptionButtons({
  asChild,
  children,
  rowClassName,
  ...props
}: PartProps<"div"> & { rowClassName?: string | undefined }) {
  const api = useQuestionContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part(
    "div",
    { ...api.getOptionButtonsProps(), className: "hitl-question-buttons" },
    { ...props, asChild, children: asChild ? children : undefined },
    [
      <div key="row" className={cx("hitl-question-buttons-row", rowClassName)}>
        {eachOption(api.options, { asChild, children }, <OptionButton />)}
      </div>,
      <ShellIssues key="issues" messages={api.optionIssues} />,
    ],
  );
}

/** One option as a button (`data-style`: its style): a click answers with it. */
export function OptionButton(props: PartProps<"button">) {
  const api = useQuestionContext();
  const { option } = useOption("OptionButton");
  const style = option.style === "primary" ? "hitl-button-primary" : option.style === "danger" && "hitl-button-danger";
  return part(
    "button",
    { ...api.getOptionButtonProps(option), className: cx("hitl-button", style) },
    props,
    optionLabel(option),
  );
}

/**
 * Many options, or options with descriptions: a radio group (arrow keys) and Submit, as a form.
 * Its children, when given, lay it out from its parts: `OptionGroup` (with a row per option),
 * `OptionIssues`, `OptionSubmit`.
 */
export function OptionRadios({ className, asChild, children, ...props }: Omit<PartProps<"form">, "onSubmit">) {
  const api = useQuestionContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  const content = (
    <>
      <OptionGroup />
      <OptionIssues />
      <div className="hitl-actions">
        <OptionSubmit />
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

/**
 * The radio group (arrow keys move the choice), named by the prompt. Its children, when given,
 * are rendered once per option (`OptionRow`, with your class); without, an `OptionRow` each.
 */
export function OptionGroup({
  asChild,
  children,
  className,
  ...props
}: Omit<PartProps<"div">, "defaultValue" | "onChange">) {
  const api = useQuestionContext();
  const { ids } = useShell();
  const rows = eachOption(api.options, { asChild, children }, <OptionRow />);
  return (
    <RadioGroup.Root
      {...api.getOptionsProps(ids.prompt)}
      {...props}
      asChild={asChild}
      className={cx("hitl-question-options", className)}
    >
      {asChild ? contentOf({ asChild, children }, rows) : rows}
    </RadioGroup.Root>
  );
}

/**
 * An option's row in the radio group (`data-state` `checked` or `unchecked`, `data-style` its
 * style). Its children, when given, lay it out: `OptionRadio`, `OptionLabel`, `OptionDescription`.
 */
export function OptionRow(props: PartProps<"div">) {
  const api = useQuestionContext();
  const { option } = useOption("OptionRow");
  return part(
    "div",
    { ...api.getOptionProps(option), className: "hitl-question-option" },
    props,
    <>
      <OptionRadio />
      <OptionLabel />
      <OptionDescription />
    </>,
  );
}

/** The option's radio (the group's item: its tab stop, Space checks it); its children: `OptionIndicator`. */
export function OptionRadio({ asChild, children, className, ...props }: Omit<PartProps<"button">, "value">) {
  const api = useQuestionContext();
  const { option, index } = useOption("OptionRadio");
  return (
    <RadioGroup.Item
      {...api.getRadioProps(option, index)}
      {...props}
      asChild={asChild}
      className={cx("hitl-radio", className)}
    >
      {contentOf({ asChild, children }, <OptionIndicator />)}
    </RadioGroup.Item>
  );
}

/** The dot shown while the option is checked. */
export function OptionIndicator({ className, ...props }: PartProps<"span">) {
  const { option } = useOption("OptionIndicator");
  return <RadioGroup.Indicator {...props} value={option.id} className={cx("hitl-radio-indicator", className)} />;
}

/** The option's label (it names the radio). */
export function OptionLabel(props: PartProps<"label">) {
  const api = useQuestionContext();
  const { option, index } = useOption("OptionLabel");
  return part(
    "label",
    { ...api.getOptionLabelProps(index), className: "hitl-question-option-label" },
    props,
    optionLabel(option),
  );
}

/** The option's description, when it has one (it describes the radio). */
export function OptionDescription(props: PartProps<"p">) {
  const api = useQuestionContext();
  const { option, index } = useOption("OptionDescription");
  if (!option.description) return null;
  return part(
    "p",
    { ...api.getOptionDescriptionProps(index), className: "hitl-help hitl-question-option-description" },
    props,
    option.description,
  );
}

/** Why the chosen option was not sent (none chosen, or refused by the host). */
export function OptionIssues(props: PartProps<"div">) {
  const api = useQuestionContext();
  return <ShellIssues messages={api.optionIssues} {...props} />;
}

/** Submit: answers with the option chosen in the group. */
export function OptionSubmit(props: PartProps<"button">) {
  const api = useQuestionContext();
  return part(
    "button",
    { ...api.getSubmitProps(), className: "hitl-button hitl-button-primary" },
    props,
    api.labels.submit,
  );
}

/**
 * The options in the layout their number and descriptions call for: `buttons` (default
 * `<OptionButtons />`) or `radios` (default `<OptionRadios />`) — yours, to style or lay out each.
 */
export function Options({ buttons, radios }: { buttons?: ReactNode; radios?: ReactNode }): ReactNode {
  const { layout } = useQuestionContext();
  if (layout === "buttons") return buttons ?? <OptionButtons />;
  if (layout === "radio") return radios ?? <OptionRadios />;
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
