"use client";
import { defineWidget, type WidgetRootProps } from "../shared/define-widget";
import type { AspectRatioApi } from "./connect";
import {
  Body,
  Custom,
  CustomColon,
  CustomError,
  CustomField,
  CustomFieldError,
  CustomFields,
  CustomInput,
  CustomLabel,
  CustomPreview,
  CustomRange,
  Issues,
  Option,
  OptionLabel,
  OptionRatio,
  OptionShape,
  Options,
  Shape,
  Submit,
  Summary,
} from "./parts";
import { type AspectRatioPickerProps, AspectRatioProvider, useAspectRatioPicker } from "./use-aspect-ratio-picker";

/**
 * Aspect-ratio picker: preset ratios drawn as proportional shapes in a radio group (arrow keys move
 * and select), plus an optional custom W:H within the request's bounds. Answers
 * `{ ratio, width, height }` with the longer side normalized to 1.
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-aspect-ratio-picker.ts`) and thin parts (`parts.tsx`), each part one `data-slot`
 * (`anatomy.ts`); `defineWidget` makes the Root, the styled widget and the statics.
 */

export { ratioText } from "./collection";
export type { OptionProps, ShapeProps } from "./parts";
export type { AspectRatioPickerProps, AspectRatioRequest, AspectRatioResponse } from "./use-aspect-ratio-picker";

/** A styled aspect-ratio picker: prompt, shapes, custom W:H, Submit / Decline, status, receipt. */
export const AspectRatioPicker = defineWidget<AspectRatioPickerProps, AspectRatioApi>()({
  kind: "aspect-ratio",
  Provider: AspectRatioProvider,
  use: (props, { status, onDecline }) => useAspectRatioPicker({ ...props, status, onDecline }),
  content: (
    <>
      <Options />
      <Custom />
    </>
  ),
  parts: {
    Body,
    Options,
    Option,
    OptionShape,
    OptionLabel,
    OptionRatio,
    Shape,
    Custom,
    CustomFields,
    CustomField,
    CustomColon,
    CustomLabel,
    CustomInput,
    CustomFieldError,
    CustomPreview,
    CustomRange,
    CustomError,
    Issues,
    Submit,
    Summary,
  },
});

/** The Root's props: the widget's, but the prompt (its `Prompt` part), and the fieldset's. */
export type AspectRatioRootProps = WidgetRootProps<AspectRatioPickerProps>;
