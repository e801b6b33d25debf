import { isSafeMediaUrl } from "../../core/url";
import type { MediaItem } from "../../kinds/media";

/**
 * The media picker's own logic as pure functions: which URL a tile and the preview may show
 * (selection, keyboard movement and columns are the shared `selection` and `collection-keys`).
 */

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
