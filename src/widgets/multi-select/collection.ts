import { type MultiSelectRequest, multiSelectBounds } from "../../kinds/multi-select";
import { foldSearchText, matchesWords, searchWords } from "../shared/search";
import { byPosition, type SelectionRules } from "../shared/selection";

/**
 * What a multi-select request offers, indexed once per request, and what the list shows for a
 * query (grouped, with the rows a virtualized list renders). Pure: no React, no DOM.
 */

export type MultiSelectOption = MultiSelectRequest["options"][number];

/** Lists longer than this get a search box. */
export const SEARCH_THRESHOLD = 12;

export interface MultiSelectCollection {
  readonly request: MultiSelectRequest;
  readonly options: readonly MultiSelectOption[];
  /** The count bounds (`max` defaults to the number of options). */
  readonly bounds: { readonly min: number; readonly max: number };
  /**
   * The selection rules (`selection.ts`): several, at most `max`, in option order; disabled ids and
   * ids not offered (a stale controlled value) can be unchosen, never chosen.
   */
  readonly rules: SelectionRules<string>;
  /** Whether each offered id is disabled (absent: not offered). */
  readonly disabledById: ReadonlyMap<string, boolean>;
  /** Longer than `SEARCH_THRESHOLD`: the list has a search box. */
  readonly searchable: boolean;
  /** Each option's label and description, folded for the search rule. */
  readonly haystacks: readonly string[];
  /** Each group's place among the groups, by first appearance (stable while searching). */
  readonly groupOrder: ReadonlyMap<string | undefined, number>;
}

export function createCollection(request: MultiSelectRequest): MultiSelectCollection {
  const { options } = request;
  const bounds = multiSelectBounds(request);
  const disabledById = new Map(options.map((option) => [option.id, option.disabled]));
  const groupOrder = new Map<string | undefined, number>();
  for (const option of options) if (!groupOrder.has(option.group)) groupOrder.set(option.group, groupOrder.size);
  return {
    request,
    options,
    bounds,
    rules: {
      mode: "multiple",
      max: bounds.max,
      isDisabled: (id) => disabledById.get(id) ?? true,
      compare: byPosition(options.map((option) => option.id)),
    },
    disabledById,
    searchable: options.length > SEARCH_THRESHOLD,
    haystacks: options.map((option) => foldSearchText(`${option.label}\n${option.description ?? ""}`)),
    groupOrder,
  };
}

/** Whether a new request offers the same as the collection's (no need to index it again). */
export function offersSame(collection: MultiSelectCollection, request: MultiSelectRequest): boolean {
  const before = collection.request;
  return (
    before === request ||
    (before.options === request.options && before.min === request.min && before.max === request.max)
  );
}

export interface Section {
  /** The group's place among all groups (stable while searching), for ids. */
  readonly order: number;
  readonly group: string | undefined;
  /** Indices into the options, in option order. */
  readonly indices: readonly number[];
}

/** A row of the list: a group's heading, or an option (by its position among the shown options). */
export type ListRow =
  | { readonly type: "heading"; readonly section: Section }
  | { readonly type: "option"; readonly section: Section; readonly index: number; readonly position: number };

export type OptionRow = Extract<ListRow, { type: "option" }>;

/** What the list shows for one query. Positions count the shown options in list order (grouped). */
export interface ListView {
  /** How many options match (the whole list without a query). */
  readonly count: number;
  /** The shown options' ids by position. */
  readonly ids: readonly string[];
  readonly positionById: ReadonlyMap<string, number>;
  readonly sections: readonly Section[];
  /** Headings (for groups) and options, in list order. */
  readonly rows: readonly ListRow[];
  /** The row of each position. */
  readonly rowOfPosition: readonly number[];
  /** The option at each position. */
  readonly optionAt: (position: number) => MultiSelectOption | undefined;
}

/** The last view of each collection: a query's view is asked for many times between changes. */
const lastView = new WeakMap<MultiSelectCollection, { readonly key: string; readonly view: ListView }>();

/** The options `query` shows, grouped (the groups in their first order), with their rows. */
export function listView(collection: MultiSelectCollection, query: string): ListView {
  const words = collection.searchable ? searchWords(query) : [];
  const key = words.join(" ");
  const cached = lastView.get(collection);
  if (cached?.key === key) return cached.view;
  const { options, haystacks, groupOrder } = collection;
  const byGroup = new Map<string | undefined, number[]>();
  options.forEach((option, index) => {
    if (words.length > 0 && !matchesWords(haystacks[index] ?? "", words)) return;
    const indices = byGroup.get(option.group);
    if (indices) indices.push(index);
    else byGroup.set(option.group, [index]);
  });
  const sections = [...byGroup]
    .map(([group, indices]): Section => ({ group, indices, order: groupOrder.get(group) ?? 0 }))
    .sort((a, b) => a.order - b.order);
  const rows: ListRow[] = [];
  const rowOfPosition: number[] = [];
  const order: number[] = [];
  for (const section of sections) {
    if (section.group !== undefined) rows.push({ type: "heading", section });
    for (const index of section.indices) {
      rowOfPosition.push(rows.length);
      rows.push({ type: "option", section, index, position: order.length });
      order.push(index);
    }
  }
  const ids = order.map((index) => options[index]?.id ?? "");
  const view: ListView = {
    count: order.length,
    ids,
    positionById: new Map(ids.map((id, position) => [id, position])),
    sections,
    rows,
    rowOfPosition,
    optionAt: (position) => options[order[position] ?? -1],
  };
  lastView.set(collection, { key, view });
  return view;
}
