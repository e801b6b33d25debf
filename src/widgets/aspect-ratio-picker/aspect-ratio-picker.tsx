"use client";
import { type ComponentPropsWithoutRef, type ReactNode, useId, useState } from "react";
import { type AspectRatioPreset, aspectRatioKind, normalizeRatio } from "../../kinds/aspect-ratio";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isSettledStatus } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { RadioGroup } from "../shared/roving-group";
import { splitShellProps } from "../shared/shell-props";
import { ShellSubmit } from "../shared/shell-submit";
import { useAnswer } from "../shared/use-answer";
import { useControllableState } from "../shared/use-controllable-state";
import {
  cx,
  ShellActions,
  ShellDecline,
  ShellForm,
  ShellIssues,
  ShellPrompt,
  ShellReceipt,
  ShellRoot,
  ShellStatus,
  useShell,
} from "../shared/widget-shell";
import { type AspectRatioLabels, aspectRatioLabels } from "./labels";

/**
 * Aspect-ratio picker: preset ratios drawn as proportional shapes in a radio group (arrow keys move
 * and select), plus an optional custom W:H within the request's bounds. Answers
 * `{ ratio, width, height }` with the longer side normalized to 1.
 */

export type AspectRatioRequest = RequestOf<typeof aspectRatioKind>;
export type AspectRatioResponse = ResponseOf<typeof aspectRatioKind>;

export interface AspectRatioPickerProps extends HitlWidgetProps<AspectRatioRequest, AspectRatioResponse> {
  /** The chosen ratio as "W:H" (controlled). "" means nothing chosen yet. */
  value?: string;
  /** The initially chosen ratio (uncontrolled). @default "" */
  defaultValue?: string;
  /** Called with the chosen ratio ("W:H", or "" while a custom ratio is incomplete). */
  onValueChange?: (value: string) => void;
}

/** The radio value of the custom choice; it can never collide with a ratio ("W:H"). */
const CUSTOM = "custom";
const WHOLE_NUMBER = /^[1-9]\d{0,4}$/;

interface CustomDraft {
  readonly active: boolean;
  readonly width: string;
  readonly height: string;
}

interface CustomCheck {
  readonly width?: string | undefined;
  readonly height?: string | undefined;
  readonly ratio?: string | undefined;
}

interface AspectRatioContextValue {
  readonly payload: AspectRatioRequest;
  readonly labels: AspectRatioLabels;
  readonly value: string;
  /** The radio group's value: a preset's ratio, `custom`, or null. */
  readonly choice: string | null;
  readonly choose: (choice: string) => void;
  readonly custom: CustomDraft;
  readonly setCustomSide: (side: "width" | "height", text: string) => void;
  readonly customErrors: CustomCheck;
  readonly bounds: { readonly min: string; readonly max: string } | undefined;
  readonly issues: readonly string[];
  readonly submit: () => void;
  readonly ids: {
    readonly width: string;
    readonly height: string;
    readonly customError: string;
    readonly range: string;
  };
}

const [AspectRatioProvider, useAspectRatio] = createWidgetContext<AspectRatioContextValue>("AspectRatioPicker");

/** 0.25 → "1:4", 4 → "4:1", 1.777… → "16:9": bounds read like the presets they sit next to. */
export function ratioText(value: number): string {
  // Continued-fraction convergents, stopping before the terms get unreadably large.
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = value;
  for (let step = 0; step < 32 && Number.isFinite(x); step++) {
    const a = Math.floor(x);
    const h2 = a * h1 + h0;
    const k2 = a * k1 + k0;
    if (k2 > 1000 || h2 > 1000) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    const rest = x - a;
    if (Math.abs(h1 / k1 - value) < 1e-9 || rest < 1e-12) break;
    x = 1 / rest;
  }
  if (h1 > 0 && k1 > 0 && Math.abs(h1 / k1 - value) < 1e-6) return `${h1}:${k1}`;
  const round = (n: number) => Math.round(n * 100) / 100;
  return value >= 1 ? `${round(value)}:1` : `1:${round(1 / value)}`;
}

function customRatio(custom: CustomDraft): string {
  return WHOLE_NUMBER.test(custom.width.trim()) && WHOLE_NUMBER.test(custom.height.trim())
    ? `${Number(custom.width)}:${Number(custom.height)}`
    : "";
}

