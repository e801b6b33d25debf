"use client";
import type { FormField } from "../../kinds/form";
import { cx } from "../shared/widget-shell";
import type { FormSlot } from "./anatomy";
import { useField, useFormContext } from "./use-form";

/**
 * A field's control, by the field's type: an input, a textarea, a select with an explicit empty
 * choice, a checkbox, or a multiselect's checkboxes. Each spreads the connect API's getter; the one
 * a refused submit names gets focus (a multiselect's first checkbox).
 */

export function Control({ name, className }: { name: string; className?: string }) {
  const api = useFormContext();
  const field = useField(name);
  if (!field) return null;
  if (field.type === "multiselect") return <Choices field={field} className={className} />;
  const props = {
    ...api.getControlProps(field),
    ref: (element: HTMLElement | null) => api.registerControl(field.name, element),
  };
  switch (field.type) {
    case "textarea":
      return <textarea {...props} className={cx("hitl-input hitl-textarea", className)} rows={3} />;
    case "select":
      return (
        <select {...props} className={cx("hitl-select", className)}>
          {/* An explicit empty choice, so nothing is silently pre-chosen for the person. */}
          <option value="">{api.labels.selectPlaceholder}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "checkbox":
      return <input {...props} className={cx("hitl-checkbox", className)} />;
    default:
      return <input {...props} className={cx("hitl-input", className)} />;
  }
}

/** A multiselect's checkboxes, in option order; min/max are the kind's to report on submit. */
export function Choices({ field, className }: { field: FormField; className?: string | undefined }) {
  const api = useFormContext();
  if (field.type !== "multiselect") return null;
  return (
    <div data-slot={"choices" satisfies FormSlot} className={cx("hitl-form-choices", className)}>
      {field.options.map((option, index) => {
        const control = api.getChoiceControlProps(field, option.value, index);
        return (
          <span key={option.value} data-slot={"choice" satisfies FormSlot} className="hitl-field-row">
            <input
              {...control}
              className="hitl-checkbox"
              ref={index === 0 ? (element) => api.registerControl(field.name, element) : undefined}
            />
            <label htmlFor={control.id}>{option.label}</label>
          </span>
        );
      })}
    </div>
  );
}
