"use client";
import { useMemo } from "react";
import { type MediaItem, mediaItemSchema } from "../../kinds/media";
import { useRemoteCollection } from "../../react/use-remote-collection";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import {
  Grid,
  Tile,
  TileCheck,
  TileOption,
  TileOrderBadge,
  TilePlaceholderText,
  TileThumbnail,
  TileTypeBadge,
} from "./grid";
import {
  Body,
  Count,
  Issues,
  LoadStatus,
  Message,
  Preview,
  PreviewCaption,
  PreviewMedia,
  Receipt,
  Search,
  Submit,
  Summary,
} from "./parts";
import {
  type MediaPickerContextValue,
  type MediaPickerProps,
  MediaPickerProvider,
  useMediaPicker,
} from "./use-media-picker";

/**
 * A virtualized grid of thumbnails to choose one or several media items from, in order, with a
 * preview of the active one. Built as a pure machine (`machine.ts`), prop getters over it
 * (`connect.ts`), a hook holding it (`use-media-picker.ts`) and thin parts (`grid.tsx`,
 * `parts.tsx`), each part one `data-slot` (`anatomy.ts`); `defineWidget` makes the Root, the
 * styled widget and the statics.
 */

export type { MediaPickerGridProps } from "./grid";
export type { MediaPickerProps, MediaPickerRequest, MediaPickerResponse } from "./use-media-picker";

const noIds: string[] = [];

/**
 * A styled media picker: prompt, grid and preview, live count, Submit / Decline, status, receipt.
 * Inline items come with the payload; a request that names a `source` gets its items from the
 * loader the app registered for it, page by page (`useRemoteCollection`).
 */
export const MediaPicker = defineWidget<MediaPickerProps, MediaPickerContextValue, MediaItem>()({
  kind: "media",
  ownProps: { columns: true, tileSize: true },
  items: { inline: (payload) => payload.items, schema: mediaItemSchema, remote: useRemoteCollection },
  Provider: MediaPickerProvider,
  use: ({ answer, defaultValue = noIds, columns, tileSize = 120, ...props }, { status, items, remote }) => {
    const api = useMediaPicker({ ...props, defaultValue, status, items, remote });
    return {
      api: useMemo(() => ({ api, remote, answer, columns, tileSize }), [api, remote, answer, columns, tileSize]),
    };
  },
  content: (
    <>
      <Search />
      <div data-slot="body" className="hitl-media-body">
        <Grid />
        <Preview />
      </div>
      <div data-slot="footer" className="hitl-media-footer">
        <Count />
        <Message />
      </div>
      <LoadStatus />
    </>
  ),
  parts: {
    Body,
    Grid,
    Tile,
    TileOption,
    TileThumbnail,
    TilePlaceholderText,
    TileTypeBadge,
    TileOrderBadge,
    TileCheck,
    Preview,
    PreviewMedia,
    PreviewCaption,
    Count,
    Search,
    LoadStatus,
    Message,
    Issues,
    Submit,
    Receipt,
    Summary,
  },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type MediaPickerRootProps = WidgetRootProps<MediaPickerProps>;
