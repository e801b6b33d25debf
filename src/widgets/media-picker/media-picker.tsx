"use client";
import {
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { CollectionSource } from "../../kinds/collection";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { type MediaItem, mediaItemSchema, mediaKind } from "../../kinds/media";
import { useLabels } from "../../react/labels";
import { type RemoteCollection, useRemoteCollection } from "../../react/use-remote-collection";
import { type HitlWidgetProps, isInteractive, isSettledStatus } from "../../react/widget-props";
import { columnsFor, GRID_GAP } from "../shared/collection-keys";
import { createWidgetContext } from "../shared/create-widget-context";
import { CollectionSearch, CollectionStatus } from "../shared/remote-collection";
import { toggleSelection } from "../shared/selection";
import { splitShellProps } from "../shared/shell-props";
import { ShellSubmit } from "../shared/shell-submit";
import { useAnswer } from "../shared/use-answer";
import { useControllableState } from "../shared/use-controllable-state";
import {
  rowStyle,
  sizerStyle,
  useElementWidth,
  useVirtualCollection,
  type VirtualCollection,
} from "../shared/virtual-collection";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
  useShell,
} from "../shared/widget-shell";
import { previewSources, thumbnailSource } from "./grid-logic";
import { type MediaLabels, mediaLabels } from "./labels";

/**
 * A virtualized grid of thumbnails to choose one or several media items from, in order. Roving
 * focus (one tab stop, DOM focus on the active option) so keyboard focus survives virtualization:
 * the active row is always rendered, and moving to an off-screen item scrolls its row in first.
 */

export type MediaPickerRequest = RequestOf<typeof mediaKind>;
export type MediaPickerResponse = ResponseOf<typeof mediaKind>;

export interface MediaPickerProps extends HitlWidgetProps<MediaPickerRequest, MediaPickerResponse> {
  /** The selected ids in the order they were chosen (controlled). */
  value?: string[];
  /** The initial selection when uncontrolled. @default [] */
  defaultValue?: string[];
  /** Called with the selected ids, in the order they were chosen, whenever the selection changes. */
  onValueChange?: (ids: string[]) => void;
  /** A fixed number of columns instead of fitting tiles of `tileSize` into the grid's width. */
  columns?: number;
  /** The smallest tile width in pixels when columns are fitted to the width. @default 120 */
  tileSize?: number;
}

/** Rows assumed visible while the grid has no height yet (first render, jsdom, hidden container). */
const FALLBACK_VISIBLE_ROWS = 4;
/** The receipt lists this many chosen items, then says how many more there are. */
const RECEIPT_LIMIT = 100;

interface MediaPickerContextValue {
  readonly payload: MediaPickerRequest;
  readonly labels: MediaLabels;
  /** Inline items, or the remote collection's items loaded so far for the current search. */
  readonly items: readonly MediaItem[];
  /** Set when the request names a collection the app serves (`source`). */
  readonly remote: RemoteCollection<MediaItem> | undefined;
  /** Any item the picker knows by id (a remote one from an earlier search too). */
  readonly lookup: (id: string) => MediaItem | undefined;
  readonly answer: MediaPickerResponse | undefined;
  readonly min: number;
  /** `payload.max`, clamped to the number of items. */
  readonly max: number;
  readonly multiple: boolean;
  readonly selected: readonly string[];
  /** 1-based position of each selected id in the selection. */
  readonly orderOf: ReadonlyMap<string, number>;
  readonly indexOf: ReadonlyMap<string, number>;
  readonly toggle: (index: number) => void;
  readonly activeIndex: number;
  readonly setActiveIndex: (index: number) => void;
  readonly broken: ReadonlySet<string>;
  readonly markBroken: (id: string) => void;
  readonly message: string;
  readonly issues: readonly string[];
  readonly submit: () => void;
  readonly columns: number | undefined;
  readonly tileSize: number;
  readonly ids: { readonly base: string; readonly count: string };
}

const [MediaPickerProvider, useMediaPicker] = createWidgetContext<MediaPickerContextValue>("MediaPicker");

function itemName(labels: MediaLabels, item: MediaItem, index: number): string {
  return item.alt ? labels.itemName(item.alt, item.mediaType) : labels.itemFallback(index + 1, item.mediaType);
}

const noIds: string[] = [];

