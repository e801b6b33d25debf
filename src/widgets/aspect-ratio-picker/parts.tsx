"use client";
import { createContext, useContext } from "react";
import { isSettledStatus } from "../../react/widget-props";
import { createPartScope } from "../shared/create-widget-context";
import { contentOf, type PartProps, part } from "../shared/part";
import { RadioGroup, type RadioGroupItemProps } from "../shared/roving-group";
import { pickerParts } from "../shared/shell-submit";
import { type BodyProps, cx, ShellForm, useShell } from "../shared/widget-shell";
import type { AspectRatioPickerSlot } from "./anatomy";
import { CUSTOM, presetOf } from "./collection";
import { shapeProps } from "./connect";
import type { CustomSide } from "./machine";
import { type AspectRatioResponse, useAspectRatioContext } from "./use-aspect-ratio-picker";

/**
 * The aspect-ratio picker's parts: each reads the connect API from its Root and spreads one prop
 * getter onto one element. `asChild` renders your element instead (Radix's Slot), with the part's
 * props merged in: handlers both run (yours first), classes join, your other props win; an element
 * of yours without content gets the part's (its text, or a container's default parts).
 */

export type { PartProps };

/** The form around the choices and actions; hidden once the receipt shows. */
export function Body(props: BodyProps) {
  const api = useAspectRatioContext();
  return <ShellForm onSubmit={api.submit} {...props} />;
}

/** The option a per-option part renders, from `Options` (or an `Option` given its `value`). */
const OptionValue = createContext<string | undefined>(undefined);
function useOptionValue(part: string): string {
  const value = useContext(OptionValue);
  if (value === undefined) throw new Error(`<${part}> must be inside an aspect-ratio picker's Option.`);
  return value;
}

/** The width and height inputs: which one a per-side part renders, from `CustomField`. */
const [CustomSideProvider, useSide] = createPartScope<CustomSide>("an aspect-ratio picker's CustomField");

/**
 * The presets (and Custom) as a radio group (the kit's roving primitive): arrow keys move and
 * check. Its children, when given, are one option's parts, rendered once per option (`Option`).
 */
export function Options({
  asChild,
  children,
  className,
  ...props
}: Omit<PartProps<"div">, "dir" | "defaultValue" | "onChange">) {
  const api = useAspectRatioContext();
  const { status, ids } = useShell();
  if (isSettledStatus(status)) return null;
  const options = api.collection.values.map((value) => (
    <OptionValue.Provider key={value} value={value}>
      {asChild ? DEFAULT_OPTION : (children ?? DEFAULT_OPTION)}
    </OptionValue.Provider>
  ));
  return (
    <RadioGroup.Root
      {...api.getOptionsProps(ids.prompt)}
      className={cx("hitl-aspect-ratio-options", className)}
      {...props}
      asChild={asChild}
    >
      {asChild ? contentOf({ asChild, children }, options) : options}
    </RadioGroup.Root>
  );
}

export interface OptionProps extends Omit<RadioGroupItemProps, "value"> {
  /** A preset's ratio, or `"custom"`; inside `Options`, the option it renders. */
  value?: string;
}

/**
 * One radio (`data-state` `checked` or `unchecked`; Custom's `data-custom`): by default its shape,
 * label and ratio — or its children: `OptionShape`, `OptionLabel`, `OptionRatio`.
 */
export function Option({ value: given, className, asChild, children, ...props }: OptionProps) {
  const api = useAspectRatioContext();
  const scoped = useContext(OptionValue);
  const value = given ?? scoped;
  if (value === undefined) throw new Error("<Option> needs a `value` outside an aspect-ratio picker's Options.");
  const content = (
    <>
      <OptionShape />
      <OptionLabel />
      <OptionRatio />
    </>
  );
  return (
    <OptionValue.Provider value={value}>
      <RadioGroup.Item
        {...api.getOptionProps(value)}
        className={cx("hitl-aspect-ratio-option", className)}
        {...props}
        asChild={asChild}
      >
        {contentOf({ asChild, children }, content)}
      </RadioGroup.Item>
    </OptionValue.Provider>
  );
}

