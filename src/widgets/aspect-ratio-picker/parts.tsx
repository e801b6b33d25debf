"use client";
import { isSettledStatus } from "../../react/widget-props";
import { contentOf, type PartProps, part } from "../shared/part";
import { RadioGroup, type RadioGroupItemProps } from "../shared/roving-group";
import { pickerParts } from "../shared/shell-submit";
import { type BodyProps, cx, ShellForm, useShell } from "../shared/widget-shell";
import { CUSTOM, presetOf } from "./collection";
import { shapeProps } from "./connect";
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

/** The presets (and Custom) as a radio group (the kit's roving primitive): arrow keys move and check. */
export function Options({
  asChild,
  children,
  className,
  ...props
}: Omit<PartProps<"div">, "dir" | "defaultValue" | "onChange">) {
  const api = useAspectRatioContext();
  const { status, ids } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <RadioGroup.Root
      {...api.getOptionsProps(ids.prompt)}
      className={cx("hitl-aspect-ratio-options", className)}
      {...props}
      asChild={asChild}
    >
      {contentOf(
        { asChild, children },
        api.collection.values.map((value) => <Option key={value} value={value} />),
      )}
    </RadioGroup.Root>
  );
}

export interface OptionProps extends RadioGroupItemProps {
  /** A preset's ratio, or `"custom"`. */
  value: string;
}

/** One radio: a preset's shape, label and ratio, or Custom. */
export function Option({ value, className, asChild, children, ...props }: OptionProps) {
  const api = useAspectRatioContext();
  const preset = value === CUSTOM ? undefined : presetOf(api.collection, value);
  const content = (
    <>
      <Shape ratio={value === CUSTOM ? "" : value} />
      <span {...api.getOptionLabelProps()} className="hitl-aspect-ratio-option-label">
        {value === CUSTOM ? api.labels.custom : (preset?.label ?? value)}
      </span>
      {preset?.label && (
        <>
          {/* Keeps the accessible name "Square 1:1" rather than "Square1:1". */}{" "}
          <span {...api.getOptionRatioProps()} className="hitl-aspect-ratio-option-ratio">
            {preset.ratio}
          </span>
        </>
      )}
    </>
  );
  return (
    <RadioGroup.Item
      {...api.getOptionProps(value)}
      className={cx("hitl-aspect-ratio-option", className)}
      {...props}
      asChild={asChild}
    >
      {contentOf({ asChild, children }, content)}
    </RadioGroup.Item>
  );
}

export interface ShapeProps extends PartProps<"span"> {
  /** "W:H"; an unreadable ratio draws an empty dashed frame. */
  ratio: string;
}

/** A ratio drawn to scale: the box's longer side fills its frame. Decorative (the text names the ratio). */
export function Shape({ ratio, ...props }: ShapeProps) {
  const own = { "data-slot": "shape-frame", "aria-hidden": true, className: "hitl-aspect-ratio-frame" } as const;
  return part("span", own, props, <span {...shapeProps(ratio)} className="hitl-aspect-ratio-shape" />);
}

/** W and H inputs with inline validation, a live preview and the bounds; only while Custom is chosen. */
export function Custom(props: PartProps<"div">) {
  const api = useAspectRatioContext();
  const { status } = useShell();
  if (isSettledStatus(status) || !api.customActive) return null;
  const content = (
    <>
      <div className="hitl-aspect-ratio-custom-fields">
        {(["width", "height"] as const).map((side) => {
          const error = api.texts.fieldError(side);
          return (
            <div key={side} {...api.getCustomFieldProps()} className="hitl-aspect-ratio-custom-field">
              {side === "height" && (
                <span aria-hidden="true" className="hitl-aspect-ratio-colon">
                  :
                </span>
              )}
              <label htmlFor={api.getCustomLabelProps(side).htmlFor} className="hitl-label">
                {side === "width" ? api.labels.customWidth : api.labels.customHeight}
              </label>
              <input {...api.getCustomInputProps(side)} className="hitl-input" />
              {error && (
                <p {...api.getFieldErrorProps(side)} className="hitl-field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div {...api.getPreviewProps()} className="hitl-aspect-ratio-preview">
          <span className="hitl-help">{api.labels.preview}</span>
          <Shape ratio={api.customRatio} />
          {api.customRatio && <span className="hitl-aspect-ratio-option-ratio">{api.customRatio}</span>}
        </div>
      </div>
      {api.texts.customRange && (
        <p {...api.getCustomRangeProps()} className="hitl-help">
          {api.texts.customRange}
        </p>
      )}
      <p {...api.getCustomErrorProps()} className="hitl-field-error">
        {api.texts.customError}
      </p>
    </>
  );
  return part("div", { ...api.getCustomProps(), className: "hitl-aspect-ratio-custom" }, props, content);
}

/** The receipt's summary: the chosen shape and its ratio. */
export function Summary({ answer, ...props }: PartProps<"div"> & { answer: AspectRatioResponse | undefined }) {
  const { collection, labels } = useAspectRatioContext();
  if (!answer) return null;
  const preset = presetOf(collection, answer.ratio);
  return part("div", { "data-slot": "summary", className: "hitl-aspect-ratio-summary" }, props, [
    <Shape key="shape" ratio={answer.ratio} />,
    <span key="ratio">
      <span className="hitl-help">{labels.receiptRatio} </span>
      <strong>{answer.ratio}</strong>
      {preset?.label && <span> ({preset.label})</span>}
    </span>,
  ]);
}

export const { Issues, Submit } = pickerParts(useAspectRatioContext);
