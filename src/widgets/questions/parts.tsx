"use client";
import { type ReactNode, useRef } from "react";
import type { QuestionSetItem } from "../../kinds/questions";
import { isSettledStatus } from "../../react/widget-props";
import { scopedPart } from "../shared/create-widget-context";
import { type PartProps, part } from "../shared/part";
import { RadioGroup } from "../shared/roving-group";
import { pickerParts } from "../shared/shell-submit";
import { useShell } from "../shared/widget-shell";
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

/** Every question, one fieldset each, on one card. */
export function QuestionList(props: PartProps<"div">) {
  const api = useQuestionsContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part(
    "div",
    { ...api.getQuestionsProps(), className: "hitl-questions-list" },
    props,
    api.questions.map((question) => <Question key={question.id} question={question} />),
  );
}

export interface QuestionProps extends PartProps<"fieldset"> {
  question: QuestionSetItem;
}

/**
 * One question: a fieldset whose legend is its header chip and prompt, then its answers. It renders
 * again only when what it shows changes — its draft, its tab stop, whether the person tried to
 * submit, whether its notice shows, the labels (see `connect`) — not when another question does.
 */
export const Question = scopedPart([QuestionsProvider, useQuestionsContext], QuestionFieldset, (api, { question }) => [
  api.labels,
  draftOf(api.state, question.id),
  tabStopOf(api.state, question),
  api.state.attempted,
  api.state.notice === question.id,
]);

function QuestionFieldset({ question, ...props }: QuestionProps) {
  const api = useQuestionsContext();
  const shown = api.questionOf(question);
  const own = { ...api.getQuestionProps(question), className: "hitl-questions-question" };
  return part(
    "fieldset",
    own,
    props,
    <>
      <legend {...api.getLegendProps()} className="hitl-questions-legend">
        {question.header && (
          <span {...api.getHeaderProps()} className="hitl-questions-chip hitl-questions-header">
            {question.header}
          </span>
        )}
        {/* Spaces between the chips and the prompt: the legend names the fieldset as one phrase. */}
        {question.header && " "}
        <span {...api.getPromptProps(question)} className="hitl-questions-prompt">
          {question.prompt}
        </span>
        {question.optional && " "}
        {question.optional && (
          <span {...api.getOptionalProps()} className="hitl-questions-chip hitl-questions-optional">
            {api.labels.optional}
          </span>
        )}
      </legend>
      {shown.bounds && (
        <p {...api.getBoundsProps(question)} className="hitl-help hitl-questions-bounds">
          {shown.bounds}
        </p>
      )}
      {shown.textOnly ? null : question.multiple ? (
        <CheckboxOptions question={question} />
      ) : (
        <RadioOptions question={question} />
      )}
      {shown.showsText && <OtherInput question={question} />}
      {question.multiple && !shown.textOnly && (
        <p {...api.getNoticeProps()} className="hitl-questions-notice">
          {shown.notice}
        </p>
      )}
      {shown.issue && (
        <p {...api.getQuestionIssueProps(question)} className="hitl-field-error hitl-questions-issue">
          {shown.issue}
        </p>
      )}
      {shown.clearable && (
        <div className="hitl-questions-clear-row">
          <button {...api.getClearProps(question)} className="hitl-button hitl-questions-clear">
            {api.labels.clear}
          </button>
        </div>
      )}
    </>,
  );
}

/** An option's (or "Other"'s) label, "Recommended" chip and description, beside its control. */
function ItemText({ question, item }: { question: QuestionSetItem; item: QuestionItem }) {
  const api = useQuestionsContext();
  const label = api.getOptionLabelProps(question, item);
  const option = item.type === "option" ? item.option : undefined;
  return (
    <>
      <span className="hitl-questions-option-text">
        <label {...label} htmlFor={label.htmlFor} className="hitl-questions-option-label">
          {option ? option.label : api.labels.other}
        </label>
        {option?.recommended && " "}
        {option?.recommended && (
          <span {...api.getRecommendedProps(question, item)} className="hitl-questions-chip hitl-questions-recommended">
            {api.labels.recommended}
          </span>
        )}
      </span>
      {option?.description && (
        <p {...api.getOptionDescriptionProps(question, item)} className="hitl-help hitl-questions-option-description">
          {option.description}
        </p>
      )}
    </>
  );
}

/** A single-choice question: a radio group (one tab stop; an arrow moves and checks). */
export function RadioOptions({ question }: { question: QuestionSetItem }) {
  const api = useQuestionsContext();
  const { items } = api.questionOf(question);
  return (
    <RadioGroup.Root {...api.getRadioGroupProps(question)} className="hitl-questions-options">
      {items.map((item) => (
        <div key={item.index} {...api.getOptionProps(question, item)} className="hitl-questions-option">
          <RadioGroup.Item {...api.getRadioProps(question, item)} className="hitl-radio">
            <RadioGroup.Indicator value={String(item.index)} className="hitl-radio-indicator" />
          </RadioGroup.Item>
          <ItemText question={question} item={item} />
        </div>
      ))}
    </RadioGroup.Root>
  );
}

/** A multiple-choice question: checkboxes in a group (one tab stop; the arrows move, Space checks). */
export function CheckboxOptions({ question, ...props }: PartProps<"div"> & { question: QuestionSetItem }) {
  const api = useQuestionsContext();
  const { items } = api.questionOf(question);
  const elements = useRef(new Map<number, HTMLInputElement>()).current;
  const group = api.getCheckboxGroupProps(question, { focusIndex: (index) => elements.get(index)?.focus() });
  return part(
    "div",
    { ...group, className: "hitl-questions-options" },
    props,
    items.map((item) => (
      <div key={item.index} {...api.getOptionProps(question, item)} className="hitl-questions-option">
        <input
          {...api.getCheckboxProps(question, item)}
          ref={(element) => {
            if (element) elements.set(item.index, element);
            else elements.delete(item.index);
          }}
          className="hitl-checkbox"
        />
        <ItemText question={question} item={item} />
      </div>
    )),
  );
}

/** "Other"'s text field, or the one field of a question without options (several lines). */
export function OtherInput({ question, ...props }: PartProps<"input"> & { question: QuestionSetItem }) {
  const api = useQuestionsContext();
  const { type, ...own } = api.getOtherInputProps(question);
  if (api.questionOf(question).textOnly) {
    return part("textarea", { ...own, rows: 3, className: "hitl-textarea hitl-questions-text" }, props);
  }
  return part("input", { ...own, type, className: "hitl-input hitl-questions-other" }, props);
}

/** "1 of 3 answered" (polite), and why Submit cannot send yet (its description). */
export function Progress(props: PartProps<"div">) {
  const api = useQuestionsContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part("div", { className: "hitl-questions-progress" }, props, [
    <p key="progress" {...api.getProgressProps()} className="hitl-questions-progress-text">
      {api.texts.progress}
    </p>,
    <p key="pending" {...api.getPendingProps()} className="hitl-help hitl-questions-pending">
      {api.texts.pending}
    </p>,
  ]);
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
