"use client";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { type AnswerBody, declined } from "../core/answer";
import type { SubmitResult } from "../core/client";
import type { HitlIssue } from "../core/issues";
import { selectRequest } from "../core/ledger";
import type { ParkedRequest } from "../core/model";
import type { TransportConnection } from "../core/transport";
import {
  type AnswerContext,
  type AnyKind,
  parseRequest,
  type RequestOf,
  type ResponseOf,
  validateAnswer,
} from "../kinds/define-kind";
import { MissingCollectionError } from "./collections";
import { useHitlContext } from "./provider";
import type { RegistryResolution } from "./registry";
import { type RequestView, viewOf } from "./status";
import { suspend } from "./suspend";

export interface ParkedInput<Req = unknown, Res = unknown> extends RequestView<Res> {
  /** The ledger's record, or `undefined` while the request is unknown to this client. */
  readonly request: ParkedRequest | undefined;
  /** The widget and typed payload, or the fallback with its issues. */
  /** Never `loading`: the hook suspends until a lazy widget's kind has loaded. */
  readonly resolution: Exclude<RegistryResolution, { type: "loading" }> | undefined;
  /** The payload parsed by the kind (undefined for the fallback). */
  readonly payload: Req | undefined;
  readonly connection: TransportConnection;
  /** The transport error message when status is `error` (or an unconfirmed send). */
  readonly error: string | undefined;
  /**
   * Validates ONE typed answer and sends it at most once. For a request that names a remote
   * collection, `context.items` are the items its loader returned (at least those the answer
   * picks): the kind's cross-check runs against them, so an id never loaded is refused.
   */
  submit(value: Res, context?: AnswerContext): SubmitResult;
  /** Sends the decline: one answer, so the tool call still gets its result (approvals: deny). */
  decline(reason?: string): SubmitResult;
  /**
   * Answers with an option the transport offered, or with the person's own words: the
   * fallback's way to answer any request.
   */
  answerRaw(answer: { readonly optionId?: string; readonly text?: string }): SubmitResult;
  /** Closes the request without deciding, where the transport allows it (`request.dismissible`). */
  dismiss(): SubmitResult;
  /** After a definite failure, sends the same answer again. */
  retry(): void;
}

export interface UseParkedInputOptions<D extends AnyKind> {
  /** Type the payload and answer by this kind (otherwise the registry's kind is used). */
  readonly kind?: D;
}

/**
 * Turns one parked request into exactly one answer: a thin binding over the `HitlClient`, which
 * owns the one gate. Every component that renders the same request shares its state through
 * the ledger, so double clicks, StrictMode, two renderers, unmounts and reloads cannot produce a
 * second answer.
 */
export function useParkedInput<D extends AnyKind = AnyKind>(
  request: ParkedRequest | string,
  options: UseParkedInputOptions<D> = {},
): ParkedInput<RequestOf<D>, ResponseOf<D>> {
  return useInput(request, options, "suspend") as ParkedInput<RequestOf<D>, ResponseOf<D>>; // never `loading` when suspending
}

/** What the renderer reads of a request: as `ParkedInput`, but `loading` while its widget loads. */
export interface RendererInput extends Omit<ParkedInput, "resolution"> {
  readonly resolution: RegistryResolution | undefined;
}

/**
 * @internal `HitlRenderer`'s binding. While a lazy widget loads it resolves to `loading` and
 * renders again once the load settles, instead of suspending: React holds back the reveal of a
 * suspended boundary for up to 300 ms after its fallback showed, so a first picker would wait
 * that long for nothing. A server render and hydration still suspend — that is what puts the
 * widget's markup in the HTML and keeps it while the client loads the widget.
 */
export function useRendererInput(requestId: string): RendererInput {
  return useInput(requestId, {}, "report");
}

// `false` in the browser after hydration; `true` on the server and while hydrating.
const subscribeNever = () => () => {};
const onClient = () => false;
const onServer = () => true;

