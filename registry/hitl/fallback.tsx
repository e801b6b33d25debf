"use client";
import type { FallbackProps } from "hitl-kit";
import { Fallback as Parts } from "hitl-kit/widgets";
import { cn, decline, focusRing, shell } from "@/components/hitl/shell";

/**
 * The answerable fallback in shadcn's look: the kit's parts (`Fallback` from `hitl-kit`) with
 * Tailwind classes. Shown for an unknown kind, a payload its kind refuses or a widget that threw:
 * the prompt, what went wrong, the request's options and a free-text answer, so the person can
 * always answer. Pass it to `HitlRenderer`'s `fallback`. The root's `data-kind` is the request's
 * kind, `data-reason` why it fell back, `data-state` the request's state.
 */

const issues = cn(
  "text-xs [&_summary]:w-fit [&_summary]:cursor-pointer [&_summary]:text-muted-foreground",
  "**:data-[slot=issue-list]:mt-1.5 **:data-[slot=issue-list]:max-h-50 **:data-[slot=issue-list]:overflow-y-auto [&_ul]:list-disc [&_ul]:pl-5 [&_code]:font-mono [&_code]:whitespace-pre-wrap [&_code]:wrap-anywhere",
);
const options = cn(
  "flex flex-wrap gap-2",
  "*:data-[slot=option]:flex *:data-[slot=option]:max-w-full *:data-[slot=option]:flex-col *:data-[slot=option]:gap-0.5",
  "**:[button]:h-auto **:[button]:min-h-8 **:[button]:rounded-md **:[button]:border **:[button]:bg-background **:[button]:px-3 **:[button]:py-1 **:[button]:text-start **:[button]:font-medium **:[button]:wrap-anywhere **:[button]:shadow-xs **:[button]:outline-none **:[button]:hover:bg-accent **:[button]:focus-visible:ring-[3px] **:[button]:focus-visible:ring-ring/50",
  "[&_p]:m-0 [&_p]:max-w-[32ch] [&_p]:text-xs [&_p]:text-muted-foreground",
);
/** The free text's leaf parts, each with its own classes; Send and Decline share one actions row. */
const freeText = (
  <>
    <Parts.FreeTextLabel className="text-sm font-medium" />
    <Parts.FreeTextInput
      className={cn(
        "min-h-16 w-full resize-y rounded-md border border-input bg-transparent px-3 py-2 shadow-xs",
        focusRing,
        "aria-invalid:border-destructive dark:bg-input/30",
      )}
    />
    <Parts.FreeTextHint className="m-0 text-xs text-muted-foreground" />
    <Parts.FreeTextError className="m-0 text-xs text-destructive" />
    <div className="flex flex-wrap items-center gap-2 pt-1">
      <Parts.FreeTextSend className="h-8 rounded-md bg-primary px-3 font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50" />
      <Parts.Decline className={shell.decline} formClassName={decline.form}>
        <Parts.DeclineLabel />
        <Parts.DeclineReason className={decline.reason} />
        <Parts.DeclineConfirm className={decline.confirm} />
        <Parts.DeclineBack className={decline.back} />
      </Parts.Decline>
    </div>
  </>
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
      <Parts.FreeText className="m-0 flex flex-col gap-1.5">{freeText}</Parts.FreeText>
      <Parts.Status className={shell.status}>
        <Parts.StatusText />
        <Parts.Retry className={shell.retry} />
      </Parts.Status>
      <Parts.Receipt
        className={cn(shell.receipt, summary)}
        {...(answerText === undefined ? {} : { answerText })}
        answerValue={answerValue}
      />
    </Parts.Root>
  );
}
