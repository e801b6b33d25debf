import type { AnswerContext } from "../../kinds/define-kind";
import type { Template, TemplateResponse, TemplateVariable } from "../../kinds/template";
import type { ConnectContext, Send, SubmitOutcome } from "../shared/connect-types";
import { SEARCH_MAX_LENGTH } from "../shared/search";
import type { TemplatePickerSlot } from "./anatomy";
import type { TemplateLabels } from "./labels";
import {
  answerContext,
  CHOICE,
  chosenTemplate,
  draftIssues,
  errorOf,
  firstInvalid,
  highlightedIndex,
  summary,
  type TemplatePickerEvent,
  type TemplatePickerState,
  transition,
  variableValue,
  visible,
} from "./machine";

/**
 * The template picker's machine as props for its parts: `connect(state, send, context)` returns
 * what each part shows and a prop getter per part (ARIA, `data-slot`, `data-state`, handlers that
 * `send`). No React: the props are plain objects with React's attribute names (`tabIndex`,
 * `onChange`, `ref`); a Vue or Svelte port maps those names, as Zag's `normalizeProps` does. The
 * cards' handlers are made once per `send`, so a card's props stay equal until it changes and a
 * memoized card is not rendered again.
 */

/** What became of a submit (`useAnswer`'s outcome fits). */
/** An element focus can be moved to. */
export interface TemplatePickerControl {
  focus(): void;
}

export interface TemplatePickerConnectContext extends Omit<ConnectContext<TemplateLabels>, "submit"> {
  /** The search the cards show (the box's, maybe deferred: typing stays responsive over thousands). */
  readonly query: string;
  /** A remote catalogue's search, which its loader runs (instead of the machine's). */
  readonly remote: { readonly query: string; readonly setQuery: (query: string) => void } | undefined;
  /**
   * Where focus goes, by key: a variable's name, `#` and a template id for a card, `#` alone for the
   * search box. The parts' `ref`s fill it; keep one map for the widget's life.
   */
  readonly controls: Map<string, TemplatePickerControl>;
  /** Sends the checked answer once (the loaded record of a remote one as context). */
  readonly submit: (value: TemplateResponse, context?: AnswerContext) => SubmitOutcome;
}

/** What the search box's change and a card's change or focus read (the element's `value`). */
export interface TemplatePickerValueEvent {
  readonly currentTarget: { readonly value: string };
}

/** Handlers that read everything from the event: one set per `send`. */
function createHandlers(send: Send<TemplatePickerEvent>, controls: TemplatePickerConnectContext["controls"]) {
  return {
    // Each radio's `value` is its template's id.
    choose: ({ currentTarget }: TemplatePickerValueEvent) => send({ type: "choose", id: currentTarget.value }),
    highlight: ({ currentTarget }: TemplatePickerValueEvent) => send({ type: "highlight", id: currentTarget.value }),
    /** A card's radio, found by its template's id (React calls the cleanup on unmount). */
    cardRef: (element: (TemplatePickerControl & { readonly value: string }) | null) => {
      if (!element) return;
      const key = `#${element.value}`;
      controls.set(key, element);
      return () => {
        if (controls.get(key) === element) controls.delete(key);
      };
    },
    searchKeyDown: (event: { readonly key: string; preventDefault(): void }) => {
      // Enter in a search box means "search", never "send the answer".
      if (event.key === "Enter") event.preventDefault();
    },
  };
}
const handlersBySend = new WeakMap<Send<TemplatePickerEvent>, ReturnType<typeof createHandlers>>();

