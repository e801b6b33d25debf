"use client";
import { widget } from "hitl-kit";
import { type OpenUrlProps, OpenUrl as Parts } from "hitl-kit/widgets";
import openUrlEntry from "hitl-kit/widgets/open-url";
import { cn, decline, shell } from "@/components/hitl/shell";

/**
 * The open-URL consent in shadcn's look: the kit's parts (`hitl-kit/widgets/open-url`) with
 * Tailwind classes. The domain reads first, the whole address wraps and never hides; opening the
 * real link (a new tab, no opener) is the answer. The root's `data-state` is the request's.
 */

const destination = cn(
  "flex flex-col gap-1.5 *:m-0 [&_.hitl-help]:text-muted-foreground",
  "**:data-[slot=domain]:text-base **:data-[slot=domain]:wrap-anywhere",
  "**:data-[slot=url]:rounded **:data-[slot=url]:bg-muted **:data-[slot=url]:px-1.5 **:data-[slot=url]:py-0.5 **:data-[slot=url]:font-mono **:data-[slot=url]:text-xs **:data-[slot=url]:break-all",
);

/** An open-URL consent in shadcn's look: prompt, domain and address, Open / Don't open, receipt. */
export function OpenUrl({ prompt, answer: _answer, className, ...props }: OpenUrlProps) {
  return (
    <Parts.Root {...props} className={cn(shell.root, className)}>
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Destination className={destination} />
      <Parts.Actions className={shell.actions}>
        <Parts.Open className={shell.submit} />
        <Parts.Decline className={shell.decline} formClassName={decline.form}>
          <Parts.DeclineLabel />
          <Parts.DeclineReason className={decline.reason} />
          <Parts.DeclineConfirm className={decline.confirm} />
          <Parts.DeclineBack className={decline.back} />
        </Parts.Decline>
      </Parts.Actions>
      <Parts.Status className={shell.status}>
        <Parts.StatusText />
        <Parts.Retry className={shell.retry} />
      </Parts.Status>
      <Parts.Receipt className={shell.receipt} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's open-url kind with this component. */
export const openUrlWidget = widget(openUrlEntry.kind, OpenUrl);
