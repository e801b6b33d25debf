import { checkSelection, type MultiSelectRequest, type MultiSelectResponse } from "../../kinds/multi-select";
import { emptyTypeahead, nearestEnabled, resolveCollectionKey, type TypeaheadState } from "../shared/collection-keys";
import { SEARCH_MAX_LENGTH, searchWords } from "../shared/search";
import { addableIds, clearSelection, selectAllVisible, setInSelection, toggleSelection } from "../shared/selection";
import { createCollection, type ListView, listView, type MultiSelectCollection, offersSame } from "./collection";

/**
 * The multi-select as a pure machine: what the person did (`MultiSelectState`), what they can do
 * (`MultiSelectEvent`) and `transition(state, event)`. No React, no DOM: the selection rules are
 * `selection.ts`'s, the keys `collection-keys.ts`'s, the search `search.ts`'s. A transition that
 * changes nothing returns the same state, so a renderer can skip the render.
 */

export interface MultiSelectState {
  /** What the request offers (indexed once; replaced by `request-changed`). */
  readonly collection: MultiSelectCollection;
  /** The chosen ids: in option order once the person has changed them, as given before. */
  readonly selected: readonly string[];
  /**
   * The selection as the person last changed it (`undefined`: untouched). A controlled owner may
   * keep its own `selected`; this is what to tell it (one new array per change).
   */
  readonly lastChange: readonly string[] | undefined;
  /** The option holding the list's tab stop, by id so it survives the search (never a disabled one). */
  readonly highlightedId: string | undefined;
  readonly query: string;
  readonly typeahead: TypeaheadState;
  /** A polite refusal to show: the person checked one option past `max`. */
  readonly notice: "max-reached" | undefined;
  /** Why the last submit was refused (the schema's messages, or `onSubmit`'s). */
  readonly issues: readonly string[];
  /** How many times the person tried to send the answer. */
  readonly submitAttempts: number;
  /** The answer went out (a later refusal by the host reopens it with `refused`). */
  readonly submitted: boolean;
}

/** A key pressed on an option of the list (the renderer filters out other targets). */
export interface MultiSelectKeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  /** Any clock in milliseconds (the event's `timeStamp`): type-ahead resets after a pause. */
  readonly now: number;
  /** Options PageUp / PageDown move by (the rows that fit in the list). */
  readonly pageRows: number;
}

export type MultiSelectEvent =
  /** A checkbox's new `checked` (without it: the other way round). */
  | { readonly type: "toggle"; readonly id: string; readonly checked?: boolean }
  | { readonly type: "select-all-visible" }
  | { readonly type: "clear" }
  /** An option took focus. */
  | { readonly type: "highlight"; readonly id: string }
  | ({ readonly type: "key" } & MultiSelectKeyInput)
  | { readonly type: "search"; readonly query: string }
  | { readonly type: "submit-attempt" }
  | { readonly type: "refused"; readonly issues: readonly string[] }
  | { readonly type: "sent" }
  /** A controlled owner's value. */
  | { readonly type: "value-changed"; readonly selected: readonly string[] }
  | { readonly type: "request-changed"; readonly request: MultiSelectRequest };

const NONE: readonly string[] = [];

export function initialState(
  request: MultiSelectRequest,
  options: { readonly selected?: readonly string[] | undefined } = {},
): MultiSelectState {
  return {
    collection: createCollection(request),
    selected: options.selected ?? NONE,
    lastChange: undefined,
    highlightedId: undefined,
    query: "",
    typeahead: emptyTypeahead,
    notice: undefined,
    issues: NONE,
    submitAttempts: 0,
    submitted: false,
  };
}

