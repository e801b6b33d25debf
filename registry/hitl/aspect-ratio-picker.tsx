"use client";
import { widget } from "hitl-kit";
import aspectRatioEntry, {
  type AspectRatioPickerProps,
  AspectRatioPicker as Parts,
} from "hitl-kit/widgets/aspect-ratio-picker";

/**
 * The aspect-ratio picker in shadcn's look: the kit's parts (`hitl-kit/widgets/aspect-ratio-picker`)
 * with Tailwind classes. The options are the parts' radio group (arrow keys move and check); an
 * option's `data-state` is `checked` or `unchecked`, a shape without a readable ratio has
 * `data-empty`, the custom preview `data-invalid`; the root's `data-state` is the request's.
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

/** A ratio drawn to scale, wherever it shows: the options, the custom preview, the receipt. */
const shapes = cn(
  "**:data-[slot=shape-frame]:inline-flex **:data-[slot=shape-frame]:size-11 **:data-[slot=shape-frame]:flex-none **:data-[slot=shape-frame]:items-center **:data-[slot=shape-frame]:justify-center",
  "**:data-[slot=shape]:block **:data-[slot=shape]:min-h-0.5 **:data-[slot=shape]:min-w-0.5 **:data-[slot=shape]:rounded-[3px] **:data-[slot=shape]:border-2 **:data-[slot=shape]:border-muted-foreground **:data-[slot=shape]:bg-muted",
  "**:data-[slot=shape]:data-[empty]:size-[70%] **:data-[slot=shape]:data-[empty]:border-dashed **:data-[slot=shape]:data-[empty]:bg-transparent",
  "**:data-[slot=option-ratio]:text-xs **:data-[slot=option-ratio]:text-muted-foreground **:data-[slot=option-ratio]:tabular-nums",
);
const options = cn(
  "flex flex-wrap gap-2",
  "**:data-[slot=option]:flex **:data-[slot=option]:min-w-19 **:data-[slot=option]:cursor-pointer **:data-[slot=option]:flex-col **:data-[slot=option]:items-center **:data-[slot=option]:gap-1 **:data-[slot=option]:rounded-md **:data-[slot=option]:border **:data-[slot=option]:bg-background **:data-[slot=option]:px-2.5 **:data-[slot=option]:py-2 **:data-[slot=option]:text-foreground **:data-[slot=option]:shadow-xs **:data-[slot=option]:outline-none",
  "**:data-[slot=option]:hover:bg-accent **:data-[slot=option]:focus-visible:border-ring **:data-[slot=option]:focus-visible:ring-[3px] **:data-[slot=option]:focus-visible:ring-ring/50 **:data-[slot=option]:disabled:cursor-not-allowed **:data-[slot=option]:disabled:opacity-50",
  "**:data-[slot=option]:data-[state=checked]:border-primary **:data-[slot=option]:data-[state=checked]:bg-hitl-selected **:data-[slot=option]:data-[state=checked]:**:data-[slot=shape]:border-primary",
  "**:data-[slot=option-label]:font-medium",
);
const custom = cn(
  "flex flex-col gap-1.5 *:m-0 [&>p]:text-xs",
  "*:first:flex *:first:flex-wrap *:first:items-start *:first:gap-2.5",
  "**:data-[slot=custom-field]:relative **:data-[slot=custom-field]:grid **:data-[slot=custom-field]:w-28 **:data-[slot=custom-field]:gap-1",
  "[&_.hitl-label]:text-sm [&_.hitl-label]:font-medium [&_.hitl-aspect-ratio-colon]:absolute [&_.hitl-aspect-ratio-colon]:bottom-2 [&_.hitl-aspect-ratio-colon]:-left-2 [&_.hitl-aspect-ratio-colon]:text-muted-foreground",
  "**:data-[slot=custom-width]:h-9 **:data-[slot=custom-width]:w-full **:data-[slot=custom-width]:rounded-md **:data-[slot=custom-width]:border **:data-[slot=custom-width]:border-input **:data-[slot=custom-width]:bg-transparent **:data-[slot=custom-width]:px-3 **:data-[slot=custom-width]:shadow-xs **:data-[slot=custom-width]:outline-none **:data-[slot=custom-width]:focus-visible:border-ring **:data-[slot=custom-width]:focus-visible:ring-[3px] **:data-[slot=custom-width]:focus-visible:ring-ring/50 **:data-[slot=custom-width]:aria-invalid:border-destructive",
  "**:data-[slot=custom-height]:h-9 **:data-[slot=custom-height]:w-full **:data-[slot=custom-height]:rounded-md **:data-[slot=custom-height]:border **:data-[slot=custom-height]:border-input **:data-[slot=custom-height]:bg-transparent **:data-[slot=custom-height]:px-3 **:data-[slot=custom-height]:shadow-xs **:data-[slot=custom-height]:outline-none **:data-[slot=custom-height]:focus-visible:border-ring **:data-[slot=custom-height]:focus-visible:ring-[3px] **:data-[slot=custom-height]:focus-visible:ring-ring/50 **:data-[slot=custom-height]:aria-invalid:border-destructive",
  "**:data-[slot=field-error]:m-0 **:data-[slot=field-error]:text-xs **:data-[slot=field-error]:text-destructive **:data-[slot=custom-error]:text-destructive **:data-[slot=custom-range]:text-muted-foreground",
  "**:data-[slot=preview]:flex **:data-[slot=preview]:flex-col **:data-[slot=preview]:items-center **:data-[slot=preview]:gap-0.5 **:data-[slot=preview]:text-xs **:data-[slot=preview]:text-muted-foreground",
  "**:data-[slot=preview]:data-[invalid]:**:data-[slot=shape]:border-destructive",
);

/** An aspect-ratio picker in shadcn's look: prompt, shapes, custom W:H, Submit / Decline, receipt. */
export function AspectRatioPicker({ prompt, answer, className, ...props }: AspectRatioPickerProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, shapes, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Form className={shell.form}>
        <Parts.Options className={options} />
        <Parts.Custom className={custom} />
        <Parts.Issues />
        <Parts.Actions className={shell.actions}>
          <Parts.Submit className={shell.submit} />
          <Parts.Decline className={shell.decline} />
        </Parts.Actions>
      </Parts.Form>
      <Parts.Status className={shell.status} />
      <Parts.Receipt
        className={shell.receipt}
        summary={
          <Parts.Summary answer={answer} className="flex items-center gap-2.5 [&_.hitl-help]:text-muted-foreground" />
        }
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's aspect-ratio kind with this component. */
export const aspectRatioPickerWidget = widget(aspectRatioEntry.kind, AspectRatioPicker);
