"use client";
import { useLayoutEffect, useMemo, useReducer, useRef } from "react";
import type { KindDefinition } from "../../kinds/define-kind";
import type { HitlWidgetProps, WidgetStatus } from "../../react/widget-props";
import type { Send } from "./connect-types";
import { type Answer, useAnswer } from "./use-answer";

/** A picker machine's state: what the person last changed (`undefined`: untouched), for a controlled owner. */
export interface MachineState<Change> {
  readonly lastChange: Change | undefined;
}

/**
 * A picker's pure machine in React: `useReducer` over its `transition`, and each change the person
 * made (`state.lastChange`, one new object per change) told once to `onChange`, after the render
 * that shows it. A controlled owner's value is sent by the caller in the render that brings it
 * (React's "adjusting state when a prop changes"); an owner that keeps its own value has then been
 * shown it already.
 */
export function useMachine<State extends MachineState<unknown>, Event, Input>(
  transition: (state: State, event: Event) => State,
  input: Input,
  init: (input: Input) => State,
  onChange: ((change: NonNullable<State["lastChange"]>) => void) | undefined,
): readonly [State, Send<Event>] {
  const [state, send] = useReducer(transition, input, init);
  const told = useRef(state.lastChange);
  const owner = useRef(onChange);
  owner.current = onChange;
  useLayoutEffect(() => {
    if (state.lastChange === told.current) return;
    told.current = state.lastChange;
    if (state.lastChange !== undefined) owner.current?.(state.lastChange as NonNullable<State["lastChange"]>);
  }, [state.lastChange]);
  return [state, send];
}

/**
 * `useAnswer` for a widget that validates with its kind, kept the same object across renders that
 * change none of its inputs, so an API memoized on it stays the same too.
 */
export function useKindAnswer<Req, Res>(options: {
  kind: KindDefinition<string, Req, Res>;
  payload: NoInfer<Req>;
  status: WidgetStatus | undefined;
  onSubmit: HitlWidgetProps<Req, Res>["onSubmit"];
  onDecline?: ((reason?: string) => void) | undefined;
}): Answer<unknown, Res> {
  const reply = useAnswer(options);
  const { payload, status, onSubmit, onDecline } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reply` is new on every render, yet acts on these inputs alone (and a ref); keeping the first one of them keeps the API stable across renders that change nothing.
  return useMemo(() => reply, [payload, status, onSubmit, onDecline]);
}

/** What a picker's hook returns: its API for the parts, and `onDecline` behind the one-answer guard. */
export interface UsePicker<Api> {
  /** The machine's state as props for the parts (the same object until something changes). */
  readonly api: Api;
  /** `onDecline` behind the guard Submit shares; undefined without `onDecline`. */
  readonly decline: ((reason?: string) => void) | undefined;
}
