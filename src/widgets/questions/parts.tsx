"use client";
import { createContext, type ReactNode, useContext, useRef } from "react";
import type { QuestionSetItem } from "../../kinds/questions";
import { isSettledStatus } from "../../react/widget-props";
import { createPartScope, scopedPart } from "../shared/create-widget-context";
import { contentOf, type PartProps, part } from "../shared/part";
import { RadioGroup } from "../shared/roving-group";
import { pickerParts } from "../shared/shell-submit";
import { cx, useShell } from "../shared/widget-shell";
import type { QuestionsSlot } from "./anatomy";
import { draftOf, type QuestionItem, tabStopOf } from "./machine";
import { QuestionsProvider, type QuestionsResponse, useQuestionsContext } from "./use-questions";

/**
 * The question set's parts: each reads the connect API from its Root and spreads one prop getter
 * onto one element. `asChild` (where a part takes `PartProps`) renders your element instead
 * (Radix's Slot), with the part's props merged in. Everything that answers is gone once the
 * receipt shows.
 */

export type { PartProps };

/** The question a per-question part renders: from `QuestionList` (or a `Question` given its `question`). */
const [QuestionProvider, useQuestion] = createPartScope<QuestionSetItem>(
  "a question set's Question (or be given its question)",
);
/** The option a per-option part renders, from `QuestionOptions`. */
const [ItemProvider, useItem] = createPartScope<QuestionItem>("a question's options (it renders once per option)");
/** The checkboxes' elements by index, so the group's arrow keys can focus them. */
const CheckboxElements = createContext<Map<number, HTMLInputElement> | undefined>(undefined);

/**
 * Every question, one fieldset each, on one card. Its children, when given, are one question's
 * parts, rendered once per question (`Question`; keep them in a constant, so typing in one
 * question renders only that one again).
 */
export function QuestionList({ asChild, children, ...props }: PartProps<"div">) {
  const api = useQuestionsContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  const template = asChild ? DEFAULT_QUESTION : (children ?? DEFAULT_QUESTION);
  return part(
    "div",
    { ...api.getQuestionsProps(), className: "hitl-questions-list" },
    { ...props, asChild, children: asChild ? children : undefined },
    api.questions.map((question) => (
      <QuestionProvider key={question.id} value={question}>
        {template}
      </QuestionProvider>
    )),
  );
}

export interface QuestionProps extends PartProps<"fieldset"> {
  /** The question; inside `QuestionList`, the one it renders. */
  question?: QuestionSetItem | undefined;
}

/**
 * One question (`data-state` `answered` / `unanswered`, `data-invalid` once Submit was tried): a
 * fieldset whose legend is its header chip and prompt, then its answers — or its children:
 * `QuestionLegend`, `QuestionBounds`, `QuestionOptions`, `OtherInput`, `QuestionNotice`,
 * `QuestionIssue`, `QuestionClear`. It renders again only when what it shows changes — its draft,
 * its tab stop, whether the person tried to submit, whether its notice shows, the labels (see
 * `connect`), your props — not when another question does.
 */
export function Question({ question: given, ...props }: QuestionProps) {
  return <ScopedQuestion {...props} question={useQuestion("Question", given)} />;
}

const ScopedQuestion = scopedPart(
  [QuestionsProvider, useQuestionsContext],
  QuestionFieldset,
  (api, { question }: QuestionProps & { question: QuestionSetItem }) => [
    api.labels,
    draftOf(api.state, question.id),
    tabStopOf(api.state, question),
    api.state.attempted,
    api.state.notice === question.id,
  ],
);

/** One element for every render of the list (a new one would render every question again). */
const DEFAULT_QUESTION = <Question />;

function QuestionFieldset({ question, ...props }: PartProps<"fieldset"> & { question: QuestionSetItem }) {
  const api = useQuestionsContext();
  const own = { ...api.getQuestionProps(question), className: "hitl-questions-question" };
  return (
    <QuestionProvider value={question}>
      {part(
        "fieldset",
        own,
        props,
        <>
          <QuestionLegend />
          <QuestionBounds />
          <QuestionOptions />
          <OtherInput />
          <QuestionNotice />
          <QuestionIssue />
          <QuestionClear />
        </>,
      )}
    </QuestionProvider>
  );
}