export interface MediaPickerRootProps
  extends Omit<MediaPickerProps, "prompt">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

/**
 * Inline items come with the payload; a request that names a `source` gets its items from the
 * loader the app registered for it, page by page (`useRemoteCollection`).
 */
function Root(props: MediaPickerRootProps) {
  const { source } = props.payload;
  return source ? <RemoteRoot {...props} source={source} /> : <RootView {...props} items={props.payload.items} />;
}

const mediaItemId = (item: MediaItem) => item.id;

function RemoteRoot({ source, ...props }: MediaPickerRootProps & { source: CollectionSource }) {
  const remote = useRemoteCollection({ source, item: mediaItemSchema, itemId: mediaItemId, scope: "media" });
  return <RootView {...props} items={remote.items} remote={remote} />;
}

function RootView({
  items,
  remote,
  ...props
}: MediaPickerRootProps & { items: readonly MediaItem[]; remote?: RemoteCollection<MediaItem> }) {
  const [
    shell,
    {
      payload,
      answer,
      onSubmit,
      value,
      defaultValue = noIds,
      onValueChange,
      columns,
      tileSize = 120,
      className,
      ...rest
    },
  ] = splitShellProps(props);
  const status = shell.status ?? "open";
  const labels = useLabels("media", mediaLabels);
  const interactive = isInteractive(status);
  // A remote collection's size is unknown: its max is the request's.
  const max = Math.max(1, remote ? payload.max : Math.min(payload.max, items.length));
  const [selected, setSelected] = useControllableState<string[]>({ value, defaultValue, onValueChange });
  // Key presses can arrive faster than renders; toggles must build on the latest selection.
  const latest = useRef(selected);
  latest.current = selected;
  const indexOf = useMemo(() => new Map(items.map((item, index) => [item.id, index])), [items]);
  const orderOf = useMemo(() => new Map(selected.map((id, index) => [id, index + 1])), [selected]);
  const [activeIndex, setActive] = useState(() => {
    const first = selected.find((id) => indexOf.has(id));
    return first === undefined ? 0 : (indexOf.get(first) ?? 0);
  });
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const [message, setMessage] = useState("");
  const [issues, setIssues] = useState<readonly string[]>([]);
  // `onDecline` goes straight to the shell, whose own guard sends one decline; a submit does not
  // hold it back here.
  const reply = useAnswer({ kind: mediaKind, payload, status, onSubmit });
  const base = useId();

  const toggle = useCallback(
    (index: number) => {
      const item = items[index];
      if (!interactive || !item) return;
      const result = toggleSelection(latest.current, item.id, { mode: max > 1 ? "multiple" : "single", max });
      if (result.type === "refused") {
        setMessage(labels.maxReached(max));
        return;
      }
      if (result.type === "unchanged") return;
      latest.current = [...result.selected];
      setSelected(latest.current);
      setMessage("");
      setIssues([]);
    },
    [items, interactive, max, labels, setSelected],
  );

  const lookup = useCallback(
    (id: string) => {
      const index = indexOf.get(id);
      return index === undefined ? remote?.known(id) : items[index];
    },
    [indexOf, items, remote],
  );

  const markBroken = useCallback((id: string) => {
    setBroken((previous) => (previous.has(id) ? previous : new Set(previous).add(id)));
  }, []);

  const submit = () => {
    // A remote answer is checked against what the loader returned: the chosen ids' loaded items.
    const context = remote ? { items: latest.current.flatMap((id) => remote.known(id) ?? []) } : undefined;
    const outcome = reply.submit({ selected: latest.current }, context);
    if (outcome.type !== "ignored") setIssues([...new Set(outcome.issues.map((issue) => issue.message))]);
  };

  const context: MediaPickerContextValue = {
    payload,
    labels,
    items,
    remote,
    lookup,
    answer,
    min: payload.min,
    max,
    multiple: max > 1,
    selected,
    orderOf,
    indexOf,
    toggle,
    activeIndex: Math.min(Math.max(activeIndex, 0), Math.max(items.length - 1, 0)),
    setActiveIndex: setActive,
    broken,
    markBroken,
    message,
    issues,
    submit,
    columns,
    tileSize,
    ids: { base, count: `${base}-count` },
  };

  return (
    <MediaPickerProvider value={context}>
      <ShellRoot kind="media" {...shell} {...rest} className={cx("hitl-media", className)} />
    </MediaPickerProvider>
  );
}

