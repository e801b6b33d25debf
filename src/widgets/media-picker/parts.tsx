"use client";
import { type ComponentPropsWithoutRef, useState } from "react";
import type { MediaItem } from "../../kinds/media";
import { isSettledStatus } from "../../react/widget-props";
import { type PartProps, part } from "../shared/part";
import { CollectionSearch, CollectionStatus } from "../shared/remote-collection";
import { ShellSubmit } from "../shared/shell-submit";
import {
  type BodyProps,
  cx,
  ShellForm,
  ShellIssues,
  type ShellIssuesProps,
  ShellReceipt,
  type ShellReceiptProps,
  useShell,
} from "../shared/widget-shell";
import type { MediaPickerSlot } from "./anatomy";
import { itemName } from "./collection";
import { previewSources, thumbnailSource } from "./grid-logic";
import { useMediaPickerContext } from "./use-media-picker";

/**
 * The media picker's parts beside the grid: each reads the connect API from its Root and spreads
 * one prop getter onto one element. The interactive ones are gone once the receipt shows.
 */

/** The receipt lists this many chosen items, then says how many more there are. */
const RECEIPT_LIMIT = 100;

/** The form around the interactive parts; gone once the receipt shows. */
export function Body(props: BodyProps) {
  const { api } = useMediaPickerContext();
  return <ShellForm onSubmit={api.submit} {...props} />;
}

/** A larger view of the active item: the image, or a player for video and audio. */
export function Preview(props: PartProps<"figure">) {
  const { api } = useMediaPickerContext();
  const { status } = useShell();
  const tile = api.preview;
  if (isSettledStatus(status) || !tile) return null;
  return part(
    "figure",
    { ...api.getPreviewProps(tile), className: "hitl-media-preview" },
    props,
    <>
      <PreviewMedia />
      <PreviewCaption />
    </>,
  );
}

/** The active item at its size: its image, video or audio player, or "Preview unavailable" (`data-state` `broken`). */
export function PreviewMedia({ className }: { className?: string | undefined }) {
  const tile = useMediaPickerContext().api.preview;
  // Keyed by item: a failed load belongs to that item only.
  return tile ? <PreviewMediaOf key={tile.item.id} item={tile.item} name={tile.name} className={className} /> : null;
}

/** The active item's name, under it. */
export function PreviewCaption(props: PartProps<"figcaption">) {
  const tile = useMediaPickerContext().api.preview;
  if (!tile) return null;
  const own = { "data-slot": "preview-caption" satisfies MediaPickerSlot, className: "hitl-media-preview-caption" };
  return part("figcaption", own, props, tile.name);
}

function PreviewMediaOf({ item, name, className }: { item: MediaItem; name: string; className: string | undefined }) {
  const { api } = useMediaPickerContext();
  const [failed, setFailed] = useState(false);
  const { src, poster } = previewSources(item);
  const slot = "preview-media" satisfies MediaPickerSlot;
  if (src === undefined || failed) {
    return (
      <div
        data-slot={slot}
        data-state="broken"
        className={cx("hitl-media-preview-media hitl-media-placeholder", className)}
      >
        {api.labels.broken}
      </div>
    );
  }
  const onError = () => setFailed(true);
  switch (item.mediaType) {
    case "image":
      return (
        <img
          data-slot={slot}
          data-state="ready"
          className={cx("hitl-media-preview-media", className)}
          src={src}
          alt={item.alt}
          decoding="async"
          onError={onError}
        />
      );
    case "video":
      return (
        // biome-ignore lint/a11y/useMediaCaption: payloads carry no caption tracks to offer.
        <video
          data-slot={slot}
          data-state="ready"
          className={cx("hitl-media-preview-media", className)}
          src={src}
          poster={poster}
          controls
          preload="metadata"
          aria-label={name}
          onError={onError}
        />
      );
    case "audio":
      return (
        <div
          data-slot={slot}
          data-state="ready"
          className={cx("hitl-media-preview-media hitl-media-preview-audio", className)}
        >
          {poster && <img src={poster} alt="" decoding="async" />}
          {/* biome-ignore lint/a11y/useMediaCaption: payloads carry no caption tracks to offer. */}
          <audio src={src} controls preload="none" aria-label={name} onError={onError} />
        </div>
      );
    default:
      return item.mediaType satisfies never;
  }
}

/** "2 of 3 selected", announced politely; the grid is described by it. */
export function Count(props: PartProps<"p">) {
  const { api } = useMediaPickerContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return part("p", { ...api.getCountProps(), className: "hitl-media-count" }, props, api.texts.count);
}

