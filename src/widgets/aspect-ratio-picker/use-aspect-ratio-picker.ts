"use client";
import { useId, useMemo } from "react";
import { aspectRatioKind } from "../../kinds/aspect-ratio";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { type UsePicker, useKindAnswer, useMachine } from "../shared/use-machine";
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

export type UseAspectRatioPicker = UsePicker<AspectRatioApi>;

function focusById(elementId: string): void {
  document.getElementById(elementId)?.focus();
}

/**
 * The aspect-ratio picker in React: the machine (`useMachine`: `onValueChange` told of each change
 * the person asks for), a controlled `value` followed in the render that brings it, and the
 * `connect` API, memoized on the state.
 */
export function useAspectRatioPicker(props: UseAspectRatioPickerProps): UseAspectRatioPicker {
  const { payload, value, defaultValue, onValueChange, status, onSubmit, onDecline } = props;
  const labels = useLabels("aspectRatio", aspectRatioLabels);
  const id = useId();
  const [state, send] = useMachine(
    transition,
    payload,
    (request) => initialState(request, { value: value ?? defaultValue, controlled: value !== undefined }),
    (change) => onValueChange?.(change.value),
  );
  // A new request, or a new value from the owner: the machine takes it in this very render.
  if (!offersSame(state.collection, payload)) send({ type: "request-changed", request: payload });
  if (value !== undefined && value !== state.value) send({ type: "value-changed", value });

  const answer = useKindAnswer({ kind: aspectRatioKind, payload, status, onSubmit, onDecline });
  const api = useMemo(
    () => connect(state, send, { id, labels, submit: answer.submit, sent: answer.sent, focus: focusById }),
    [state, send, id, labels, answer],
  );
  return { api, decline: answer.decline };
}

export const [AspectRatioProvider, useAspectRatioContext] = createWidgetContext<AspectRatioApi>("AspectRatioPicker");
