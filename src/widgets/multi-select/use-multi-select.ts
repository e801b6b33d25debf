"use client";
import { useId, useLayoutEffect, useMemo, useReducer, useRef } from "react";
import type { RequestOf, ResponseOf } from "../../kinds/define-kind";
import { multiSelectKind } from "../../kinds/multi-select";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isInteractive } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
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

export interface UseMultiSelect {
  /** The machine's state as props for the parts (the same object until something changes). */
  readonly api: MultiSelectApi;
  /** `onDecline` behind the one-answer guard; undefined without `onDecline`. */
  readonly decline: ((reason?: string) => void) | undefined;
}

/**
 * The multi-select in React: the machine in `useReducer`, a controlled `value` followed in the
 * render that brings it, `onValueChange` told of each change the person makes, and the `connect`
 * API, memoized on the state.
 */
export function useMultiSelect({
  payload,
  value,
  defaultValue,
  onValueChange,
  status,
  onSubmit,
  onDecline,
}: UseMultiSelectProps): UseMultiSelect {
  const labels = useLabels("multiSelect", multiSelectLabels);
  const id = useId();
  const [state, send] = useReducer(transition, payload, (request) =>
    initialState(request, { selected: value ?? defaultValue }),
  );
  // A new request, or the owner's value: the machine takes it in this very render (React's
  // "adjusting state when a prop changes"), so nothing stale is ever shown.
  if (!offersSame(state.collection, payload)) send({ type: "request-changed", request: payload });
  if (value !== undefined && !sameIds(value, state.selected)) send({ type: "value-changed", selected: value });

  // Each change the person makes, told once (a controlled owner that keeps its value has been
  // shown its own value already: the line above put it back).
  const told = useRef(state.lastChange);
  useLayoutEffect(() => {
    if (state.lastChange === told.current) return;
    told.current = state.lastChange;
    if (state.lastChange) onValueChange?.([...state.lastChange]);
  }, [state.lastChange, onValueChange]);

  const reply = useAnswer({ kind: multiSelectKind, payload, status, onSubmit, onDecline });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reply` is new on every render, yet acts on these inputs alone (and a ref); keeping the first one of them keeps the API stable across renders that change nothing.
  const answer = useMemo(() => reply, [payload, status, onSubmit, onDecline]);
  const interactive = isInteractive(status ?? "open");
  const api = useMemo(
    () => connect(state, send, { id, labels, interactive, submit: answer.submit }),
    [state, id, labels, interactive, answer],
  );
  return { api, decline: answer.decline };
}

export const [MultiSelectProvider, useMultiSelectContext] = createWidgetContext<MultiSelectApi>("MultiSelect");
