"use client";
import { Fragment, memo, type ReactNode, useRef, useState } from "react";
import { isSafeMediaUrl } from "../../core/url";
import type { Template } from "../../kinds/template";
import { useLabels } from "../../react/labels";
import { columnsFor } from "../shared/collection-keys";
import { createPartScope, sameProps } from "../shared/create-widget-context";
import { type PartProps, part } from "../shared/part";
import { collectionLabels } from "../shared/remote-collection";
import { rowStyle, sizerStyle, useElementWidth, useVirtualCollection } from "../shared/virtual-collection";
import { cx } from "../shared/widget-shell";
import type { TemplatePickerSlot } from "./anatomy";
import type { TemplatePickerApi } from "./connect";
import type { TemplateLabels } from "./labels";
import { useTemplatePickerContext } from "./use-template-picker";

/** Cards are at least this wide; as many columns as fit. */
const CARD_MIN_WIDTH = 180;
const CARD_GAP = 10;
/** A row of cards' estimated height before it is measured. */
const CARD_ROW_ESTIMATE = 240;
/** Rows assumed visible while the gallery has no height (first render, jsdom, hidden container). */
const FALLBACK_CARD_ROWS = 4;

/** The card a per-card part renders: its template, place and props, from `Cards`. */
interface CardScope {
  readonly template: Template;
  readonly labels: TemplateLabels;
  readonly card: Getter<"getCardProps">;
  readonly radio: Getter<"getCardRadioProps">;
  readonly name: Getter<"getCardNameProps">;
  readonly details: Getter<"getCardDetailsProps">;
}
const [CardProvider, useCard] = createPartScope<CardScope>("a template picker's Cards (it renders once per card)");

export interface CardsProps {
  /** The radio group: the scrolling grid of cards. */
  className?: string | undefined;
  /** What holds the grid, its error and Load more. */
  wrapperClassName?: string | undefined;
  /** Each row of cards (rows are placed by the virtualizer; the space below a row is measured with it). */
  rowClassName?: string | undefined;
  /** One card's parts, rendered once per card shown: a `Card` (its default), with your classes. */
  children?: ReactNode;
  /** The choice's error under the grid (default `<TemplateError />`). */
  error?: ReactNode;
  /** A remote catalogue's next page (default `<LoadMore />`). */
  loadMore?: ReactNode;
  /** Shown instead when nothing matches (default `<Empty />`). */
  empty?: ReactNode;
}

/**
 * The radio group of matching cards, its error and a remote catalogue's Load more — or, when
 * nothing matches, the empty state. Virtualized by rows (10,000 templates mount a screenful of
 * cards), one tab stop: every arrow steps through the cards in reading order and checks the card
 * it lands on, as in a radio group; Home/End, PageUp/PageDown and type-ahead too. Its children
 * are one card's parts (`Card`), rendered once per card shown.
 */
export function Cards({ className, wrapperClassName, rowClassName, children, error, loadMore, empty }: CardsProps) {
  const { api, remote } = useTemplatePickerContext();
  if (api.count === 0) return remote && remote.status !== "ready" ? null : (empty ?? <Empty />);
  return (
    <div
      data-slot={"cards-wrapper" satisfies TemplatePickerSlot}
      className={cx("hitl-template-cards-wrapper", wrapperClassName)}
    >
      <CardGrid api={api} className={className} rowClassName={rowClassName}>
        {children ?? DEFAULT_CARD}
      </CardGrid>
      {error ?? <TemplateError />}
      {loadMore ?? <LoadMore />}
    </div>
  );
}

/** The choice's error (no template chosen), tied to the radio group; only while there is one. */
export function TemplateError(props: PartProps<"p">) {
  const { api } = useTemplatePickerContext();
  if (!api.templateError) return null;
  return part("p", api.getTemplateErrorProps(), props, api.templateError);
}

