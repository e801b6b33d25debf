"use client";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import { ShellActions, ShellReceipt } from "../shared/widget-shell";
import type { MultiSelectApi } from "./connect";
import { List } from "./list";
import {
  Clear,
  Count,
  CountText,
  Decline,
  Form,
  Issues,
  Notice,
  Search,
  SearchInput,
  SearchLabel,
  SearchMatches,
  SelectAll,
  SelectAllHint,
  Submit,
  Summary,
  Toolbar,
} from "./parts";
import { type MultiSelectProps, MultiSelectProvider, useMultiSelect } from "./use-multi-select";

/**
 * Multi-select: a checkbox list with groups, descriptions and disabled options, a live count within
 * min/max, search once the list is long, and Select all / Clear. Answers `{ selected }` in option
 * order. The list is virtualized (10,000 options mount a screenful of rows) with one tab stop:
 * arrows, Home/End, PageUp/PageDown and type-ahead move between the checkboxes, Space checks.
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-multi-select.ts`) and thin parts (`parts.tsx`, `list.tsx`), each part one `data-slot`
 * (`anatomy.ts`); `defineWidget` makes the Root, the styled widget and the statics.
 */

export { SEARCH_THRESHOLD } from "./collection";
export type { MultiSelectProps, MultiSelectRequest, MultiSelectResponse } from "./use-multi-select";
export type MultiSelectRootProps = WidgetRootProps<MultiSelectProps>;

/** A styled multi-select: prompt, search, Select all / Clear, count, list, Submit / Decline, receipt. */
export const MultiSelect = defineWidget<MultiSelectProps, MultiSelectApi>()({
  name: "MultiSelect",
  kind: "multi-select",
  className: "hitl-multi-select",
  ownProps: { value: true, defaultValue: true, onValueChange: true },
  Provider: MultiSelectProvider,
  use: (props, { status, onDecline }) => {
    const { api, decline } = useMultiSelect({ ...props, status, onDecline });
    return { value: api, decline, rootProps: api.getRootProps() };
  },
  layout: (
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
  ),
  receipt: (answer) => <ShellReceipt summary={<Summary answer={answer} />} />,
  parts: {
    Body: Form,
    /** @deprecated the same part as `Body` (one name across widgets). */
    Form,
    Search,
    SearchLabel,
    SearchInput,
    SearchMatches,
    Toolbar,
    SelectAll,
    Clear,
    SelectAllHint,
    Count,
    CountText,
    Notice,
    List,
    Issues,
    Submit,
    Decline,
    Summary,
  },
});
