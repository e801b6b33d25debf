"use client";
import { type FallbackProps, Fallback as Parts } from "hitl-kit";

/**
 * The answerable fallback in shadcn's look: the kit's parts (`Fallback` from `hitl-kit`) with
 * Tailwind classes. Shown for an unknown kind, a payload its kind refuses or a widget that threw:
 * the prompt, what went wrong, the request's options and a free-text answer, so the person can
 * always answer. Pass it to `HitlRenderer`'s `fallback`. The root's `data-kind` is the request's
 * kind, `data-reason` why it fell back, `data-state` the request's state.
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

const issues = cn(
  "text-xs [&_summary]:w-fit [&_summary]:cursor-pointer [&_summary]:text-muted-foreground",
  "[&_ul]:mt-1.5 [&_ul]:max-h-50 [&_ul]:list-disc [&_ul]:overflow-y-auto [&_ul]:pl-5 [&_code]:font-mono [&_code]:whitespace-pre-wrap [&_code]:wrap-anywhere",
);
const options = cn(
  "flex flex-wrap gap-2",
  "*:data-[slot=option]:flex *:data-[slot=option]:max-w-full *:data-[slot=option]:flex-col *:data-[slot=option]:gap-0.5",
  "**:[button]:h-auto **:[button]:min-h-8 **:[button]:rounded-md **:[button]:border **:[button]:bg-background **:[button]:px-3 **:[button]:py-1 **:[button]:text-start **:[button]:font-medium **:[button]:wrap-anywhere **:[button]:shadow-xs **:[button]:outline-none **:[button]:hover:bg-accent **:[button]:focus-visible:ring-[3px] **:[button]:focus-visible:ring-ring/50",
  "[&_p]:m-0 [&_p]:max-w-[32ch] [&_p]:text-xs [&_p]:text-muted-foreground",
);
const freeText = cn(
  "m-0 flex flex-col gap-1.5 [&_.hitl-label]:text-sm [&_.hitl-label]:font-medium",
  "**:data-[slot=text-input]:min-h-16 **:data-[slot=text-input]:w-full **:data-[slot=text-input]:resize-y **:data-[slot=text-input]:rounded-md **:data-[slot=text-input]:border **:data-[slot=text-input]:border-input **:data-[slot=text-input]:bg-transparent **:data-[slot=text-input]:px-3 **:data-[slot=text-input]:py-2 **:data-[slot=text-input]:shadow-xs **:data-[slot=text-input]:outline-none",
  "**:data-[slot=text-input]:focus-visible:border-ring **:data-[slot=text-input]:focus-visible:ring-[3px] **:data-[slot=text-input]:focus-visible:ring-ring/50 **:data-[slot=text-input]:aria-invalid:border-destructive dark:**:data-[slot=text-input]:bg-input/30",
  "[&_.hitl-fallback-hint]:m-0 [&_.hitl-fallback-hint]:text-xs [&_.hitl-fallback-hint]:text-muted-foreground **:data-[slot=field-error]:m-0 **:data-[slot=field-error]:text-xs **:data-[slot=field-error]:text-destructive",
  // Send and Decline share one actions row.
  "[&_.hitl-actions]:flex [&_.hitl-actions]:flex-wrap [&_.hitl-actions]:items-center [&_.hitl-actions]:gap-2 [&_.hitl-actions]:pt-1",
  "**:data-[slot=send]:h-8 **:data-[slot=send]:rounded-md **:data-[slot=send]:bg-primary **:data-[slot=send]:px-3 **:data-[slot=send]:font-medium **:data-[slot=send]:text-primary-foreground **:data-[slot=send]:shadow-xs **:data-[slot=send]:outline-none **:data-[slot=send]:hover:bg-primary/90 **:data-[slot=send]:focus-visible:ring-[3px] **:data-[slot=send]:focus-visible:ring-ring/50",
);
const summary = cn(
  "[&_[data-slot=summary]]:flex [&_[data-slot=summary]]:flex-col [&_[data-slot=summary]]:gap-0.5 [&_.hitl-help]:text-muted-foreground",
  "[&_.hitl-fallback-quote]:m-0 [&_.hitl-fallback-quote]:max-h-60 [&_.hitl-fallback-quote]:overflow-y-auto [&_.hitl-fallback-quote]:rounded-r-md [&_.hitl-fallback-quote]:border-l-3 [&_.hitl-fallback-quote]:bg-muted [&_.hitl-fallback-quote]:px-2.5 [&_.hitl-fallback-quote]:py-1.5 [&_.hitl-fallback-quote]:whitespace-pre-wrap [&_.hitl-fallback-quote]:wrap-anywhere",
);

/** The fallback in shadcn's look: prompt, notice, details, options, free text with Decline, receipt. */
export function Fallback({ prompt, answerText, answerValue, className, ...props }: FallbackProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Notice className="m-0 text-muted-foreground" />
      <Parts.Issues className={issues} />
      <Parts.Options className={options} />
      <Parts.FreeText className={freeText} actions={<Parts.Decline className={shell.decline} />} />
      <Parts.Status className={shell.status} />
      <Parts.Receipt
        className={cn(shell.receipt, summary)}
        {...(answerText === undefined ? {} : { answerText })}
        answerValue={answerValue}
      />
    </Parts.Root>
  );
}
