"use client";
import {
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { multiSelectBounds, multiSelectKind } from "../../kinds/multi-select";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isSettledStatus } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import {
  addableIds,
  byPosition,
  clearSelection,
  type SelectionRules,
  selectAllVisible,
  setInSelection,
} from "../shared/selection";
import { splitShellProps } from "../shared/shell-props";
import { ShellSubmit } from "../shared/shell-submit";
import { useAnswer } from "../shared/use-answer";
import { useControllableState } from "../shared/use-controllable-state";
import { rowStyle, sizerStyle, useVirtualCollection } from "../shared/virtual-collection";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
  useShell,
} from "../shared/widget-shell";
import { type MultiSelectLabels, multiSelectLabels } from "./labels";

/**
 * Multi-select: a checkbox list with groups, descriptions and disabled options, a live count within
 * min/max, search once the list is long, and Select all / Clear. Answers `{ selected }` in option
 * order. The list is virtualized (10,000 options mount a screenful of rows) with one tab stop:
 * arrows, Home/End, PageUp/PageDown and type-ahead move between the checkboxes, Space checks.
 */

export type MultiSelectRequest = RequestOf<typeof multiSelectKind>;
export type MultiSelectResponse = ResponseOf<typeof multiSelectKind>;

export interface MultiSelectProps extends HitlWidgetProps<MultiSelectRequest, MultiSelectResponse> {
  /** The selected option ids (controlled). */
  value?: string[];
  /** The initially selected option ids (uncontrolled). @default [] */
  defaultValue?: string[];
  /** Called with the selected ids, in option order. */
  onValueChange?: (value: string[]) => void;
}

/** Lists longer than this get a search box. */
export const SEARCH_THRESHOLD = 12;

type Option = MultiSelectRequest["options"][number];

interface Section {
  /** Position of the group among all groups (stable while searching), for ids. */
  readonly order: number;
  readonly group: string | undefined;
  /** Indices into `payload.options`. */
  readonly indices: readonly number[];
}

interface MultiSelectContextValue {
  readonly payload: MultiSelectRequest;
  readonly labels: MultiSelectLabels;
  readonly selected: readonly string[];
  readonly selectedSet: ReadonlySet<string>;
  readonly toggle: (id: string, checked: boolean) => void;
  readonly bounds: { readonly min: number; readonly max: number };
  readonly searchable: boolean;
  readonly query: string;
  readonly setQuery: (query: string) => void;
  /** Indices of the options the search shows, in option order. */
  readonly visible: readonly number[];
  readonly sections: readonly Section[];
  /** Enabled, visible, unselected option ids Select all would add. */
  readonly addable: readonly string[];
  /** The option holding the list's tab stop (by id, so it survives the search). */
  readonly activeId: string | undefined;
  readonly setActiveId: (id: string) => void;
  readonly selectAll: () => void;
  readonly clear: () => void;
  readonly notice: string;
  readonly issues: readonly string[];
  readonly submit: () => void;
  readonly ids: {
    readonly base: string;
    readonly list: string;
    readonly selectAllHint: string;
    readonly matches: string;
  };
}

const [MultiSelectProvider, useMultiSelect] = createWidgetContext<MultiSelectContextValue>("MultiSelect");

const EMPTY: string[] = [];

