"use client";
import { useId, useMemo } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { multiSelectKind } from "../../kinds/multi-select";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isInteractive } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { type UsePicker, useKindAnswer, useMachine } from "../shared/use-machine";
import { offersSame } from "./collection";
import { connect, type MultiSelectApi } from "./connect";
import { multiSelectLabels } from "./labels";
import { initialState, sameIds, transition } from "./machine";

export type MultiSelectRequest = RequestOf<typeof multiSelectKind>;
export type MultiSelectResponse = ResponseOf<typeof multiSelectKind>;

export interface MultiSelectProps extends HitlWidgetProps<MultiSelectRequest, MultiSelectResponse> {
  /** The selected option ids (controlled). */
  value?: string[];
  /** The initially selected option ids (uncontrolled). @default [] */
  defaultValue?: string[];
  /** Called with the selected ids, in option order, after each change the person makes. */
  onValueChange?: (value: string[]) => void;
}

export type UseMultiSelectProps = Pick<
  MultiSelectProps,
  "payload" | "value" | "defaultValue" | "onValueChange" | "status" | "onSubmit" | "onDecline"
>;

export type UseMultiSelect = UsePicker<MultiSelectApi>;

/**
 * The multi-select in React: the machine (`useMachine`: `onValueChange` told of each change the
 * person makes), a controlled `value` followed in the render that brings it, and the `connect`
 * API, memoized on the state.
 */
export function useMultiSelect(props: UseMultiSelectProps): UseMultiSelect {
  const { payload, value, defaultValue, onValueChange, status, onSubmit, onDecline } = props;
  const labels = useLabels("multiSelect", multiSelectLabels);
  const id = useId();
  const [state, send] = useMachine(
    transition,
    payload,
    (request) => initialState(request, { selected: value ?? defaultValue }),
    (change) => onValueChange?.([...change]),
  );
  // A new request, or the owner's value: the machine takes it in this very render.
  if (!offersSame(state.collection, payload)) send({ type: "request-changed", request: payload });
  if (value !== undefined && !sameIds(value, state.selected)) send({ type: "value-changed", selected: value });

  const answer = useKindAnswer({ kind: multiSelectKind, payload, status, onSubmit, onDecline });
  const interactive = isInteractive(status ?? "open");
  const api = useMemo(
    () => connect(state, send, { id, labels, interactive, submit: answer.submit }),
    [state, send, id, labels, interactive, answer],
  );
  return { api, decline: answer.decline };
}

export const [MultiSelectProvider, useMultiSelectContext] = createWidgetContext<MultiSelectApi>("MultiSelect");