/** The question's legend (it names the fieldset as one phrase): `QuestionHeader`, `QuestionPrompt`, `QuestionOptional`. */
export function QuestionLegend(props: PartProps<"legend">) {
  const api = useQuestionsContext();
  useQuestion("QuestionLegend");
  return part(
    "legend",
    { ...api.getLegendProps(), className: "hitl-questions-legend" },
    props,
    <>
      <QuestionHeader />
      <QuestionPrompt />
      <QuestionOptional />
    </>,
  );
}

/** The question's header, as a chip (when it has one). */
export function QuestionHeader(props: PartProps<"span">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionHeader");
  if (!question.header) return null;
  const own = { ...api.getHeaderProps(), className: "hitl-questions-chip hitl-questions-header" };
  // The space keeps the legend one phrase: "Database Which one?".
  return <>{part("span", own, props, question.header)} </>;
}

/** The question itself. */
export function QuestionPrompt(props: PartProps<"span">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionPrompt");
  return part("span", { ...api.getPromptProps(question), className: "hitl-questions-prompt" }, props, question.prompt);
}

/** "Optional", as a chip, on a question that may be skipped. */
export function QuestionOptional(props: PartProps<"span">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionOptional");
  if (!question.optional) return null;
  const own = { ...api.getOptionalProps(), className: "hitl-questions-chip hitl-questions-optional" };
  return <> {part("span", own, props, api.labels.optional)}</>;
}

/** How many answers a multiple-choice question takes ("Pick 1 to 2"), when it says. */
export function QuestionBounds(props: PartProps<"p">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionBounds");
  const { bounds } = api.questionOf(question);
  if (!bounds) return null;
  return part("p", { ...api.getBoundsProps(question), className: "hitl-help hitl-questions-bounds" }, props, bounds);
}

export interface QuestionOptionsProps extends PartProps<"div"> {
  question?: QuestionSetItem | undefined;
}

/**
 * The question's answers: its radio group (single choice) or its checkboxes (multiple choice);
 * nothing for a question answered in words only. Its children, when given, are one option's
 * parts, rendered once per option (`QuestionOption`).
 */
export function QuestionOptions(props: QuestionOptionsProps) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionOptions", props.question);
  if (api.questionOf(question).textOnly) return null;
  return question.multiple ? <CheckboxOptions {...props} /> : <RadioOptions {...props} />;
}

/** Your children (one option's parts) once per option, each inside its option's scope. */
function eachItem(items: readonly QuestionItem[], children: ReactNode) {
  return items.map((item) => (
    <ItemProvider key={item.index} value={item}>
      {children ?? DEFAULT_OPTION}
    </ItemProvider>
  ));
}

/** A single-choice question: a radio group (one tab stop; an arrow moves and checks). */
export function RadioOptions({ question: given, className, asChild, children, ...props }: QuestionOptionsProps) {
  const api = useQuestionsContext();
  const question = useQuestion("RadioOptions", given);
  const items = eachItem(api.questionOf(question).items, asChild ? undefined : children);
  return (
    <QuestionProvider value={question}>
      <RadioGroup.Root
        {...api.getRadioGroupProps(question)}
        {...props}
        asChild={asChild}
        className={cx("hitl-questions-options", className)}
      >
        {asChild ? contentOf({ asChild, children }, items) : items}
      </RadioGroup.Root>
    </QuestionProvider>
  );
}

