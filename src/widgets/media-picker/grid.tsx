"use client";
import { type ComponentPropsWithoutRef, type KeyboardEvent, useRef, useState } from "react";
import { isSettledStatus } from "../../react/widget-props";
import { columnsFor, GRID_GAP } from "../shared/collection-keys";
import { rowStyle, sizerStyle, useElementWidth, useVirtualCollection } from "../shared/virtual-collection";
import { cx, useShell } from "../shared/widget-shell";
import type { MediaPickerSlot } from "./anatomy";
import { type MediaPickerApi, type MediaTile, tileStateOf } from "./connect";
import { useMediaPickerContext } from "./use-media-picker";

/** Rows assumed visible while the grid has no height yet (first render, jsdom, hidden container). */
const FALLBACK_VISIBLE_ROWS = 4;

export interface MediaPickerGridProps extends Omit<ComponentPropsWithoutRef<"div">, "children" | "role"> {}

/**
 * The listbox of thumbnails, virtualized by rows. Roving focus (one tab stop, DOM focus on the
 * active option) so keyboard focus survives virtualization: the active row is always rendered,
 * and moving to an off-screen item scrolls its row in first.
 */
export function Grid({ className, style, onKeyDown, ...props }: MediaPickerGridProps) {
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
              className="hitl-media-row"
              style={rowStyle(row.start, {
                height: row.size,
                display: "grid",
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: GRID_GAP,
                paddingBottom: GRID_GAP,
              })}
            >
              {api.collection.items.slice(start, start + columns).map((item, offset) => (
                <Tile key={item.id} api={api} tile={api.tileAt(start + offset) as MediaTile} />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * One grid cell: the option (the thumbnail, no text of its own) and, beside it, the visible badges
 * and placeholder text. Text inside the option would have to be part of its name (WCAG 2.5.3), so
 * the overlays are siblings hidden from assistive tech; the option's description carries them.
 */
function Tile({ api, tile }: { api: MediaPickerApi; tile: MediaTile }) {
  const { labels, multiple } = api;
  const { item, order, thumbnail } = tile;
  return (
    <div data-slot={"cell" satisfies MediaPickerSlot} data-state={tileStateOf(tile)} className="hitl-media-cell">
      {/* The listbox handles the keys for all its options (roving focus). */}
      <div {...api.getItemProps(tile)} className="hitl-media-item">
        {thumbnail === "image" ? (
          <TileImage {...api.getThumbnailImageProps(tile)} />
        ) : (
          <span {...api.getThumbnailProps(tile)} className="hitl-media-thumb hitl-media-placeholder" />
        )}
      </div>
      {thumbnail !== "image" && (
        <span {...api.getPlaceholderTextProps(tile)} className="hitl-media-overlay hitl-media-placeholder-text">
          {thumbnail === "broken" ? labels.broken : labels.noPreview}
        </span>
      )}
      {item.mediaType !== "image" && (
        // The option's name already says the type.
        <span
          data-slot={"type-badge" satisfies MediaPickerSlot}
          className="hitl-media-overlay hitl-media-badge"
          aria-hidden="true"
        >
          {labels[item.mediaType]}
        </span>
      )}
      {order !== undefined &&
        (multiple ? (
          <>
            <span
              data-slot={"order-badge" satisfies MediaPickerSlot}
              className="hitl-media-overlay hitl-media-order"
              aria-hidden="true"
            >
              {order}
            </span>
            <span {...api.getOrderTextProps(tile)}>{labels.order(order)}</span>
          </>
        ) : (
          <span
            data-slot={"check" satisfies MediaPickerSlot}
            className="hitl-media-overlay hitl-media-order"
            aria-hidden="true"
          >
            ✓
          </span>
        ))}
    </div>
  );
}

function TileImage(props: ReturnType<MediaPickerApi["getThumbnailImageProps"]>) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      {...props}
      data-state={loaded ? "loaded" : "loading"}
      className="hitl-media-thumb"
      alt=""
      onLoad={() => setLoaded(true)}
    />
  );
}
