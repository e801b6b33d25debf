"use client";
import { Slot } from "@radix-ui/react-slot";
import { type ComponentPropsWithoutRef, cloneElement, isValidElement, type ReactNode } from "react";
import { rowStyle, sizerStyle, useVirtualCollection } from "../shared/virtual-collection";
import { cx } from "../shared/widget-shell";
import type { MultiSelectSlot } from "./anatomy";
import type { OptionRow, Section } from "./collection";
import type { MultiSelectApi } from "./connect";
import { OptionItem, type OptionItemProps } from "./option-item";
import { useMultiSelectContext } from "./use-multi-select";

/** Rows assumed visible while the list has no height (first render, jsdom, hidden container). */
const FALLBACK_VISIBLE_ROWS = 40;
/** A row's estimated height before it is measured. */
const ROW_ESTIMATE = 32;

export interface MultiSelectListProps extends ComponentPropsWithoutRef<"div"> {
  /** Render the list as your own element (its content is the list's rows). */
  asChild?: boolean;
  /** Without `asChild`: one option's parts, rendered once per option shown (an `Option`, with your classes). */
  children?: ReactNode;
  /** Each option's row (rows are placed by the virtualizer; a row's bottom padding is the space between rows). */
  rowClassName?: string | undefined;
  /** A group's heading. */
  headingClassName?: string | undefined;
  /** "No matches", when the search finds nothing. */
  emptyClassName?: string | undefined;
}

/**
 * The options, grouped under their headings (`role="group"`), filtered by the search and
 * virtualized: one container per group with rendered rows, each row placed at its measured offset,
 * so a row keeps its element (and focus) while the list scrolls. Its children (without `asChild`)
 * are one option's parts, rendered once per option shown.
 */
export function List({
  asChild,
  children,
  className,
  rowClassName,
  headingClassName,
  emptyClassName,
  ...props
}: MultiSelectListProps) {
  const api = useMultiSelectContext();
  const { view } = api;
  const collection = useVirtualCollection({
    count: view.count,
    rows: { count: view.rows.length, of: (position) => view.rowOfPosition[position] ?? 0 },
    rowHeight: ROW_ESTIMATE,
    measure: true,
    activeIndex: api.highlightedPosition,
    onActiveIndexChange: (position) => {
      const id = view.ids[position];
      if (id !== undefined) api.highlight(id);
    },
    fallbackRows: FALLBACK_VISIBLE_ROWS,
  });
  const { virtualizer, scrollRef } = collection;
  const listProps = api.getListProps({
    pageRows: () =>
      Math.max(1, Math.floor((scrollRef.current?.clientHeight || virtualizer.viewportHeight) / ROW_ESTIMATE)),
    focusPosition: collection.moveTo,
  });

  // One container per section that has rendered rows, in section order.
  const rendered = new Map<Section, { start: number; index: number }[]>();
  for (const item of virtualizer.getVirtualItems()) {
    const row = view.rows[item.index];
    if (!row) continue;
    const items = rendered.get(row.section);
    if (items) items.push(item);
    else rendered.set(row.section, [item]);
  }

  const renderRow = ({ start, index }: { start: number; index: number }) => {
    const row = view.rows[index];
    if (!row) return null;
    const place = { ref: virtualizer.measureElement, "data-index": index, style: rowStyle(start) };
    if (row.type === "heading") {
      return (
        // Not an option id: ids are never empty.
        <p key="" {...place} {...api.getGroupHeadingProps(row.section)} className={cx(HEADING_CLASS, headingClassName)}>
          {row.section.group}
        </p>
      );
    }
    const option = api.collection.options[row.index];
    if (!option) return null;
    return (
      <div
        key={option.id}
        {...place}
        data-slot={"row" satisfies MultiSelectSlot}
        className={cx("hitl-multi-select-row", rowClassName)}
      >
        <OptionItem option={option} {...optionProps(api, row)}>
          {asChild ? undefined : children}
        </OptionItem>
      </div>
    );
  };

  const body = (
    <>
      {view.count === 0 && (
        <p {...api.getEmptyProps()} className={cx("hitl-help", emptyClassName)}>
          {api.labels.noMatches}
        </p>
      )}
      <div data-slot={"list-sizer" satisfies MultiSelectSlot} style={sizerStyle(virtualizer)}>
        {[...rendered].map(([section, items]) => {
          if (section.group === undefined) {
            return (
              <div key="ungrouped" {...api.getOptionsProps()} className="hitl-multi-select-options">
                {items.map(renderRow)}
              </div>
            );
          }
          // Scrolled past its heading, the group is named by a hidden copy of it.
          const headingShown = items.some((item) => view.rows[item.index]?.type === "heading");
          return (
            <div
              key={`group-${section.order}`}
              {...api.getGroupProps(section, headingShown)}
              className="hitl-multi-select-group"
            >
              {!headingShown && <span {...api.getGroupLabelProps(section)}>{section.group}</span>}
              {items.map(renderRow)}
            </div>
          );
        })}
      </div>
    </>
  );
  // The list's props, then the caller's (their handlers run first, their other props win), on
  // their element with `asChild`; the rows go after that element's own children.
  const element = asChild && isValidElement<{ children?: ReactNode }>(children) ? children : <div />;
  return (
    <Slot ref={scrollRef} {...listProps} className={cx("hitl-multi-select-list", className)}>
      <Slot {...props}>
        {cloneElement(
          element,
          undefined,
          <>
            {element.props.children}
            {body}
          </>,
        )}
      </Slot>
    </Slot>
  );
}

const HEADING_CLASS = "hitl-multi-select-row hitl-multi-select-group-heading";

function optionProps(api: MultiSelectApi, row: OptionRow): Omit<OptionItemProps, "option" | "children"> {
  return {
    root: api.getOptionProps(row),
    control: api.getOptionControlProps(row),
    label: api.getOptionLabelProps(row),
    description: api.getOptionDescriptionProps(row),
  };
}