/** One element for every render (an `Option` per value, inside its scope). */
const DEFAULT_OPTION = <Option />;

/** The option's ratio drawn to scale (Custom's: an empty dashed frame). */
export function OptionShape(props: Omit<ShapeProps, "ratio">) {
  const value = useOptionValue("OptionShape");
  return <Shape ratio={value === CUSTOM ? "" : value} {...props} />;
}

/** The option's name: a preset's label (or its ratio), or "Custom". */
export function OptionLabel(props: PartProps<"span">) {
  const api = useAspectRatioContext();
  const value = useOptionValue("OptionLabel");
  const label = value === CUSTOM ? api.labels.custom : (presetOf(api.collection, value)?.label ?? value);
  return part("span", { ...api.getOptionLabelProps(), className: "hitl-aspect-ratio-option-label" }, props, label);
}

/** A labelled preset's ratio, after its label ("Square 1:1"); nothing for the others. */
export function OptionRatio(props: PartProps<"span">) {
  const api = useAspectRatioContext();
  const value = useOptionValue("OptionRatio");
  const preset = value === CUSTOM ? undefined : presetOf(api.collection, value);
  if (!preset?.label) return null;
  const own = { ...api.getOptionRatioProps(), className: "hitl-aspect-ratio-option-ratio" };
  // The space keeps the accessible name "Square 1:1" rather than "Square1:1".
  return <> {part("span", own, props, preset.ratio)}</>;
}

export interface ShapeProps extends PartProps<"span"> {
  /** "W:H"; an unreadable ratio draws an empty dashed frame. */
  ratio: string;
  /** The box drawn to scale inside the frame (`data-empty` without a ratio). */
  shapeClassName?: string | undefined;
}

/** A ratio drawn to scale: the box's longer side fills its frame. Decorative (the text names the ratio). */
export function Shape({ ratio, shapeClassName, ...props }: ShapeProps) {
  const own = { "data-slot": "shape-frame", "aria-hidden": true, className: "hitl-aspect-ratio-frame" } as const;
  return part(
    "span",
    own,
    props,
    <span {...shapeProps(ratio)} className={cx("hitl-aspect-ratio-shape", shapeClassName)} />,
  );
}

/**
 * W and H inputs with inline validation, a live preview and the bounds; only while Custom is
 * chosen. Its children, when given, lay it out: `CustomFields` (a `CustomField` per side and
 * `CustomPreview`), `CustomRange`, `CustomError`.
 */
export function Custom(props: PartProps<"div">) {
  const api = useAspectRatioContext();
  const { status } = useShell();
  if (isSettledStatus(status) || !api.customActive) return null;
  const content = (
    <>
      <CustomFields />
      <CustomRange />
      <CustomError />
    </>
  );
  return part("div", { ...api.getCustomProps(), className: "hitl-aspect-ratio-custom" }, props, content);
}

/** The width and height fields and the preview, side by side. */
export function CustomFields(props: PartProps<"div">) {
  const own = {
    "data-slot": "custom-fields" satisfies AspectRatioPickerSlot,
    className: "hitl-aspect-ratio-custom-fields",
  };
  return part(
    "div",
    own,
    props,
    <>
      <CustomField side="width" />
      <CustomField side="height" />
      <CustomPreview />
    </>,
  );
}

/** One side's field: by default `CustomColon` (the height's), `CustomLabel`, `CustomInput`, `CustomFieldError`. */
export function CustomField({ side, ...props }: PartProps<"div"> & { side: CustomSide }) {
  const api = useAspectRatioContext();
  return (
    <CustomSideProvider value={side}>
      {part(
        "div",
        { ...api.getCustomFieldProps(), className: "hitl-aspect-ratio-custom-field" },
        props,
        <>
          <CustomColon />
          <CustomLabel />
          <CustomInput />
          <CustomFieldError />
        </>,
      )}
    </CustomSideProvider>
  );
}

