"use client";
import { widget } from "hitl-kit";
import { TemplatePicker as Parts, type TemplatePickerProps } from "hitl-kit/widgets";
import templatePickerEntry from "hitl-kit/widgets/template-picker";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The template picker in shadcn's look: the kit's parts (`hitl-kit/widgets/template-picker`) with
 * Tailwind classes. The cards are the parts' virtualized radio group (arrow keys move and check),
 * each card laid out from its own parts; a card's `data-state` is `checked` or `unchecked`, a tag
 * toggle's `on` or `off`, a preview's `loaded`, `broken` or `none`; the root's `data-state` is the
 * request's.
 */

/** Labelled fields (`data-slot="field"`): label, required mark, help, control, inline error. */
const fields = cn(
  "**:data-[slot=field]:m-0 **:data-[slot=field]:flex **:data-[slot=field]:min-w-0 **:data-[slot=field]:flex-col **:data-[slot=field]:gap-1.5",
  "**:data-[slot=field-label]:text-sm **:data-[slot=field-label]:font-medium **:data-[slot=field-required]:ml-0.5 **:data-[slot=field-required]:text-destructive",
  "**:data-[slot=field-help]:text-xs **:data-[slot=field-help]:text-muted-foreground **:data-[slot=field-error]:text-xs **:data-[slot=field-error]:text-destructive",
  "[&_.hitl-field-row]:inline-flex [&_.hitl-field-row]:items-center [&_.hitl-field-row]:gap-2 [&_.hitl-field-row_label]:cursor-pointer",
  "[&_:is(.hitl-input,.hitl-select)]:w-full [&_:is(.hitl-input,.hitl-select)]:min-w-0 [&_:is(.hitl-input,.hitl-select)]:rounded-md [&_:is(.hitl-input,.hitl-select)]:border [&_:is(.hitl-input,.hitl-select)]:border-input [&_:is(.hitl-input,.hitl-select)]:bg-transparent [&_:is(.hitl-input,.hitl-select)]:px-3 [&_:is(.hitl-input,.hitl-select)]:py-1 [&_:is(.hitl-input,.hitl-select)]:shadow-xs [&_:is(.hitl-input,.hitl-select)]:outline-none",
  "[&_:is(.hitl-input,.hitl-select)]:placeholder:text-muted-foreground [&_:is(.hitl-input,.hitl-select)]:focus-visible:border-ring [&_:is(.hitl-input,.hitl-select)]:focus-visible:ring-[3px] [&_:is(.hitl-input,.hitl-select)]:focus-visible:ring-ring/50 [&_:is(.hitl-input,.hitl-select)]:aria-invalid:border-destructive [&_:is(.hitl-input,.hitl-select)]:aria-invalid:ring-destructive/20 dark:[&_:is(.hitl-input,.hitl-select)]:bg-input/30",
  "[&_.hitl-input:not(.hitl-textarea)]:h-9 [&_.hitl-select]:h-9 [&_.hitl-textarea]:min-h-18 [&_.hitl-textarea]:resize-y [&_.hitl-textarea]:py-2",
  "[&_.hitl-checkbox]:size-4 [&_.hitl-checkbox]:flex-none [&_.hitl-checkbox]:accent-primary [&_[data-invalid]_.hitl-checkbox]:outline [&_[data-invalid]_.hitl-checkbox]:outline-destructive",
);
/** Label → value pairs in a receipt (`data-slot="receipt-values"`). */
const values =
  "**:data-[slot=receipt-values]:m-0 **:data-[slot=receipt-values]:grid **:data-[slot=receipt-values]:grid-cols-[minmax(0,max-content)_minmax(0,1fr)] **:data-[slot=receipt-values]:gap-x-3 **:data-[slot=receipt-values]:gap-y-1 **:data-[slot=receipt-value]:contents [&_[data-slot=receipt-value]>dt]:text-muted-foreground [&_[data-slot=receipt-value]>dd]:m-0 [&_[data-slot=receipt-value]>dd]:whitespace-pre-wrap [&_[data-slot=receipt-value]>dd]:wrap-anywhere";

