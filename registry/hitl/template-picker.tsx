"use client";
import { widget } from "hitl-kit";
import { TemplatePicker as Parts, type TemplatePickerProps } from "hitl-kit/widgets";
import templatePickerEntry from "hitl-kit/widgets/template-picker";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The template picker in shadcn's look: the kit's parts (`hitl-kit/widgets/template-picker`) with
 * Tailwind classes. The cards are the parts' virtualized radio group (arrow keys move and check);
 * a card's `data-state` is `checked` or `unchecked`, a tag toggle's `on` or `off`, a preview's
 * `loaded`, `broken` or `none`; the root's `data-state` is the request's.
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
const cards = cn(
  "max-h-140 overflow-y-auto overscroll-contain p-0.75 [scrollbar-gutter:stable]",
  // Rows are placed by the virtualizer; the space below a row is measured with it.
  "**:data-[slot=cards-row]:grid **:data-[slot=cards-row]:gap-x-2.5 **:data-[slot=cards-row]:pb-2.5",
  "**:data-[slot=card]:relative **:data-[slot=card]:flex **:data-[slot=card]:min-w-0 **:data-[slot=card]:cursor-pointer **:data-[slot=card]:flex-col **:data-[slot=card]:gap-1 **:data-[slot=card]:rounded-lg **:data-[slot=card]:border **:data-[slot=card]:bg-background **:data-[slot=card]:p-2 **:data-[slot=card]:shadow-xs **:data-[slot=card]:hover:bg-accent",
  "**:data-[slot=card]:data-[state=checked]:border-primary **:data-[slot=card]:data-[state=checked]:bg-hitl-selected **:data-[slot=card]:has-[input:focus-visible]:ring-[3px] **:data-[slot=card]:has-[input:focus-visible]:ring-ring/50",
  "**:data-[slot=card-name]:font-semibold **:data-[slot=card-name]:wrap-anywhere",
  "[&_.hitl-template-details]:flex [&_.hitl-template-details]:flex-col [&_.hitl-template-details]:gap-1",
  "**:data-[slot=card-description]:line-clamp-3 **:data-[slot=card-description]:text-xs **:data-[slot=card-description]:text-muted-foreground **:data-[slot=card-description]:wrap-anywhere",
  "**:data-[slot=card-tags]:flex **:data-[slot=card-tags]:flex-wrap **:data-[slot=card-tags]:gap-1",
  "[&_.hitl-tag]:max-w-full [&_.hitl-tag]:truncate [&_.hitl-tag]:rounded-full [&_.hitl-tag]:border [&_.hitl-tag]:bg-muted [&_.hitl-tag]:px-2 [&_.hitl-tag]:text-xs [&_.hitl-tag]:text-muted-foreground",
);
/** Template previews, on the cards and in the receipt. */
const previews = cn(
  "**:data-[slot=preview]:flex **:data-[slot=preview]:aspect-[16/10] **:data-[slot=preview]:w-full **:data-[slot=preview]:items-center **:data-[slot=preview]:justify-center **:data-[slot=preview]:overflow-hidden **:data-[slot=preview]:rounded **:data-[slot=preview]:bg-muted **:data-[slot=preview]:text-center **:data-[slot=preview]:text-xs **:data-[slot=preview]:text-muted-foreground",
  "**:data-[slot=preview]:data-[state=broken]:border **:data-[slot=preview]:data-[state=broken]:border-dashed [&_[data-slot=preview]_img]:block [&_[data-slot=preview]_img]:size-full [&_[data-slot=preview]_img]:object-cover",
);
const body = cn(
  shell.form,
  "**:data-[slot=cards-wrapper]:flex **:data-[slot=cards-wrapper]:flex-col **:data-[slot=cards-wrapper]:gap-2",
  "**:data-[slot=template-error]:m-0 **:data-[slot=template-error]:text-xs **:data-[slot=template-error]:text-destructive",
  "**:data-[slot=load-more]:h-8 **:data-[slot=load-more]:self-start **:data-[slot=load-more]:rounded-md **:data-[slot=load-more]:border **:data-[slot=load-more]:bg-background **:data-[slot=load-more]:px-3 **:data-[slot=load-more]:font-medium **:data-[slot=load-more]:hover:bg-accent **:data-[slot=load-more]:disabled:opacity-50",
  "**:data-[slot=empty]:flex **:data-[slot=empty]:flex-col **:data-[slot=empty]:items-start **:data-[slot=empty]:gap-2 **:data-[slot=empty]:rounded-md **:data-[slot=empty]:border **:data-[slot=empty]:border-dashed **:data-[slot=empty]:p-4 **:data-[slot=empty]:text-muted-foreground [&_[data-slot=empty]>p]:m-0",
  "[&_[data-slot=empty]>button]:h-8 [&_[data-slot=empty]>button]:rounded-md [&_[data-slot=empty]>button]:border [&_[data-slot=empty]>button]:bg-background [&_[data-slot=empty]>button]:px-3 [&_[data-slot=empty]>button]:font-medium [&_[data-slot=empty]>button]:text-foreground [&_[data-slot=empty]>button]:hover:bg-accent",
);
const variables = cn(
  "m-0 flex flex-col gap-3 rounded-lg border bg-muted/50 p-3",
  "[&>legend]:float-left [&>legend]:mb-1 [&>legend]:w-full [&>legend]:p-0 [&>legend]:font-semibold",
);

/** A template picker in shadcn's look: search, tags, cards, variables, Submit / Decline, receipt. */
export function TemplatePicker({ prompt, className, ...props }: TemplatePickerProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, fields, previews, values, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={body}>
        <div data-slot="filters" className="flex flex-col gap-2">
          <Parts.Search className="[&_input]:h-9 [&_input]:w-full [&_input]:rounded-md [&_input]:border [&_input]:border-input [&_input]:bg-transparent [&_input]:px-3 [&_input]:shadow-xs [&_input]:outline-none [&_input]:placeholder:text-muted-foreground [&_input]:focus-visible:border-ring [&_input]:focus-visible:ring-[3px] [&_input]:focus-visible:ring-ring/50 dark:[&_input]:bg-input/30" />
          <Parts.Tags className={tags} />
          <Parts.Count
            className="m-0 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground *:m-0 data-[state=error]:text-destructive"
            retryClassName={shell.collectionRetry}
          />
        </div>
        <Parts.Cards className={cards} />
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
          <Parts.Summary className="flex items-start gap-3 *:data-[slot=preview]:w-24 *:data-[slot=preview]:flex-none [&_.hitl-template-chosen-text]:flex [&_.hitl-template-chosen-text]:min-w-0 [&_.hitl-template-chosen-text]:flex-col [&_.hitl-template-chosen-text]:gap-1.5 [&_.hitl-template-name]:m-0 [&_.hitl-template-name]:font-semibold" />
        }
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's template kind with this component. */
export const templatePickerWidget = widget(templatePickerEntry.kind, TemplatePicker);
