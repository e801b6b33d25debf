"use client";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { encodeDecline, MAX_ANSWER_TEXT_LENGTH } from "../core/envelope";
import type { HitlIssue } from "../core/issues";
import { selectRequest } from "../core/ledger";
import type { AnswerPayload, ParkedRequest } from "../core/model";
import { type AnyKind, parseRequest, type RequestOf, type ResponseOf, validateAnswer } from "../kinds/define-kind";
import { type HitlContextValue, useHitlContext } from "./provider";
import type { RegistryResolution } from "./registry";
import { type RequestView, viewOf } from "./status";
import { HitlTransportError, type TransportConnection, toTransportError } from "./transport";
import type { SubmitResult } from "./widget-props";

export interface ParkedInput<Req = unknown, Res = unknown> extends RequestView<Res> {
  /** The ledger's record, or `undefined` while the request is unknown to this client. */
  readonly request: ParkedRequest | undefined;
  /** The widget and typed payload, or the fallback with its issues. */
  readonly resolution: RegistryResolution | undefined;
  /** The payload parsed by the kind (undefined for the fallback). */
  readonly payload: Req | undefined;
  readonly connection: TransportConnection;
  /** The transport error message when status is `error` (or an unconfirmed send). */
  readonly error: string | undefined;
  /** Validates, encodes ONE answer and sends it at most once. */
  submit(value: Res): SubmitResult;
  /** Sends the decline answer (for approvals: deny, with the reason as the note). */
  decline(reason?: string): SubmitResult;
  /** Sends a raw answer (`{ optionId }` / `{ text }`): the fallback's way to answer any request. */
  answerRaw(answer: AnswerPayload): SubmitResult;
  /** After a definite failure, sends the same answer again. */
  retry(): void;
}

export interface UseParkedInputOptions<D extends AnyKind> {
  /** Type the payload and answer by this kind (otherwise the registry's kind is used). */
  readonly kind?: D;
}

/**
 * Turns one parked request into exactly one answer. Every component that renders the same
 * request shares its state through the ledger, so double clicks, StrictMode, two renderers,
 * unmounts and reloads cannot produce a second answer.
 */
