"use client";
import { type RefObject, useEffect, useRef } from "react";
import type { HitlIssue } from "../../core/issues";
import { type AnswerContext, type KindDefinition, validateAnswer } from "../../kinds/define-kind";
import { isInteractive, type SubmitResult, type WidgetStatus } from "../../react/widget-props";

/**
 * One answer per user action, for every widget. A double click, Enter then a click, or a decline
 * right after a submit must not reach the agent twice. The host moves `status` once it has the
 * answer (submitting, error, …), so that is when the widget may answer again; a refusal from
 * `onSubmit` re-opens it at once, since nothing was taken.
 */

/** What became of one `submit`. The widget decides which field shows which issue. */
export type AnswerOutcome<Res> =
  /** Nothing was sent and nothing checked: an answer is already out, or the widget can't be operated. */
  | { readonly type: "ignored" }
  /** The kind's schema refused the value; nothing was sent. */
  | { readonly type: "invalid"; readonly issues: readonly HitlIssue[] }
  /** `onSubmit` refused the answer; the widget can be answered again. */
  | { readonly type: "refused"; readonly issues: readonly HitlIssue[] }
  /** Sent (`issues` is empty: clear what was shown). */
  | { readonly type: "sent"; readonly value: Res; readonly issues: readonly HitlIssue[] };

export interface Answer<In, Res> {
  /**
   * Validates (when a kind was given), then sends once. `context` carries a remote collection's
   * loaded items (see `validateAnswer`); it is handed on to `onSubmit` with the value.
   */
  readonly submit: (value: In, context?: AnswerContext) => AnswerOutcome<Res>;
  /** `onDecline` behind the same guard: a decline is the one answer too. Undefined without `onDecline`. */
  readonly decline: ((reason?: string) => void) | undefined;
  /** An answer or decline went out and `status` has not moved since: skip local checks too. */
  readonly sent: () => boolean;
}

interface AnswerOptions<Res> {
  status: WidgetStatus | undefined;
  onSubmit: ((value: Res, context?: AnswerContext) => SubmitResult | undefined) | undefined;
  onDecline?: ((reason?: string) => void) | undefined;
}

/** Validates each value against `payload` with `kind` before sending it. */
export function useAnswer<Req, Res>(
  options: AnswerOptions<Res> & { kind: KindDefinition<string, Req, Res>; payload: NoInfer<Req> },
): Answer<unknown, Res>;
/** Sends values as given: already validated by the widget, or raw (the fallback). */
export function useAnswer<Res>(options: AnswerOptions<Res>): Answer<Res, Res>;
export function useAnswer<Req, Res>({
  kind,
  payload,
  status,
  onSubmit,
  onDecline,
}: AnswerOptions<Res> & { kind?: KindDefinition<string, Req, Res>; payload?: Req }): Answer<unknown, Res> {
  const sent = useSentFlag(status);
  const submit = (value: unknown, context?: AnswerContext): AnswerOutcome<Res> => {
    if (!isInteractive(status ?? "open") || sent.current) return IGNORED;
    const checked = kind
      ? validateAnswer(kind, payload as Req, value, context)
      : { ok: true as const, value: value as Res };
    if (!checked.ok) return { type: "invalid", issues: checked.issues };
    sent.current = true;
    const result = context ? onSubmit?.(checked.value, context) : onSubmit?.(checked.value);
    if (result && !result.ok) {
      sent.current = false;
      return { type: "refused", issues: result.issues };
    }
    return { type: "sent", value: checked.value, issues: [] };
  };
  const decline =
    onDecline &&
    ((reason?: string) => {
      if (sent.current) return;
      sent.current = true;
      onDecline(reason);
    });
  return { submit, decline, sent: () => sent.current };
}

const IGNORED = { type: "ignored" } as const;

/**
 * The "an answer went out" flag behind `useAnswer` (and `ShellDecline`): set by the caller when it
 * sends, cleared whenever `key` changes.
 */
export function useSentFlag(key: unknown): RefObject<boolean> {
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-arming on every change of `key` is the point.
  useEffect(() => {
    sent.current = false;
  }, [key]);
  return sent;
}
