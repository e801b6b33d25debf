import { normalizeRatio } from "../../kinds/aspect-ratio";
import type { ConnectContext, Send } from "../shared/connect-types";
import type { AspectRatioPickerSlot } from "./anatomy";
import { CUSTOM } from "./collection";
import type { AspectRatioLabels } from "./labels";
import {
  type AspectRatioEvent,
  type AspectRatioState,
  type CustomSide,
  choice,
  customErrors,
  customRatio,
  submitCheck,
} from "./machine";

/**
 * The aspect-ratio picker's machine as props for its parts: `connect(state, send, context)`
 * returns what each part shows and a prop getter per part (ARIA, `data-slot`, `data-state`,
 * handlers that `send`). No React: the props are plain objects with React's attribute names
 * (`htmlFor`, `inputMode`, `onChange`); a Vue or Svelte port maps those names, as Zag's
 * `normalizeProps` does. The radios are the kit's radio group primitive (`roving-group.tsx`, the
 * APG pattern as Radix's): its root and items take these props and own the keys and the tab stop.
 */

export interface AspectRatioConnectContext extends ConnectContext<AspectRatioLabels> {
  /** An answer already went out (nothing to check or show then). */
  readonly sent: () => boolean;
  /** Focuses the element with this id (the custom side to fix). */
  readonly focus: (elementId: string) => void;
}

/** What a custom side's change reads. */
export interface AspectRatioValueEvent {
  readonly currentTarget: { readonly value: string };
}

/** A ratio drawn to scale: the box's size in its frame, the longer side filling it; no ratio, no box (`data-empty`). */
export function shapeProps(ratio: string) {
  const normalized = normalizeRatio(ratio);
  return normalized.ok
    ? {
        "data-slot": "shape" satisfies AspectRatioPickerSlot,
        style: { width: `${normalized.value.width * 100}%`, height: `${normalized.value.height * 100}%` },
      }
    : { "data-slot": "shape" satisfies AspectRatioPickerSlot, "data-empty": "" };
}

const flag = (on: unknown) => (on ? "" : undefined);

export function connect(state: AspectRatioState, send: Send<AspectRatioEvent>, context: AspectRatioConnectContext) {
  const { collection, custom } = state;
  const { labels, id } = context;
  const { values, bounds } = collection;
  const checked = choice(state);
  const errors = customErrors(state);
  const ratio = customRatio(custom);
  const ids = { width: `${id}-w`, height: `${id}-h`, customError: `${id}-error`, range: `${id}-range` };
  const fieldError = (side: CustomSide) => (errors[side] ? labels.wholeNumber : undefined);

  return {
    state,
    collection,
    labels,
    /** The chosen ratio ("W:H"; `""`: none, or an incomplete custom one). */
    value: state.value,
    /** The checked radio: a preset's ratio, `CUSTOM`, or `null`. */
    choice: checked,
    /** Custom is chosen: its fields show. */
    customActive: custom.active,
    custom,
    /** The ratio the custom sides make, for the preview (`""` until both are whole numbers). */
    customRatio: ratio,
    issues: state.issues,
    texts: {
      customRange: bounds ? labels.customRange(bounds.min, bounds.max) : "",
      customError: errors.ratio && bounds ? labels.outOfBounds(bounds.min, bounds.max) : "",
      fieldError,
    },

    choose: (next: string) => send({ type: "choose", choice: next }),
    setSide: (side: CustomSide, text: string) => send({ type: "set-side", side, text }),
    /** Checks the custom sides (focusing the one to fix), then validates and sends the answer once. */
    submit() {
      if (context.sent()) return;
      send({ type: "submit-attempt" });
      const check = submitCheck(state);
      if (check.type === "fix") return context.focus(ids[check.side]);
      if (check.type === "choose-first") return send({ type: "refused", issues: [labels.chooseRatio] });
      const outcome = context.submit(check.value);
      if (outcome.type === "ignored") return;
      if (outcome.type === "sent") return send({ type: "sent" });
      send({ type: "refused", issues: outcome.issues.map((issue) => issue.message) });
    },

    /** The radio group (the shared roving `RadioGroup.Root`), named by the prompt (the shell's `ids.prompt`). */
    getOptionsProps: (labelledBy: string) => ({
      values,
      value: checked,
      onValueChange: (next: string) => send({ type: "choose", choice: next }),
      "aria-labelledby": labelledBy,
      "data-slot": "options" satisfies AspectRatioPickerSlot,
    }),
    /** One radio (a `RadioGroup.Item`), by its value: a preset's ratio, or `CUSTOM`. */
    getOptionProps: (value: string) => ({
      value,
      "data-slot": "option" satisfies AspectRatioPickerSlot,
      "data-custom": flag(value === CUSTOM),
    }),
    getOptionLabelProps: () => ({ "data-slot": "option-label" satisfies AspectRatioPickerSlot }),
    getOptionRatioProps: () => ({ "data-slot": "option-ratio" satisfies AspectRatioPickerSlot }),
    getCustomProps: () => ({ "data-slot": "custom" satisfies AspectRatioPickerSlot }),
    getCustomFieldProps: () => ({ "data-slot": "custom-field" satisfies AspectRatioPickerSlot }),
    getCustomLabelProps: (side: CustomSide) => ({ htmlFor: ids[side] }),
    getCustomInputProps: (side: CustomSide) => ({
      id: ids[side],
      "data-slot": `custom-${side}` satisfies AspectRatioPickerSlot,
      type: "number",
      inputMode: "numeric" as const,
      min: 1,
      max: 99999,
      step: 1,
      value: custom[side],
      "aria-invalid": Boolean(errors[side] || errors.ratio) || undefined,
      // The range, the side's own problem, then the ratio's.
      "aria-describedby":
        [bounds && ids.range, errors[side] && `${ids[side]}-error`, errors.ratio && ids.customError]
          .filter(Boolean)
          .join(" ") || undefined,
      onChange: (event: AspectRatioValueEvent) => send({ type: "set-side", side, text: event.currentTarget.value }),
    }),
    getFieldErrorProps: (side: CustomSide) => ({
      id: `${ids[side]}-error`,
      "data-slot": "field-error" satisfies AspectRatioPickerSlot,
    }),
    getPreviewProps: () => ({
      "data-slot": "preview" satisfies AspectRatioPickerSlot,
      "data-invalid": flag(errors.ratio),
    }),
    getCustomRangeProps: () => ({ id: ids.range, "data-slot": "custom-range" satisfies AspectRatioPickerSlot }),
    /** Always in the page while Custom is chosen (a live region): the bounds problem is announced as it appears. */
    getCustomErrorProps: () => ({
      id: ids.customError,
      "data-slot": "custom-error" satisfies AspectRatioPickerSlot,
      "aria-live": "polite" as const,
    }),
  };
}

export type AspectRatioApi = ReturnType<typeof connect>;