export interface MultiSelectRootProps
  extends Omit<MultiSelectProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: MultiSelectRootProps) {
  const [shell, { payload, onSubmit, value, defaultValue, onValueChange, className, ...rest }] = splitShellProps(props);
  const { status, onDecline } = shell;
  const labels = useLabels("multiSelect", multiSelectLabels);
  const { options } = payload;
  const [selected, setSelected] = useControllableState<string[]>({
    value,
    defaultValue: defaultValue ?? EMPTY,
    onValueChange,
  });
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState("");
  const [issues, setIssues] = useState<readonly string[]>([]);
  const reply = useAnswer({ kind: multiSelectKind, payload, status, onSubmit, onDecline });
  const base = useId();
  const bounds = multiSelectBounds(payload);
  const searchable = options.length > SEARCH_THRESHOLD;

  const indexById = useMemo(() => new Map(options.map((option, index) => [option.id, index])), [options]);
  const rules = useMemo(
    (): SelectionRules<string> => ({
      mode: "multiple",
      max: bounds.max,
      isDisabled: (id) => options[indexById.get(id) ?? -1]?.disabled ?? false,
      compare: byPosition(options.map((option) => option.id)),
    }),
    [options, indexById, bounds.max],
  );
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);

  // Long lists: lower-case once per payload, and let typing stay ahead of the filtering.
  const haystacks = useMemo(
    () => options.map((option) => `${option.label}\n${option.description ?? ""}`.toLowerCase()),
    [options],
  );
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => {
    const needle = searchable ? deferredQuery.trim().toLowerCase() : "";
    const all = options.map((_, index) => index);
    return needle === "" ? all : all.filter((index) => haystacks[index]?.includes(needle));
  }, [options, haystacks, deferredQuery, searchable]);
  const groupOrder = useMemo(() => {
    const order = new Map<string | undefined, number>();
    for (const option of options) if (!order.has(option.group)) order.set(option.group, order.size);
    return order;
  }, [options]);
  const sections = useMemo(() => {
    const byGroup = new Map<string | undefined, number[]>();
    for (const index of visible) {
      const group = options[index]?.group;
      const list = byGroup.get(group);
      if (list) list.push(index);
      else byGroup.set(group, [index]);
    }
    return [...byGroup]
      .map(([group, indices]): Section => ({ group, indices, order: groupOrder.get(group) ?? 0 }))
      .sort((a, b) => a.order - b.order);
  }, [options, visible, groupOrder]);
  const visibleIds = useMemo(() => visible.flatMap((index) => options[index]?.id ?? []), [options, visible]);
  const addable = useMemo(() => addableIds(selected, visibleIds, rules), [selected, visibleIds, rules]);

  // Rows are memoized, so `toggle` must stay stable while reading the latest selection.
  const latest = useRef({ selected, rules, labels });
  latest.current = { selected, rules, labels };
  const toggle = useCallback(
    (id: string, checked: boolean) => {
      const { selected: current, rules: currentRules, labels: strings } = latest.current;
      const result = setInSelection(current, id, checked, currentRules);
      setIssues([]);
      if (result.type === "refused") {
        if (result.reason === "max") setNotice(strings.maxReached(currentRules.max));
        return;
      }
      setNotice("");
      if (result.type === "changed") setSelected([...result.selected]);
    },
    [setSelected],
  );

  const selectAll = () => {
    const result = selectAllVisible(selected, visibleIds, rules);
    if (result.type !== "changed") return;
    setIssues([]);
    setNotice("");
    setSelected([...result.selected]);
  };
  const clear = () => {
    if (clearSelection(selected).type !== "changed") return;
    setIssues([]);
    setNotice("");
    setSelected([]);
  };

  const submit = () => {
    const outcome = reply.submit({ selected: [...selected].sort(rules.compare) });
    if (outcome.type === "ignored") return;
    const messages = outcome.issues.map((issue) => issue.message);
    setIssues(outcome.type === "invalid" ? [...new Set(messages)] : messages);
  };

  const context: MultiSelectContextValue = {
    payload,
    labels,
    selected,
    selectedSet,
    toggle,
    bounds,
    searchable,
    query,
    setQuery,
    visible,
    sections,
    addable,
    activeId,
    setActiveId,
    selectAll,
    clear,
    notice,
    issues,
    submit,
    ids: { base, list: `${base}-list`, selectAllHint: `${base}-select-all-hint`, matches: `${base}-matches` },
  };
  return (
    <MultiSelectProvider value={context}>
      <ShellRoot
        kind="multi-select"
        {...shell}
        onDecline={reply.decline}
        {...rest}
        className={cx("hitl-multi-select", className)}
      />
    </MultiSelectProvider>
  );
}

/** The form around the list and actions; hidden once the receipt shows. */
function Form(props: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const { submit } = useMultiSelect();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return <ShellForm onSubmit={submit} {...props} />;
}

