"use client";
import type { ComponentPropsWithoutRef } from "react";
import { splitShellProps } from "../shared/shell-props";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
} from "../shared/widget-shell";
import { Custom, Form, Issues, Option, Options, Shape, Submit, Summary } from "./parts";
import { type AspectRatioPickerProps, AspectRatioProvider, useAspectRatioPicker } from "./use-aspect-ratio-picker";

/**
 * Aspect-ratio picker: preset ratios drawn as proportional shapes in a radio group (arrow keys move
 * and select), plus an optional custom W:H within the request's bounds. Answers
 * `{ ratio, width, height }` with the longer side normalized to 1.
 *
 * Built as a pure machine (`machine.ts`), prop getters over it (`connect.ts`), a hook holding it
 * (`use-aspect-ratio-picker.ts`) and thin parts (`parts.tsx`), each part one `data-slot`
 * (`anatomy.ts`).
 */

export { ratioText } from "./collection";
export type { OptionProps, ShapeProps } from "./parts";
export type { AspectRatioPickerProps, AspectRatioRequest, AspectRatioResponse } from "./use-aspect-ratio-picker";

export interface AspectRatioRootProps
  extends Omit<AspectRatioPickerProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: AspectRatioRootProps) {
  const [shell, { payload, onSubmit, value, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const { status, onDecline } = shell;
  const { api, decline } = useAspectRatioPicker({
    payload,
    value,
    defaultValue,
    onValueChange,
    status,
    onSubmit,
    onDecline,
  });
  return (
    <AspectRatioProvider value={api}>
      <ShellRoot
        kind="aspect-ratio"
        {...shell}
        {...fieldset}
        onDecline={decline}
        className={cx("hitl-aspect-ratio", className)}
      />
    </AspectRatioProvider>
  );
}

/** A styled aspect-ratio picker: prompt, shapes, custom W:H, Submit / Decline, status, receipt. */
export function AspectRatioPicker({ prompt, answer, ...props }: AspectRatioPickerProps) {
  return (
    <Root {...props}>
      <ShellPrompt>{prompt}</ShellPrompt>
      <Form>
        <Options />
        <Custom />
        <Issues />
        <ShellActions>
          <Submit />
          <ShellDecline />
        </ShellActions>
      </Form>
      <ShellStatus />
      <ShellReceipt summary={<Summary answer={answer} />} />
    </Root>
  );
}

AspectRatioPicker.Root = Root;
AspectRatioPicker.Prompt = ShellPrompt;
AspectRatioPicker.Body = Form;
/** @deprecated the same part as `Body` (one name across widgets). */
AspectRatioPicker.Form = Form;
AspectRatioPicker.Options = Options;
AspectRatioPicker.Option = Option;
AspectRatioPicker.Shape = Shape;
AspectRatioPicker.Custom = Custom;
AspectRatioPicker.Issues = Issues;
AspectRatioPicker.Actions = ShellActions;
AspectRatioPicker.Submit = Submit;
AspectRatioPicker.Decline = ShellDecline;
AspectRatioPicker.Status = ShellStatus;
AspectRatioPicker.Receipt = ShellReceipt;
AspectRatioPicker.Summary = Summary;