function splitRatio(value: string): { width: string; height: string } {
  const [width = "", height = ""] = value.split(":");
  return { width, height };
}

/** The preset showing `value`: the same string, else the same reduced ratio ("32:18" is "16:9"). */
function findPreset(presets: readonly AspectRatioPreset[], value: string): AspectRatioPreset | undefined {
  if (value === "") return undefined;
  const exact = presets.find((preset) => preset.ratio === value);
  if (exact) return exact;
  const normalized = normalizeRatio(value);
  if (!normalized.ok) return undefined;
  return presets.find((preset) => {
    const other = normalizeRatio(preset.ratio);
    return other.ok && other.value.value === normalized.value.value;
  });
}

function checkCustom(
  custom: CustomDraft,
  bounds: AspectRatioRequest["custom"],
  labels: AspectRatioLabels,
  showEmpty: boolean,
): CustomCheck {
  const side = (text: string) =>
    text.trim() === ""
      ? showEmpty
        ? labels.wholeNumber
        : undefined
      : WHOLE_NUMBER.test(text.trim())
        ? undefined
        : labels.wholeNumber;
  const width = side(custom.width);
  const height = side(custom.height);
  const ratio = customRatio(custom);
  if (!bounds || ratio === "") return { width, height };
  const normalized = normalizeRatio(ratio);
  const outside = normalized.ok && (normalized.value.value < bounds.min || normalized.value.value > bounds.max);
  return {
    width,
    height,
    ratio: outside ? labels.outOfBounds(ratioText(bounds.min), ratioText(bounds.max)) : undefined,
  };
}

export interface AspectRatioRootProps
  extends Omit<AspectRatioPickerProps, "prompt" | "answer">,
    Omit<ComponentPropsWithoutRef<"fieldset">, "onSubmit" | "defaultValue"> {}

function Root(props: AspectRatioRootProps) {
  const [shell, { payload, onSubmit, value: valueProp, defaultValue, onValueChange, className, ...fieldset }] =
    splitShellProps(props);
  const labels = useLabels("aspectRatio", aspectRatioLabels);
  const [value, setValue] = useControllableState({ value: valueProp, defaultValue: defaultValue ?? "", onValueChange });
  const preset = findPreset(payload.presets, value);
  const [custom, setCustom] = useState<CustomDraft>(() =>
    payload.custom && value !== "" && !preset
      ? { active: true, ...splitRatio(value) }
      : { active: false, width: "", height: "" },
  );
  const [attempted, setAttempted] = useState(false);
  const [issues, setIssues] = useState<readonly string[]>([]);
  const reply = useAnswer({
    kind: aspectRatioKind,
    payload,
    status: shell.status,
    onSubmit,
    onDecline: shell.onDecline,
  });
  const base = useId();

  // A value set from outside (controlled mode) moves the choice; the custom fields' own edits don't.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (!(custom.active && customRatio(custom) === value)) {
      if (value !== "" && !preset && payload.custom) setCustom({ active: true, ...splitRatio(value) });
      else if (custom.active) setCustom({ ...custom, active: false });
    }
  }

  const choice = custom.active ? CUSTOM : (preset?.ratio ?? null);
  const customErrors = custom.active ? checkCustom(custom, payload.custom, labels, attempted) : {};
  const bounds = payload.custom && { min: ratioText(payload.custom.min), max: ratioText(payload.custom.max) };

  const choose = (next: string) => {
    setIssues([]);
    if (next === CUSTOM) {
      const draft = { ...custom, active: true };
      setCustom(draft);
      setValue(customRatio(draft));
    } else {
      setCustom({ ...custom, active: false });
      setValue(next);
    }
  };

  const setCustomSide = (side: "width" | "height", text: string) => {
    setIssues([]);
    const draft = { ...custom, active: true, [side]: text };
    setCustom(draft);
    setValue(customRatio(draft));
  };

  const ids = { width: `${base}-w`, height: `${base}-h`, customError: `${base}-error`, range: `${base}-range` };
  const submit = () => {
    if (reply.sent()) return;
    if (custom.active) {
      setAttempted(true);
      const check = checkCustom(custom, payload.custom, labels, true);
      if (check.width || check.height || check.ratio) {
        document.getElementById(check.width || !check.height ? ids.width : ids.height)?.focus();
        return;
      }
    }
    if (value === "") {
      setIssues([labels.chooseRatio]);
      return;
    }
    const normalized = normalizeRatio(value);
    const outcome = reply.submit(
      normalized.ok
        ? { ratio: normalized.value.ratio, width: normalized.value.width, height: normalized.value.height }
        : { ratio: value },
    );
    if (outcome.type !== "ignored") setIssues(outcome.issues.map((issue) => issue.message));
  };

  const context: AspectRatioContextValue = {
    payload,
    labels,
    value,
    choice,
    choose,
    custom,
    setCustomSide,
    customErrors,
    bounds,
    issues,
    submit,
    ids,
  };
  return (
    <AspectRatioProvider value={context}>
      <ShellRoot
        kind="aspect-ratio"
        {...shell}
        {...fieldset}
        onDecline={reply.decline}
        className={cx("hitl-aspect-ratio", className)}
      />
    </AspectRatioProvider>
  );
}

