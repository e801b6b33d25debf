"use client";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cx } from "./widget-shell";

export interface ValueListEntry {
  readonly key: string;
  readonly label: ReactNode;
  readonly value: ReactNode;
}

export interface ValueListProps extends ComponentPropsWithoutRef<"dl"> {
  entries: readonly ValueListEntry[];
}

/** Label → value pairs as a definition list, for a receipt (a form's fields, a template's variables). */
export function ValueList({ entries, className, ...props }: ValueListProps) {
  return (
    <dl data-slot="receipt-values" className={cx("hitl-form-values", className)} {...props}>
      {entries.map((entry) => (
        <div key={entry.key} data-slot="receipt-value" className="hitl-form-value">
          <dt>{entry.label}</dt>
          <dd>{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}