/** A multiple-choice question: checkboxes in a group (one tab stop; the arrows move, Space checks). */
export function CheckboxOptions({ question: given, asChild, children, ...props }: QuestionOptionsProps) {
  const api = useQuestionsContext();
  const question = useQuestion("CheckboxOptions", given);
  const elements = useRef(new Map<number, HTMLInputElement>()).current;
  const group = api.getCheckboxGroupProps(question, { focusIndex: (index) => elements.get(index)?.focus() });
  return (
    <QuestionProvider value={question}>
      <CheckboxElements.Provider value={elements}>
        {part(
          "div",
          { ...group, className: "hitl-questions-options" },
          { ...props, asChild, children: asChild ? children : undefined },
          eachItem(api.questionOf(question).items, asChild ? undefined : children),
        )}
      </CheckboxElements.Provider>
    </QuestionProvider>
  );
}

/**
 * An option's row (or "Other"'s; `data-state` `checked` / `unchecked`, `data-recommended`): by
 * default `OptionControl`, `OptionText` and `OptionDescription`.
 */
export function QuestionOption(props: PartProps<"div">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionOption");
  const item = useItem("QuestionOption");
  return part(
    "div",
    { ...api.getOptionProps(question, item), className: "hitl-questions-option" },
    props,
    <>
      <OptionControl />
      <OptionText />
      <OptionDescription />
    </>,
  );
}

/** One element for every render (the option's parts, per option). */
const DEFAULT_OPTION = <QuestionOption />;

/** The option's radio (with its dot: `indicatorClassName`) or checkbox. */
export function OptionControl({
  className,
  indicatorClassName,
}: {
  className?: string | undefined;
  indicatorClassName?: string | undefined;
}) {
  const api = useQuestionsContext();
  const question = useQuestion("OptionControl");
  const item = useItem("OptionControl");
  const elements = useContext(CheckboxElements);
  if (question.multiple) {
    return (
      <input
        {...api.getCheckboxProps(question, item)}
        ref={(element) => {
          if (element) elements?.set(item.index, element);
          else elements?.delete(item.index);
        }}
        className={cx("hitl-checkbox", className)}
      />
    );
  }
  return (
    <RadioGroup.Item {...api.getRadioProps(question, item)} className={cx("hitl-radio", className)}>
      <RadioGroup.Indicator value={String(item.index)} className={cx("hitl-radio-indicator", indicatorClassName)} />
    </RadioGroup.Item>
  );
}

/** The option's label and "Recommended" chip, side by side: `OptionLabel`, `OptionRecommended`. */
export function OptionText(props: PartProps<"span">) {
  useItem("OptionText");
  const own = { "data-slot": "option-text" satisfies QuestionsSlot, className: "hitl-questions-option-text" };
  return part(
    "span",
    own,
    props,
    <>
      <OptionLabel />
      <OptionRecommended />
    </>,
  );
}

/** The option's label (or "Other"), naming its control. */
export function OptionLabel(props: PartProps<"label">) {
  const api = useQuestionsContext();
  const question = useQuestion("OptionLabel");
  const item = useItem("OptionLabel");
  const label = api.getOptionLabelProps(question, item);
  const text = item.type === "option" ? item.option.label : api.labels.other;
  return part("label", { ...label, htmlFor: label.htmlFor, className: "hitl-questions-option-label" }, props, text);
}

/** "Recommended", as a chip, on the option the agent recommends. */
export function OptionRecommended(props: PartProps<"span">) {
  const api = useQuestionsContext();
  const question = useQuestion("OptionRecommended");
  const item = useItem("OptionRecommended");
  if (item.type !== "option" || !item.option.recommended) return null;
  const own = {
    ...api.getRecommendedProps(question, item),
    className: "hitl-questions-chip hitl-questions-recommended",
  };
  return <> {part("span", own, props, api.labels.recommended)}</>;
}

/** The option's description, when it has one (it describes its control). */
export function OptionDescription(props: PartProps<"p">) {
  const api = useQuestionsContext();
  const question = useQuestion("OptionDescription");
  const item = useItem("OptionDescription");
  if (item.type !== "option" || !item.option.description) return null;
  const own = {
    ...api.getOptionDescriptionProps(question, item),
    className: "hitl-help hitl-questions-option-description",
  };
  return part("p", own, props, item.option.description);
}

