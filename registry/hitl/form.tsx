"use client";
import { widget } from "hitl-kit";
import formEntry, { type FormProps, Form as Parts } from "hitl-kit/widgets/form";

/**
 * The form in shadcn's look: the kit's parts (`hitl-kit/widgets/form`) with Tailwind classes. A
 * field carries `data-invalid` and `data-required`, its control `aria-invalid`; the root's
 * `data-state` is the request's (`open`, `submitting`, `answered`, `declined`, …).
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
          <Parts.Decline className={shell.decline} />
        </Parts.Actions>
      </Parts.Body>
      <Parts.Status className={shell.status} />
      <Parts.Receipt className={shell.receipt} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's form kind with this component. */
export const formWidget = widget(formEntry.kind, Form);