export function useParkedInput<D extends AnyKind = AnyKind>(
  request: ParkedRequest | string,
  options: UseParkedInputOptions<D> = {},
): ParkedInput<RequestOf<D>, ResponseOf<D>> {
  const context = useHitlContext();
  const { transport, registry, queryClient } = context;
  const requestId = typeof request === "string" ? request : request.requestId;
  const { store, connection: conn, sessionKey } = transport;

  const getRequest = useCallback(() => selectRequest(store.getSnapshot(), requestId), [store, requestId]);
  const current = useSyncExternalStore(store.subscribe, getRequest, getRequest);
  const connection = useSyncExternalStore(conn.subscribe, conn.getSnapshot, () => "catching-up" as const);

  const resolution = useMemo(() => (current ? registry.resolve(current) : undefined), [current, registry]);
  const kind: AnyKind | undefined = options.kind ?? (resolution?.type === "widget" ? resolution.entry.kind : undefined);
  const payload = useMemo(() => {
    if (!current) return undefined;
    if (!options.kind) return resolution?.type === "widget" ? resolution.payload : undefined;
    const parsed = parseRequest(options.kind, current.payload);
    return parsed.ok ? parsed.value : undefined;
  }, [current, options.kind, resolution]);

  const mutation = useMutation(
    {
      mutationKey: ["hitl-kit", sessionKey, requestId],
      mutationFn: (answer: AnswerPayload) => sendOnce(context, requestId, answer),
      // Only answers that certainly never arrived are sent again, and only for transient causes.
      retry: (failures, error) => {
        const e = toTransportError(error);
        return e.kind === "rejected" && e.transient && failures < 3;
      },
      retryDelay: (attempt) => Math.min(400 * 2 ** attempt, 4000),
      // Option-level callbacks run even if the component unmounted mid-send.
      onSuccess: () => store.dispatch({ type: "accepted", requestId }),
      onError: (error) => {
        const e = toTransportError(error);
        store.dispatch({ type: "failed", requestId, error: { kind: e.kind, message: e.message } });
        if (e.kind === "rejected") context.journal.release(sessionKey, requestId);
        context.reportError({ type: "send-failed", requestId, error: e });
      },
    },
    queryClient,
  );
  const { mutate } = mutation;

  const send = useCallback(
    (answer: AnswerPayload): SubmitResult => {
      const problem = checkWire(answer) ?? (conn.getSnapshot() === "live" ? undefined : RECONNECTING);
      if (problem) return { ok: false, issues: [problem] };
      // The one gate: only the caller that moves the request from open to submitting sends.
      if (!store.beginSubmit(requestId, answer)) return { ok: true };
      context.journal.record(sessionKey, requestId, answer);
      mutate(answer);
      return { ok: true };
    },
    [conn, store, requestId, context.journal, sessionKey, mutate],
  );

  const submit = useCallback(
    (value: ResponseOf<D>): SubmitResult => {
      if (!kind || payload === undefined) return { ok: false, issues: [NO_KIND] };
      const checked = validateAnswer(kind, payload, value);
      if (!checked.ok) return { ok: false, issues: checked.issues };
      return send(kind.encode(checked.value));
    },
    [kind, payload, send],
  );

  const decline = useCallback(
    (reason?: string): SubmitResult =>
      current ? send(declineAnswer(current, kind, reason)) : { ok: false, issues: [NO_KIND] },
    [current, kind, send],
  );

  const retry = useCallback(() => {
    const before = selectRequest(store.getSnapshot(), requestId);
    store.dispatch({ type: "retry", requestId });
    const after = selectRequest(store.getSnapshot(), requestId);
    // As with submit: only the caller whose retry moved the request sends.
    if (before?.state === "open" && after?.state === "submitting" && after.submitted) mutate(after.submitted);
  }, [store, requestId, mutate]);

  const view = useMemo(
    () => (current ? viewOf<ResponseOf<D>>(current, kind) : { status: "open" as const }),
    [current, kind],
  );

  return {
    ...view,
    request: current,
    resolution,
    payload: payload as RequestOf<D> | undefined, // parsed by `kind` above
    connection,
    error: current?.error?.message,
    submit,
    decline,
    answerRaw: send,
    retry,
  };
}

/** Claims the request across tabs, then sends. Runs once per attempt inside the mutation. */
async function sendOnce(context: HitlContextValue, requestId: string, answer: AnswerPayload): Promise<void> {
  const { transport, journal } = context;
  if ((await journal.claim(transport.sessionKey, requestId)) === "taken") {
    // Another tab is answering: wait for the stream to settle it (or reopen it if it never does).
    throw new HitlTransportError("This request is being answered in another tab.", "unconfirmed");
  }
  await transport.send({ requestId, ...answer });
}

/** The decline answer for a request: kind-specific, or the generic one for the fallback. */
export function declineAnswer(request: ParkedRequest, kind: AnyKind | undefined, reason?: string): AnswerPayload {
  if (kind) return kind.encodeDecline(reason);
  // An approval only accepts approve/cancel; anything else would resolve as invalid.
  if (request.origin === "tool-approval") return reason ? { optionId: "cancel", text: reason } : { optionId: "cancel" };
  return { text: encodeDecline(request.kind || "unknown", reason) };
}

function checkWire(answer: AnswerPayload): HitlIssue | undefined {
  if (answer.optionId === undefined && (answer.text === undefined || answer.text.trim() === "")) {
    return { path: [], message: "An answer needs an option or some text" };
  }
  if (answer.text !== undefined && answer.text.length > MAX_ANSWER_TEXT_LENGTH) {
    return { path: ["text"], message: "The answer is too long" };
  }
  return undefined;
}

const RECONNECTING: HitlIssue = { path: [], message: "Reconnecting to the agent; try again in a moment." };
const NO_KIND: HitlIssue = {
  path: [],
  message: "This request cannot take a structured answer; answer with text instead.",
};
