"use client";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import type { KindDefinition } from "../../kinds/define-kind";
import type { QuestionRequest, QuestionResponse } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
import type { UsePicker } from "../shared/use-machine";
import { connect, type QuestionApi } from "./connect";
import { questionLabels } from "./labels";
import { initialState, type QuestionEvent, type QuestionOffer, transition } from "./machine";

export type { QuestionRequest, QuestionResponse, TextRequest, TextResponse } from "../../kinds/native";

export interface QuestionProps extends HitlWidgetProps<QuestionRequest, QuestionResponse> {
  /** The option chosen in the radio group (controlled); unused when options are buttons. */
  value?: string;
  /** @default "" */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The free text (controlled). */
  text?: string;
  /** @default "" */
  defaultText?: string;
  onTextChange?: (text: string) => void;
}

export interface UseQuestionProps<Req, Res>
  extends Pick<HitlWidgetProps<Req, Res>, "payload" | "status" | "onSubmit" | "onDecline">,
    Pick<QuestionProps, "value" | "defaultValue" | "onValueChange" | "text" | "defaultText" | "onTextChange"> {
  /** The kind answers are validated against (`question`, or `text`). */
  kind: KindDefinition<string, Req, Res>;
  /** What is offered: a question's payload, or no options with free text (a text question). */
  request: QuestionOffer;
}

export type UseQuestion = UsePicker<QuestionApi>;

/**
 * The question in React: the machine in state, a controlled value or text followed in the render
 * that brings it, and the `connect` API, memoized on the state. `onValueChange` / `onTextChange`
 * are told in the very event that makes the change (not in an effect after it): a controlled
 * owner's new text then arrives in the same render, so the field never shows the old text in
 * between and its caret stays where the person typed.
 */
export function useQuestion<Req, Res>(props: UseQuestionProps<Req, Res>): UseQuestion {
  const {
    kind,
    payload,
    request,
    value,
    defaultValue,
    onValueChange,
    text,
    defaultText,
    onTextChange,
    status,
    onSubmit,
    onDecline,
  } = props;
  const labels = useLabels("question", questionLabels);
  const id = useId();
  const [stored, setState] = useState(() =>
    initialState(request, { value: value ?? defaultValue, text: text ?? defaultText }),
  );
  // A new offer, or the owner's value or text: taken in this very render (React's "adjusting state
  // when a prop changes"), so nothing stale is ever shown.
  let state = transition(stored, { type: "request-changed", request });
  if (value !== undefined) state = transition(state, { type: "value-changed", value });
  if (text !== undefined) state = transition(state, { type: "text-changed", text });
  if (state !== stored) setState(state);

  const latest = useRef(state);
  latest.current = state;
  const owner = useRef({ onValueChange, onTextChange });
  owner.current = { onValueChange, onTextChange };
  const send = useCallback((event: QuestionEvent) => {
    const before = latest.current;
    const after = transition(before, event);
    if (after === before) return;
    latest.current = after;
    setState(after);
    if (after.value !== before.value) owner.current.onValueChange?.(after.value);
    if (after.text !== before.text) owner.current.onTextChange?.(after.text);
  }, []);

  const reply = useAnswer({ kind, payload, status, onSubmit, onDecline });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reply` is new on every render, yet acts on these inputs alone (and a ref); keeping the first one of them keeps the API stable across renders that change nothing.
  const answer = useMemo(() => reply, [payload, status, onSubmit, onDecline]);
  const api = useMemo(
    () => connect(state, send, { id, labels, submit: answer.submit, sent: answer.sent }),
    [state, send, id, labels, answer],
  );
  return { api, decline: answer.decline };
}

export const [QuestionProvider, useQuestionContext] = createWidgetContext<QuestionApi>("Question");
