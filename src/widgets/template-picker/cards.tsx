"use client";
import { memo, useRef, useState } from "react";
import { isSafeMediaUrl } from "../../core/url";
import type { Template } from "../../kinds/template";
import { useLabels } from "../../react/labels";
import type { RemoteCollection } from "../../react/use-remote-collection";
import { columnsFor } from "../shared/collection-keys";
import { sameProps } from "../shared/create-widget-context";
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

/**
 * The radio group of matching cards, or the empty state. Virtualized by rows (10,000 templates
 * mount a screenful of cards), one tab stop: every arrow steps through the cards in reading order
 * and checks the card it lands on, as in a radio group; Home/End, PageUp/PageDown and type-ahead too.
 */
export function Cards({ className }: { className?: string }) {
  const { api, remote } = useTemplatePickerContext();
  if (api.count === 0) return remote && remote.status !== "ready" ? null : <Empty />;
  return (
    <div data-slot={"cards-wrapper" satisfies TemplatePickerSlot} className="hitl-template-cards-wrapper">
      <CardGrid api={api} className={className} />
      {api.templateError && <p {...api.getTemplateErrorProps()}>{api.templateError}</p>}
      {remote?.hasMore && <LoadMore remote={remote} />}
    </div>
  );
}

/** A remote catalogue's next page, on request: a button, so keyboard and screen reader users reach it. */
function LoadMore({ remote }: { remote: RemoteCollection<Template> }) {
  const labels = useLabels("collection", collectionLabels);
  return (
    <button
      type="button"
      data-slot={"load-more" satisfies TemplatePickerSlot}
      className="hitl-button hitl-template-load-more"
      disabled={remote.loadingMore}
      onClick={remote.loadMore}
    >
      {remote.loadingMore ? labels.loadingMore : labels.loadMore}
    </button>
  );
}

function CardGrid({ api, className }: { api: TemplatePickerApi; className: string | undefined }) {
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
              className="hitl-template-cards-row"
              style={rowStyle(row.start, { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` })}
            >
              {indices.map((index) => {
                const template = api.templateAt(index) as Template;
                return (
                  <Card
                    key={template.id}
                    template={template}
                    labels={api.labels}
                    card={api.getCardProps(template, index)}
                    radio={api.getCardRadioProps(template, index)}
                    name={api.getCardNameProps(index)}
                    details={api.getCardDetailsProps(index)}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

type Getter<K extends keyof TemplatePickerApi> = TemplatePickerApi[K] extends (...args: never[]) => infer P ? P : never;

interface CardProps {
  readonly template: Template;
  readonly labels: TemplateLabels;
  readonly card: Getter<"getCardProps">;
  readonly radio: Getter<"getCardRadioProps">;
  readonly name: Getter<"getCardNameProps">;
  readonly details: Getter<"getCardDetailsProps">;
}

/** One template as a radio card; rendered again only when its props change (its choice, its tab stop). */
const Card = memo(function Card({ template, labels, card, radio, name, details }: CardProps) {
  return (
    <label {...card}>
      <input {...radio} />
      <Preview url={template.previewUrl} labels={labels} />
      <span {...name}>{template.name}</span>
      {radio["aria-describedby"] && (
        <span {...details}>
          {template.description && (
            <span data-slot={"card-description" satisfies TemplatePickerSlot} className="hitl-template-description">
              {template.description}
            </span>
          )}
          {template.tags.length > 0 && (
            <span data-slot={"card-tags" satisfies TemplatePickerSlot} className="hitl-template-tags">
              {template.tags.map((tag) => (
                <span key={tag} className="hitl-tag">
                  {/* A separator for screen readers reading the description. */}
                  <span className="hitl-visually-hidden">, </span>
                  {tag}
                </span>
              ))}
            </span>
          )}
        </span>
      )}
    </label>
  );
}, sameProps);

/** Nothing matches: say so, and offer to clear the filters. */
export function Empty({ className }: { className?: string }) {
  const { api } = useTemplatePickerContext();
  return (
    <div data-slot={"empty" satisfies TemplatePickerSlot} className={cx("hitl-template-empty", className)}>
      <p>{api.labels.noMatch}</p>
      <button type="button" className="hitl-button" onClick={api.clearFilters}>
        {api.labels.clearFilters}
      </button>
    </div>
  );
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
