"use client";
import { memo } from "react";
import { sameProps } from "../shared/create-widget-context";
import type { MultiSelectOption } from "./collection";
import type { MultiSelectApi } from "./connect";

type Getter<K extends keyof MultiSelectApi> = MultiSelectApi[K] extends (...args: never[]) => infer P ? P : never;

export interface OptionItemProps {
  readonly option: MultiSelectOption;
  readonly root: Getter<"getOptionProps">;
  readonly control: Getter<"getOptionControlProps">;
  readonly label: Getter<"getOptionLabelProps">;
  readonly description: Getter<"getOptionDescriptionProps">;
}

/** One checkbox; rendered again only when its props change (its state, its tab stop). */
export const OptionItem = memo(function OptionItem({ option, root, control, label, description }: OptionItemProps) {
  return (
    <div {...root} className="hitl-multi-select-option">
      <input {...control} className="hitl-checkbox" />
      <label htmlFor={label.htmlFor} data-slot={label["data-slot"]} className="hitl-multi-select-option-label">
        {option.label}
      </label>
      {option.description && (
        <p {...description} className="hitl-help hitl-multi-select-option-description">
          {option.description}
        </p>
      )}
    </div>
  );
}, sameProps);
