"use client";
import { widget } from "hitl-kit";
import { type FormProps, Form as Parts } from "hitl-kit/widgets";
import formEntry from "hitl-kit/widgets/form";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The form in shadcn's look: the kit's parts (`hitl-kit/widgets/form`) with Tailwind classes. A
 * field carries `data-invalid` and `data-required`, its control `aria-invalid`; the root's
 * `data-state` is the request's (`open`, `submitting`, `answered`, `declined`, …).
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

/** A form in shadcn's look: prompt, fields, error summary, Submit / Decline, status, receipt. */
export function Form({ prompt, className, ...props }: FormProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, fields, values, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={shell.form}>
        <Parts.Fields className="flex flex-col gap-4 [&_[data-slot=choices]]:flex [&_[data-slot=choices]]:flex-col [&_[data-slot=choices]]:gap-1.5" />
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
      <Parts.Receipt className={shell.receipt} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's form kind with this component. */
export const formWidget = widget(formEntry.kind, Form);