/** The form around the interactive parts; gone once the receipt shows. */
function Form(props: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const { submit } = useMediaPicker();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return <ShellForm onSubmit={submit} {...props} />;
}

export interface MediaPickerGridProps extends Omit<ComponentPropsWithoutRef<"div">, "children" | "role"> {}

/** The listbox of thumbnails, virtualized by rows. */
function Grid({ className, style, onKeyDown, ...props }: MediaPickerGridProps) {
  const ctx = useMediaPicker();
  const { interactive, status, ids } = useShell();
  const sizerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(sizerRef);
  const columns = Math.max(1, Math.floor(ctx.columns ?? columnsFor(width, ctx.tileSize)));
  const tile = width > 0 ? (width - GRID_GAP * (columns - 1)) / columns : ctx.tileSize;
  const rowHeight = Math.max(1, Math.round(tile + GRID_GAP));
  const collection = useVirtualCollection({
    count: ctx.items.length,
    columns,
    rowHeight,
    activeIndex: ctx.activeIndex,
    onActiveIndexChange: ctx.setActiveIndex,
    onActivate: ctx.toggle,
    labelOf: (index) => {
      const item = ctx.items[index];
      return item ? itemName(ctx.labels, item, index) : "";
    },
    fallbackRows: FALLBACK_VISIBLE_ROWS,
    // A remote collection: the next page as the end comes near; a new search's results from the top.
    onEndReached: ctx.remote?.hasMore ? ctx.remote.loadMore : undefined,
    resetKey: ctx.remote?.resultsQuery,
  });
  const { virtualizer, active } = collection;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    collection.onKeyDown(event);
  };

  if (isSettledStatus(status)) return null;
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  return (
    <div
      ref={collection.scrollRef}
      role="listbox"
      aria-labelledby={labelled ? undefined : ids.prompt}
      aria-multiselectable={ctx.multiple || undefined}
      aria-disabled={!interactive || undefined}
      aria-describedby={ctx.ids.count}
      data-slot="grid"
      data-state={interactive ? "open" : status}
      data-columns={columns}
      className={cx("hitl-media-grid", className)}
      style={{ position: "relative", overflowY: "auto", ...style }}
      onKeyDown={handleKeyDown}
      {...props}
    >
      <div ref={sizerRef} data-slot="grid-sizer" style={sizerStyle(virtualizer)}>
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          return (
            <div
              key={row.key}
              data-slot="grid-row"
              className="hitl-media-row"
              style={rowStyle(row.start, {
                height: row.size,
                display: "grid",
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: GRID_GAP,
                paddingBottom: GRID_GAP,
              })}
            >
              {ctx.items.slice(start, start + columns).map((item, offset) => (
                <Tile
                  key={item.id}
                  item={item}
                  index={start + offset}
                  itemProps={collection.itemProps(start + offset)}
                  active={start + offset === active}
                />
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
function Tile({
  item,
  index,
  active,
  itemProps,
}: {
  item: MediaItem;
  index: number;
  active: boolean;
  itemProps: ReturnType<VirtualCollection["itemProps"]>;
}) {
  const ctx = useMediaPicker();
  const { labels } = ctx;
  const order = ctx.orderOf.get(item.id);
  const selected = order !== undefined;
  const source = thumbnailSource(item);
  const broken = source.type === "refused" || ctx.broken.has(item.id);
  const orderId = `${ctx.ids.base}-order-${index}`;
  const brokenId = `${ctx.ids.base}-broken-${index}`;
  const describedBy = [selected && ctx.multiple ? orderId : "", broken ? brokenId : ""].filter(Boolean).join(" ");
  const state = selected ? "selected" : "unselected";
  return (
    <div data-slot="cell" data-state={state} className="hitl-media-cell">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys for all its options (roving focus). */}
      <div
        role="option"
        {...itemProps}
        tabIndex={itemProps.tabIndex}
        aria-selected={selected}
        aria-setsize={ctx.remote?.hasMore ? -1 : ctx.items.length}
        aria-posinset={index + 1}
        aria-label={itemName(labels, item, index)}
        aria-describedby={describedBy || undefined}
        data-slot="item"
        data-state={state}
        data-highlighted={active ? "" : undefined}
        data-media-type={item.mediaType}
        className="hitl-media-item"
        onClick={() => {
          ctx.setActiveIndex(index);
          ctx.toggle(index);
        }}
      >
        {broken ? (
          <span data-slot="thumbnail" data-state="broken" className="hitl-media-thumb hitl-media-placeholder" />
        ) : source.type === "image" ? (
          <TileImage src={source.src} onError={() => ctx.markBroken(item.id)} />
        ) : (
          <span data-slot="thumbnail" data-state="empty" className="hitl-media-thumb hitl-media-placeholder" />
        )}
      </div>
      {(broken || source.type === "none") && (
        <span
          data-slot="placeholder-text"
          id={broken ? brokenId : undefined}
          className="hitl-media-overlay hitl-media-placeholder-text"
          aria-hidden="true"
        >
          {broken ? labels.broken : labels.noPreview}
        </span>
      )}
      {item.mediaType !== "image" && (
        // The option's name already says the type.
        <span data-slot="type-badge" className="hitl-media-overlay hitl-media-badge" aria-hidden="true">
          {labels[item.mediaType]}
        </span>
      )}
      {selected &&
        (ctx.multiple ? (
          <>
            <span data-slot="order-badge" className="hitl-media-overlay hitl-media-order" aria-hidden="true">
              {order}
            </span>
            {/* Hidden, yet read as the option's description ("Choice 2"). */}
            <span id={orderId} hidden>
              {labels.order(order)}
            </span>
          </>
        ) : (
          <span data-slot="check" className="hitl-media-overlay hitl-media-order" aria-hidden="true">
            ✓
          </span>
        ))}
    </div>
  );
}

function TileImage({ src, onError }: { src: string; onError: () => void }) {
  const [loaded, setLoaded] = useState(false);
  return (
    // The option carries the name; the thumbnail itself is decoration.
    <img
      data-slot="thumbnail"
      data-state={loaded ? "loaded" : "loading"}
      className="hitl-media-thumb"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onLoad={() => setLoaded(true)}
      onError={onError}
    />
  );
}

/** A larger view of the active item: the image, or a player for video and audio. */
function Preview({ className, ...props }: Omit<ComponentPropsWithoutRef<"figure">, "children">) {
  const ctx = useMediaPicker();
  const { status } = useShell();
  const item = ctx.items[ctx.activeIndex];
  if (isSettledStatus(status) || !item) return null;
  const name = itemName(ctx.labels, item, ctx.activeIndex);
  return (
    <figure
      data-slot="preview"
      data-media-type={item.mediaType}
      className={cx("hitl-media-preview", className)}
      aria-label={`${ctx.labels.previewLabel}: ${name}`}
      {...props}
    >
      {/* Keyed by item: a failed load belongs to that item only. */}
      <PreviewMedia key={item.id} item={item} name={name} />
      <figcaption data-slot="preview-caption" className="hitl-media-preview-caption">
        {name}
      </figcaption>
    </figure>
  );
}

function PreviewMedia({ item, name }: { item: MediaItem; name: string }) {
  const { labels } = useMediaPicker();
  const [failed, setFailed] = useState(false);
  const { src, poster } = previewSources(item);
  if (src === undefined || failed) {
    return (
      <div data-slot="preview-media" data-state="broken" className="hitl-media-preview-media hitl-media-placeholder">
        {labels.broken}
      </div>
    );
  }
  const onError = () => setFailed(true);
  switch (item.mediaType) {
    case "image":
      return (
        <img
          data-slot="preview-media"
          data-state="ready"
          className="hitl-media-preview-media"
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
          data-slot="preview-media"
          data-state="ready"
          className="hitl-media-preview-media"
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
        <div data-slot="preview-media" data-state="ready" className="hitl-media-preview-media hitl-media-preview-audio">
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
function Count({ className, ...props }: Omit<ComponentPropsWithoutRef<"p">, "children">) {
  const ctx = useMediaPicker();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <p
      data-slot="count"
      id={ctx.ids.count}
      role="status"
      aria-live="polite"
      className={cx("hitl-media-count", className)}
      {...props}
    >
      {ctx.labels.count(ctx.selected.length, ctx.min, ctx.max)}
    </p>
  );
}

/** Why the last toggle was refused ("You can choose up to 3."), announced politely. */
function Message({ className, ...props }: Omit<ComponentPropsWithoutRef<"p">, "children">) {
  const { message } = useMediaPicker();
  const { status } = useShell();
  if (isSettledStatus(status)) return null;
  // Always in the DOM: a live region must exist before its text changes to be announced.
  return (
    <p data-slot="message" role="status" aria-live="polite" className={cx("hitl-media-message", className)} {...props}>
      {message}
    </p>
  );
}

/** The search box of a remote collection (its loader searches); nothing for inline items. */
function Search(props: Omit<ComponentPropsWithoutRef<typeof CollectionSearch>, "remote">) {
  const { remote } = useMediaPicker();
  const { status } = useShell();
  if (!remote || isSettledStatus(status)) return null;
  return <CollectionSearch remote={remote} {...props} />;
}

/** Loading, failure (with Retry) and counts of a remote collection, announced; nothing for inline items. */
function LoadStatus(props: Omit<ComponentPropsWithoutRef<typeof CollectionStatus>, "remote">) {
  const { remote } = useMediaPicker();
  const { status } = useShell();
  if (!remote || isSettledStatus(status)) return null;
  return <CollectionStatus remote={remote} {...props} />;
}

function Issues() {
  const { issues } = useMediaPicker();
  return <ShellIssues messages={issues} />;
}

function Submit(props: ComponentPropsWithoutRef<typeof ShellSubmit>) {
  const { labels } = useMediaPicker();
  return <ShellSubmit {...props}>{props.children ?? labels.submit}</ShellSubmit>;
}

/** The receipt: the chosen items, in order, as small thumbnails with their names. */
function Receipt({ className, ...props }: Omit<ComponentPropsWithoutRef<"div">, "children">) {
  const ctx = useMediaPicker();
  const chosen = ctx.answer?.selected ?? [];
  const shown = chosen.slice(0, RECEIPT_LIMIT);
  const summary =
    chosen.length === 0 ? (
      <p data-slot="receipt-empty" className="hitl-help">
        {ctx.labels.receiptEmpty}
      </p>
    ) : (
      <>
        <ol data-slot="receipt-items" className="hitl-media-receipt">
          {shown.map((id) => {
            const index = ctx.indexOf.get(id);
            const item = ctx.lookup(id);
            return (
              <li key={id} data-slot="receipt-item" className="hitl-media-receipt-item">
                {item ? (
                  <>
                    <ReceiptThumbnail item={item} />
                    <span>{index === undefined ? item.alt || id : itemName(ctx.labels, item, index)}</span>
                  </>
                ) : (
                  <span>{id}</span>
                )}
              </li>
            );
          })}
        </ol>
        {chosen.length > shown.length && (
          <p className="hitl-help">{ctx.labels.receiptMore(chosen.length - shown.length)}</p>
        )}
      </>
    );
  return <ShellReceipt summary={summary} className={className} {...props} />;
}

function ReceiptThumbnail({ item }: { item: MediaItem }) {
  const [failed, setFailed] = useState(false);
  const source = thumbnailSource(item);
  if (source.type !== "image" || failed) {
    return (
      <span
        data-slot="receipt-thumbnail"
        data-state={source.type === "none" ? "empty" : "broken"}
        className="hitl-media-receipt-thumb hitl-media-placeholder"
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      data-slot="receipt-thumbnail"
      data-state="ready"
      className="hitl-media-receipt-thumb"
      src={source.src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** A styled media picker: prompt, grid and preview, live count, Submit / Decline, status, receipt. */
export function MediaPicker({ prompt, ...props }: MediaPickerProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Form>
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
        <Issues />
        <ShellActions>
          <Submit />
          <ShellDecline />
        </ShellActions>
      </Form>
      <ShellStatus />
      <Receipt />
    </Root>
  );
}

MediaPicker.Root = Root;
MediaPicker.Prompt = ShellPrompt;
MediaPicker.Form = Form;
MediaPicker.Grid = Grid;
MediaPicker.Preview = Preview;
MediaPicker.Count = Count;
MediaPicker.Search = Search;
MediaPicker.LoadStatus = LoadStatus;
MediaPicker.Message = Message;
MediaPicker.Issues = Issues;
MediaPicker.Actions = ShellActions;
MediaPicker.Submit = Submit;
MediaPicker.Decline = ShellDecline;
MediaPicker.Status = ShellStatus;
MediaPicker.Receipt = Receipt;
