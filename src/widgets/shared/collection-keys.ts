/**
 * Keyboard movement in a roving-focus collection, as pure functions: the WAI-ARIA listbox pattern
 * for a list (one column) and the grid pattern for a grid (`columns` > 1), plus type-ahead.
 */

/** Columns used when the grid has no measured width yet (first render, jsdom, hidden container). */
export const DEFAULT_COLUMNS = 4;
/** Space between tiles in pixels; the row height includes one gap below the tiles. */
export const GRID_GAP = 8;

/** How many tiles of at least `tileSize` fit in `width`; the default when there is no width. */
export function columnsFor(width: number, tileSize: number, gap = GRID_GAP): number {
  if (!(width > 0) || !(tileSize > 0)) return DEFAULT_COLUMNS;
  return Math.max(1, Math.floor((width + gap) / (tileSize + gap)));
}

export interface CollectionShape {
  readonly count: number;
  /** 1 for a list. */
  readonly columns: number;
  /** Rows moved by PageUp / PageDown (the rows that fit in the viewport). */
  readonly pageRows: number;
}

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
}

/**
 * Where a key moves the active index, or `undefined` for keys the collection does not handle.
 * Up/Down keep the column (Down from a short last row lands on the last item); in a grid
 * Left/Right run through rows like reading order (a list ignores them, leaving them to the text it
 * may hold); Home/End go to the first/last item, Ctrl+Home/End too.
 */
export function moveIndex(index: number, input: KeyInput | string, shape: CollectionShape): number | undefined {
  const { key } = typeof input === "string" ? { key: input } : input;
  const { count, columns, pageRows } = shape;
  if (count <= 0) return undefined;
  const last = count - 1;
  const current = Math.min(Math.max(index, 0), last);
  const cols = Math.max(1, Math.floor(columns));
  const vertical = (rows: number): number => {
    const target = current + rows * cols;
    if (target < 0) return current % cols;
    if (target > last) {
      // Stay in the column on the last row that has it; a short last row falls back to the last item.
      const lastRowStart = last - (last % cols);
      const sameColumn = lastRowStart + (current % cols);
      return sameColumn <= last ? Math.max(sameColumn, current) : last;
    }
    return target;
  };
  switch (key) {
    case "ArrowRight":
      return cols > 1 ? Math.min(current + 1, last) : undefined;
    case "ArrowLeft":
      return cols > 1 ? Math.max(current - 1, 0) : undefined;
    case "ArrowDown":
      return vertical(1);
    case "ArrowUp":
      return vertical(-1);
    case "PageDown":
      return vertical(Math.max(1, pageRows));
    case "PageUp":
      return vertical(-Math.max(1, pageRows));
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return undefined;
  }
}

/**
 * Moves a target that landed on a disabled item on to the nearest enabled one: first further in the
 * direction of travel, then back towards where it came from (Home searches forward, End backward).
 * `undefined` when every item is disabled.
 */
export function nearestEnabled(
  target: number,
  from: number,
  count: number,
  isDisabled: (index: number) => boolean,
): number | undefined {
  if (target < 0 || target >= count) return undefined;
  if (!isDisabled(target)) return target;
  const direction = target >= from ? 1 : -1;
  for (let index = target + direction; index >= 0 && index < count; index += direction) {
    if (!isDisabled(index)) return index;
  }
  for (let index = target - direction; index >= 0 && index < count; index -= direction) {
    if (!isDisabled(index)) return index;
  }
  return undefined;
}

/**
 * Where a key moves the focus in a row of radios or toggle buttons (the APG radio group and
 * toolbar, as Radix's roving focus does it): every arrow goes to the next or previous item,
 * wrapping at the ends, Home/End to the first/last; disabled items are skipped. `undefined` for
 * keys the row does not handle, or when no item is enabled.
 */
