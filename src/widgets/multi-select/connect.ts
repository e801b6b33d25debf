import type { MultiSelectResponse } from "../../kinds/multi-select";
import type { ConnectContext, Send } from "../shared/connect-types";
import { SEARCH_MAX_LENGTH } from "../shared/search";
import type { MultiSelectSlot } from "./anatomy";
import type { OptionRow, Section } from "./collection";
import type { MultiSelectLabels } from "./labels";
import {
  canSubmit,
  highlightedPosition,
  isSearching,
  type MultiSelectEvent,
  type MultiSelectState,
  resolveKey,
  selectAllState,
  selectionCount,
  valueToSend,
  visible,
} from "./machine";

/**
 * The multi-select's machine as props for its parts: `connect(state, send, context)` returns what
 * each part shows and a prop getter per part (ARIA, `data-slot`, `data-state`, handlers that
 * `send`). No React: the props are plain objects with React's attribute names (`htmlFor`,
 * `tabIndex`, `onChange`); a Vue or Svelte port maps those names, as Zag's `normalizeProps` does.
 * Handlers that need no state are made once per `send`, so a row's props stay equal until its
 * option changes and a memoized row is not rendered again.
 */

export interface MultiSelectConnectContext extends ConnectContext<MultiSelectLabels, MultiSelectResponse> {
  /** Whether the widget takes an answer now (the shell's status). */
  readonly interactive: boolean;
}

/** The list's DOM side, from whoever renders it (a virtualized list mounts and scrolls an option in first). */
export interface MultiSelectListEnvironment {
  /** Options PageUp / PageDown move by. */
  readonly pageRows: () => number;
  /** Focuses the option at `position`. */
  readonly focusPosition: (position: number) => void;
}

/** What the list reads of a key press (a DOM `KeyboardEvent` or React's). */
export interface MultiSelectKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly timeStamp: number;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
  preventDefault(): void;
}
/** What an option's focus or the search box's change reads (the element's `value`). */
export interface MultiSelectValueEvent {
  readonly currentTarget: { readonly value: string };
}
/** What a checkbox's change reads. */
export interface MultiSelectCheckboxEvent {
  readonly currentTarget: { readonly value: string; readonly checked: boolean };
}

/** The checkboxes carry `data-item-index` (their position): the list's keys act on them only. */
function isOptionControl(target: EventTarget | null): boolean {
  return target !== null && "hasAttribute" in target && (target as Element).hasAttribute("data-item-index");
}

/** Handlers that read everything from the event: one set per `send`. */
function createHandlers(send: Send<MultiSelectEvent>) {
  return {
    // Each checkbox's `value` is its option's id.
    optionChange: ({ currentTarget }: MultiSelectCheckboxEvent) =>
      send({ type: "toggle", id: currentTarget.value, checked: currentTarget.checked }),
    optionFocus: ({ currentTarget }: MultiSelectValueEvent) => send({ type: "highlight", id: currentTarget.value }),
    searchChange: ({ currentTarget }: MultiSelectValueEvent) => send({ type: "search", query: currentTarget.value }),
    searchKeyDown: (event: { readonly key: string; preventDefault(): void }) => {
      // Enter in a search box filters; it must not send the answer.
      if (event.key === "Enter") event.preventDefault();
    },
    selectAll: () => send({ type: "select-all-visible" }),
    clear: () => send({ type: "clear" }),
  };
}
const handlersBySend = new WeakMap<Send<MultiSelectEvent>, ReturnType<typeof createHandlers>>();
function handlersOf(send: Send<MultiSelectEvent>): ReturnType<typeof createHandlers> {
  const known = handlersBySend.get(send);
  if (known) return known;
  const handlers = createHandlers(send);
  handlersBySend.set(send, handlers);
  return handlers;
}

const flag = (on: boolean) => (on ? "" : undefined);

