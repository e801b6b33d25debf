import { isSafeMediaUrl } from "../../core/url";
import type { MediaItem } from "../../kinds/media";

/**
 * The media picker's logic as pure functions: selection toggling within min/max, keyboard movement
 * in a grid of `columns`, the column count for a width, and which URL a tile may show.
 */

/** Columns used when the grid has no measured width yet (first render, jsdom, hidden container). */
export const DEFAULT_COLUMNS = 4;
/** Space between tiles in pixels; the row height includes one gap below the tiles. */
export const GRID_GAP = 8;

export type ToggleResult =
  | { readonly type: "changed"; readonly selected: string[] }
  | { readonly type: "refused"; readonly reason: "max" };

/**
 * Toggles `id`, keeping the order in which ids were chosen. With `max` 1 a new choice replaces the
 * old one (radio-like); with a larger `max`, choosing past it is refused so nothing is dropped behind
 * the person's back.
 */
export function toggleSelection(selected: readonly string[], id: string, max: number): ToggleResult {
  if (selected.includes(id)) return { type: "changed", selected: selected.filter((other) => other !== id) };
  if (max <= 1) return { type: "changed", selected: [id] };
  if (selected.length >= max) return { type: "refused", reason: "max" };
  return { type: "changed", selected: [...selected, id] };
}

export interface GridShape {
  readonly count: number;
  readonly columns: number;
  /** Rows moved by PageUp / PageDown. */
  readonly pageRows: number;
}

/**
 * Where a key moves the active index, or `undefined` for keys the grid does not handle. Up/Down
 * keep the column (Down from a short last row lands on the last item); Left/Right run through rows
 * like reading order; Home/End go to the first/last item (Ctrl+Home/End too).
 */
export function moveIndex(index: number, key: string, { count, columns, pageRows }: GridShape): number | undefined {
  if (count <= 0) return undefined;
  const last = count - 1;
  const current = Math.min(Math.max(index, 0), last);
  const cols = Math.max(1, columns);
  const vertical = (rows: number): number => {
    const target = current + rows * cols;
    if (target < 0) return current % cols;
    if (target > last) {
      // Stay in the column on the last row that has it; a short last row falls back to the last item.
      const lastRowStart = last - (last % cols);
      const sameColumn = lastRowStart + (current % cols);
      return sameColumn <= last ? Math.max(sameColumn, current) : last;
    }
    return target;
  };
  switch (key) {
    case "ArrowRight":
      return Math.min(current + 1, last);
    case "ArrowLeft":
      return Math.max(current - 1, 0);
    case "ArrowDown":
      return vertical(1);
    case "ArrowUp":
      return vertical(-1);
    case "PageDown":
      return vertical(Math.max(1, pageRows));
    case "PageUp":
      return vertical(-Math.max(1, pageRows));
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return undefined;
  }
}

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