export function moveInRow(
  index: number,
  key: string,
  count: number,
  isDisabled: (index: number) => boolean = () => false,
): number | undefined {
  const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : key === "ArrowLeft" || key === "ArrowUp" ? -1 : 0;
  if (count <= 0 || (step === 0 && key !== "Home" && key !== "End")) return undefined;
  if (key === "Home") return nearestEnabled(0, 0, count, isDisabled);
  if (key === "End") return nearestEnabled(count - 1, count - 1, count, isDisabled);
  for (let moved = 1; moved <= count; moved++) {
    const candidate = (((index + step * moved) % count) + count) % count;
    if (!isDisabled(candidate)) return candidate;
  }
  return undefined;
}

/** Type-ahead resets after this pause between key presses (the APG's suggestion). */
export const TYPEAHEAD_RESET_MS = 500;

export interface TypeaheadState {
  readonly buffer: string;
  /** When the last character was typed (any clock; only differences matter). */
  readonly at: number;
}

export const emptyTypeahead: TypeaheadState = { buffer: "", at: Number.NEGATIVE_INFINITY };

/** Whether a key press is a character for type-ahead (not Space while nothing has been typed). */
export function isTypeaheadKey(
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean },
  state: TypeaheadState,
  now: number,
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || [...event.key].length !== 1) return false;
  const typing = state.buffer !== "" && now - state.at < TYPEAHEAD_RESET_MS;
  return event.key !== " " || typing;
}

/**
 * Type-ahead: appends `char` to the buffer (or starts a new one after a pause) and finds the next
 * item whose label starts with it, searching from the active item and wrapping around. Typing the
 * same letter again cycles through the items starting with it.
 */
export function typeahead(
  state: TypeaheadState,
  char: string,
  now: number,
  { active, count, labelOf }: { active: number; count: number; labelOf: (index: number) => string },
): { state: TypeaheadState; index: number | undefined } {
  const previous = now - state.at < TYPEAHEAD_RESET_MS ? state.buffer : "";
  const buffer = (previous + char).toLowerCase();
  const next: TypeaheadState = { buffer, at: now };
  if (count <= 0) return { state: next, index: undefined };
  const repeated = [...buffer].every((letter) => letter === buffer[0]);
  // A fresh or repeated letter moves past the active item; a longer word may stay on it.
  const needle = repeated ? (buffer[0] ?? "") : buffer;
  const startOffset = repeated ? 1 : 0;
  const from = Math.min(Math.max(active, 0), count - 1);
  for (let step = 0; step < count; step++) {
    const index = (from + startOffset + step) % count;
    if (labelOf(index).toLowerCase().startsWith(needle)) return { state: next, index };
  }
  return { state: next, index: undefined };
}

/** A key pressed in a collection: its key, modifiers and when (any clock in milliseconds). */
export interface CollectionKeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  readonly now: number;
}

/**
 * Where a key moves a collection's tab stop, for every collection alike (the multi-select's list,
 * the media grid, `useVirtualCollection`): a printable key types ahead (`labelOf`; disabled items
 * passed over), an arrow, Home, End, PageUp or PageDown moves (to the nearest enabled item).
 * `undefined` for keys it leaves alone (Space and Enter among them); `target` is `undefined` where
 * the key is the collection's but leads nowhere.
 */
export function resolveCollectionKey(
  input: CollectionKeyInput,
  state: TypeaheadState,
  shape: CollectionShape & {
    readonly active: number;
    readonly labelOf?: ((index: number) => string) | undefined;
    readonly isDisabled?: ((index: number) => boolean) | undefined;
  },
): { readonly typeahead: TypeaheadState; readonly target: number | undefined } | undefined {
  const { active, count, labelOf, isDisabled } = shape;
  if (input.altKey || input.metaKey) return undefined;
  if (labelOf && isTypeaheadKey(input, state, input.now)) {
    const label = isDisabled ? (index: number) => (isDisabled(index) ? "" : labelOf(index)) : labelOf;
    const found = typeahead(state, input.key, input.now, { active, count, labelOf: label });
    return { typeahead: found.state, target: found.index };
  }
  const moved = moveIndex(active, input.key, shape);
  if (moved === undefined) return undefined;
  return { typeahead: state, target: isDisabled ? nearestEnabled(moved, active, count, isDisabled) : moved };
}
