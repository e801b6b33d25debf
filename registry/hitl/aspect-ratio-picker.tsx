"use client";
import { widget } from "hitl-kit";
import { type AspectRatioPickerProps, AspectRatioPicker as Parts } from "hitl-kit/widgets";
import aspectRatioEntry from "hitl-kit/widgets/aspect-ratio-picker";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The aspect-ratio picker in shadcn's look: the kit's parts (`hitl-kit/widgets/aspect-ratio-picker`)
 * with Tailwind classes. The options are the parts' radio group (arrow keys move and check); an
 * option's `data-state` is `checked` or `unchecked`, a shape without a readable ratio has
 * `data-empty`, the custom preview `data-invalid`; the root's `data-state` is the request's.
 */

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
      <Parts.Body className={shell.form}>
        <Parts.Options className={options} />
        <Parts.Custom className={custom} />
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
          <Parts.Summary answer={answer} className="flex items-center gap-2.5 [&_.hitl-help]:text-muted-foreground" />
        }
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's aspect-ratio kind with this component. */
export const aspectRatioPickerWidget = widget(aspectRatioEntry.kind, AspectRatioPicker);
