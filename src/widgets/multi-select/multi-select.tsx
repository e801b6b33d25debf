"use client";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import type { MultiSelectApi } from "./connect";
import { List } from "./list";
import { Option, OptionControl, OptionDescription, OptionLabel } from "./option-item";
import {
  Body,
  Clear,
  Count,
  CountText,
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

/** A styled multi-select: prompt, search, Select all / Clear, count, list, Submit / Decline, receipt. */
export const MultiSelect = defineWidget<MultiSelectProps, MultiSelectApi>()({
  kind: "multi-select",
  Provider: MultiSelectProvider,
  use: (props, { status, onDecline }) => useMultiSelect({ ...props, status, onDecline }),
  rootProps: (api) => api.getRootProps(),
  content: (
    <>
      <Search />
      <Toolbar />
      <List />
      <Count />
    </>
  ),
  parts: {
    ...{ Body, Search, SearchLabel, SearchInput, SearchMatches, Toolbar, SelectAll, Clear, SelectAllHint },
    ...{ Count, CountText, Notice, List, Option, OptionControl, OptionLabel, OptionDescription, Issues, Submit },
    Summary,
  },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type MultiSelectRootProps = WidgetRootProps<MultiSelectProps>;
