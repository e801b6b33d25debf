"use client";
import { useMemo, useSyncExternalStore } from "react";
import type { AnswerResult } from "../core/client";
import type { ParkedRequest } from "../core/model";
import { createRequestObserver, type RequestSnapshot } from "../core/observer";
import type { RequestRender } from "../core/render";
import type { AnswerContext, AnyKind, RequestOf, ResponseOf } from "../kinds/define-kind";
import { useHitlContext } from "./provider";
import type { WidgetEntry } from "./registry";
import { suspend } from "./suspend";

/** One request as a component shows it: the observer's snapshot, typed by the request's kind. */
export interface ParkedInput<Req = unknown, Res = unknown>
  extends Omit<RequestSnapshot<WidgetEntry>, "resolution" | "payload" | "answer" | "submit"> {
  /** The widget and typed payload, or the fallback with its reason and issues. Never `loading`: the hook suspends. */
  readonly resolution: Exclude<RequestRender<WidgetEntry>, { type: "loading" }> | undefined;
  readonly payload: Req | undefined;
  readonly answer?: Res;
  /** Sends ONE answer, validated by the client against the request; refused with issues otherwise. */
  submit(value: Res, context?: AnswerContext): AnswerResult;
}

export interface UseParkedInputOptions<D extends AnyKind> {
  /** Type the payload and answer by this kind (otherwise the registry's kind is used). */
  readonly kind?: D;
}

/**
 * Turns one parked request into exactly one answer: subscribes to the request's observer (what
 * it renders as, its view, and answering through the client's one gate). Suspends while the
 * request's widget loads: use it under a `<Suspense>`.
 */
export function useParkedInput<D extends AnyKind = AnyKind>(
  request: ParkedRequest | string,
  options: UseParkedInputOptions<D> = {},
): ParkedInput<RequestOf<D>, ResponseOf<D>> {
  const snapshot = useRequestSnapshot(typeof request === "string" ? request : request.requestId, options.kind);
  if (snapshot.resolution?.type === "loading") suspend(snapshot.resolution.loaded);
  return snapshot as ParkedInput<RequestOf<D>, ResponseOf<D>>; // not loading: suspended above
}

/** @internal The observer's snapshot for one request (the renderer reads `loading` instead of suspending). */
export function useRequestSnapshot(requestId: string, kind?: AnyKind, crashed?: Error): RequestSnapshot<WidgetEntry> {
  const { client, registry, collections } = useHitlContext();
  const observer = useMemo(
    () =>
      createRequestObserver<WidgetEntry>(client, requestId, {
        source: registry,
        hasCollection: (id) => Object.hasOwn(collections, id),
        ...(kind ? { kind } : {}),
        ...(crashed ? { crashed } : {}),
      }),
    [client, registry, collections, requestId, kind, crashed],
  );
  return useSyncExternalStore(observer.subscribe, observer.getSnapshot, observer.getServerSnapshot);
}