/** "Other"'s text field (while "Other" is chosen), or the one field of a question without options (several lines). */
export function OtherInput({
  question: given,
  ...props
}: PartProps<"input"> & { question?: QuestionSetItem | undefined }) {
  const api = useQuestionsContext();
  const question = useQuestion("OtherInput", given);
  const shown = api.questionOf(question);
  if (!shown.showsText) return null;
  const { type, ...own } = api.getOtherInputProps(question);
  if (shown.textOnly) {
    return part("textarea", { ...own, rows: 3, className: "hitl-textarea hitl-questions-text" }, props);
  }
  return part("input", { ...own, type, className: "hitl-input hitl-questions-other" }, props);
}

/** A multiple-choice question's polite refusal past its `max` (always in the page: a live region). */
export function QuestionNotice(props: PartProps<"p">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionNotice");
  const shown = api.questionOf(question);
  if (!question.multiple || shown.textOnly) return null;
  return part("p", { ...api.getNoticeProps(), className: "hitl-questions-notice" }, props, shown.notice);
}

/** What the question still needs, once the person has tried to submit. */
export function QuestionIssue(props: PartProps<"p">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionIssue");
  const { issue } = api.questionOf(question);
  if (!issue) return null;
  const own = { ...api.getQuestionIssueProps(question), className: "hitl-field-error hitl-questions-issue" };
  return part("p", own, props, issue);
}

/** Clears an optional question's answer (while it has one). */
export function QuestionClear(props: PartProps<"button">) {
  const api = useQuestionsContext();
  const question = useQuestion("QuestionClear");
  if (!api.questionOf(question).clearable) return null;
  return (
    <div className="hitl-questions-clear-row">
      {part(
        "button",
        { ...api.getClearProps(question), className: "hitl-button hitl-questions-clear" },
        props,
        api.labels.clear,
      )}
    </div>
  );
}

/** "1 of 3 answered" (polite), and why Submit cannot send yet (its description): `ProgressText`, `ProgressPending`. */
export function Progress(props: PartProps<"div">) {
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part(
    "div",
    { className: "hitl-questions-progress" },
    props,
    <>
      <ProgressText />
      <ProgressPending />
    </>,
  );
}

/** "1 of 3 answered", announced politely. */
export function ProgressText(props: PartProps<"p">) {
  const api = useQuestionsContext();
  return part("p", { ...api.getProgressProps(), className: "hitl-questions-progress-text" }, props, api.texts.progress);
}

/** Why Submit cannot send yet (it describes Submit). */
export function ProgressPending(props: PartProps<"p">) {
  const api = useQuestionsContext();
  return part(
    "p",
    { ...api.getPendingProps(), className: "hitl-help hitl-questions-pending" },
    props,
    api.texts.pending,
  );
}

/** The receipt's summary: each question (by its header, else its prompt) with what was answered. */
export function Summary({ answer, ...props }: PartProps<"dl"> & { answer: QuestionsResponse | undefined }): ReactNode {
  const { questions, labels } = useQuestionsContext();
  if (!answer) return null;
  const own = { "data-slot": "summary" satisfies QuestionsSlot, className: "hitl-questions-summary" };
  return part(
    "dl",
    own,
    props,
    questions.map((question) => {
      const given = Object.hasOwn(answer.answers, question.id) ? answer.answers[question.id] : undefined;
      const byId = new Map(question.options.map((option) => [option.id, option.label]));
      const chosen = (given?.selected ?? []).map((id) => byId.get(id) ?? id);
      return (
        <div key={question.id} className="hitl-questions-summary-row">
          <dt>{question.header ?? question.prompt}</dt>
          <dd>
            {chosen.join(", ")}
            {given?.other !== undefined && (
              <>
                {chosen.length > 0 && " · "}
                {question.options.length > 0 && <span className="hitl-help">{labels.receiptOther} </span>}
                <q className="hitl-questions-quote">{given.other}</q>
              </>
            )}
            {!given && <span className="hitl-help">{labels.receiptSkipped}</span>}
          </dd>
        </div>
      );
    }),
  );
}

export const { Issues, Submit } = pickerParts(useQuestionsContext);
