"use client";
import { useId, useMemo } from "react";
import { type QuestionsRequest, type QuestionsResponse, questionsKind } from "../../kinds/questions";
import { useLabels } from "../../react/labels";
import { type HitlWidgetProps, isInteractive } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { type UsePicker, useKindAnswer, useMachine } from "../shared/use-machine";
import { connect, type QuestionsApi } from "./connect";
import { questionsLabels } from "./labels";
import { initialState, type QuestionsValue, takesValue, transition } from "./machine";

export type { QuestionsRequest, QuestionsResponse } from "../../kinds/questions";
export type { QuestionsValue } from "./machine";

export interface QuestionsProps extends HitlWidgetProps<QuestionsRequest, QuestionsResponse> {
  /**
   * The draft (controlled): by question id, the chosen option ids and, while "Other" is chosen, its
   * text as typed. Ids the request does not offer, and answers past a question's bounds, are left out.
   */
  value?: QuestionsValue;
  /** The initial draft (uncontrolled). Nothing is chosen for the person, recommended options included. @default {} */
  defaultValue?: QuestionsValue;
  /** Called with the draft after each change the person makes. */
  onValueChange?: (value: QuestionsValue) => void;
}

export type UseQuestionsProps = Pick<
  QuestionsProps,
  "payload" | "value" | "defaultValue" | "onValueChange" | "status" | "onSubmit" | "onDecline"
>;

export type UseQuestions = UsePicker<QuestionsApi> & { readonly submit: () => void };

/**
 * The question set in React: the machine (`useMachine`: `onValueChange` told of each change the
 * person makes), a controlled `value` and a new request followed in the render that brings them,
 * and the `connect` API, memoized on the state.
 */
export function useQuestions(props: UseQuestionsProps): UseQuestions {
  const { payload, value, defaultValue, onValueChange, status, onSubmit, onDecline } = props;
  const labels = useLabels("questions", questionsLabels);
  const id = useId();
  const [state, send] = useMachine(
    transition,
    payload,
    (request) => initialState(request, { value: value ?? defaultValue }),
    onValueChange,
  );
  // A new request, or the owner's value: the machine takes it in this very render.
  if (state.request !== payload) send({ type: "request-changed", request: payload });
  if (value !== undefined && takesValue(state, value)) send({ type: "value-changed", value });

  const answer = useKindAnswer({ kind: questionsKind, payload, status, onSubmit, onDecline });
  const interactive = isInteractive(status ?? "open");
  const api = useMemo(
    () => connect(state, send, { id, labels, interactive, submit: answer.submit }),
    [state, send, id, labels, interactive, answer],
  );
  return { api, decline: answer.decline, submit: api.submit };
}

export const [QuestionsProvider, useQuestionsContext] = createWidgetContext<QuestionsApi>("Questions");