/** Why the last toggle was refused ("You can choose up to 3."), announced politely. */
export function Message(props: PartProps<"p">) {
  const { api } = useMediaPickerContext();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  // Always in the DOM: a live region must exist before its text changes to be announced.
  return part("p", { ...api.getMessageProps(), className: "hitl-media-message" }, props, api.texts.message);
}

/** The search box of a remote collection (its loader searches); nothing for inline items. */
export function Search(props: Omit<ComponentPropsWithoutRef<typeof CollectionSearch>, "remote">) {
  const { remote } = useMediaPickerContext();
  const { status } = useShell();
  if (!remote || isSettledStatus(status)) return null;
  return <CollectionSearch remote={remote} {...props} />;
}

/** Loading, failure (with Retry) and counts of a remote collection, announced; nothing for inline items. */
export function LoadStatus(props: Omit<ComponentPropsWithoutRef<typeof CollectionStatus>, "remote">) {
  const { remote } = useMediaPickerContext();
  const { status } = useShell();
  if (!remote || isSettledStatus(status)) return null;
  return <CollectionStatus remote={remote} {...props} />;
}

export function Issues(props: Omit<ShellIssuesProps, "messages">) {
  const { api } = useMediaPickerContext();
  return <ShellIssues messages={api.issues} {...props} />;
}

export function Submit(props: ComponentPropsWithoutRef<typeof ShellSubmit>) {
  const { api } = useMediaPickerContext();
  return <ShellSubmit {...props}>{props.children ?? api.labels.submit}</ShellSubmit>;
}

export interface SummaryProps {
  /** The list of chosen items (`ol`, in order). */
  className?: string | undefined;
  /** Each chosen item: its thumbnail and name. */
  itemClassName?: string | undefined;
  /** Each item's small thumbnail (`data-state` `ready`, `broken` or `empty`). */
  thumbnailClassName?: string | undefined;
  /** "Nothing chosen", when the answer chose nothing. */
  emptyClassName?: string | undefined;
  /** "And n more", past the first hundred. */
  moreClassName?: string | undefined;
}

/** The receipt's summary: the chosen items, in order, as small thumbnails with their names. */
export function Summary({ className, itemClassName, thumbnailClassName, emptyClassName, moreClassName }: SummaryProps) {
  const { api, remote, answer } = useMediaPickerContext();
  const { collection, labels } = api;
  const chosen = answer?.selected ?? [];
  const shown = chosen.slice(0, RECEIPT_LIMIT);
  if (chosen.length === 0) {
    return (
      <p data-slot={"receipt-empty" satisfies MediaPickerSlot} className={cx("hitl-help", emptyClassName)}>
        {labels.receiptEmpty}
      </p>
    );
  }
  return (
    <>
      <ol data-slot={"receipt-items" satisfies MediaPickerSlot} className={cx("hitl-media-receipt", className)}>
        {shown.map((id) => {
          const index = collection.indexOf.get(id);
          // Any item the picker knows by id (a remote one from an earlier search too).
          const item = index === undefined ? remote?.known(id) : collection.items[index];
          return (
            <li
              key={id}
              data-slot={"receipt-item" satisfies MediaPickerSlot}
              className={cx("hitl-media-receipt-item", itemClassName)}
            >
              {item ? (
                <>
                  <ReceiptThumbnail item={item} className={thumbnailClassName} />
                  <span>{index === undefined ? item.alt || id : itemName(labels, item, index)}</span>
                </>
              ) : (
                <span>{id}</span>
              )}
            </li>
          );
        })}
      </ol>
      {chosen.length > shown.length && (
        <p className={cx("hitl-help", moreClassName)}>{labels.receiptMore(chosen.length - shown.length)}</p>
      )}
    </>
  );
}

/** The receipt: the outcome and its `summary` (default `<Summary />`). */
export function Receipt({ summary, ...props }: ShellReceiptProps) {
  return <ShellReceipt summary={summary ?? <Summary />} {...props} />;
}

function ReceiptThumbnail({ item, className }: { item: MediaItem; className: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const source = thumbnailSource(item);
  const slot = "receipt-thumbnail" satisfies MediaPickerSlot;
  if (source.type !== "image" || failed) {
    return (
      <span
        data-slot={slot}
        data-state={source.type === "none" ? "empty" : "broken"}
        className={cx("hitl-media-receipt-thumb hitl-media-placeholder", className)}
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      data-slot={slot}
      data-state="ready"
      className={cx("hitl-media-receipt-thumb", className)}
      src={source.src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
