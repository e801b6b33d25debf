"use client";
import type { ComponentPropsWithoutRef } from "react";
import { SEARCH_MAX_LENGTH } from "./search";
import { cx } from "./widget-shell";

export interface SearchBoxProps extends Omit<ComponentPropsWithoutRef<"input">, "value" | "onChange" | "type"> {
  /** The box's accessible name. */
  label: string;
  value: string;
  onValueChange: (query: string) => void;
}

/**
 * A search box for a custom picker's own list: the limit of the kit's search rule (`matchesSearch`,
 * `SEARCH_MAX_LENGTH`) and the kit's look, named by `label`. The built-in pickers' boxes are parts
 * of their own (their prop getters add the live match count and the keys into the list).
 */
export function SearchBox({ label, value, onValueChange, className, ...props }: SearchBoxProps) {
  return (
    <input
      type="search"
      data-slot="search-input"
      aria-label={label}
      maxLength={SEARCH_MAX_LENGTH}
      autoComplete="off"
      className={cx("hitl-input", className)}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      {...props}
    />
  );
}
