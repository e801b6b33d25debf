"use client";
import { memo, type ReactNode } from "react";
import { createPartScope, sameProps } from "../shared/create-widget-context";
import { type PartProps, part } from "../shared/part";
import { cx } from "../shared/widget-shell";
import type { MultiSelectOption } from "./collection";
import type { MultiSelectApi } from "./connect";

type Getter<K extends keyof MultiSelectApi> = MultiSelectApi[K] extends (...args: never[]) => infer P ? P : never;

export interface OptionItemProps {
  readonly option: MultiSelectOption;
  readonly root: Getter<"getOptionProps">;
  readonly control: Getter<"getOptionControlProps">;
  readonly label: Getter<"getOptionLabelProps">;
  readonly description: Getter<"getOptionDescriptionProps">;
  /** One option's parts (the list's children), or an `Option`. */
  readonly children?: ReactNode;
}

const [OptionProvider, useOption] = createPartScope<Omit<OptionItemProps, "children">>(
  "a multi-select's List (it renders once per option)",
);

/**
 * One option's scope; rendered again only when its props change (its state, its tab stop) — or
 * the option's parts given to `List` do (keep them in a constant, as the registry's items do).
 */
export const OptionItem = memo(function OptionItem({ children, ...scope }: OptionItemProps) {
  return <OptionProvider value={scope}>{children ?? DEFAULT_OPTION}</OptionProvider>;
}, sameProps);

/**
 * One checkbox's row (`data-state` `checked` / `unchecked`, `data-disabled`, `data-highlighted`):
 * by default `OptionControl`, `OptionLabel` and `OptionDescription`.
 */
export function Option(props: PartProps<"div">) {
  const { root } = useOption("Option");
  return part(
    "div",
    { ...root, className: "hitl-multi-select-option" },
    props,
    <>
      <OptionControl />
      <OptionLabel />
      <OptionDescription />
    </>,
  );
}

/** One element for every render (a new one would render every option again). */
const DEFAULT_OPTION = <Option />;

/** The option's checkbox. */
export function OptionControl({ className }: { className?: string | undefined }) {
  const { control } = useOption("OptionControl");
  return <input {...control} className={cx("hitl-checkbox", className)} />;
}

/** The option's label (it names the checkbox). */
export function OptionLabel(props: PartProps<"label">) {
  const { option, label } = useOption("OptionLabel");
  const own = { htmlFor: label.htmlFor, "data-slot": label["data-slot"], className: "hitl-multi-select-option-label" };
  return part("label", own, props, option.label);
}

/** The option's description, when it has one (it describes the checkbox). */
export function OptionDescription(props: PartProps<"p">) {
  const { option, description } = useOption("OptionDescription");
  if (!option.description) return null;
  return part(
    "p",
    { ...description, className: "hitl-help hitl-multi-select-option-description" },
    props,
    option.description,
  );
}
