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

/** A ratio drawn to scale, wherever it shows (the options, the custom preview, the receipt): its frame, and the box. */
const frame = "inline-flex size-11 flex-none items-center justify-center";
const shape = cn(
  "block min-h-0.5 min-w-0.5 rounded-[3px] border-2 border-muted-foreground bg-muted",
  "data-[empty]:size-[70%] data-[empty]:border-dashed data-[empty]:bg-transparent",
);
/** The radio group: one option's parts, rendered once per option (a checked option's shape in the primary colour). */
const options = (
  <Parts.Options className="flex flex-wrap gap-2">
    <Parts.Option
      className={cn(
        "group/option flex min-w-19 cursor-pointer flex-col items-center gap-1 rounded-md border bg-background px-2.5 py-2 text-foreground shadow-xs outline-none",
        "hover:bg-accent focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
        "data-[state=checked]:border-primary data-[state=checked]:bg-hitl-selected",
      )}
    >
      <Parts.OptionShape
        className={frame}
        shapeClassName={cn(shape, "group-data-[state=checked]/option:border-primary")}
      />
      <Parts.OptionLabel className="font-medium" />
      <Parts.OptionRatio className="text-xs text-muted-foreground tabular-nums" />
    </Parts.Option>
  </Parts.Options>
);
/** One side's field: the colon between the two, its label, its whole number, its error. */
const field = (
  <>
    <Parts.CustomColon className="absolute bottom-2 -left-2 text-muted-foreground" />
    <Parts.CustomLabel className="text-sm font-medium" />
    <Parts.CustomInput
      className={cn(
        "h-9 w-full rounded-md border border-input bg-transparent px-3 shadow-xs outline-none",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive",
      )}
    />
    <Parts.CustomFieldError className="m-0 text-xs text-destructive" />
  </>
);
/** Custom W:H (while Custom is chosen): the two fields and a live preview, the bounds, and what is out of them. */
const custom = (
  <Parts.Custom className="flex flex-col gap-1.5">
    <Parts.CustomFields className="flex flex-wrap items-start gap-2.5">
      <Parts.CustomField side="width" className="relative grid w-28 gap-1">
        {field}
      </Parts.CustomField>
      <Parts.CustomField side="height" className="relative grid w-28 gap-1">
        {field}
      </Parts.CustomField>
      <Parts.CustomPreview
        className="group/preview flex flex-col items-center gap-0.5 text-xs text-muted-foreground"
        frameClassName={frame}
        shapeClassName={cn(shape, "group-data-[invalid]/preview:border-destructive")}
      />
    </Parts.CustomFields>
    <Parts.CustomRange className="m-0 text-xs text-muted-foreground" />
    <Parts.CustomError className="m-0 text-xs text-destructive" />
  </Parts.Custom>
);

/** An aspect-ratio picker in shadcn's look: prompt, shapes, custom W:H, Submit / Decline, receipt. */
export function AspectRatioPicker({ prompt, answer, className, ...props }: AspectRatioPickerProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={shell.form}>
        {options}
        {custom}
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
            answer={answer}
            className="flex items-center gap-2.5 [&_.hitl-help]:text-muted-foreground"
            frameClassName={frame}
            shapeClassName={shape}
          />
        }
      />
    </Parts.Root>
  );
}

/** The registry entry: the kit's aspect-ratio kind with this component. */
export const aspectRatioPickerWidget = widget(aspectRatioEntry.kind, AspectRatioPicker);
