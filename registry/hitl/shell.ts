export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

// What every copied widget shares besides `cn`: the kit's shell in shadcn's tokens (root, prompt,
// actions, buttons, inputs, status, receipt). Each widget's item installs this file beside the
// widget (`components/hitl/shell.ts`; the CLI drops a file's leading comment), so one file holds it.

// The kit's shell in shadcn's tokens. Parts that take `className` get theirs below (the status's
// Retry included: the item lays the status out from its parts); what a part renders inside
// itself (the receipt's lines, the issues) is styled from the root by its `data-slot`. Keyboard,
// focus and ARIA are the parts' own.
export const focusRing = "outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";
export const buttonBase = cn(
  "inline-flex h-8 shrink-0 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium whitespace-nowrap no-underline shadow-xs transition-[color,box-shadow]",
  "disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
  focusRing,
);
export const outlineButton = cn(
  buttonBase,
  "bg-background hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50",
);
export const primaryButton = cn(buttonBase, "border-primary bg-primary text-primary-foreground hover:bg-primary/90");
/** A small button inside a status line (Retry): lighter than the action row's. */
const statusButton =
  "h-7 rounded-md border bg-background px-2.5 font-medium text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
export const inputClass = cn(
  "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/30",
  focusRing,
);
export const shell = {
  root: cn(
    "flex min-w-0 max-w-full flex-col gap-3 rounded-xl border bg-card p-4 text-sm text-card-foreground shadow-sm",
    "data-[state=responded]:opacity-85 data-[state=submitting]:opacity-85 [&_.hitl-visually-hidden]:sr-only",
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
  ),
  /** Retry of a remote collection's failed page (media's `LoadStatus`, template's `Count`: `retryClassName`). */
  collectionRetry: cn(statusButton, "hover:bg-accent"),
  /** Retry in the failed status (the `Retry` part). */
  retry: cn(statusButton, "border-destructive/40"),
  receipt: cn(
    "flex flex-col gap-1.5",
    "**:data-[slot=receipt-outcome]:m-0 **:data-[slot=receipt-outcome]:font-semibold **:data-[slot=receipt-reason]:text-muted-foreground **:data-[slot=receipt-reply]:text-muted-foreground",
    "data-[state=answered]:**:data-[slot=receipt-outcome]:text-hitl-success data-[state=approved]:**:data-[slot=receipt-outcome]:text-hitl-success",
    "data-[state=declined]:**:data-[slot=receipt-outcome]:text-destructive data-[state=denied]:**:data-[slot=receipt-outcome]:text-destructive data-[state=invalid]:**:data-[slot=receipt-outcome]:text-destructive",
    "data-[state=answered-elsewhere]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=cancelled]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=ignored]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=withdrawn]:**:data-[slot=receipt-outcome]:text-muted-foreground data-[state=dismissed]:**:data-[slot=receipt-outcome]:text-muted-foreground",
  ),
};

/**
 * Decline's second step — the optional reason, Send decline, Back — each of its leaf parts with its
 * class (`DeclineReason`, `DeclineConfirm`, `DeclineBack`), the step's row as Decline's `formClassName`.
 */
export const decline = {
  form: "m-0 flex basis-full flex-wrap items-center gap-2 border-0 p-0",
  reason: cn("h-8 min-w-0 flex-[1_1_12rem] rounded-md border border-input bg-transparent px-3 shadow-xs", focusRing),
  confirm:
    "h-8 rounded-md bg-destructive px-3 font-medium text-white shadow-xs outline-none hover:bg-destructive/90 focus-visible:ring-[3px] focus-visible:ring-destructive/40",
  back: outlineButton,
};
