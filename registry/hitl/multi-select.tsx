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

const list = cn(
  "max-h-90 overflow-y-auto overscroll-contain rounded-md border p-1",
  focusRing,
  "**:data-[slot=empty]:px-2 **:data-[slot=empty]:py-1.5 **:data-[slot=empty]:text-muted-foreground",
  // Rows are placed by the virtualizer; their bottom padding is the space between them.
  "**:data-[slot=row]:pb-0.5",
  "**:data-[slot=group-heading]:px-2 **:data-[slot=group-heading]:pt-2 **:data-[slot=group-heading]:pb-1 **:data-[slot=group-heading]:text-xs **:data-[slot=group-heading]:font-semibold **:data-[slot=group-heading]:tracking-wide **:data-[slot=group-heading]:text-muted-foreground **:data-[slot=group-heading]:uppercase",
  "**:data-[slot=option]:grid **:data-[slot=option]:grid-cols-[auto_1fr] **:data-[slot=option]:items-start **:data-[slot=option]:gap-x-2 **:data-[slot=option]:rounded-sm **:data-[slot=option]:px-2 **:data-[slot=option]:py-1.5",
  "**:data-[slot=option]:hover:bg-accent **:data-[slot=option]:data-[highlighted]:bg-accent **:data-[slot=option]:data-[state=checked]:bg-hitl-selected",
  "**:data-[slot=option]:data-[disabled]:hover:bg-transparent **:data-[slot=option]:data-[disabled]:*:data-[slot=option-control]:opacity-50 **:data-[slot=option]:data-[disabled]:*:data-[slot=option-label]:opacity-50",
  "**:data-[slot=option-control]:mt-0.5 **:data-[slot=option-control]:size-4 **:data-[slot=option-control]:cursor-pointer **:data-[slot=option-control]:accent-primary **:data-[slot=option-control]:disabled:cursor-not-allowed",
  "**:data-[slot=option-label]:cursor-pointer **:data-[slot=option-label]:wrap-anywhere",
  "**:data-[slot=option-description]:col-start-2 **:data-[slot=option-description]:text-xs **:data-[slot=option-description]:text-muted-foreground",
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
        <Parts.List className={list} />
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