/** The form around the choices and actions; hidden once the receipt shows. */
function Form(props: Omit<ComponentPropsWithoutRef<"form">, "onSubmit">) {
  const { submit } = useAspectRatio();
  return <ShellForm onSubmit={submit} {...props} />;
}

export interface ShapeProps extends ComponentPropsWithoutRef<"span"> {
  /** "W:H"; an unreadable ratio draws an empty dashed frame. */
  ratio: string;
}

/** A ratio drawn to scale: the box's longer side fills its frame. Decorative (the text names the ratio). */
function Shape({ ratio, className, ...props }: ShapeProps) {
  const normalized = normalizeRatio(ratio);
  return (
    <span data-slot="shape-frame" aria-hidden="true" className={cx("hitl-aspect-ratio-frame", className)} {...props}>
      {normalized.ok ? (
        <span
          data-slot="shape"
          className="hitl-aspect-ratio-shape"
          style={{ width: `${normalized.value.width * 100}%`, height: `${normalized.value.height * 100}%` }}
        />
      ) : (
        <span data-slot="shape" data-empty="" className="hitl-aspect-ratio-shape" />
      )}
    </span>
  );
}

/** The presets (and Custom) as a radio group: arrow keys move and select. */
function Options({ className, ...props }: Omit<ComponentPropsWithoutRef<"div">, "dir" | "defaultValue">) {
  const { payload, labels, choice, choose } = useAspectRatio();
  const { status, ids } = useShell();
  if (isSettledStatus(status)) return null;
  return (
    <RadioGroup.Root
      data-slot="options"
      className={cx("hitl-aspect-ratio-options", className)}
      aria-labelledby={ids.prompt}
      values={[...payload.presets.map((preset) => preset.ratio), ...(payload.custom ? [CUSTOM] : [])]}
      value={choice}
      onValueChange={choose}
      {...props}
    >
      {payload.presets.map((preset) => (
        <RadioGroup.Item
          key={preset.ratio}
          value={preset.ratio}
          data-slot="option"
          className="hitl-aspect-ratio-option"
        >
          <Shape ratio={preset.ratio} />
          <span data-slot="option-label" className="hitl-aspect-ratio-option-label">
            {preset.label ?? preset.ratio}
          </span>
          {preset.label && (
            <>
              {/* Keeps the accessible name "Square 1:1" rather than "Square1:1". */}{" "}
              <span data-slot="option-ratio" className="hitl-aspect-ratio-option-ratio">
                {preset.ratio}
              </span>
            </>
          )}
        </RadioGroup.Item>
      ))}
      {payload.custom && (
        <RadioGroup.Item value={CUSTOM} data-slot="option" data-custom="" className="hitl-aspect-ratio-option">
          <span data-slot="shape-frame" aria-hidden="true" className="hitl-aspect-ratio-frame">
            <span data-slot="shape" data-empty="" className="hitl-aspect-ratio-shape" />
          </span>
          <span data-slot="option-label" className="hitl-aspect-ratio-option-label">
            {labels.custom}
          </span>
        </RadioGroup.Item>
      )}
    </RadioGroup.Root>
  );
}