/** A search box filtering by label and description; only for lists longer than `SEARCH_THRESHOLD`. */
function Search({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { labels, searchable, query, setQuery, visible, payload, ids } = useMultiSelect();
  if (!searchable) return null;
  const searchId = `${ids.base}-search`;
  return (
    <div data-slot="search" className={cx("hitl-multi-select-search", className)} {...props}>
      <label htmlFor={searchId} className="hitl-label">
        {labels.search}
      </label>
      <input
        id={searchId}
        type="search"
        className="hitl-input"
        placeholder={labels.searchPlaceholder}
        value={query}
        aria-controls={ids.list}
        aria-describedby={query.trim() ? ids.matches : undefined}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter in a search box filters; it must not send the answer.
          if (event.key === "Enter") event.preventDefault();
        }}
      />
      {query.trim() !== "" && (
        <p id={ids.matches} className="hitl-help">
          {labels.matches(visible.length, payload.options.length)}
        </p>
      )}
    </div>
  );
}

/** Select all (enabled, visible options, only when that stays within max) and Clear. */
function Toolbar({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { labels, selected, addable, bounds, selectAll, clear, ids } = useMultiSelect();
  const wouldBe = selected.length + addable.length;
  const tooMany = addable.length > 0 && wouldBe > bounds.max;
  return (
    <div data-slot="toolbar" className={cx("hitl-multi-select-toolbar", className)} {...props}>
      <button
        type="button"
        data-slot="select-all"
        className="hitl-button"
        // aria-disabled keeps it focusable, so the reason it is unavailable can be read.
        aria-disabled={addable.length === 0 || tooMany || undefined}
        aria-describedby={tooMany ? ids.selectAllHint : undefined}
        onClick={selectAll}
      >
        {labels.selectAll}
      </button>
      <button
        type="button"
        data-slot="clear"
        className="hitl-button"
        aria-disabled={selected.length === 0 || undefined}
        onClick={clear}
      >
        {labels.clear}
      </button>
      {tooMany && (
        <p id={ids.selectAllHint} data-slot="select-all-hint" className="hitl-help">
          {labels.selectAllTooMany(wouldBe, bounds.max)}
        </p>
      )}
    </div>
  );
}

/** The live count ("2 selected — choose 1 to 3") and the polite refusal past max. */
function Count({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { labels, selected, bounds, payload, notice } = useMultiSelect();
  return (
    <div data-slot="count" className={cx("hitl-multi-select-count", className)} {...props}>
      <p role="status" aria-live="polite" className="hitl-multi-select-count-text">
        {labels.count(selected.length, bounds.min, payload.max)}
      </p>
      <p data-slot="notice" role="status" aria-live="polite" className="hitl-multi-select-notice">
        {notice}
      </p>
    </div>
  );
}

/** Rows assumed visible while the list has no height (first render, jsdom, hidden container). */
const FALLBACK_VISIBLE_ROWS = 40;
/** A row's estimated height before it is measured. */
const ROW_ESTIMATE = 32;

/** The list's rows: each group's heading, then its options (by position among the visible ones). */
type Row =
  | { readonly type: "heading"; readonly section: Section }
  | { readonly type: "option"; readonly section: Section; readonly index: number; readonly position: number };

function rowsOf(sections: readonly Section[]): { rows: Row[]; rowOfPosition: number[] } {
  const rows: Row[] = [];
  const rowOfPosition: number[] = [];
  for (const section of sections) {
    if (section.group !== undefined) rows.push({ type: "heading", section });
    for (const index of section.indices) {
      rowOfPosition.push(rows.length);
      rows.push({ type: "option", section, index, position: rowOfPosition.length - 1 });
    }
  }
  return { rows, rowOfPosition };
}

interface OptionRowProps {
  readonly option: Option;
  readonly inputId: string;
  readonly checked: boolean;
  readonly onToggle: (id: string, checked: boolean) => void;
  readonly position: number;
  readonly tabbable: boolean;
  readonly onActive: (id: string) => void;
}

/** One checkbox; memoized so toggling one option re-renders one row. */
const OptionRow = memo(function OptionRow({
  option,
  inputId,
  checked,
  onToggle,
  position,
  tabbable,
  onActive,
}: OptionRowProps) {
  const descriptionId = `${inputId}-description`;
  return (
    <div
      data-slot="option"
      data-state={checked ? "checked" : "unchecked"}
      data-disabled={option.disabled ? "" : undefined}
      className="hitl-multi-select-option"
    >
      <input
        id={inputId}
        type="checkbox"
        className="hitl-checkbox"
        checked={checked}
        disabled={option.disabled}
        tabIndex={tabbable ? 0 : -1}
        data-item-index={position}
        aria-describedby={option.description ? descriptionId : undefined}
        onChange={(event) => onToggle(option.id, event.target.checked)}
        onFocus={() => onActive(option.id)}
      />
      <label htmlFor={inputId} className="hitl-multi-select-option-label">
        {option.label}
      </label>
      {option.description && (
        <p id={descriptionId} className="hitl-help hitl-multi-select-option-description">
          {option.description}
        </p>
      )}
    </div>
  );
});

/**
 * The options, grouped under their headings (`role="group"`), filtered by the search and
 * virtualized: one container per group with rendered rows, each row placed at its measured offset,
 * so a row keeps its element (and focus) while the list scrolls.
 */
function List({ className, style, onKeyDown, ...props }: ComponentPropsWithoutRef<"div">) {
  const ctx = useMultiSelect();
  const { payload, labels, sections, selectedSet, toggle, ids, visible, setActiveId } = ctx;
  const { options } = payload;
  const { rows, rowOfPosition } = useMemo(() => rowsOf(sections), [sections]);
  // Positions follow the rows (grouped), which need not be option order.
  const positionById = useMemo(() => {
    const map = new Map<string, number>();
    for (const row of rows) if (row.type === "option") map.set(options[row.index]?.id ?? "", row.position);
    return map;
  }, [rows, options]);
  const optionAt = (position: number): Option | undefined => {
    const row = rows[rowOfPosition[position] ?? -1];
    return row?.type === "option" ? options[row.index] : undefined;
  };
  const firstEnabled = rows.find((row) => row.type === "option" && !options[row.index]?.disabled);
  const active =
    (ctx.activeId === undefined ? undefined : positionById.get(ctx.activeId)) ??
    (firstEnabled?.type === "option" ? firstEnabled.position : 0);
  const collection = useVirtualCollection({
    count: visible.length,
    rows: { count: rows.length, of: (position) => rowOfPosition[position] ?? 0 },
    rowHeight: ROW_ESTIMATE,
    measure: true,
    activeIndex: active,
    onActiveIndexChange: (position) => {
      const option = optionAt(position);
      if (option) setActiveId(option.id);
    },
    labelOf: (position) => optionAt(position)?.label ?? "",
    isDisabled: (position) => optionAt(position)?.disabled ?? true,
    fallbackRows: FALLBACK_VISIBLE_ROWS,
  });
  const { virtualizer } = collection;

  // One container per section that has rendered rows, in section order.
  const rendered = new Map<Section, { start: number; index: number }[]>();
  for (const item of virtualizer.getVirtualItems()) {
    const row = rows[item.index];
    if (!row) continue;
    const list = rendered.get(row.section);
    if (list) list.push(item);
    else rendered.set(row.section, [item]);
  }

  const renderRow = ({ start, index }: { start: number; index: number }, headingId: string) => {
    const row = rows[index];
    if (!row) return null;
    if (row.type === "heading") {
      return (
        <p
          // Not an option id: ids are never empty.
          key=""
          id={headingId}
          ref={virtualizer.measureElement}
          data-index={index}
          data-slot="group-heading"
          className="hitl-multi-select-row hitl-multi-select-group-heading"
          style={rowStyle(start)}
        >
          {row.section.group}
        </p>
      );
    }
    const option = options[row.index];
    if (!option) return null;
    return (
      <div
        key={option.id}
        ref={virtualizer.measureElement}
        data-index={index}
        data-slot="row"
        className="hitl-multi-select-row"
        style={rowStyle(start)}
      >
        <OptionRow
          option={option}
          inputId={`${ids.base}-option-${row.index}`}
          checked={selectedSet.has(option.id)}
          onToggle={toggle}
          position={row.position}
          tabbable={row.position === collection.active}
          onActive={setActiveId}
        />
      </div>
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the list moves focus between its checkboxes (roving focus); each checkbox is the control.
    <div
      ref={collection.scrollRef}
      data-slot="list"
      id={ids.list}
      className={cx("hitl-multi-select-list", className)}
      style={{ position: "relative", overflowY: "auto", ...style }}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        onKeyDown?.(event);
        collection.onKeyDown(event);
      }}
      {...props}
    >
      {visible.length === 0 && (
        <p data-slot="empty" className="hitl-help">
          {labels.noMatches}
        </p>
      )}
      <div data-slot="list-sizer" style={sizerStyle(virtualizer)}>
        {[...rendered].map(([section, items]) => {
          const headingId = `${ids.base}-group-${section.order}`;
          if (section.group === undefined) {
            return (
              <div key="ungrouped" data-slot="options" className="hitl-multi-select-options">
                {items.map((item) => renderRow(item, headingId))}
              </div>
            );
          }
          // Scrolled past its heading, the group is named by a hidden copy of it.
          const headingShown = items.some((item) => rows[item.index]?.type === "heading");
          const labelId = headingShown ? headingId : `${headingId}-label`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a nested fieldset brings its own border and legend layout into a scrolling list; role="group" + aria-labelledby names it the same.
            <div
              key={`group-${section.order}`}
              data-slot="group"
              role="group"
              aria-labelledby={labelId}
              className="hitl-multi-select-group"
            >
              {!headingShown && (
                <span id={labelId} hidden>
                  {section.group}
                </span>
              )}
              {items.map((item) => renderRow(item, headingId))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Issues() {
  const { issues } = useMultiSelect();
  return <ShellIssues messages={issues} />;
}

function Submit({ children, ...props }: ComponentPropsWithoutRef<"button">) {
  const { labels } = useMultiSelect();
  return <ShellSubmit {...props}>{children ?? labels.submit}</ShellSubmit>;
}

function Decline({ className }: { className?: string }) {
  return <ShellDecline {...(className ? { className } : {})} />;
}

/** The receipt's summary: the chosen options' labels, in option order. */
function Summary({ answer, className }: { answer: MultiSelectResponse | undefined; className?: string }): ReactNode {
  const { payload, labels } = useMultiSelect();
  if (!answer) return null;
  if (answer.selected.length === 0) {
    return (
      <p data-slot="summary" className={cx("hitl-help", className)}>
        {labels.receiptNone}
      </p>
    );
  }
  const byId = new Map(payload.options.map((option) => [option.id, option.label]));
  return (
    <ul data-slot="summary" className={cx("hitl-multi-select-summary", className)}>
      {answer.selected.map((id) => (
        <li key={id}>{byId.get(id) ?? id}</li>
      ))}
    </ul>
  );
}

/** A styled multi-select: prompt, search, Select all / Clear, count, list, Submit / Decline, receipt. */
export function MultiSelect({ prompt, answer, ...props }: MultiSelectProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Form>
        <Search />
        <Toolbar />
        <List />
        <Count />
        <Issues />
        <ShellActions>
          <Submit />
          <Decline />
        </ShellActions>
      </Form>
      <ShellStatus />
      <ShellReceipt summary={<Summary answer={answer} />} />
    </Root>
  );
}

MultiSelect.Root = Root;
MultiSelect.Prompt = ShellPrompt;
MultiSelect.Form = Form;
MultiSelect.Search = Search;
MultiSelect.Toolbar = Toolbar;
MultiSelect.Count = Count;
MultiSelect.List = List;
MultiSelect.Issues = Issues;
MultiSelect.Actions = ShellActions;
MultiSelect.Submit = Submit;
MultiSelect.Decline = Decline;
MultiSelect.Status = ShellStatus;
MultiSelect.Receipt = ShellReceipt;
MultiSelect.Summary = Summary;
