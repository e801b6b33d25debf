"use client";
import { widget } from "hitl-kit";
import { type MediaPickerProps, MediaPicker as Parts } from "hitl-kit/widgets";
import mediaPickerEntry from "hitl-kit/widgets/media-picker";
import { cn, decline, inputClass, shell } from "@/components/hitl/shell";

/**
 * The media picker in shadcn's look: the kit's parts (`hitl-kit/widgets/media-picker`) with
 * Tailwind classes. The grid is virtualized with one tab stop (the parts' keyboard); a tile's
 * `data-state` is `selected` or `unselected`, its thumbnail's `loading`, `loaded`, `broken` or
 * `none`; the root's `data-state` is the request's (`open`, `submitting`, `answered`, …).
 */

const search = cn(inputClass, "[&::-webkit-search-cancel-button]:cursor-pointer");
const grid = cn(
  "max-h-105 overflow-y-auto overscroll-contain rounded-md [scrollbar-gutter:stable] aria-disabled:cursor-not-allowed",
  "**:data-[slot=cell]:relative **:data-[slot=cell]:h-full **:data-[slot=cell]:min-w-0",
  // The option: the thumbnail only (its name is its label); chosen → a primary border.
  "**:data-[slot=item]:relative **:data-[slot=item]:block **:data-[slot=item]:h-full **:data-[slot=item]:min-w-0 **:data-[slot=item]:cursor-pointer **:data-[slot=item]:overflow-hidden **:data-[slot=item]:rounded-md **:data-[slot=item]:border-2 **:data-[slot=item]:border-transparent **:data-[slot=item]:bg-muted **:data-[slot=item]:outline-none **:data-[slot=item]:select-none",
  "**:data-[slot=item]:hover:border-border **:data-[slot=item]:data-[state=selected]:border-primary",
  // Focus drawn over the thumbnail: an outside ring would be clipped by the scroll box.
  "**:data-[slot=item]:focus-visible:after:pointer-events-none **:data-[slot=item]:focus-visible:after:absolute **:data-[slot=item]:focus-visible:after:inset-0 **:data-[slot=item]:focus-visible:after:rounded-[inherit] **:data-[slot=item]:focus-visible:after:border-3 **:data-[slot=item]:focus-visible:after:border-ring",
  "**:data-[slot=thumbnail]:flex **:data-[slot=thumbnail]:size-full **:data-[slot=thumbnail]:items-center **:data-[slot=thumbnail]:justify-center **:data-[slot=thumbnail]:object-cover",
  "**:data-[slot=thumbnail]:data-[state=broken]:bg-[repeating-linear-gradient(-45deg,var(--muted),var(--muted)_8px,var(--background)_8px,var(--background)_16px)]",
  "**:data-[slot=placeholder-text]:pointer-events-none **:data-[slot=placeholder-text]:absolute **:data-[slot=placeholder-text]:inset-0 **:data-[slot=placeholder-text]:flex **:data-[slot=placeholder-text]:items-center **:data-[slot=placeholder-text]:justify-center **:data-[slot=placeholder-text]:p-2 **:data-[slot=placeholder-text]:text-center **:data-[slot=placeholder-text]:text-xs **:data-[slot=placeholder-text]:text-muted-foreground",
  "**:data-[slot=type-badge]:pointer-events-none **:data-[slot=type-badge]:absolute **:data-[slot=type-badge]:bottom-1.5 **:data-[slot=type-badge]:left-1.5 **:data-[slot=type-badge]:rounded-full **:data-[slot=type-badge]:bg-foreground/85 **:data-[slot=type-badge]:px-1.5 **:data-[slot=type-badge]:text-[11px] **:data-[slot=type-badge]:font-semibold **:data-[slot=type-badge]:text-background",
  "**:data-[slot=order-badge]:pointer-events-none **:data-[slot=order-badge]:absolute **:data-[slot=order-badge]:top-1.5 **:data-[slot=order-badge]:right-1.5 **:data-[slot=order-badge]:inline-flex **:data-[slot=order-badge]:h-5.5 **:data-[slot=order-badge]:min-w-5.5 **:data-[slot=order-badge]:items-center **:data-[slot=order-badge]:justify-center **:data-[slot=order-badge]:rounded-full **:data-[slot=order-badge]:bg-primary **:data-[slot=order-badge]:px-1.5 **:data-[slot=order-badge]:text-xs **:data-[slot=order-badge]:font-bold **:data-[slot=order-badge]:text-primary-foreground",
  "**:data-[slot=check]:pointer-events-none **:data-[slot=check]:absolute **:data-[slot=check]:top-1.5 **:data-[slot=check]:right-1.5 **:data-[slot=check]:inline-flex **:data-[slot=check]:size-5.5 **:data-[slot=check]:items-center **:data-[slot=check]:justify-center **:data-[slot=check]:rounded-full **:data-[slot=check]:bg-primary **:data-[slot=check]:text-xs **:data-[slot=check]:font-bold **:data-[slot=check]:text-primary-foreground",
);
const preview = cn(
  "m-0 flex min-w-0 flex-col gap-1.5",
  "**:data-[slot=preview-media]:block **:data-[slot=preview-media]:max-h-80 **:data-[slot=preview-media]:w-full **:data-[slot=preview-media]:rounded-md **:data-[slot=preview-media]:bg-muted **:data-[slot=preview-media]:object-contain",
  "**:data-[slot=preview-media]:data-[state=broken]:flex **:data-[slot=preview-media]:data-[state=broken]:min-h-40 **:data-[slot=preview-media]:data-[state=broken]:items-center **:data-[slot=preview-media]:data-[state=broken]:justify-center **:data-[slot=preview-media]:data-[state=broken]:text-xs **:data-[slot=preview-media]:data-[state=broken]:text-muted-foreground",
  "[&_audio]:w-full",
  "**:data-[slot=preview-caption]:text-xs **:data-[slot=preview-caption]:text-muted-foreground **:data-[slot=preview-caption]:wrap-anywhere",
);
const loadStatus =
  "flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground *:m-0 data-[state=error]:text-destructive";
