"use client";
import { widget } from "hitl-kit";
import { type ApprovalProps, Approval as Parts } from "hitl-kit/widgets";
import approvalEntry from "hitl-kit/widgets/approval";
import { cn, decline, outlineButton, shell } from "@/components/hitl/shell";

/**
 * The tool approval in shadcn's look: the kit's parts (`hitl-kit/widgets/approval`) with Tailwind
 * classes. Deny is the approval's Decline (two steps, an optional note); Edit, where the request
 * offers it, opens the input as a form. The root's `data-state` is the request's (`open`,
 * `submitting`, `approved`, `denied`, `answered-elsewhere`, …).
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

/** The tool's input (and an edit's), readable: nested maps and lists. */
const readable = cn(
  "**:data-[slot=value-map]:mt-1 **:data-[slot=value-map]:grid **:data-[slot=value-map]:grid-cols-[minmax(0,max-content)_minmax(0,1fr)] **:data-[slot=value-map]:gap-x-2.5 **:data-[slot=value-map]:gap-y-0.5",
  "[&_[data-slot=value-map]_[data-slot=value-map]]:grid-cols-1 [&_.hitl-value-row]:contents [&_.hitl-value-row>dt]:text-muted-foreground [&_.hitl-value-row>dt]:wrap-anywhere [&_.hitl-value-row>dd]:m-0 [&_.hitl-value-row>dd]:min-w-0 [&_.hitl-value-row>dd]:wrap-anywhere",
  "**:data-[slot=value-list]:m-0 **:data-[slot=value-list]:list-disc **:data-[slot=value-list]:pl-5",
);
const tool = cn(
  "flex flex-col gap-1.5 *:m-0 [&_.hitl-help]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-xs [&_code]:text-muted-foreground",
  "**:data-[slot=tool-input]:rounded-md **:data-[slot=tool-input]:bg-muted **:data-[slot=tool-input]:px-3 **:data-[slot=tool-input]:py-2",
);
/** The receipt of an edit: what the input was changed to. */
const edited = cn(
  "**:data-[slot=edited]:rounded-md **:data-[slot=edited]:bg-muted **:data-[slot=edited]:px-3 **:data-[slot=edited]:py-2",
);
/** The edit step: the kit's form inside the approval. */
const editStep = cn(
  "flex flex-col gap-3 rounded-lg border bg-muted/40 p-3",
  "[&>legend]:float-left [&>legend]:m-0 [&>legend]:w-full [&>legend]:p-0 [&>legend]:font-semibold",
  "**:data-[slot=form]:flex **:data-[slot=form]:flex-col **:data-[slot=form]:gap-3 **:data-[slot=fields]:flex **:data-[slot=fields]:flex-col **:data-[slot=fields]:gap-4",
  "**:data-[slot=actions]:flex **:data-[slot=actions]:flex-wrap **:data-[slot=actions]:gap-2",
  "**:data-[slot=submit]:h-8 **:data-[slot=submit]:rounded-md **:data-[slot=submit]:bg-primary **:data-[slot=submit]:px-3 **:data-[slot=submit]:font-medium **:data-[slot=submit]:text-primary-foreground **:data-[slot=submit]:shadow-xs **:data-[slot=submit]:outline-none **:data-[slot=submit]:hover:bg-primary/90 **:data-[slot=submit]:focus-visible:ring-[3px] **:data-[slot=submit]:focus-visible:ring-ring/50",
  "**:data-[slot=edit-back]:h-8 **:data-[slot=edit-back]:rounded-md **:data-[slot=edit-back]:border **:data-[slot=edit-back]:bg-background **:data-[slot=edit-back]:px-3 **:data-[slot=edit-back]:font-medium **:data-[slot=edit-back]:shadow-xs **:data-[slot=edit-back]:outline-none **:data-[slot=edit-back]:hover:bg-accent **:data-[slot=edit-back]:focus-visible:ring-[3px] **:data-[slot=edit-back]:focus-visible:ring-ring/50",
);

/** A tool approval in shadcn's look: prompt, tool and input, Approve / Edit / Deny, edit step, receipt. */
export function Approval({ prompt, className, ...props }: ApprovalProps) {
  // The kit's parts carry the behaviour: the decide row gives way to the edit step (the root's
  // `data-step`), the receipt words an edit, an approve-always or a policy's decision and shows
  // what an edit changed, and a denial's note is the receipt's quoted reason.
  return (
    <Parts.Root {...props} className={cn(shell.root, fields, readable, edited, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Tool className={tool} />
      <Parts.Actions className={shell.actions}>
        <Parts.Approve className={shell.submit} />
        <Parts.ApproveAlways className={outlineButton} />
        <Parts.Edit className={outlineButton} />
        <Parts.Deny className={shell.decline} formClassName={decline.form}>
          <Parts.DeclineLabel />
          <Parts.DeclineReason className={decline.reason} />
          <Parts.DeclineConfirm className={decline.confirm} />
          <Parts.DeclineBack className={decline.back} />
        </Parts.Deny>
      </Parts.Actions>
      <Parts.EditStep className={editStep} />
      <Parts.Status className={shell.status}>
        <Parts.StatusText />
        <Parts.Retry className={shell.retry} />
      </Parts.Status>
      <Parts.Receipt className={shell.receipt} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's approval kind with this component. */
export const approvalWidget = widget(approvalEntry.kind, Approval);