export function connect(
  state: TemplatePickerState,
  send: Send<TemplatePickerEvent>,
  context: TemplatePickerConnectContext,
) {
  const { collection } = state;
  const { labels, id, remote, controls } = context;
  const on = handlersBySend.get(send) ?? createHandlers(send, controls);
  handlersBySend.set(send, on);
  const view = visible(state, context.query);
  const highlighted = highlightedIndex(state, view);
  const chosen = chosenTemplate(state);
  const templateAt = (index: number): Template | undefined => collection.templates[view[index] ?? -1];
  const radioName = `${id}-template`;
  const errorId = `${id}-template-error`;
  const templateError = errorOf(state, CHOICE);
  const idBase = (index: number) => `${radioName}-${view[index]}`;
  const hasDetails = (template: Template) => Boolean(template.description) || template.tags.length > 0;
  /** Focuses a field: a variable's control, or for the choice the card holding the tab stop (else the search box). */
  const focusField = (name: string | undefined) => {
    if (name === undefined) return;
    const key = name === CHOICE ? `#${templateAt(highlighted)?.id}` : name;
    (controls.get(key) ?? (name === CHOICE ? controls.get("#") : undefined))?.focus();
  };
  const clearFilters = () => {
    send({ type: "clear-filters" });
    remote?.setQuery("");
    controls.get("#")?.focus();
  };

  return {
    state,
    collection,
    labels,
    /** The shown templates' positions in the collection, in order. */
    view,
    count: view.length,
    templateAt,
    highlightedIndex: highlighted,
    chosen,
    /** Whether the choice's error shows (the cards are marked invalid and described by it). */
    templateError,
    /** Every problem after a submit attempt (the error summary). */
    issues: summary(state),

    /** The keyboard's move (a radio group checks the card it lands on). */
    chooseAt: (index: number) => {
      const template = templateAt(index);
      if (template) send({ type: "choose", id: template.id });
    },
    highlightAt: (index: number) => {
      const template = templateAt(index);
      if (template) send({ type: "highlight", id: template.id });
    },
    nameAt: (index: number) => templateAt(index)?.name ?? "",
    setTags: (tags: readonly string[]) => send({ type: "set-tags", tags }),
    clearFilters,
    /** Sends the checked answer once, or shows what is in its way and focuses its first field. */
    submit() {
      send({ type: "submit-attempt" });
      const { checked, split } = draftIssues(state);
      const first = firstInvalid(state, split);
      if (!checked.ok || first !== undefined) return focusField(first);
      const outcome = context.submit(checked.value, answerContext(state));
      if (outcome.type === "sent") send({ type: "sent" });
      if (outcome.type !== "refused") return;
      const refused = { type: "refused", issues: outcome.issues } as const;
      send(refused);
      focusField(firstInvalid(transition(state, refused)));
    },

    getSearchInputProps: () => ({
      ref: (element: TemplatePickerControl | null) => {
        if (element) controls.set("#", element);
      },
      id: `${id}-search`,
      type: "search",
      className: "hitl-input",
      value: remote ? remote.query : state.query,
      placeholder: labels.searchPlaceholder,
      autoComplete: "off",
      maxLength: SEARCH_MAX_LENGTH,
      onChange: ({ currentTarget }: TemplatePickerValueEvent) =>
        remote ? remote.setQuery(currentTarget.value) : send({ type: "search", query: currentTarget.value }),
      onKeyDown: on.searchKeyDown,
    }),
    /** The radio group: one tab stop, named, invalid and described by the choice's error once it shows. */
    getCardsProps: () => ({
      role: "radiogroup",
      "aria-label": labels.templates,
      "aria-required": true,
      "aria-invalid": templateError ? true : undefined,
      "aria-errormessage": templateError && errorId,
      "aria-describedby": templateError && errorId,
      "data-slot": "cards" satisfies TemplatePickerSlot,
      style: { position: "relative" as const, overflowY: "auto" as const },
    }),
    getTemplateErrorProps: () => ({
      id: errorId,
      "data-slot": "template-error" satisfies TemplatePickerSlot,
      className: "hitl-field-error",
    }),
    getCardProps: (template: Template, index: number) => ({
      "data-slot": "card" satisfies TemplatePickerSlot,
      "data-state": template.id === state.draft.templateId ? "checked" : "unchecked",
      "data-highlighted": index === highlighted ? "" : undefined,
      className: "hitl-template-card",
    }),
    /** The card's radio: named by the template's name, described by its description and tags. */
    getCardRadioProps: (template: Template, index: number) => ({
      ref: on.cardRef,
      type: "radio",
      "data-slot": "card-radio" satisfies TemplatePickerSlot,
      className: "hitl-visually-hidden",
      name: radioName,
      value: template.id,
      checked: template.id === state.draft.templateId,
      tabIndex: index === highlighted ? 0 : -1,
      "data-item-index": index,
      "aria-posinset": index + 1,
      "aria-setsize": view.length,
      "aria-labelledby": `${idBase(index)}-name`,
      "aria-describedby": hasDetails(template) ? `${idBase(index)}-details` : undefined,
      onChange: on.choose,
      onFocus: on.highlight,
    }),
    getCardNameProps: (index: number) => ({
      id: `${idBase(index)}-name`,
      "data-slot": "card-name" satisfies TemplatePickerSlot,
      className: "hitl-template-name",
    }),
    getCardDetailsProps: (index: number) => ({ id: `${idBase(index)}-details`, className: "hitl-template-details" }),
    /** A variable's field (`shared/field.tsx`): its label, required mark and error. */
    getVariableProps: (variable: TemplateVariable) => ({
      label: variable.label,
      required: variable.required,
      error: errorOf(state, variable.name),
      controlId: `${radioName}-var-${variable.name}`,
      "data-slot": "variable" satisfies TemplatePickerSlot,
    }),
    /** A variable's text control (`shared/text-control.tsx`); its error shows once it is left. */
    getVariableControlProps: (variable: TemplateVariable) => {
      const { name } = variable;
      return {
        "data-slot": "variable-control" satisfies TemplatePickerSlot,
        name,
        required: variable.required,
        multiline: variable.multiline,
        placeholder: variable.placeholder,
        maxLength: variable.maxLength,
        value: variableValue(state, variable),
        ref: (element: TemplatePickerControl | null) => {
          if (element) controls.set(name, element);
          else controls.delete(name);
        },
        onBlur: () => send({ type: "touch", name }),
        onValueChange: (value: string) => send({ type: "set-variable", name, value }),
      };
    },
  };
}

export type TemplatePickerApi = ReturnType<typeof connect>;
