import { MAX_TEXT_LENGTH } from "../../kinds/limits";
import type { QuestionSetItem, QuestionsResponse } from "../../kinds/questions";
import { moveInRow } from "../shared/collection-keys";
import type { ConnectContext, Send } from "../shared/connect-types";
import type { QuestionsSlot } from "./anatomy";
import type { QuestionsLabels } from "./labels";
import {
  answerOf,
  draftOf,
  isChosen,
  isTextOnly,
  itemsOf,
  pendingQuestions,
  progress,
  type QuestionIssue,
  type QuestionItem,
  type QuestionsEvent,
  type QuestionsState,
  questionStatus,
  tabStopOf,
} from "./machine";

/**
 * The question set's machine as props for its parts: `connect(state, send, context)` returns what
 * each part shows and a prop getter per part (ARIA, `data-slot`, `data-state`, handlers that
 * `send`). No React, no DOM: the props are plain objects with React's attribute names (`htmlFor`,
 * `tabIndex`, `onChange`).
 *
 * Each question is one tab stop. A single-choice question is the kit's radio group primitive
 * (`roving-group.tsx`: its root and items take these props and own the arrows, Home/End and the tab
 * stop; an arrow moves and checks). A multiple-choice one is a group of native checkboxes whose
 * tab stop the machine keeps: the arrows (wrapping), Home and End move, Space checks.
 */

export interface QuestionsConnectContext extends ConnectContext<QuestionsLabels, QuestionsResponse> {
  /** Whether the widget takes an answer now (the shell's status). */
  readonly interactive: boolean;
}

/** A checkbox group's DOM side, from whoever renders it. */
export interface QuestionsGroupEnvironment {
  /** Focuses the group's item at `index`. */
  readonly focusIndex: (index: number) => void;
}

/** What a checkbox group reads of a key press (a DOM `KeyboardEvent` or React's). */
export interface QuestionsKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
  preventDefault(): void;
}
/** What a checkbox's change reads. */
export interface QuestionsCheckboxEvent {
  readonly currentTarget: { readonly checked: boolean };
}
/** What a text field's change reads. */
export interface QuestionsTextEvent {
  readonly currentTarget: { readonly value: string };
}

/** The checkboxes carry `data-item-index`: the group's keys act on them only. */
function itemIndexOf(target: EventTarget | null): number | undefined {
  if (target === null || !("getAttribute" in target)) return undefined;
  const index = Number((target as Element).getAttribute("data-item-index") ?? Number.NaN);
  return Number.isInteger(index) ? index : undefined;
}

const flag = (on: boolean) => (on ? "" : undefined);
const join = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/** A question's problem in words. */
function issueText(labels: QuestionsLabels, question: QuestionSetItem, issue: QuestionIssue): string {
  switch (issue.type) {
    case "required":
      return isTextOnly(question) ? labels.requiredText : labels.required;
    case "other-blank":
      return labels.otherBlank;
    case "too-few":
      return labels.tooFew(issue.min, issue.count);
    default:
      return issue satisfies never;
  }
}