function useInput<D extends AnyKind>(
  request: ParkedRequest | string,
  options: UseParkedInputOptions<D>,
  whileLoading: "suspend" | "report",
): RendererInput {
  const { client, registry, collections, reportError } = useHitlContext();
  const requestId = typeof request === "string" ? request : request.requestId;
  const { store, connection: conn } = client.transport;

  const getRequest = useCallback(() => selectRequest(store.getSnapshot(), requestId), [store, requestId]);
  const current = useSyncExternalStore(store.subscribe, getRequest, getRequest);
  const connection = useSyncExternalStore(conn.subscribe, conn.getSnapshot, () => "catching-up" as const);

  const memoized = useMemo(() => (current ? registry.resolve(current) : undefined), [current, registry]);
  const loading = memoized?.type === "loading" ? memoized.loaded : undefined;
  const serverOrHydrating = useSyncExternalStore(subscribeNever, onClient, onServer);
  const suspends = whileLoading === "suspend" || serverOrHydrating;
  const loaded = useSettled(suspends ? undefined : loading);
  // While its request loads (the widget, then what its kind prepares), every render suspends on
  // the promise it first saw: React replays a suspended render and expects the same `use`, and a
  // settled promise returns at once. Then the registry resolves again, now to the widget.
  if (loading && suspends) suspend(loading);
  let resolved = loading && current ? registry.resolve(current) : memoized;
  if (resolved?.type === "loading" && current && (suspends || loaded)) {
    // The registry's one promise covers every step, so this means a step that never finished.
    resolved = {
      type: "fallback",
      reason: "widget-error",
      kind: current.kind,
      issues: [{ path: [], message: `The widget for "${current.kind}" did not finish loading` }],
    };
  }
  // A request naming a collection the app has no loader for gets the fallback (prompt, free text,
  // Decline) instead of a widget that could never show an item.
  const source = resolved?.type === "widget" ? resolved.entry.kind.collection?.sourceOf(resolved.payload) : undefined;
  const missing = source && !Object.hasOwn(collections, source.id) ? source.id : undefined;
  const resolution =
    missing && current
      ? {
          type: "fallback" as const,
          reason: "invalid-payload" as const,
          kind: current.kind,
          issues: [{ path: ["source", "id"], message: new MissingCollectionError(missing).message }],
        }
      : resolved;
  useEffect(() => {
    if (missing) {
      reportError({
        type: "missing-collection",
        requestId,
        sourceId: missing,
        error: new MissingCollectionError(missing),
      });
    }
  }, [missing, reportError, requestId]);
  const kind: AnyKind | undefined = options.kind ?? (resolution?.type === "widget" ? resolution.entry.kind : undefined);
  const payload = useMemo(() => {
    if (!current) return undefined;
    if (!options.kind) return resolution?.type === "widget" ? resolution.payload : undefined;
    const parsed = parseRequest(options.kind, current.payload);
    return parsed.ok ? parsed.value : undefined;
  }, [current, options.kind, resolution]);

  const send = useCallback((answer: AnswerBody) => client.answer(requestId, answer), [client, requestId]);

  const submit = useCallback(
    (value: ResponseOf<D>, context?: AnswerContext): SubmitResult => {
      if (!kind || payload === undefined) return { ok: false, issues: [NO_KIND] };
      const checked = validateAnswer(kind, payload, value, context);
      if (!checked.ok) return { ok: false, issues: checked.issues };
      return send({ type: "value", value: checked.value });
    },
    [kind, payload, send],
  );

  const decline = useCallback((reason?: string): SubmitResult => send(declined(reason)), [send]);

  const answerRaw = useCallback(
    (answer: { readonly optionId?: string; readonly text?: string }): SubmitResult => {
      if (answer.optionId !== undefined) return send({ type: "option", optionId: answer.optionId });
      return send({ type: "reply", text: answer.text ?? "" });
    },
    [send],
  );

  const dismiss = useCallback(
    (): SubmitResult =>
      current?.dismissible === true ? send({ type: "dismissed" }) : { ok: false, issues: [NOT_DISMISSIBLE] },
    [current?.dismissible, send],
  );

  const retry = useCallback(() => client.retry(requestId), [client, requestId]);

  const view = useMemo(
    () => (current ? viewOf<ResponseOf<D>>(current, kind) : { status: "open" as const }),
    [current, kind],
  );

  return {
    ...view,
    request: current,
    resolution,
    payload,
    connection,
    error: current?.error?.message,
    submit,
    decline,
    answerRaw,
    dismiss,
    retry,
  };
}

/** Whether `promise` has settled: a render once it has (a promise never settled reads `false`). */
function useSettled(promise: Promise<void> | undefined): boolean {
  const [settled, setSettled] = useState<Promise<void>>();
  useEffect(() => {
    if (!promise) return;
    let live = true;
    const mark = () => {
      if (live) setSettled(promise);
    };
    promise.then(mark, mark);
    return () => {
      live = false;
    };
  }, [promise]);
  return promise !== undefined && settled === promise;
}

const NOT_DISMISSIBLE: HitlIssue = { path: [], message: "This request needs an answer; decline it instead." };
const NO_KIND: HitlIssue = {
  path: [],
  message: "This request cannot take a structured answer; answer with text instead.",
};