const tags = cn(
  "flex flex-wrap items-center gap-1.5",
  "**:data-[slot=tag-toggle]:h-6.5 **:data-[slot=tag-toggle]:rounded-full **:data-[slot=tag-toggle]:border **:data-[slot=tag-toggle]:bg-background **:data-[slot=tag-toggle]:px-2.5 **:data-[slot=tag-toggle]:text-xs **:data-[slot=tag-toggle]:outline-none **:data-[slot=tag-toggle]:hover:bg-accent **:data-[slot=tag-toggle]:focus-visible:ring-[3px] **:data-[slot=tag-toggle]:focus-visible:ring-ring/50",
  "**:data-[slot=tag-toggle]:data-[state=on]:border-primary **:data-[slot=tag-toggle]:data-[state=on]:bg-primary **:data-[slot=tag-toggle]:data-[state=on]:text-primary-foreground",
  "[&_.hitl-template-tag-toggles]:flex [&_.hitl-template-tag-toggles]:flex-wrap [&_.hitl-template-tag-toggles]:gap-1.5",
  "**:data-[slot=tags-more]:h-6.5 **:data-[slot=tags-more]:rounded-md **:data-[slot=tags-more]:px-2 **:data-[slot=tags-more]:text-xs **:data-[slot=tags-more]:font-medium **:data-[slot=tags-more]:hover:bg-accent",
);
/** A template's preview (`data-state` `loaded`, `broken` or `none`), on a card and in the receipt. */
const preview = cn(
  "flex aspect-[16/10] items-center justify-center overflow-hidden rounded bg-muted text-center text-xs text-muted-foreground",
  "data-[state=broken]:border data-[state=broken]:border-dashed *:block *:size-full *:object-cover",
);
/** One card's parts, rendered once per card shown (a constant: the cards re-render only when theirs change). */
const card = (
  <Parts.Card className="relative flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border bg-background p-2 shadow-xs hover:bg-accent data-[state=checked]:border-primary data-[state=checked]:bg-hitl-selected has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50">
    <Parts.CardPreview className={cn(preview, "w-full")} />
    <Parts.CardName className="font-semibold wrap-anywhere" />
    <Parts.CardDetails className="flex flex-col gap-1">
      <Parts.CardDescription className="line-clamp-3 text-xs text-muted-foreground wrap-anywhere" />
      <Parts.CardTags
        className="flex flex-wrap gap-1"
        tagClassName="max-w-full truncate rounded-full border bg-muted px-2 text-xs text-muted-foreground"
      />
    </Parts.CardDetails>
  </Parts.Card>
);
/** The cards (a radio group: a card's `data-state` `checked` or `unchecked`), their error, Load more, or the empty state. */
const cards = (
  <Parts.Cards
    className="max-h-140 overflow-y-auto overscroll-contain p-0.75 [scrollbar-gutter:stable]"
    wrapperClassName="flex flex-col gap-2"
    rowClassName="grid gap-x-2.5 pb-2.5"
    error={<Parts.TemplateError className="m-0 text-xs text-destructive" />}
    loadMore={
      <Parts.LoadMore className="h-8 self-start rounded-md border bg-background px-3 font-medium hover:bg-accent disabled:opacity-50" />
    }
    empty={
      <Parts.Empty className="flex flex-col items-start gap-2 rounded-md border border-dashed p-4 text-muted-foreground">
        <Parts.EmptyText className="m-0" />
        <Parts.ClearFilters className="h-8 rounded-md border bg-background px-3 font-medium text-foreground hover:bg-accent" />
      </Parts.Empty>
    }
  >
    {card}
  </Parts.Cards>
);
const variables = cn(
  "m-0 flex flex-col gap-3 rounded-lg border bg-muted/50 p-3",
  "[&>legend]:float-left [&>legend]:mb-1 [&>legend]:w-full [&>legend]:p-0 [&>legend]:font-semibold",
);

/** A template picker in shadcn's look: search, tags, cards, variables, Submit / Decline, receipt. */
export function TemplatePicker({ prompt, className, ...props }: TemplatePickerProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, fields, values, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={shell.form}>
        <div data-slot="filters" className="flex flex-col gap-2">
          <Parts.Search className="[&_input]:h-9 [&_input]:w-full [&_input]:rounded-md [&_input]:border [&_input]:border-input [&_input]:bg-transparent [&_input]:px-3 [&_input]:shadow-xs [&_input]:outline-none [&_input]:placeholder:text-muted-foreground [&_input]:focus-visible:border-ring [&_input]:focus-visible:ring-[3px] [&_input]:focus-visible:ring-ring/50 dark:[&_input]:bg-input/30" />
          <Parts.Tags className={tags} />
          <Parts.Count
            className="m-0 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground *:m-0 data-[state=error]:text-destructive"
            retryClassName={shell.collectionRetry}
          />
        </div>
        {cards}
        <Parts.Variables className={variables} />
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
        summary={
          <Parts.Summary
            className="flex items-start gap-3 [&_.hitl-template-chosen-text]:flex [&_.hitl-template-chosen-text]:min-w-0 [&_.hitl-template-chosen-text]:flex-col [&_.hitl-template-chosen-text]:gap-1.5 [&_.hitl-template-name]:m-0 [&_.hitl-template-name]:font-semibold"
            previewClassName={cn(preview, "w-24 flex-none")}
          />
        }
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's template kind with this component. */
export const templatePickerWidget = widget(templatePickerEntry.kind, TemplatePicker);