/** `state` with `changes`, or `state` itself when they change nothing. */
function patch(state: MultiSelectState, changes: Partial<MultiSelectState>): MultiSelectState {
  const keys = Object.keys(changes) as (keyof MultiSelectState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

/** The person's new selection: it clears the notice and the issues shown. */
function chosen(state: MultiSelectState, selected: readonly string[]): MultiSelectState {
  return patch(state, { selected, lastChange: selected, notice: undefined, issues: NONE });
}

export function transition(state: MultiSelectState, event: MultiSelectEvent): MultiSelectState {
  const { rules } = state.collection;
  switch (event.type) {
    case "toggle": {
      const result =
        event.checked === undefined
          ? toggleSelection(state.selected, event.id, rules)
          : setInSelection(state.selected, event.id, event.checked, rules);
      if (result.type === "changed") return chosen(state, result.selected);
      // Any answer to a toggle clears the issues; only going past max says so.
      if (result.type === "refused") {
        return patch(state, { issues: NONE, notice: result.reason === "max" ? "max-reached" : state.notice });
      }
      return patch(state, { issues: NONE, notice: undefined });
    }
    case "select-all-visible": {
      const result = selectAllVisible(state.selected, visible(state).ids, rules);
      return result.type === "changed" ? chosen(state, result.selected) : state;
    }
    case "clear": {
      const result = clearSelection(state.selected);
      return result.type === "changed" ? chosen(state, result.selected) : state;
    }
    case "highlight":
      return state.collection.disabledById.get(event.id) === false ? patch(state, { highlightedId: event.id }) : state;
    case "key": {
      const move = resolveKey(state, event);
      if (!move) return state;
      const target = move.target === undefined ? undefined : visible(state).ids[move.target];
      return patch(state, { typeahead: move.typeahead, highlightedId: target ?? state.highlightedId });
    }
    case "search":
      return patch(state, { query: event.query.slice(0, SEARCH_MAX_LENGTH) });
    case "submit-attempt":
      return { ...state, submitAttempts: state.submitAttempts + 1 };
    case "refused":
      return patch(state, { issues: event.issues, submitted: false });
    case "sent":
      return patch(state, { issues: NONE, submitted: true });
    case "value-changed":
      return sameIds(state.selected, event.selected) ? state : { ...state, selected: event.selected };
    case "request-changed":
      return offersSame(state.collection, event.request)
        ? state
        : { ...state, collection: createCollection(event.request) };
    default:
      return event satisfies never;
  }
}

/** Where a key moves the tab stop (a position, `undefined`: nowhere), or `undefined` for keys the list leaves alone. */
export function resolveKey(
  state: MultiSelectState,
  input: MultiSelectKeyInput,
): { readonly typeahead: TypeaheadState; readonly target: number | undefined } | undefined {
  const view = visible(state);
  return resolveCollectionKey(input, state.typeahead, {
    active: highlightedPosition(state),
    count: view.count,
    columns: 1,
    pageRows: input.pageRows,
    labelOf: (position) => view.optionAt(position)?.label ?? "",
    // A disabled option cannot take focus: the keys and type-ahead pass over it.
    isDisabled: (position) => view.optionAt(position)?.disabled ?? true,
  });
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** What the list shows for the query (the whole list when it has no search box). */
export function visible(state: MultiSelectState): ListView {
  return listView(state.collection, state.query);
}

/** Whether a query narrows the list (a blank one does not). */
export function isSearching(state: MultiSelectState): boolean {
  return state.collection.searchable && searchWords(state.query).length > 0;
}

/** The position holding the tab stop: the highlighted option when shown, else the first enabled one, else 0. */
export function highlightedPosition(state: MultiSelectState): number {
  const view = visible(state);
  const position = state.highlightedId === undefined ? undefined : view.positionById.get(state.highlightedId);
  if (position !== undefined && !view.optionAt(position)?.disabled) return position;
  return nearestEnabled(0, 0, view.count, (at) => view.optionAt(at)?.disabled ?? true) ?? 0;
}

/** The count against the bounds ("2 selected — choose 1 to 3"). */
export function selectionCount(state: MultiSelectState): {
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly withinBounds: boolean;
} {
  const { min, max } = state.collection.bounds;
  const count = state.selected.length;
  return { count, min, max, withinBounds: count >= min && count <= max };
}

/** What Select all would add (enabled, shown, unchosen), and whether that would pass `max` (then it is unavailable). */
export function selectAllState(state: MultiSelectState): {
  readonly adding: number;
  readonly wouldBe: number;
  readonly tooMany: boolean;
  readonly available: boolean;
} {
  const { selected, collection } = state;
  const adding = addableIds(selected, visible(state).ids, collection.rules).length;
  const wouldBe = selected.length + adding;
  const tooMany = adding > 0 && wouldBe > collection.bounds.max;
  return { adding, wouldBe, tooMany, available: adding > 0 && !tooMany };
}

/** The answer to send: the chosen ids in option order (unknown ids last, for the schema to name). */
export function valueToSend(state: MultiSelectState): MultiSelectResponse {
  return { selected: [...state.selected].sort(state.collection.rules.compare) };
}

/** Whether the answer would pass the kind's checks: every id offered, enabled and once, the count within bounds. */
export function canSubmit(state: MultiSelectState): boolean {
  const { disabledById, bounds } = state.collection;
  return checkSelection(state.selected, { ids: disabledById, ...bounds, noun: "option" }).length === 0;
}

/** Whether two selections hold the same ids in the same order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, index) => id === b[index]));
}

/** The machine in one object, for headless use (`hitl-kit/widgets`): a renderer needs no more. */
export const multiSelectMachine = {
  initialState,
  transition,
  resolveKey,
  visible,
  isSearching,
  highlightedPosition,
  selectionCount,
  selectAllState,
  valueToSend,
  canSubmit,
  sameIds,
} as const;