/** W and H inputs with inline validation and a live preview; only while Custom is chosen. */
function Custom({ className, ...props }: ComponentPropsWithoutRef<"div">) {
  const { labels, custom, setCustomSide, customErrors, bounds, ids } = useAspectRatio();
  const { status } = useShell();
  if (isSettledStatus(status) || !custom.active) return null;
  const ratio = customRatio(custom);
  const sideError = (side: "width" | "height") => customErrors[side];
  const describedBy = (side: "width" | "height") =>
    cx(bounds && ids.range, sideError(side) && `${ids[side]}-error`, customErrors.ratio && ids.customError) ||
    undefined;
  return (
    <div data-slot="custom" className={cx("hitl-aspect-ratio-custom", className)} {...props}>
      <div className="hitl-aspect-ratio-custom-fields">
        {(["width", "height"] as const).map((side, index) => (
          <div key={side} data-slot="custom-field" className="hitl-aspect-ratio-custom-field">
            {index === 1 && (
              <span aria-hidden="true" className="hitl-aspect-ratio-colon">
                :
              </span>
            )}
            <label htmlFor={ids[side]} className="hitl-label">
              {side === "width" ? labels.customWidth : labels.customHeight}
            </label>
            <input
              id={ids[side]}
              data-slot={`custom-${side}`}
              className="hitl-input"
              type="number"
              inputMode="numeric"
              min={1}
              max={99999}
              step={1}
              value={custom[side]}
              aria-invalid={Boolean(sideError(side) || customErrors.ratio) || undefined}
              aria-describedby={describedBy(side)}
              onChange={(event) => setCustomSide(side, event.target.value)}
            />
            {sideError(side) && (
              <p id={`${ids[side]}-error`} data-slot="field-error" className="hitl-field-error">
                {sideError(side)}
              </p>
            )}
          </div>
        ))}
        <div
          data-slot="preview"
          className="hitl-aspect-ratio-preview"
          data-invalid={customErrors.ratio ? "" : undefined}
        >
          <span className="hitl-help">{labels.preview}</span>
          <Shape ratio={ratio} />
          {ratio && <span className="hitl-aspect-ratio-option-ratio">{ratio}</span>}
        </div>
      </div>
      {bounds && (
        <p id={ids.range} className="hitl-help">
          {labels.customRange(bounds.min, bounds.max)}
        </p>
      )}
      {/* Always mounted so the bounds message is announced as it appears while typing. */}
      <p id={ids.customError} data-slot="custom-error" className="hitl-field-error" aria-live="polite">
        {customErrors.ratio}
      </p>
    </div>
  );
}

function Issues() {
  const { issues } = useAspectRatio();
  return <ShellIssues messages={issues} />;
}

function Submit({ children, ...props }: ComponentPropsWithoutRef<"button">) {
  const { labels } = useAspectRatio();
  return <ShellSubmit {...props}>{children ?? labels.submit}</ShellSubmit>;
}

/** The receipt's summary: the chosen shape and its ratio. */
function Summary({ answer, className }: { answer: AspectRatioResponse | undefined; className?: string }): ReactNode {
  const { payload, labels } = useAspectRatio();
  if (!answer) return null;
  const preset = findPreset(payload.presets, answer.ratio);
  return (
    <div data-slot="summary" className={cx("hitl-aspect-ratio-summary", className)}>
      <Shape ratio={answer.ratio} />
      <span>
        <span className="hitl-help">{labels.receiptRatio} </span>
        <strong>{answer.ratio}</strong>
        {preset?.label && <span> ({preset.label})</span>}
      </span>
    </div>
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
AspectRatioPicker.Form = Form;
AspectRatioPicker.Options = Options;
AspectRatioPicker.Shape = Shape;
AspectRatioPicker.Custom = Custom;
AspectRatioPicker.Issues = Issues;
AspectRatioPicker.Actions = ShellActions;
AspectRatioPicker.Submit = Submit;
AspectRatioPicker.Decline = ShellDecline;
AspectRatioPicker.Status = ShellStatus;
AspectRatioPicker.Receipt = ShellReceipt;
AspectRatioPicker.Summary = Summary;