export function connect(state: MultiSelectState, send: Send<MultiSelectEvent>, context: MultiSelectConnectContext) {
  const { collection, query } = state;
  const { labels, id } = context;
  const on = handlersOf(send);
  const view = visible(state);
  const highlighted = highlightedPosition(state);
  const chosen = new Set(state.selected);
  const { count } = selectionCount(state);
  const { min, max } = collection.bounds;
  const selectAll = selectAllState(state);
  const searching = isSearching(state);
  const ids = { list: `${id}-list`, search: `${id}-search`, matches: `${id}-matches`, hint: `${id}-select-all-hint` };
  const controlId = (row: OptionRow) => `${id}-option-${row.index}`;
  const headingId = (section: Section) => `${id}-group-${section.order}`;
  const optionOf = (row: OptionRow) => collection.options[row.index];

  return {
    state,
    collection,
    labels,
    /** What the list shows: its rows, sections and positions. */
    view,
    selected: state.selected,
    /** The answer Submit sends: `{ selected }` in option order. */
    get value(): MultiSelectResponse {
      return valueToSend(state);
    },
    /** Whether that answer would pass the kind's checks (Submit stays operable either way, and says why not). */
    get canSubmit(): boolean {
      return canSubmit(state);
    },
    count,
    searchable: collection.searchable,
    /** A query narrows the list. */
    searching,
    highlightedPosition: highlighted,
    issues: state.issues,
    touched: state.lastChange !== undefined,
    submitAttempts: state.submitAttempts,
    /** Select all is unavailable because it would pass `max` (the hint says so). */
    selectAllTooMany: selectAll.tooMany,
    texts: {
      count: labels.count(count, min, collection.request.max),
      notice: state.notice === "max-reached" ? labels.maxReached(max) : "",
      matches: labels.matches(view.count, collection.options.length),
      selectAllHint: labels.selectAllTooMany(selectAll.wouldBe, max),
    },

    toggle: (optionId: string, checked?: boolean) => send({ type: "toggle", id: optionId, checked }),
    selectAllVisible: on.selectAll,
    clear: on.clear,
    highlight: (optionId: string) => send({ type: "highlight", id: optionId }),
    search: (next: string) => send({ type: "search", query: next }),
    /** Validates and sends the answer once; a refusal shows its issues. */
    submit() {
      const outcome = context.submit(valueToSend(state));
      if (outcome.type === "ignored") return;
      send({ type: "submit-attempt" });
      if (outcome.type === "sent") return send({ type: "sent" });
      const messages = outcome.issues.map((issue) => issue.message);
      // The schema may say one thing twice (one issue per id); the host's words are shown as given.
      send({ type: "refused", issues: outcome.type === "invalid" ? [...new Set(messages)] : messages });
    },

    getRootProps: () => ({
      "data-touched": flag(state.lastChange !== undefined),
      "data-invalid": flag(state.issues.length > 0),
    }),
    getSearchProps: () => ({ "data-slot": "search" satisfies MultiSelectSlot }),
    getSearchLabelProps: () => ({ htmlFor: ids.search, "data-slot": "search-label" satisfies MultiSelectSlot }),
    getSearchInputProps: () => ({
      id: ids.search,
      type: "search",
      value: query,
      placeholder: labels.searchPlaceholder,
      maxLength: SEARCH_MAX_LENGTH,
      autoComplete: "off",
      "aria-controls": ids.list,
      "aria-describedby": searching ? ids.matches : undefined,
      "data-slot": "search-input" satisfies MultiSelectSlot,
      onChange: on.searchChange,
      onKeyDown: on.searchKeyDown,
    }),
    getMatchesProps: () => ({ id: ids.matches, "data-slot": "matches" satisfies MultiSelectSlot }),
    getToolbarProps: () => ({ "data-slot": "toolbar" satisfies MultiSelectSlot }),
    getSelectAllProps: () => ({
      type: "button" as const,
      "data-slot": "select-all" satisfies MultiSelectSlot,
      // aria-disabled keeps it focusable, so the reason it is unavailable can be read.
      "aria-disabled": !selectAll.available || undefined,
      "aria-describedby": selectAll.tooMany ? ids.hint : undefined,
      onClick: on.selectAll,
    }),
    getSelectAllHintProps: () => ({ id: ids.hint, "data-slot": "select-all-hint" satisfies MultiSelectSlot }),
    getClearProps: () => ({
      type: "button" as const,
      "data-slot": "clear" satisfies MultiSelectSlot,
      "aria-disabled": state.selected.length === 0 || undefined,
      onClick: on.clear,
    }),
    getCountProps: () => ({ "data-slot": "count" satisfies MultiSelectSlot }),
    getCountTextProps: () => ({
      role: "status",
      "aria-live": "polite" as const,
      "data-slot": "count-text" satisfies MultiSelectSlot,
    }),
    getNoticeProps: () => ({
      role: "status",
      "aria-live": "polite" as const,
      "data-slot": "notice" satisfies MultiSelectSlot,
    }),
    /** One tab stop (roving): arrows, Home/End, PageUp/PageDown and type-ahead move between the checkboxes. */
    getListProps: (environment: MultiSelectListEnvironment) => ({
      id: ids.list,
      "data-slot": "list" satisfies MultiSelectSlot,
      style: { position: "relative" as const, overflowY: "auto" as const },
      onKeyDown: (event: MultiSelectKeyEvent) => {
        if (event.defaultPrevented || !isOptionControl(event.target)) return;
        const { key, ctrlKey, metaKey, altKey } = event;
        const input = { key, ctrlKey, metaKey, altKey, now: event.timeStamp, pageRows: environment.pageRows() };
        const move = resolveKey(state, input);
        if (!move) return;
        event.preventDefault();
        send({ type: "key", ...input });
        if (move.target !== undefined) environment.focusPosition(move.target);
      },
    }),
    getEmptyProps: () => ({ "data-slot": "empty" satisfies MultiSelectSlot }),
    /** The options without a group. */
    getOptionsProps: () => ({ "data-slot": "options" satisfies MultiSelectSlot }),
    /** A group, named by its heading, or by a hidden copy of it while the heading is scrolled away. */
    getGroupProps: (section: Section, headingShown: boolean) => ({
      role: "group",
      "aria-labelledby": headingShown ? headingId(section) : `${headingId(section)}-label`,
      "data-slot": "group" satisfies MultiSelectSlot,
    }),
    getGroupLabelProps: (section: Section) => ({ id: `${headingId(section)}-label`, hidden: true }),
    getGroupHeadingProps: (section: Section) => ({
      id: headingId(section),
      "data-slot": "group-heading" satisfies MultiSelectSlot,
    }),
    getOptionProps: (row: OptionRow) => ({
      "data-slot": "option" satisfies MultiSelectSlot,
      "data-state": chosen.has(optionOf(row)?.id ?? "") ? "checked" : "unchecked",
      "data-disabled": flag(optionOf(row)?.disabled ?? false),
      "data-highlighted": flag(row.position === highlighted),
    }),
    getOptionControlProps: (row: OptionRow) => {
      const option = optionOf(row);
      return {
        id: controlId(row),
        type: "checkbox",
        value: option?.id ?? "",
        checked: chosen.has(option?.id ?? ""),
        disabled: option?.disabled ?? false,
        tabIndex: row.position === highlighted ? 0 : -1,
        "data-item-index": row.position,
        "aria-describedby": option?.description ? `${controlId(row)}-description` : undefined,
        "data-slot": "option-control" satisfies MultiSelectSlot,
        onChange: on.optionChange,
        onFocus: on.optionFocus,
      };
    },
    getOptionLabelProps: (row: OptionRow) => ({
      htmlFor: controlId(row),
      "data-slot": "option-label" satisfies MultiSelectSlot,
    }),
    getOptionDescriptionProps: (row: OptionRow) => ({
      id: `${controlId(row)}-description`,
      "data-slot": "option-description" satisfies MultiSelectSlot,
    }),
    getSubmitProps: () => ({
      type: "submit" as const,
      "data-slot": "submit" satisfies MultiSelectSlot,
      "aria-disabled": !context.interactive || undefined,
    }),
  };
}

export type MultiSelectApi = ReturnType<typeof connect>;
