"use client";
import { type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { isSettledStatus } from "../../react/widget-props";
import { columnsFor, GRID_GAP } from "../shared/collection-keys";
import { createPartScope } from "../shared/create-widget-context";
import { type PartProps, part } from "../shared/part";
import { rowStyle, sizerStyle, useElementWidth, useVirtualCollection } from "../shared/virtual-collection";
import { cx, useShell } from "../shared/widget-shell";
import type { MediaPickerSlot } from "./anatomy";
import { type MediaPickerApi, type MediaTile, tileStateOf } from "./connect";
import { useMediaPickerContext } from "./use-media-picker";

/** Rows assumed visible while the grid has no height yet (first render, jsdom, hidden container). */
const FALLBACK_VISIBLE_ROWS = 4;

export interface MediaPickerGridProps extends Omit<ComponentPropsWithoutRef<"div">, "children" | "role"> {
  /** Each virtualized row of tiles. */
  rowClassName?: string | undefined;
  /** One tile's parts, rendered once per tile shown: a `Tile` (its default), with your classes. */
  children?: ReactNode;
}

/** The tile a per-tile part renders, from `Grid`. */
interface TileScope {
  readonly api: MediaPickerApi;
  readonly tile: MediaTile;
}
const [TileProvider, useTile] = createPartScope<TileScope>("a media picker's Grid (it renders once per tile)");

/**
 * The listbox of thumbnails, virtualized by rows. Roving focus (one tab stop, DOM focus on the
 * active option) so keyboard focus survives virtualization: the active row is always rendered,
 * and moving to an off-screen item scrolls its row in first. Its children are one tile's parts
 * (`Tile`), rendered once per tile shown.
 */
export function Grid({ className, rowClassName, children, style, onKeyDown, ...props }: MediaPickerGridProps) {
  const { api, remote, ...ctx } = useMediaPickerContext();
  const { status, ids } = useShell();
  const sizerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(sizerRef);
  const columns = Math.max(1, Math.floor(ctx.columns ?? columnsFor(width, ctx.tileSize)));
  const tile = width > 0 ? (width - GRID_GAP * (columns - 1)) / columns : ctx.tileSize;
  const rowHeight = Math.max(1, Math.round(tile + GRID_GAP));
  const collection = useVirtualCollection({
    count: api.count,
    columns,
    rowHeight,
    activeIndex: api.highlightedIndex,
    onActiveIndexChange: api.highlight,
    fallbackRows: FALLBACK_VISIBLE_ROWS,
    // A remote collection: the next page as the end comes near; a new search's results from the top.
    onEndReached: remote?.hasMore ? remote.loadMore : undefined,
    resetKey: remote?.resultsQuery,
  });
  const { virtualizer, scrollRef } = collection;

  if (isSettledStatus(status)) return null;
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  const gridProps = api.getGridProps({
    columns,
    pageRows: () =>
      Math.max(1, Math.floor((scrollRef.current?.clientHeight || virtualizer.viewportHeight) / rowHeight)),
    focusIndex: collection.moveTo,
    labelledBy: labelled ? undefined : ids.prompt,
  });
  const own = {
    ...gridProps,
    className: cx("hitl-media-grid", className),
    style: { ...gridProps.style, ...style },
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      onKeyDown?.(event);
      gridProps.onKeyDown(event);
    },
  };
  return (
    <div ref={scrollRef} {...own} {...props}>
      <div ref={sizerRef} data-slot={"grid-sizer" satisfies MediaPickerSlot} style={sizerStyle(virtualizer)}>
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          return (
            <div
              key={row.key}
              data-slot={"grid-row" satisfies MediaPickerSlot}
              className={cx("hitl-media-row", rowClassName)}
              style={rowStyle(row.start, {
                height: row.size,
                display: "grid",
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: GRID_GAP,
                paddingBottom: GRID_GAP,
              })}
            >
              {api.collection.items.slice(start, start + columns).map((item, offset) => (
                <TileProvider key={item.id} value={{ api, tile: api.tileAt(start + offset) as MediaTile }}>
                  {children ?? DEFAULT_TILE}
                </TileProvider>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * One grid cell (`data-state` `selected` or `unselected`): the option (the thumbnail, no text of
 * its own) and, beside it, the visible badges and placeholder text. Text inside the option would
 * have to be part of its name (WCAG 2.5.3), so the overlays are siblings hidden from assistive
 * tech; the option's description carries them. Its children, when given, lay it out:
 * `TileOption`, `TilePlaceholderText`, `TileTypeBadge`, `TileOrderBadge`, `TileCheck`.
 */
export function Tile(props: PartProps<"div">) {
  const { tile } = useTile("Tile");
  const own = {
    "data-slot": "cell" satisfies MediaPickerSlot,
    "data-state": tileStateOf(tile),
    className: "hitl-media-cell",
  };
  return part(
    "div",
    own,
    props,
    <>
      <TileOption />
      <TilePlaceholderText />
      <TileTypeBadge />
      <TileOrderBadge />
      <TileCheck />
    </>,
  );
}

/** One element for every render of the grid (a new one would be new children for every tile). */
const DEFAULT_TILE = <Tile />;

/** The option (`role="option"`, `data-state` `selected` or `unselected`): its children, by default `TileThumbnail`. */
export function TileOption(props: PartProps<"div">) {
  const { api, tile } = useTile("TileOption");
  // The listbox handles the keys for all its options (roving focus).
  return part("div", { ...api.getItemProps(tile), className: "hitl-media-item" }, props, <TileThumbnail />);
}

/** The thumbnail: the still, loaded lazily (`data-state` `loading` or `loaded`), or a placeholder (`broken`, `none`). */
export function TileThumbnail({ className }: { className?: string | undefined }) {
  const { api, tile } = useTile("TileThumbnail");
  if (tile.thumbnail === "image") return <TileImage {...api.getThumbnailImageProps(tile)} className={className} />;
  return <span {...api.getThumbnailProps(tile)} className={cx("hitl-media-thumb hitl-media-placeholder", className)} />;
}

/** "No preview" or "Preview unavailable" over a tile without a still (the broken one describes its option). */
export function TilePlaceholderText(props: PartProps<"span">) {
  const { api, tile } = useTile("TilePlaceholderText");
  if (tile.thumbnail === "image") return null;
  const own = { ...api.getPlaceholderTextProps(tile), className: "hitl-media-overlay hitl-media-placeholder-text" };
  return part("span", own, props, tile.thumbnail === "broken" ? api.labels.broken : api.labels.noPreview);
}

/** The media type over a tile that is not an image (the option's name already says it). */
export function TileTypeBadge(props: PartProps<"span">) {
  const { api, tile } = useTile("TileTypeBadge");
  if (tile.item.mediaType === "image") return null;
  const own = {
    "data-slot": "type-badge" satisfies MediaPickerSlot,
    className: "hitl-media-overlay hitl-media-badge",
    "aria-hidden": true,
  };
  return part("span", own, props, api.labels[tile.item.mediaType]);
}

/** A chosen tile's place in the order, when several may be chosen (and, hidden, "Choice 2" for its description). */
export function TileOrderBadge(props: PartProps<"span">) {
  const { api, tile } = useTile("TileOrderBadge");
  if (tile.order === undefined || !api.multiple) return null;
  const own = {
    "data-slot": "order-badge" satisfies MediaPickerSlot,
    className: "hitl-media-overlay hitl-media-order",
    "aria-hidden": true,
  };
  return (
    <>
      {part("span", own, props, tile.order)}
      <span {...api.getOrderTextProps(tile)}>{api.labels.order(tile.order)}</span>
    </>
  );
}

/** The check on the chosen tile, when one may be chosen. */
export function TileCheck(props: PartProps<"span">) {
  const { api, tile } = useTile("TileCheck");
  if (tile.order === undefined || api.multiple) return null;
  const own = {
    "data-slot": "check" satisfies MediaPickerSlot,
    className: "hitl-media-overlay hitl-media-order",
    "aria-hidden": true,
  };
  return part("span", own, props, "✓");
}

function TileImage({
  className,
  ...props
}: ReturnType<MediaPickerApi["getThumbnailImageProps"]> & { className?: string | undefined }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      {...props}
      data-state={loaded ? "loaded" : "loading"}
      className={cx("hitl-media-thumb", className)}
      alt=""
      onLoad={() => setLoaded(true)}
    />
  );
}