export function connect(state: QuestionsState, send: Send<QuestionsEvent>, context: QuestionsConnectContext) {
  const { questions } = state.request;
  const { labels, id } = context;
  const position = new Map(questions.map((question, index) => [question.id, index]));
  /** The ids of question `question`'s parts (`-prompt`, `-issue`, …) and of its items (`-i<n>`…). */
  const idOf = (question: QuestionSetItem, part = "") => `${id}-q${position.get(question.id) ?? 0}${part}`;
  const itemId = (question: QuestionSetItem, item: QuestionItem, part = "") => idOf(question, `-i${item.index}${part}`);
  const pending = pendingQuestions(state);
  const complete = pending.length === 0;
  const counted = progress(state);
  const ids = { pending: `${id}-pending`, progress: `${id}-progress` };
  const nameOf = (question: QuestionSetItem) => question.header ?? question.prompt;

  const statusOf = (question: QuestionSetItem) => questionStatus(state, question);
  /** The question's problem, once the person has tried to submit. */
  const shownIssue = (question: QuestionSetItem) => {
    const { issue } = statusOf(question);
    return state.attempted && issue ? issueText(labels, question, issue) : undefined;
  };
  const hasBounds = (question: QuestionSetItem) => question.multiple && !isTextOnly(question);
  /** What describes a question's group: its bounds, its problem. */
  const describedBy = (question: QuestionSetItem) =>
    join(hasBounds(question) && idOf(question, "-bounds"), shownIssue(question) && idOf(question, "-issue"));

  const choose = (question: QuestionSetItem, item: QuestionItem, checked?: boolean) =>
    send(
      item.type === "other"
        ? { type: "toggle-other", questionId: question.id, ...(checked === undefined ? {} : { checked }) }
        : {
            type: "toggle",
            questionId: question.id,
            optionId: item.option.id,
            ...(checked === undefined ? {} : { checked }),
          },
    );

  /** An item is described by its "Recommended" chip and its description. */
  function describedItem(question: QuestionSetItem, item: QuestionItem): string | undefined {
    if (item.type === "other") return undefined;
    return join(
      item.option.recommended && itemId(question, item, "-recommended"),
      item.option.description && itemId(question, item, "-description"),
    );
  }

  return {
    state,
    labels,
    questions,
    /** The answer Submit sends. */
    get value(): QuestionsResponse {
      return answerOf(state);
    },
    /** Every question is answered within its bounds (or optional): Submit can send. */
    complete,
    /** The questions that still need something, in order. */
    pending,
    answered: counted.answered,
    issues: state.issues,
    texts: {
      progress: labels.progress(counted.answered, counted.total),
      pending: complete ? "" : labels.pending(pending.length),
    },
    /** What a question shows: its items, its draft and status, whether "Other" shows its field. */
    questionOf(question: QuestionSetItem) {
      const draft = draftOf(state, question.id);
      const status = statusOf(question);
      return {
        items: itemsOf(question),
        textOnly: isTextOnly(question),
        draft,
        status,
        /** The text field shows: "Other" is chosen, or the question has no options. */
        showsText: isTextOnly(question) ? question.other : draft.other,
        issue: shownIssue(question),
        notice: state.notice === question.id ? labels.maxReached(status.max) : "",
        bounds: hasBounds(question) ? labels.bounds(status.min, status.max) : "",
        /** An optional question that is answered can be cleared. */
        clearable: question.optional && status.answered && !isTextOnly(question),
      };
    },

    choose,
    setOtherText: (question: QuestionSetItem, text: string) =>
      send({ type: "set-other-text", questionId: question.id, text }),
    clear: (question: QuestionSetItem) => send({ type: "clear", questionId: question.id }),
    /**
     * Sends the answer once, when every question is ready; else shows what each still needs (and
     * sends nothing). A refusal shows its issues.
     */
    submit() {
      if (!context.interactive) return;
      if (!complete) {
        send({ type: "submit-attempt" });
        return send({ type: "refused", issues: [labels.incomplete(pending.map(nameOf))] });
      }
      const outcome = context.submit(answerOf(state));
      if (outcome.type === "ignored") return;
      send({ type: "submit-attempt" });
      if (outcome.type === "sent") return send({ type: "sent" });
      const messages = outcome.issues.map((issue) => issue.message);
      send({ type: "refused", issues: outcome.type === "invalid" ? [...new Set(messages)] : messages });
    },

    getRootProps: () => ({
      "data-complete": flag(complete),
      "data-invalid": flag(state.issues.length > 0),
    }),
    getQuestionsProps: () => ({ "data-slot": "questions" satisfies QuestionsSlot }),
    /** A question's fieldset, named by its legend (header chip and prompt). */
    getQuestionProps: (question: QuestionSetItem) => ({
      "data-slot": "question" satisfies QuestionsSlot,
      "data-state": statusOf(question).answered ? "answered" : "unanswered",
      "data-multiple": flag(question.multiple),
      "data-optional": flag(question.optional),
      "data-invalid": flag(shownIssue(question) !== undefined),
    }),
    getLegendProps: () => ({ "data-slot": "question-legend" satisfies QuestionsSlot }),
    getHeaderProps: () => ({ "data-slot": "question-header" satisfies QuestionsSlot }),
    getPromptProps: (question: QuestionSetItem) => ({
      id: idOf(question, "-prompt"),
      "data-slot": "question-prompt" satisfies QuestionsSlot,
    }),
    getOptionalProps: () => ({ "data-slot": "optional-chip" satisfies QuestionsSlot }),
    getBoundsProps: (question: QuestionSetItem) => ({
      id: idOf(question, "-bounds"),
      "data-slot": "bounds" satisfies QuestionsSlot,
    }),

    /** A single-choice question: the shared `RadioGroup.Root`, named by the prompt. Items go by position. */
    getRadioGroupProps: (question: QuestionSetItem) => {
      const draft = draftOf(state, question.id);
      const checked = itemsOf(question).find((item) => isChosen(draft, item));
      return {
        "data-slot": "options" satisfies QuestionsSlot,
        "aria-labelledby": idOf(question, "-prompt"),
        "aria-describedby": describedBy(question),
        "aria-required": !question.optional || undefined,
        "aria-invalid": shownIssue(question) !== undefined || undefined,
        values: itemsOf(question).map((item) => String(item.index)),
        value: checked === undefined ? null : String(checked.index),
        onValueChange: (value: string) => {
          const item = itemsOf(question)[Number(value)];
          if (item) choose(question, item, true);
        },
      };
    },
    /** One radio (a `RadioGroup.Item`), named by its label, described by its chip and description. */
    getRadioProps: (question: QuestionSetItem, item: QuestionItem) => ({
      id: itemId(question, item),
      value: String(item.index),
      "data-slot": "option-control" satisfies QuestionsSlot,
      "aria-labelledby": itemId(question, item, "-label"),
      "aria-describedby": describedItem(question, item),
    }),

    /** A multiple-choice question: a group of checkboxes, one tab stop, named by the prompt. */
    getCheckboxGroupProps: (question: QuestionSetItem, environment: QuestionsGroupEnvironment) => ({
      role: "group",
      "data-slot": "options" satisfies QuestionsSlot,
      "aria-labelledby": idOf(question, "-prompt"),
      "aria-describedby": describedBy(question),
      onKeyDown: (event: QuestionsKeyEvent) => {
        const from = itemIndexOf(event.target);
        if (event.defaultPrevented || from === undefined) return;
        // Enter checks nothing and must not send the set from a checkbox (as a radio's).
        if (event.key === "Enter") return event.preventDefault();
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const to = moveInRow(from, event.key, itemsOf(question).length);
        if (to === undefined) return;
        event.preventDefault();
        send({ type: "highlight", questionId: question.id, index: to });
        environment.focusIndex(to);
      },
    }),
    getCheckboxProps: (question: QuestionSetItem, item: QuestionItem) => ({
      id: itemId(question, item),
      type: "checkbox" as const,
      checked: isChosen(draftOf(state, question.id), item),
      tabIndex: tabStopOf(state, question) === item.index ? 0 : -1,
      "data-item-index": item.index,
      "data-slot": "option-control" satisfies QuestionsSlot,
      "aria-describedby": describedItem(question, item),
      onChange: (event: QuestionsCheckboxEvent) => choose(question, item, event.currentTarget.checked),
      onFocus: () => send({ type: "highlight", questionId: question.id, index: item.index }),
    }),

    /** An option's row (radio or checkbox, label, chip, description). */
    getOptionProps: (question: QuestionSetItem, item: QuestionItem) => ({
      "data-slot": "option" satisfies QuestionsSlot,
      "data-state": isChosen(draftOf(state, question.id), item) ? "checked" : "unchecked",
      "data-recommended": flag(item.type === "option" && item.option.recommended),
      "data-other": flag(item.type === "other"),
    }),
    getOptionLabelProps: (question: QuestionSetItem, item: QuestionItem) => ({
      id: itemId(question, item, "-label"),
      htmlFor: itemId(question, item),
      "data-slot": "option-label" satisfies QuestionsSlot,
    }),
    getOptionDescriptionProps: (question: QuestionSetItem, item: QuestionItem) => ({
      id: itemId(question, item, "-description"),
      "data-slot": "option-description" satisfies QuestionsSlot,
    }),
    getRecommendedProps: (question: QuestionSetItem, item: QuestionItem) => ({
      id: itemId(question, item, "-recommended"),
      "data-slot": "recommended-chip" satisfies QuestionsSlot,
    }),

    /** The text field: "Other"'s words, or the answer of a question without options (named by its prompt). */
    getOtherInputProps: (question: QuestionSetItem) => {
      const issue = shownIssue(question);
      return {
        id: idOf(question, "-other"),
        type: "text" as const,
        value: draftOf(state, question.id).text,
        maxLength: MAX_TEXT_LENGTH,
        autoComplete: "off",
        "data-slot": "other-input" satisfies QuestionsSlot,
        ...(isTextOnly(question)
          ? {
              "aria-labelledby": idOf(question, "-prompt"),
              placeholder: labels.textPlaceholder,
              "aria-required": !question.optional || undefined,
            }
          : { "aria-label": labels.otherInput }),
        "aria-invalid": issue !== undefined || undefined,
        "aria-describedby": issue === undefined ? undefined : idOf(question, "-issue"),
        onChange: (event: QuestionsTextEvent) =>
          send({ type: "set-other-text", questionId: question.id, text: event.currentTarget.value }),
      };
    },
    getClearProps: (question: QuestionSetItem) => ({
      type: "button" as const,
      "data-slot": "clear" satisfies QuestionsSlot,
      "aria-describedby": idOf(question, "-prompt"),
      onClick: () => send({ type: "clear", questionId: question.id }),
    }),
    getNoticeProps: () => ({
      role: "status",
      "aria-live": "polite" as const,
      "data-slot": "notice" satisfies QuestionsSlot,
    }),
    getQuestionIssueProps: (question: QuestionSetItem) => ({
      id: idOf(question, "-issue"),
      "data-slot": "question-issue" satisfies QuestionsSlot,
    }),
    getProgressProps: () => ({
      id: ids.progress,
      role: "status",
      "aria-live": "polite" as const,
      "data-slot": "progress" satisfies QuestionsSlot,
    }),
    getPendingProps: () => ({ id: ids.pending, "data-slot": "pending" satisfies QuestionsSlot }),
    /** Submit stays focusable (aria-disabled) until the set is complete, and says why not. */
    getSubmitProps: () => ({
      type: "submit" as const,
      "data-slot": "submit" satisfies QuestionsSlot,
      "aria-disabled": !context.interactive || !complete || undefined,
      "aria-describedby": complete ? undefined : ids.pending,
    }),
  };
}

export type QuestionsApi = ReturnType<typeof connect>;
