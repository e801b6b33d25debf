"use client";
import type { ComponentPropsWithoutRef } from "react";
import type { FormField, FormValue } from "../../kinds/form";
import { ValueList } from "../shared/value-list";
import { ShellReceipt, type ShellReceiptProps } from "../shared/widget-shell";
import type { FormLabels } from "./labels";
import { useFormContext } from "./use-form";

/** A field's answer as a person reads it. */
function readable(field: FormField, value: FormValue | undefined, labels: FormLabels): string {
  if (field.type === "checkbox") return value === true ? labels.yes : labels.no;
  if (value === undefined || value === null || value === "") return labels.empty;
  switch (field.type) {
    case "select":
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case "multiselect": {
      if (!Array.isArray(value) || value.length === 0) return labels.empty;
      const byValue = new Map(field.options.map((option) => [option.value, option.label]));
      return value.map((chosen) => byValue.get(chosen) ?? chosen).join(", ");
    }
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}

/** The answer's values, label → value, as a definition list. */
export function Summary({ className, ...props }: ComponentPropsWithoutRef<"dl">) {
  const { fields, labels, answer } = useFormContext();
  if (!answer) return null;
  return (
    <ValueList
      className={className}
      entries={fields.map((field) => ({
        key: field.name,
        label: field.label,
        value: readable(
          field,
          Object.hasOwn(answer.values, field.name) ? answer.values[field.name] : undefined,
          labels,
        ),
      }))}
      {...props}
    />
  );
}

export function Receipt({ summary, ...props }: ShellReceiptProps) {
  return <ShellReceipt summary={summary ?? <Summary />} {...props} />;
}
