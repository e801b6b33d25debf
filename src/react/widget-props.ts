import type { HitlIssue } from "../core/issues";
import type { RawAnswer } from "../core/observer";
import type { FallbackReason } from "../core/render";
import type { AnswerContext } from "../kinds/define-kind";

export type { AnswerResult, SubmitResult } from "../core/client";
export type { RawAnswer } from "../core/observer";
export type { FallbackReason } from "../core/render";

import type { SubmitResult } from "../core/client";

export { type WidgetStatus, widgetStatuses } from "../core/view";
/*
 * What a widget gets from its host besides props: for a request over a remote collection, the
 * app's loaders (`CollectionsContext`, read by `useRemoteCollection`). Re-exported here, beside
 * the props every widget imports, so the widgets and the chat page share one chunk for it.
 */
export { CollectionsContext, MissingCollectionError } from "./collections";

import type { WidgetStatus } from "../core/view";

/** Statuses in which the widget can still be operated. */
export function isInteractive(status: WidgetStatus): boolean {
  return status === "open" || status === "error";
}

export type SettledStatus = Exclude<WidgetStatus, "open" | "submitting" | "responded" | "error">;

/** Statuses that show a read-only receipt: the request is over. */
export function isSettledStatus(status: WidgetStatus): status is SettledStatus {
  return !isInteractive(status) && status !== "submitting" && status !== "responded";
}

/**
 * The props every registered widget receives. Widgets are usable on their own too (stories,
 * tests): pass a payload and handlers; the renderer wires them to `useParkedInput`.
 */
export interface HitlWidgetProps<Req, Res> {
  /** The request payload, already parsed by the kind's request schema. */
  payload: Req;
  /** What the agent asks; the widget's accessible name (legend). */
  prompt: string;
  /** @default "open" */
  status?: WidgetStatus;
  /** The answer to show in the receipt (answered, approved, denied). */
  answer?: Res;
  /** The reason a person gave when declining, for the receipt. */
  declineReason?: string;
  /** Why sending failed (status `error`); the widget offers Retry. */
  error?: string;
  /**
   * Sends a validated answer. May refuse with issues (shown inline). A widget over a remote
   * collection passes the loaded items the answer picks as `context`, so the host checks the
   * answer against what the loader returned.
   */
  onSubmit?: (value: Res, context?: AnswerContext) => SubmitResult | undefined;
  /** Sends the decline answer: one answer, so the agent's tool call still gets a result. */
  onDecline?: (reason?: string) => void;
  /** Sends the same answer again after an error. */
  onRetry?: () => void;
  className?: string;
}

/** Props of the fallback: shown for an unknown kind, an invalid payload or a crashed widget. */
export interface FallbackProps {
  prompt: string;
  /** The request's kind ("" when the payload had none). */
  kind: string;
  reason: FallbackReason;
  issues: readonly HitlIssue[];
  /** The options the transport offered with the request, shown as buttons. */
  options?: readonly { id: string; label: string; description?: string }[];
  status?: WidgetStatus;
  error?: string;
  declineReason?: string;
  /** The answer as text (a reply's words, an option id), for the receipt. */
  answerText?: string;
  /** A structured answer (e.g. sent by the widget before it crashed), for the receipt. */
  answerValue?: unknown;
  /** Answers with an offered option (`{ type: "option", optionId }`) or the person's words (`{ type: "reply", text }`). */
  onAnswer: (answer: RawAnswer) => SubmitResult | undefined;
  onDecline?: (reason?: string) => void;
  onRetry?: () => void;
  className?: string;
}