const receipt = cn(
  shell.receipt,
  "**:data-[slot=receipt-items]:m-0 **:data-[slot=receipt-items]:flex **:data-[slot=receipt-items]:list-none **:data-[slot=receipt-items]:flex-wrap **:data-[slot=receipt-items]:gap-x-3.5 **:data-[slot=receipt-items]:gap-y-2 **:data-[slot=receipt-items]:p-0 **:data-[slot=receipt-items]:[counter-reset:hitl-media]",
  "**:data-[slot=receipt-item]:flex **:data-[slot=receipt-item]:max-w-60 **:data-[slot=receipt-item]:items-center **:data-[slot=receipt-item]:gap-1.5 **:data-[slot=receipt-item]:wrap-anywhere **:data-[slot=receipt-item]:[counter-increment:hitl-media]",
  "**:data-[slot=receipt-item]:before:text-xs **:data-[slot=receipt-item]:before:font-semibold **:data-[slot=receipt-item]:before:text-muted-foreground **:data-[slot=receipt-item]:before:content-[counter(hitl-media)]",
  "**:data-[slot=receipt-thumbnail]:size-10 **:data-[slot=receipt-thumbnail]:flex-none **:data-[slot=receipt-thumbnail]:rounded **:data-[slot=receipt-thumbnail]:bg-muted **:data-[slot=receipt-thumbnail]:object-cover",
  "**:data-[slot=receipt-empty]:m-0 **:data-[slot=receipt-empty]:text-muted-foreground",
);

/** A media picker in shadcn's look: search, grid and preview, live count, Submit / Decline, receipt. */
export function MediaPicker({ prompt, className, ...props }: MediaPickerProps) {
  return (
    <Parts.Root
      {...props}
      className={cn(
        shell.root,
        "**:data-[slot=search]:flex **:data-[slot=search]:flex-col **:data-[slot=search]:gap-1.5 [&_[data-slot=search]>label]:font-medium",
        className,
      )}
    >
      <Parts.Prompt className={shell.prompt}>{prompt}</Parts.Prompt>
      <Parts.Body className={cn(shell.form, "@container")}>
        <Parts.Search className={search} />
        <div
          data-slot="body"
          className="grid grid-cols-1 items-start gap-3 @min-[640px]:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
        >
          <Parts.Grid className={grid} />
          <Parts.Preview className={preview} />
        </div>
        <div data-slot="footer" className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs">
          <Parts.Count className="m-0 text-muted-foreground" />
          <Parts.Message className="m-0 text-destructive" />
        </div>
        <Parts.LoadStatus className={loadStatus} retryClassName={shell.collectionRetry} />
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
      <Parts.Receipt className={receipt} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's media kind with this component. */
export const mediaPickerWidget = widget(mediaPickerEntry.kind, MediaPicker);
