"use client";
import { memo } from "react";
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

/** Equal when every prop is, one level deep: the getters make new objects with the same values. */
export function sameProps<P extends object>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((key) => {
    const a = before[key];
    const b = after[key];
    if (Object.is(a, b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    const keys = Object.keys(b) as (keyof typeof b)[];
    return keys.length === Object.keys(a).length && keys.every((inner) => Object.is(a[inner], b[inner]));
  });
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
