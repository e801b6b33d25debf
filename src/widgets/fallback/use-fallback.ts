"use client";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { formatIssues } from "../../core/issues";
import { isDevelopment } from "../../react/env";
import { useLabels } from "../../react/labels";
import type { FallbackProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import { useAnswer } from "../shared/use-answer";
import { connect, type FallbackAnswer, type FallbackApi } from "./connect";
import { fallbackLabels } from "./labels";
import { initialState, transition } from "./machine";

export type UseFallbackProps = Pick<
  FallbackProps,
  "kind" | "reason" | "issues" | "options" | "onAnswer" | "answerText" | "answerValue" | "status" | "onDecline"
>;

const noOptions: NonNullable<FallbackProps["options"]> = [];

/**
 * The fallback in React: its machine (`useReducer`), the one-answer guard (no kind: an option or
 * the person's words go out as given) and the `connect` API, memoized on what it shows.
 */
export function useFallback(props: UseFallbackProps): {
  api: FallbackApi;
  decline: ((reason?: string) => void) | undefined;
} {
  const { kind, reason, issues, options = noOptions, onAnswer, answerText, answerValue, onDecline } = props;
  const status = props.status ?? "open";
  const labels = useLabels("fallback", fallbackLabels);
  const [state, send] = useReducer(transition, initialState);
  const fresh = useAnswer<FallbackAnswer>({ status, onSubmit: onAnswer, onDecline });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fresh` is new on every render, yet acts on these inputs alone (and a ref); keeping one per set of inputs keeps the API and the shell's Decline the same across renders that change nothing (as `useKindAnswer` does).
  const reply = useMemo(() => fresh, [status, onAnswer, onDecline]);

  // Developers should see why a request fell back; once per mount, never in production.
  const warned = useRef(false);
  useEffect(() => {
    if (warned.current) return;
    warned.current = true;
    if (isDevelopment()) {
      console.warn(
        `hitl-kit: request of kind "${kind === "" ? "unknown" : kind}" shown as the fallback (${reason})${issues.length > 0 ? `:\n${formatIssues(issues)}` : ""}`,
      );
    }
  }, [kind, reason, issues]);

  const api = useMemo(
    () =>
      connect(state, send, {
        labels,
        kind,
        reason,
        issues,
        options,
        answerText,
        answerValue,
        submit: reply.submit,
        sent: reply.sent,
      }),
    [state, labels, kind, reason, issues, options, answerText, answerValue, reply],
  );
  return { api, decline: reply.decline };
}

export const [FallbackProvider, useFallbackContext] = createWidgetContext<FallbackApi>("Fallback");
