/**
 * The selection model every picker shares, as pure functions over an immutable list of ids (no
 * React, no DOM). A widget keeps `readonly Id[]` in its state and asks the model what a toggle, a
 * select-all or a clear makes of it; a refusal is a value, so the widget can say why.
 */

export interface SelectionRules<Id> {
  /**
   * `single`: choosing replaces the current choice (radio-like). `multiple`: choosing past `max`
   * is refused, so nothing is dropped behind the person's back.
   */
  readonly mode: "single" | "multiple";
  /** The most ids that may be selected; `single` is always 1. */
  readonly max: number;
  /** Disabled ids can be neither chosen nor added by select-all (they may still be un-chosen). */
  readonly isDisabled?: (id: Id) => boolean;
  /**
   * Keeps the selection sorted (e.g. in option order). Without it ids stay in the order they were
   * chosen.
   */
  readonly compare?: (a: Id, b: Id) => number;
}

export type SelectionResult<Id> =
  | { readonly type: "changed"; readonly selected: readonly Id[] }
  | { readonly type: "unchanged" }
  | { readonly type: "refused"; readonly reason: "max" | "disabled" };

function ordered<Id>(ids: readonly Id[], rules: SelectionRules<Id>): readonly Id[] {
  return rules.compare ? [...ids].sort(rules.compare) : ids;
}

/** The effective maximum: 1 in single mode, at least 1 otherwise. */
export function selectionMax(rules: Pick<SelectionRules<unknown>, "mode" | "max">): number {
  return rules.mode === "single" ? 1 : Math.max(1, rules.max);
}

/** Chooses `id` (a no-op when it is already chosen). */
export function addToSelection<Id>(selected: readonly Id[], id: Id, rules: SelectionRules<Id>): SelectionResult<Id> {
  if (selected.includes(id)) return { type: "unchanged" };
  if (rules.isDisabled?.(id)) return { type: "refused", reason: "disabled" };
  if (rules.mode === "single") return { type: "changed", selected: [id] };
  if (selected.length >= selectionMax(rules)) return { type: "refused", reason: "max" };
  return { type: "changed", selected: ordered([...selected, id], rules) };
}

/** Un-chooses `id` (allowed for disabled ids, so a stale default can always be undone). */
export function removeFromSelection<Id>(selected: readonly Id[], id: Id): SelectionResult<Id> {
  if (!selected.includes(id)) return { type: "unchanged" };
  return { type: "changed", selected: selected.filter((other) => other !== id) };
}

/** Chooses `id`, or un-chooses it when it is already chosen. */
export function toggleSelection<Id>(selected: readonly Id[], id: Id, rules: SelectionRules<Id>): SelectionResult<Id> {
  return selected.includes(id) ? removeFromSelection(selected, id) : addToSelection(selected, id, rules);
}

/** Sets `id` chosen or not (a checkbox's `checked`). */
export function setInSelection<Id>(
  selected: readonly Id[],
  id: Id,
  chosen: boolean,
  rules: SelectionRules<Id>,
): SelectionResult<Id> {
  return chosen ? addToSelection(selected, id, rules) : removeFromSelection(selected, id);
}

/** The enabled, unchosen ids among `visible` that select-all would add. */
export function addableIds<Id>(selected: readonly Id[], visible: readonly Id[], rules: SelectionRules<Id>): Id[] {
  const chosen = new Set(selected);
  return visible.filter((id) => !chosen.has(id) && !rules.isDisabled?.(id));
}

/**
 * Adds every enabled, unchosen id among `visible` (the ones a filter shows), all or nothing: past
 * `max` it is refused rather than silently adding some.
 */
export function selectAllVisible<Id>(
  selected: readonly Id[],
  visible: readonly Id[],
  rules: SelectionRules<Id>,
): SelectionResult<Id> {
  const adding = addableIds(selected, visible, rules);
  if (adding.length === 0) return { type: "unchanged" };
  if (selected.length + adding.length > selectionMax(rules)) return { type: "refused", reason: "max" };
  return { type: "changed", selected: ordered([...selected, ...adding], rules) };
}

/** Un-chooses everything. */
export function clearSelection<Id>(selected: readonly Id[]): SelectionResult<Id> {
  return selected.length === 0 ? { type: "unchanged" } : { type: "changed", selected: [] };
}

/** A comparator putting ids in the order of `ids` (unknown ids last). */
export function byPosition<Id>(ids: readonly Id[]): (a: Id, b: Id) => number {
  const index = new Map(ids.map((id, position) => [id, position]));
  const rank = (id: Id) => index.get(id) ?? Number.MAX_SAFE_INTEGER;
  return (a, b) => rank(a) - rank(b);
}
