"use client";
import { useMemo, useReducer } from "react";
import { approvalKind } from "../../kinds/native";
import { useLabels } from "../../react/labels";
import type { HitlWidgetProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { type UsePicker, useKindAnswer } from "../shared/use-machine";
import { type ApprovalApi, connect } from "./connect";
import { approvalLabels } from "./labels";
import { type ApprovalRequest, type ApprovalResponse, initialState, transition } from "./machine";

export type { ApprovalRequest, ApprovalResponse } from "./machine";
export type ApprovalProps = HitlWidgetProps<ApprovalRequest, ApprovalResponse>;

export type UseApprovalProps = Pick<ApprovalProps, "payload" | "answer" | "status" | "onSubmit" | "onDecline">;

export interface UseApproval extends UsePicker<ApprovalApi> {
  /** A denial's note, for the receipt (the host's `declineReason` comes first). */
  readonly declineReason: string | undefined;
}

/**
 * The approval in React: the machine (`useReducer`; a new request is taken in the render that
 * brings it), the one-answer guard validating each decision against the request, and the
 * `connect` API, memoized on what it reads. Deny goes through the guard too, and only where the
 * request offers it.
 */
export function useApproval(props: UseApprovalProps): UseApproval {
  const { payload, answer, onSubmit, onDecline } = props;
  const status = props.status ?? "open";
  const labels = useLabels("approval", approvalLabels);
  const [state, send] = useReducer(transition, payload, initialState);
  if (state.request !== payload) send({ type: "request-changed", request: payload });
  const reply = useKindAnswer({ kind: approvalKind, payload, status, onSubmit, onDecline });
  const api = useMemo(
    () => connect(state, send, { labels, status, answer, submit: reply.submit }),
    [state, labels, status, answer, reply],
  );
  return { api, decline: api.showsDeny ? reply.decline : undefined, declineReason: api.note };
}

export const [ApprovalProvider, useApprovalContext] = createWidgetContext<ApprovalApi>("Approval");
