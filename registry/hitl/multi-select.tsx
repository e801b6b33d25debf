"use client";
import { widget } from "hitl-kit";
import multiSelectEntry, { type MultiSelectProps, MultiSelect as Parts } from "hitl-kit/widgets/multi-select";

/**
 * The multi-select in shadcn's look: the kit's parts (`hitl-kit/widgets/multi-select`) with
 * Tailwind classes. State comes from the parts' attributes: an option's `data-state`
 * (`checked` / `unchecked`), `data-disabled` and `data-highlighted`; the root's `data-state` is the
 * request's (`open`, `submitting`, `answered`, `declined`, `answered-elsewhere`, …).
 */

/** Joins class names: this file's own helper, so the item needs no other file. */
function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

// The kit's shell in shadcn's tokens. Parts that take `className` get theirs below; what a part
// renders inside itself (Decline's reason step, Retry, the receipt's lines, the issues) is styled
// from the root by its `data-slot`. Keyboard, focus and ARIA are the parts' own.
const focusRing = "outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";
const buttonBase = cn(
  "inline-flex h-8 shrink-0 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium whitespace-nowrap no-underline shadow-xs transition-[color,box-shadow]",
  "disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
  focusRing,
);
const outlineButton = cn(
  buttonBase,
  "bg-background hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50",
);
const primaryButton = cn(buttonBase, "border-primary bg-primary text-primary-foreground hover:bg-primary/90");
const inputClass = cn(
  "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/30",
  focusRing,
);
const shell = {
  root: cn(
    "flex min-w-0 max-w-full flex-col gap-3 rounded-xl border bg-card p-4 text-sm text-card-foreground shadow-sm",
    "data-[state=responded]:opacity-85 data-[state=submitting]:opacity-85 [&_.hitl-visually-hidden]:sr-only",
    // Decline, second step: the optional reason, Send decline, Back.
    "**:data-[slot=decline-form]:flex **:data-[slot=decline-form]:basis-full **:data-[slot=decline-form]:flex-wrap **:data-[slot=decline-form]:items-center **:data-[slot=decline-form]:gap-2",
    "**:data-[slot=decline-reason]:h-8 **:data-[slot=decline-reason]:min-w-0 **:data-[slot=decline-reason]:flex-[1_1_12rem] **:data-[slot=decline-reason]:rounded-md **:data-[slot=decline-reason]:border **:data-[slot=decline-reason]:border-input **:data-[slot=decline-reason]:bg-transparent **:data-[slot=decline-reason]:px-3 **:data-[slot=decline-reason]:shadow-xs **:data-[slot=decline-reason]:outline-none **:data-[slot=decline-reason]:focus-visible:border-ring **:data-[slot=decline-reason]:focus-visible:ring-[3px] **:data-[slot=decline-reason]:focus-visible:ring-ring/50",
    "**:data-[slot=decline-confirm]:h-8 **:data-[slot=decline-confirm]:rounded-md **:data-[slot=decline-confirm]:bg-destructive **:data-[slot=decline-confirm]:px-3 **:data-[slot=decline-confirm]:font-medium **:data-[slot=decline-confirm]:text-white **:data-[slot=decline-confirm]:shadow-xs **:data-[slot=decline-confirm]:outline-none **:data-[slot=decline-confirm]:hover:bg-destructive/90 **:data-[slot=decline-confirm]:focus-visible:ring-[3px] **:data-[slot=decline-confirm]:focus-visible:ring-destructive/40",
    "**:data-[slot=decline-back]:h-8 **:data-[slot=decline-back]:rounded-md **:data-[slot=decline-back]:border **:data-[slot=decline-back]:bg-background **:data-[slot=decline-back]:px-3 **:data-[slot=decline-back]:font-medium **:data-[slot=decline-back]:shadow-xs **:data-[slot=decline-back]:outline-none **:data-[slot=decline-back]:hover:bg-accent **:data-[slot=decline-back]:focus-visible:ring-[3px] **:data-[slot=decline-back]:focus-visible:ring-ring/50",
    // The issues of a refused answer.
    "**:data-[slot=issues]:text-sm **:data-[slot=issues]:text-destructive **:data-[slot=issues]:*:list-disc **:data-[slot=issues]:*:pl-5",
  ),
  prompt: "float-left m-0 w-full p-0 text-[0.9375rem] leading-snug font-semibold",
  form: "flex flex-col gap-3",
  actions: "flex flex-wrap items-center gap-2 pt-1",
  submit: primaryButton,
  decline: outlineButton,
  status: cn(
    "text-xs text-muted-foreground empty:sr-only",
    "data-[state=error]:flex data-[state=error]:items-center data-[state=error]:gap-2 data-[state=error]:rounded-md data-[state=error]:bg-destructive/10 data-[state=error]:px-3 data-[state=error]:py-2 data-[state=error]:text-destructive",
    "**:data-[slot=retry]:h-7 **:data-[slot=retry]:rounded-md **:data-[slot=retry]:border **:data-[slot=retry]:border-destructive/40 **:data-[slot=retry]:bg-background **:data-[slot=retry]:px-2.5 **:data-[slot=retry]:font-medium **:data-[slot=retry]:text-foreground **:data-[slot=retry]:outline-none **:data-[slot=retry]:focus-visible:ring-[3px] **:data-[slot=retry]:focus-visible:ring-ring/50",
  ),
  receipt: cn(
    "flex flex-col gap-1.5",
    "**:data-[slot=receipt-outcome]:m-0 **:data-[slot=receipt-outcome]:font-semibold **:data-[slot=receipt-reason]:text-muted-foreground **:data-[slot=receipt-reply]:text-muted-foreground",
    "data-[state=answered]:**:data-[slot=receipt-outcome]:text-hitl-success data-[state=approved]:**:data-[slot=receipt-outcome]:text-hitl-success",
    "data-[state=declined]:**:data-[slot=receipt-outcome]:text-destructive data-[state=denied]:**:data-[slot=receipt-outcome]:text-destructive data-[state=invalid]:**:data-[slot=receipt-outcome]:text-destructive",
    "data-[state=answered-elsewhere]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=cancelled]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=ignored]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=withdrawn]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=dismissed]:**:data-[slot=receipt-outcome]:text-muted-foreground",
  ),
};

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
      <Parts.Form className={shell.form}>
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
          <Parts.Decline className={shell.decline} />
        </Parts.Actions>
      </Parts.Form>
      <Parts.Status className={shell.status} />
      <Parts.Receipt
        className={shell.receipt}
        summary={<Parts.Summary answer={answer} className="m-0 list-disc pl-5 text-muted-foreground" />}
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's multi-select kind with this component. */
export const multiSelectWidget = widget(multiSelectEntry.kind, MultiSelect);
