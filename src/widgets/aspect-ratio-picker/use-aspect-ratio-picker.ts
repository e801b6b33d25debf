"use client";
import { useId, useLayoutEffect, useMemo, useReducer, useRef } from "react";
import { aspectRatioKind } from "../../kinds/aspect-ratio";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
import { offersSame } from "./collection";
import { type AspectRatioApi, connect } from "./connect";
import { aspectRatioLabels } from "./labels";
import { initialState, transition } from "./machine";

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

export type UseAspectRatioPickerProps = Pick<
  AspectRatioPickerProps,
  "payload" | "value" | "defaultValue" | "onValueChange" | "status" | "onSubmit" | "onDecline"
>;

export interface UseAspectRatioPicker {
  /** The machine's state as props for the parts (the same object until something changes). */
  readonly api: AspectRatioApi;
  /** `onDecline` behind the one-answer guard; undefined without `onDecline`. */
  readonly decline: ((reason?: string) => void) | undefined;
}

function focusById(elementId: string): void {
  document.getElementById(elementId)?.focus();
}

/**
 * The aspect-ratio picker in React: the machine in `useReducer`, a controlled `value` followed in
 * the render that brings it, `onValueChange` told of each change the person asks for, and the
 * `connect` API, memoized on the state.
 */
export function useAspectRatioPicker({
  payload,
  value,
  defaultValue,
  onValueChange,
  status,
  onSubmit,
  onDecline,
}: UseAspectRatioPickerProps): UseAspectRatioPicker {
  const labels = useLabels("aspectRatio", aspectRatioLabels);
  const id = useId();
  const [state, send] = useReducer(transition, payload, (request) =>
    initialState(request, { value: value ?? defaultValue, controlled: value !== undefined }),
  );
  // A new request, or a new value from the owner: the machine takes it in this very render (React's
  // "adjusting state when a prop changes"), so nothing stale is ever shown.
  if (!offersSame(state.collection, payload)) send({ type: "request-changed", request: payload });
  if (value !== undefined && value !== state.value) send({ type: "value-changed", value });

  // Each change the person asks for, told once.
  const told = useRef(state.lastChange);
  useLayoutEffect(() => {
    if (state.lastChange === told.current) return;
    told.current = state.lastChange;
    if (state.lastChange) onValueChange?.(state.lastChange.value);
  }, [state.lastChange, onValueChange]);

  const reply = useAnswer({ kind: aspectRatioKind, payload, status, onSubmit, onDecline });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reply` is new on every render, yet acts on these inputs alone (and a ref); keeping the first one of them keeps the API stable across renders that change nothing.
  const answer = useMemo(() => reply, [payload, status, onSubmit, onDecline]);
  const api = useMemo(
    () => connect(state, send, { id, labels, submit: answer.submit, sent: answer.sent, focus: focusById }),
    [state, id, labels, answer],
  );
  return { api, decline: answer.decline };
}

export const [AspectRatioProvider, useAspectRatioContext] = createWidgetContext<AspectRatioApi>("AspectRatioPicker");
