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
/** A badge over a tile's corner. */
const badge = "pointer-events-none absolute rounded-full text-xs font-bold";
/** One tile's parts, rendered once per tile shown. */
const tile = (
  <Parts.Tile className="relative h-full min-w-0">
    {/* The option: the thumbnail only (its name is its label); chosen → a primary border. */}
    <Parts.TileOption
      className={cn(
        "relative block h-full min-w-0 cursor-pointer overflow-hidden rounded-md border-2 border-transparent bg-muted outline-none select-none",
        "hover:border-border data-[state=selected]:border-primary",
        // Focus drawn over the thumbnail: an outside ring would be clipped by the scroll box.
        "focus-visible:after:pointer-events-none focus-visible:after:absolute focus-visible:after:inset-0 focus-visible:after:rounded-[inherit] focus-visible:after:border-3 focus-visible:after:border-ring",
      )}
    >
      <Parts.TileThumbnail className="flex size-full items-center justify-center object-cover data-[state=broken]:bg-[repeating-linear-gradient(-45deg,var(--muted),var(--muted)_8px,var(--background)_8px,var(--background)_16px)]" />
    </Parts.TileOption>
    <Parts.TilePlaceholderText className="pointer-events-none absolute inset-0 flex items-center justify-center p-2 text-center text-xs text-muted-foreground" />
    <Parts.TileTypeBadge className="pointer-events-none absolute bottom-1.5 left-1.5 rounded-full bg-foreground/85 px-1.5 text-[11px] font-semibold text-background" />
    <Parts.TileOrderBadge
      className={cn(
        badge,
        "top-1.5 right-1.5 inline-flex h-5.5 min-w-5.5 items-center justify-center bg-primary px-1.5 text-primary-foreground",
      )}
    />
    <Parts.TileCheck
      className={cn(
        badge,
        "top-1.5 right-1.5 inline-flex size-5.5 items-center justify-center bg-primary text-primary-foreground",
      )}
    />
  </Parts.Tile>
);
/** The active item at its size (`data-state` `ready` or `broken`) and its name. */
const preview = (
  <Parts.Preview className="m-0 flex min-w-0 flex-col gap-1.5">
    <Parts.PreviewMedia
      className={cn(
        "block max-h-80 w-full rounded-md bg-muted object-contain [&>audio]:w-full",
        "data-[state=broken]:flex data-[state=broken]:min-h-40 data-[state=broken]:items-center data-[state=broken]:justify-center data-[state=broken]:text-xs data-[state=broken]:text-muted-foreground",
      )}
    />
    <Parts.PreviewCaption className="text-xs text-muted-foreground wrap-anywhere" />
  </Parts.Preview>
);
const loadStatus =
  "flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground *:m-0 data-[state=error]:text-destructive";
/** The chosen items, numbered in order, as small thumbnails with their names. */
const summary = (
  <Parts.Summary
    className="m-0 flex list-none flex-wrap gap-x-3.5 gap-y-2 p-0 [counter-reset:hitl-media]"
    itemClassName="flex max-w-60 items-center gap-1.5 wrap-anywhere [counter-increment:hitl-media] before:text-xs before:font-semibold before:text-muted-foreground before:content-[counter(hitl-media)]"
    thumbnailClassName="size-10 flex-none rounded bg-muted object-cover"
    emptyClassName="m-0 text-muted-foreground"
  />
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
          <Parts.Grid className="max-h-105 overflow-y-auto overscroll-contain rounded-md [scrollbar-gutter:stable] aria-disabled:cursor-not-allowed">
            {tile}
          </Parts.Grid>
          {preview}
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
      <Parts.Receipt className={shell.receipt} summary={summary} />
    </Parts.Root>
  );
}

/** The registry entry: the kit's media kind with this component. */
export const mediaPickerWidget = widget(mediaPickerEntry.kind, MediaPicker);