/** The ":" between width and height (decorative; on the height's field). */
export function CustomColon(props: PartProps<"span">) {
  if (useSide("CustomColon") !== "height") return null;
  const own = {
    "data-slot": "custom-colon" satisfies AspectRatioPickerSlot,
    "aria-hidden": true,
    className: "hitl-aspect-ratio-colon",
  };
  return part("span", own, props, ":");
}

/** The side's label ("Width", "Height"). */
export function CustomLabel(props: PartProps<"label">) {
  const api = useAspectRatioContext();
  const side = useSide("CustomLabel");
  const own = {
    ...api.getCustomLabelProps(side),
    "data-slot": "custom-label" satisfies AspectRatioPickerSlot,
    className: "hitl-label",
  };
  return part("label", own, props, side === "width" ? api.labels.customWidth : api.labels.customHeight);
}

/** The side's whole number (invalid, and described by its error, while it is not one). */
export function CustomInput(props: PartProps<"input">) {
  const api = useAspectRatioContext();
  return part("input", { ...api.getCustomInputProps(useSide("CustomInput")), className: "hitl-input" }, props);
}

/** The side's error, while there is one. */
export function CustomFieldError(props: PartProps<"p">) {
  const api = useAspectRatioContext();
  const side = useSide("CustomFieldError");
  const error = api.texts.fieldError(side);
  if (!error) return null;
  return part("p", { ...api.getFieldErrorProps(side), className: "hitl-field-error" }, props, error);
}

/** The custom ratio drawn live (`data-invalid` out of bounds), with its words; `frameClassName` and `shapeClassName` are its shape's. */
export function CustomPreview({
  frameClassName,
  shapeClassName,
  ...props
}: PartProps<"div"> & { frameClassName?: string | undefined; shapeClassName?: string | undefined }) {
  const api = useAspectRatioContext();
  return part("div", { ...api.getPreviewProps(), className: "hitl-aspect-ratio-preview" }, props, [
    <span key="label" className="hitl-help">
      {api.labels.preview}
    </span>,
    <Shape key="shape" ratio={api.customRatio} className={frameClassName} shapeClassName={shapeClassName} />,
    api.customRatio && (
      <span key="ratio" className="hitl-aspect-ratio-option-ratio">
        {api.customRatio}
      </span>
    ),
  ]);
}

/** The bounds a custom ratio must keep, when the request sets them (they describe both inputs). */
export function CustomRange(props: PartProps<"p">) {
  const api = useAspectRatioContext();
  if (!api.texts.customRange) return null;
  return part("p", { ...api.getCustomRangeProps(), className: "hitl-help" }, props, api.texts.customRange);
}

/** A custom ratio out of bounds, said as it appears (always in the page while Custom is chosen: a live region). */
export function CustomError(props: PartProps<"p">) {
  const api = useAspectRatioContext();
  return part("p", { ...api.getCustomErrorProps(), className: "hitl-field-error" }, props, api.texts.customError);
}

/** The receipt's summary: the chosen shape and its ratio; `frameClassName` and `shapeClassName` are its shape's. */
export function Summary({
  answer,
  frameClassName,
  shapeClassName,
  ...props
}: PartProps<"div"> & {
  answer: AspectRatioResponse | undefined;
  frameClassName?: string | undefined;
  shapeClassName?: string | undefined;
}) {
  const { collection, labels } = useAspectRatioContext();
  if (!answer) return null;
  const preset = presetOf(collection, answer.ratio);
  return part("div", { "data-slot": "summary", className: "hitl-aspect-ratio-summary" }, props, [
    <Shape key="shape" ratio={answer.ratio} className={frameClassName} shapeClassName={shapeClassName} />,
    <span key="ratio">
      <span className="hitl-help">{labels.receiptRatio} </span>
      <strong>{answer.ratio}</strong>
      {preset?.label && <span> ({preset.label})</span>}
    </span>,
  ]);
}

export const { Issues, Submit } = pickerParts(useAspectRatioContext);
