import type { MediaResponse } from "../../kinds/media";
import { emptyTypeahead, resolveCollectionKey, type TypeaheadState } from "../shared/collection-keys";
import { toggleSelection } from "../shared/selection";
import { createCollection, type MediaCollection, type MediaCollectionInput, nameAt, sameSource } from "./collection";

/**
 * The media picker as a pure machine: what the person did (`MediaPickerState`), what they can do
 * (`MediaPickerEvent`) and `transition(state, event)`. No React, no DOM: the selection rules are
 * `selection.ts`'s, the keys `collection-keys.ts`'s (the grid pattern, and type-ahead on the
 * items' names). A transition that changes nothing returns the same state, so a renderer can skip
 * the render.
 */

export interface MediaPickerState {
  /** What the request offers (indexed once; replaced by `collection-changed`). */
  readonly collection: MediaCollection;
  /** The chosen ids, in the order they were chosen (the order badges' numbers). */
  readonly selected: readonly string[];
  /**
   * The selection as the person last changed it (`undefined`: untouched). A controlled owner may
   * keep its own `selected`; this is what to tell it (one new array per change).
   */
  readonly lastChange: readonly string[] | undefined;
  /**
   * The index of the item holding the grid's tab stop and shown in the preview. By index, not id:
   * a remote collection's new search starts its results at the top (the renderer says `highlight` 0).
   */
  readonly highlighted: number;
  readonly typeahead: TypeaheadState;
  /** Items whose thumbnail failed to load: shown as broken from then on. */
  readonly broken: ReadonlySet<string>;
  /** A polite refusal to show: the person chose one item past `max`. */
  readonly notice: "max-reached" | undefined;
  /** Why the last submit was refused (the schema's messages, or `onSubmit`'s). */
  readonly issues: readonly string[];
}

/** A key pressed on an item of the grid (the renderer filters out other targets). */
export interface MediaPickerKeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  /** Any clock in milliseconds (the event's `timeStamp`): type-ahead resets after a pause. */
  readonly now: number;
  /** The grid's columns as laid out (Up/Down move by as many items). */
  readonly columns: number;
  /** Rows PageUp / PageDown move by (the rows that fit in the grid). */
  readonly pageRows: number;
}

export type MediaPickerEvent =
  /** Choose the item, or unchoose it when chosen. */
  | { readonly type: "toggle"; readonly id: string }
  /** An item took focus or was clicked (or new search results put the tab stop back on 0). */
  | { readonly type: "highlight"; readonly index: number }
  | ({ readonly type: "key" } & MediaPickerKeyInput)
  | { readonly type: "thumbnail-error"; readonly id: string }
  | { readonly type: "refused"; readonly issues: readonly string[] }
  | { readonly type: "sent" }
  /** A controlled owner's value. */
  | { readonly type: "value-changed"; readonly selected: readonly string[] }
  /** New items (a remote page, a new search, a new request) or new labels. */
  | ({ readonly type: "collection-changed" } & MediaCollectionInput);

const NONE: readonly string[] = [];

export function initialState(
  input: MediaCollectionInput,
  options: { readonly selected?: readonly string[] | undefined } = {},
): MediaPickerState {
  const collection = createCollection(input);
  const selected = options.selected ?? NONE;
  // The tab stop starts on the first chosen item the grid shows.
  const first = selected.find((id) => collection.indexOf.has(id));
  return {
    collection,
    selected,
    lastChange: undefined,
    highlighted: first === undefined ? 0 : (collection.indexOf.get(first) ?? 0),
    typeahead: emptyTypeahead,
    broken: new Set(),
    notice: undefined,
    issues: NONE,
  };
}

/** `state` with `changes`, or `state` itself when they change nothing. */
function patch(state: MediaPickerState, changes: Partial<MediaPickerState>): MediaPickerState {
  const keys = Object.keys(changes) as (keyof MediaPickerState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

export function transition(state: MediaPickerState, event: MediaPickerEvent): MediaPickerState {
  switch (event.type) {
    case "toggle": {
      const result = toggleSelection(state.selected, event.id, state.collection.rules);
      if (result.type === "changed") {
        const { selected } = result;
        return patch(state, { selected, lastChange: selected, notice: undefined, issues: NONE });
      }
      // Only going past max says why; what was refused before stays shown.
      return result.type === "refused" && result.reason === "max" ? patch(state, { notice: "max-reached" }) : state;
    }
    case "highlight": {
      const { index } = event;
      const valid = Number.isInteger(index) && index >= 0 && index < Math.max(1, state.collection.items.length);
      return valid ? patch(state, { highlighted: index }) : state;
    }
    case "key": {
      const move = resolveKey(state, event);
      if (!move) return state;
      return patch(state, { typeahead: move.typeahead, highlighted: move.target ?? state.highlighted });
    }
    case "thumbnail-error":
      return state.broken.has(event.id) ? state : { ...state, broken: new Set(state.broken).add(event.id) };
    case "refused":
      return patch(state, { issues: event.issues });
    case "sent":
      return patch(state, { issues: NONE });
    case "value-changed":
      return sameIds(state.selected, event.selected) ? state : { ...state, selected: event.selected };
    case "collection-changed": {
      const { type: _, ...input } = event;
      return sameSource(state.collection, input) ? state : { ...state, collection: createCollection(input) };
    }
    default:
      return event satisfies never;
  }
}

/**
 * Where a key moves the tab stop (an index, `undefined`: nowhere), or `undefined` for keys the
 * grid leaves alone (Space and Enter among them: the renderer toggles with those).
 */
export function resolveKey(
  state: MediaPickerState,
  input: MediaPickerKeyInput,
): { readonly typeahead: TypeaheadState; readonly target: number | undefined } | undefined {
  const { collection } = state;
  const count = collection.items.length;
  const labelOf = (index: number) => nameAt(collection, index);
  const shape = { active: highlightedIndex(state), count, columns: input.columns, pageRows: input.pageRows, labelOf };
  return resolveCollectionKey(input, state.typeahead, shape);
}

// ─── selectors ───────────────────────────────────────────────────────────────────────────────────

/** The index holding the tab stop, clamped to the items (0 when there are none). */
export function highlightedIndex(state: MediaPickerState): number {
  return Math.min(Math.max(state.highlighted, 0), Math.max(state.collection.items.length - 1, 0));
}

/** Each chosen id's 1-based place in the selection (its order badge). */
export function orderOf(state: MediaPickerState): ReadonlyMap<string, number> {
  return new Map(state.selected.map((id, index) => [id, index + 1]));
}

/** The answer to send: the chosen ids in the order they were chosen. */
export function valueToSend(state: MediaPickerState): MediaResponse {
  return { selected: [...state.selected] };
}

/** Whether two selections hold the same ids in the same order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, index) => id === b[index]));
}

/** The machine in one object, for headless use (`hitl-kit/widgets`): a renderer needs no more. */
export const mediaPickerMachine = {
  initialState,
  transition,
  resolveKey,
  highlightedIndex,
  orderOf,
  valueToSend,
  sameIds,
} as const;
