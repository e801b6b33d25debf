"use client";
import type { ReactNode } from "react";
import { isSettledStatus } from "../../react/widget-props";
import { type PartProps, part } from "../shared/part";
import { pickerParts } from "../shared/shell-submit";
import { type BodyProps, cx, ShellForm, useShell } from "../shared/widget-shell";
import type { MultiSelectSlot } from "./anatomy";
import type { MultiSelectResponse } from "./use-multi-select";
import { useMultiSelectContext } from "./use-multi-select";

/**
 * The multi-select's parts: each reads the connect API from its Root and spreads one prop getter
 * onto one element. `asChild` renders your element instead (Radix's Slot), with the part's props
 * merged in: handlers both run (yours first), classes join, your other props win; an element of
 * yours without content gets the part's (its text, or a container's default parts).
 */

export type { PartProps };

/** The search box with its label and match count; nothing for lists up to `SEARCH_THRESHOLD`. */
export function Search(props: PartProps<"div">) {
  const api = useMultiSelectContext();
  if (!api.searchable) return null;
  const own = { ...api.getSearchProps(), className: "hitl-multi-select-search" };
  return part("div", own, props, [
    <SearchLabel key="label" />,
    <SearchInput key="input" />,
    <SearchMatches key="matches" />,
  ]);
}

export function SearchLabel(props: PartProps<"label">) {
  const api = useMultiSelectContext();
  return part("label", { ...api.getSearchLabelProps(), className: "hitl-label" }, props, api.labels.search);
}

/** Filters the options by label and description (every word, any case, any accents). */
export function SearchInput(props: PartProps<"input">) {
  const api = useMultiSelectContext();
  return part("input", { ...api.getSearchInputProps(), className: "hitl-input" }, props);
}

/** "11 of 20 options shown", while a query narrows the list. */
export function SearchMatches(props: PartProps<"p">) {
  const api = useMultiSelectContext();
  if (!api.searching) return null;
  return part("p", { ...api.getMatchesProps(), className: "hitl-help" }, props, api.texts.matches);
}

/** Select all (enabled, shown options, only when that stays within max) and Clear. */
export function Toolbar(props: PartProps<"div">) {
  const api = useMultiSelectContext();
  const own = { ...api.getToolbarProps(), className: "hitl-multi-select-toolbar" };
  return part("div", own, props, [<SelectAll key="all" />, <Clear key="clear" />, <SelectAllHint key="hint" />]);
}

export function SelectAll(props: PartProps<"button">) {
  const api = useMultiSelectContext();
  return part("button", { ...api.getSelectAllProps(), className: "hitl-button" }, props, api.labels.selectAll);
}

export function Clear(props: PartProps<"button">) {
  const api = useMultiSelectContext();
  return part("button", { ...api.getClearProps(), className: "hitl-button" }, props, api.labels.clear);
}

/** Why Select all is unavailable, while it would go past max. */
export function SelectAllHint(props: PartProps<"p">) {
  const api = useMultiSelectContext();
  if (!api.selectAllTooMany) return null;
  return part("p", { ...api.getSelectAllHintProps(), className: "hitl-help" }, props, api.texts.selectAllHint);
}

/** The live count ("2 selected — choose 1 to 3") and the polite refusal past max. */
export function Count(props: PartProps<"div">) {
  const api = useMultiSelectContext();
  const own = { ...api.getCountProps(), className: "hitl-multi-select-count" };
  return part("div", own, props, [<CountText key="text" />, <Notice key="notice" />]);
}

export function CountText(props: PartProps<"p">) {
  const api = useMultiSelectContext();
  const own = { ...api.getCountTextProps(), className: "hitl-multi-select-count-text" };
  return part("p", own, props, api.texts.count);
}

/** Always in the page (a live region), empty until a check past max is refused. */
export function Notice(props: PartProps<"p">) {
  const api = useMultiSelectContext();
  return part("p", { ...api.getNoticeProps(), className: "hitl-multi-select-notice" }, props, api.texts.notice);
}

/** The form around the list and actions; hidden once the receipt shows. */
export function Body(props: BodyProps) {
  const api = useMultiSelectContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return <ShellForm onSubmit={api.submit} {...props} />;
}

/** The receipt's summary: the chosen options' labels, in option order. */
export function Summary({
  answer,
  className,
}: {
  answer: MultiSelectResponse | undefined;
  className?: string;
}): ReactNode {
  const { collection, labels } = useMultiSelectContext();
  if (!answer) return null;
  if (answer.selected.length === 0) {
    return (
      <p data-slot={"summary" satisfies MultiSelectSlot} className={cx("hitl-help", className)}>
        {labels.receiptNone}
      </p>
    );
  }
  const byId = new Map(collection.options.map((option) => [option.id, option.label]));
  return (
    <ul data-slot={"summary" satisfies MultiSelectSlot} className={cx("hitl-multi-select-summary", className)}>
      {answer.selected.map((id) => (
        <li key={id}>{byId.get(id) ?? id}</li>
      ))}
    </ul>
  );
}

export const { Issues, Submit } = pickerParts(useMultiSelectContext);
