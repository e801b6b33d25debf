"use client";
import { widget } from "hitl-kit";
import { type MultiSelectProps, MultiSelect as Parts } from "hitl-kit/widgets";
import multiSelectEntry from "hitl-kit/widgets/multi-select";
import { cn, decline, focusRing, inputClass, outlineButton, shell } from "@/components/hitl/shell";

/**
 * The multi-select in shadcn's look: the kit's parts (`hitl-kit/widgets/multi-select`) with
 * Tailwind classes. State comes from the parts' attributes: an option's `data-state`
 * (`checked` / `unchecked`), `data-disabled` and `data-highlighted`; the root's `data-state` is the
 * request's (`open`, `submitting`, `answered`, `declined`, `answered-elsewhere`, …).
 */

/** One option's row: its checkbox, label and description (dimmed while it cannot be chosen). */
const option = (
  <Parts.Option
    className={cn(
      "group/option grid grid-cols-[auto_1fr] items-start gap-x-2 rounded-sm px-2 py-1.5",
      "hover:bg-accent data-[highlighted]:bg-accent data-[state=checked]:bg-hitl-selected data-[disabled]:hover:bg-transparent",
    )}
  >
    <Parts.OptionControl className="mt-0.5 size-4 cursor-pointer accent-primary disabled:cursor-not-allowed group-data-[disabled]/option:opacity-50" />
    <Parts.OptionLabel className="cursor-pointer wrap-anywhere group-data-[disabled]/option:opacity-50" />
    <Parts.OptionDescription className="col-start-2 text-xs text-muted-foreground" />
  </Parts.Option>
);
/** The options, virtualized, under their group headings. */
const list = (
  <Parts.List
    className={cn("max-h-90 overflow-y-auto overscroll-contain rounded-md border p-1", focusRing)}
    // Rows are placed by the virtualizer; their bottom padding is the space between them.
    rowClassName="pb-0.5"
    headingClassName="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
    emptyClassName="px-2 py-1.5 text-muted-foreground"
  >
    {option}
  </Parts.List>
);

/** A multi-select in shadcn's look: search, Select all / Clear, count, list, Submit / Decline, receipt. */
export function MultiSelect({ prompt, answer, className, ...props }: MultiSelectProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={shell.form}>
        <Parts.Search className="flex flex-col gap-1.5">
          <Parts.SearchLabel className="text-sm font-medium" />
          <Parts.SearchInput className={inputClass} />
          <Parts.SearchMatches className="m-0 text-xs text-muted-foreground" />
        </Parts.Search>
        <Parts.Toolbar className="flex flex-wrap items-center gap-2">
          <Parts.SelectAll className={outlineButton} />
          <Parts.Clear className={outlineButton} />
          <Parts.SelectAllHint className="m-0 basis-full text-xs text-muted-foreground" />
        </Parts.Toolbar>
        {list}
        <Parts.Count className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
          <Parts.CountText className="m-0 text-muted-foreground tabular-nums" />
          <Parts.Notice className="m-0 text-destructive" />
        </Parts.Count>
        <Parts.Issues />
        <Parts.Actions className={shell.actions}>
          <Parts.Submit className={shell.submit} />
          <Parts.Decline className={shell.decline} formClassName={decline.form}>
            <Parts.DeclineLabel />
            <Parts.DeclineReason className={decline.reason} />
            <Parts.DeclineConfirm className={decline.confirm} />
            <Parts.DeclineBack className={decline.back} />
          </Parts.Decline>
        </Parts.Actions>
      </Parts.Body>
      <Parts.Status className={shell.status}>
        <Parts.StatusText />
        <Parts.Retry className={shell.retry} />
      </Parts.Status>
      <Parts.Receipt
        className={shell.receipt}
        summary={<Parts.Summary answer={answer} className="m-0 list-disc pl-5 text-muted-foreground" />}
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's multi-select kind with this component. */
export const multiSelectWidget = widget(multiSelectEntry.kind, MultiSelect);
