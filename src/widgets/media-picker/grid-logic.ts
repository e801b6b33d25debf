import { isSafeMediaUrl } from "../../core/url";
import type { MediaItem } from "../../kinds/media";

/**
 * The media picker's own logic as pure functions: the column count for a width and which URL a tile
 * may show (selection and keyboard movement are the shared `selection` and `collection-keys`).
 */

/** Columns used when the grid has no measured width yet (first render, jsdom, hidden container). */
export const DEFAULT_COLUMNS = 4;
/** Space between tiles in pixels; the row height includes one gap below the tiles. */
export const GRID_GAP = 8;

/** How many tiles of at least `tileSize` fit in `width`; the default when there is no width. */
export function columnsFor(width: number, tileSize: number, gap = GRID_GAP): number {
  if (!(width > 0) || !(tileSize > 0)) return DEFAULT_COLUMNS;
  return Math.max(1, Math.floor((width + gap) / (tileSize + gap)));
}

export type ThumbnailSource =
  /** A safe URL to show in an `<img>`. */
  | { readonly type: "image"; readonly src: string }
  /** A video or audio item without a still: the tile shows its type instead. */
  | { readonly type: "none" }
  /** A URL was refused by `isSafeMediaUrl`: the tile shows the broken placeholder. */
  | { readonly type: "refused" };

/**
 * What a tile shows. An item whose own `url` is refused is broken as a whole (a pretty thumbnail
 * must not stand for media that can never play). Images fall back to their `url`; video and audio
 * only ever put a still (thumbnail or poster) in an `<img>`.
 */
export function thumbnailSource(item: MediaItem): ThumbnailSource {
  if (!isSafeMediaUrl(item.url)) return { type: "refused" };
  const still = item.thumbnailUrl ?? (item.mediaType === "image" ? item.url : item.posterUrl);
  if (still === undefined) return { type: "none" };
  return isSafeMediaUrl(still) ? { type: "image", src: still } : { type: "refused" };
}

/** The item's own URL and poster for the preview, each only when safe. */
export function previewSources(item: MediaItem): { src: string | undefined; poster: string | undefined } {
  return {
    src: isSafeMediaUrl(item.url) ? item.url : undefined,
    poster: item.posterUrl !== undefined && isSafeMediaUrl(item.posterUrl) ? item.posterUrl : undefined,
  };
}