/** A remote catalogue's next page, on request: a button, so keyboard and screen reader users reach it. */
export function LoadMore(props: PartProps<"button">) {
  const { remote } = useTemplatePickerContext();
  const labels = useLabels("collection", collectionLabels);
  if (!remote?.hasMore) return null;
  const own = {
    type: "button",
    "data-slot": "load-more" satisfies TemplatePickerSlot,
    className: "hitl-button hitl-template-load-more",
    disabled: remote.loadingMore,
    onClick: remote.loadMore,
  };
  return part("button", own, props, remote.loadingMore ? labels.loadingMore : labels.loadMore);
}

function CardGrid({
  api,
  className,
  rowClassName,
  children,
}: {
  api: TemplatePickerApi;
  className: string | undefined;
  rowClassName: string | undefined;
  children: ReactNode;
}) {
  const sizerRef = useRef<HTMLDivElement>(null);
  const columns = columnsFor(useElementWidth(sizerRef), CARD_MIN_WIDTH, CARD_GAP);
  const collection = useVirtualCollection({
    count: api.count,
    columns,
    rowHeight: CARD_ROW_ESTIMATE,
    measure: true,
    arrows: "linear",
    activeIndex: api.highlightedIndex,
    onActiveIndexChange: api.highlightAt,
    onMove: api.chooseAt,
    labelOf: api.nameAt,
    fallbackRows: FALLBACK_CARD_ROWS,
  });
  const { virtualizer } = collection;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: getCardsProps gives it role="radiogroup".
    <div
      ref={collection.scrollRef}
      {...api.getCardsProps()}
      data-columns={columns}
      className={cx("hitl-template-cards", className)}
      onKeyDown={collection.onKeyDown}
    >
      <div ref={sizerRef} data-slot={"cards-sizer" satisfies TemplatePickerSlot} style={sizerStyle(virtualizer)}>
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          const indices = Array.from({ length: Math.min(columns, api.count - start) }, (_, offset) => start + offset);
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              data-slot={"cards-row" satisfies TemplatePickerSlot}
              className={cx("hitl-template-cards-row", rowClassName)}
              style={rowStyle(row.start, { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` })}
            >
              {indices.map((index) => {
                const template = api.templateAt(index) as Template;
                return (
                  <CardScoped
                    key={template.id}
                    template={template}
                    labels={api.labels}
                    card={api.getCardProps(template, index)}
                    radio={api.getCardRadioProps(template, index)}
                    name={api.getCardNameProps(index)}
                    details={api.getCardDetailsProps(index)}
                  >
                    {children}
                  </CardScoped>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** One element for every render, so the memoized cards see the same children. */
const DEFAULT_CARD = <Card />;

type Getter<K extends keyof TemplatePickerApi> = TemplatePickerApi[K] extends (...args: never[]) => infer P ? P : never;

/**
 * One card's scope; rendered again only when its props change (its choice, its tab stop) — or
 * the card's parts given to `Cards` do (keep them in a constant, as the registry's items do).
 */
const CardScoped = memo(function CardScoped({ children, ...scope }: CardScope & { children: ReactNode }) {
  return <CardProvider value={scope}>{children}</CardProvider>;
}, sameProps);

/**
 * One template as a radio card (`data-state` `checked` or `unchecked`): its hidden radio (the
 * group's item, named by the name, described by the details), then its children — by default
 * `CardPreview`, `CardName` and `CardDetails`.
 */
export function Card({ children, ...props }: Omit<PartProps<"label">, "htmlFor" | "asChild">) {
  const { card, radio } = useCard("Card");
  // Always a label around its radio (a click anywhere on the card checks it): no asChild.
  return part("label", card, { ...props, asChild: false }, [
    <input key="radio" {...radio} />,
    <Fragment key="content">
      {children ?? (
        <>
          <CardPreview />
          <CardName />
          <CardDetails />
        </>
      )}
    </Fragment>,
  ]);
}

/** The card's preview (see `Preview`). */
export function CardPreview({ className }: { className?: string | undefined }) {
  const { template, labels } = useCard("CardPreview");
  return <Preview url={template.previewUrl} labels={labels} className={className} />;
}

/** The template's name (it names the card's radio). */
export function CardName(props: PartProps<"span">) {
  const { template, name } = useCard("CardName");
  return part("span", name, props, template.name);
}

/**
 * The description and tags (they describe the card's radio), when the template has either; its
 * children by default `CardDescription` and `CardTags`.
 */
export function CardDetails(props: PartProps<"span">) {
  const { radio, details } = useCard("CardDetails");
  if (!radio["aria-describedby"]) return null;
  const own = { ...details, "data-slot": "card-details" satisfies TemplatePickerSlot };
  return part(
    "span",
    own,
    props,
    <>
      <CardDescription />
      <CardTags />
    </>,
  );
}

/** The template's description, when it has one. */
export function CardDescription(props: PartProps<"span">) {
  const { template } = useCard("CardDescription");
  if (!template.description) return null;
  const own = { "data-slot": "card-description" satisfies TemplatePickerSlot, className: "hitl-template-description" };
  return part("span", own, props, template.description);
}

/** The template's tags, when it has any; `tagClassName` is each tag's. */
export function CardTags({ tagClassName, ...props }: PartProps<"span"> & { tagClassName?: string | undefined }) {
  const { template } = useCard("CardTags");
  if (template.tags.length === 0) return null;
  const own = { "data-slot": "card-tags" satisfies TemplatePickerSlot, className: "hitl-template-tags" };
  return part(
    "span",
    own,
    props,
    template.tags.map((tag) => (
      <span key={tag} data-slot={"card-tag" satisfies TemplatePickerSlot} className={cx("hitl-tag", tagClassName)}>
        {/* A separator for screen readers reading the description. */}
        <span className="hitl-visually-hidden">, </span>
        {tag}
      </span>
    )),
  );
}

/**
 * Nothing matches: says so, and offers to clear the filters. Its children, when given, lay it
 * out: `EmptyText`, `ClearFilters`.
 */
export function Empty(props: PartProps<"div">) {
  const own = { "data-slot": "empty" satisfies TemplatePickerSlot, className: "hitl-template-empty" };
  return part(
    "div",
    own,
    props,
    <>
      <EmptyText />
      <ClearFilters />
    </>,
  );
}

/** "No templates match" (the words of `labels.noMatch`). */
export function EmptyText(props: PartProps<"p">) {
  const { api } = useTemplatePickerContext();
  const own = { "data-slot": "empty-text" satisfies TemplatePickerSlot, className: "hitl-template-empty-text" };
  return part("p", own, props, api.labels.noMatch);
}

/** Clears the search and the pressed tags. */
export function ClearFilters(props: PartProps<"button">) {
  const { api } = useTemplatePickerContext();
  const own = {
    type: "button",
    "data-slot": "clear-filters" satisfies TemplatePickerSlot,
    className: "hitl-button",
    onClick: api.clearFilters,
  };
  return part("button", own, props, api.labels.clearFilters);
}

/**
 * A template's preview: lazy, decorative (the name sits next to it), and a placeholder when the
 * URL is refused by `isSafeMediaUrl` or fails to load. A refused URL never reaches `src`.
 */
export function Preview({
  url,
  labels,
  className,
}: {
  url: string | undefined;
  labels: TemplateLabels;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const own = {
    "data-slot": "preview" satisfies TemplatePickerSlot,
    className: cx("hitl-template-preview", className),
  };
  if (url === undefined) return <span {...own} data-state="none" aria-hidden="true" />;
  if (!isSafeMediaUrl(url) || failed === url) {
    return (
      <span {...own} data-state="broken" aria-hidden="true">
        {labels.brokenPreview}
      </span>
    );
  }
  return (
    <span {...own} data-state="loaded">
      <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(url)} />
    </span>
  );
}
