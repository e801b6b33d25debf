"use client";
import { type ComponentPropsWithoutRef, memo } from "react";
import { splitShellProps } from "../shared/shell-props";
import { cx, ShellActions, ShellPrompt, ShellReceipt, ShellRoot, ShellStatus } from "../shared/widget-shell";
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
 * (`anatomy.ts`).
 */

export { SEARCH_THRESHOLD } from "./collection";
export type { MultiSelectProps, MultiSelectRequest, MultiSelectResponse } from "./use-multi-select";

export interface MultiSelectRootProps
  extends Omit<MultiSelectProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

/**
 * The shell builds its context anew whenever it renders: memoized, it renders (and with it the
 * prompt, Decline, status and receipt) only when its own props change, not on every selection.
 */
const Shell = memo(ShellRoot);

function Root(props: MultiSelectRootProps) {
  const [shell, { payload, onSubmit, value, defaultValue, onValueChange, className, ...rest }] = splitShellProps(props);
  const { status, onDecline } = shell;
  const { api, decline } = useMultiSelect({ payload, value, defaultValue, onValueChange, status, onSubmit, onDecline });
  return (
    <MultiSelectProvider value={api}>
      <Shell
        kind="multi-select"
        {...shell}
        onDecline={decline}
        {...api.getRootProps()}
        {...rest}
        className={cx("hitl-multi-select", className)}
      />
    </MultiSelectProvider>
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
MultiSelect.Body = Form;
/** @deprecated the same part as `Body` (one name across widgets). */
MultiSelect.Form = Form;
MultiSelect.Search = Search;
MultiSelect.SearchLabel = SearchLabel;
MultiSelect.SearchInput = SearchInput;
MultiSelect.SearchMatches = SearchMatches;
MultiSelect.Toolbar = Toolbar;
MultiSelect.SelectAll = SelectAll;
MultiSelect.Clear = Clear;
MultiSelect.SelectAllHint = SelectAllHint;
MultiSelect.Count = Count;
MultiSelect.CountText = CountText;
MultiSelect.Notice = Notice;
MultiSelect.List = List;
MultiSelect.Issues = Issues;
MultiSelect.Actions = ShellActions;
MultiSelect.Submit = Submit;
MultiSelect.Decline = Decline;
MultiSelect.Status = ShellStatus;
MultiSelect.Receipt = ShellReceipt;
MultiSelect.Summary = Summary;
