import { type AnswerBody, declined } from "./answer";
import type { AnswerResult, HitlClient } from "./client";
import { type AnswerContext, type AnyKindContract, parsePayload } from "./kind";
import { selectRequest } from "./ledger";
import type { ParkedRequest } from "./model";
import {
  MissingCollectionError,
  type RenderEntry,
  type RenderSource,
  type RequestRender,
  renderRequest,
} from "./render";
import type { TransportConnection } from "./transport";
import { type RequestView, viewOf } from "./view";

/**
 * The request observer, like TanStack Query's `QueryObserver`: for one request id it works out
 * everything a component shows — what the request renders as (its widget, `loading`, or the
 * answerable fallback and why), its view and receipt — and answers through the client, which
 * validates once. Framework-free: a React hook (`useParkedInput`), the renderer's loading shell
 * and crash fallback, or another framework's binding only subscribe to it.
 */

export interface RequestObserverOptions<E extends RenderEntry> {
  /** Which entry (widget) each kind name has: a registry. */
  readonly source: RenderSource<E>;
  /** Whether the app serves the remote collection `id` (`HitlProvider`'s `collections`). @default none */
  readonly hasCollection?: (id: string) => boolean;
  /** Type the payload and the receipt by this kind instead of the source's. */
  readonly kind?: AnyKindContract;
  /** The widget threw while rendering: the request renders as the fallback with this error. */
  readonly crashed?: Error;
}

/** Everything a component shows for one request, and how it answers. */
export interface RequestSnapshot<E = unknown> extends RequestView {
  /** The ledger's record, or `undefined` while the request is unknown to this client. */
  readonly request: ParkedRequest | undefined;
  /** What it renders as; `undefined` while the request is unknown. */
  readonly resolution: RequestRender<E> | undefined;
  /** The payload parsed by the kind (`undefined` for the fallback). */
  readonly payload: unknown;
  readonly connection: TransportConnection;
  /** The transport error message when status is `error` (or an unconfirmed send). */
  readonly error: string | undefined;
  /**
   * Sends ONE typed answer, validated by the client against the request (for a remote
   * collection, `context.items` are the loaded items the answer picks).
   */
  submit(value: unknown, context?: AnswerContext): AnswerResult;
  /** Sends the decline: one answer, so the tool call still gets its result (an approval: deny). */
  decline(reason?: string): AnswerResult;
  /** Answers with an option the transport offered, or the person's own words (the fallback). */
  answerRaw(answer: RawAnswer): AnswerResult;
  /** Closes the request without deciding, where the transport allows it (`request.dismissible`). */
  dismiss(): AnswerResult;
  /** After a definite failure, sends the same answer again. */
  retry(): void;
}

/** An answer that needs no kind: an offered option, or the person's own words. */
export type RawAnswer = Extract<AnswerBody, { readonly type: "option" | "reply" }>;

export interface RequestObserver<E = unknown> {
  getSnapshot(): RequestSnapshot<E>;
  /** As `getSnapshot`, for a server render: not live yet (answers wait until the page is). */
  getServerSnapshot(): RequestSnapshot<E>;
  subscribe(listener: () => void): () => void;
}

export function createRequestObserver<E extends RenderEntry>(
  client: HitlClient,
  requestId: string,
  options: RequestObserverOptions<E>,
): RequestObserver<E> {
  const methods = {
    submit: (value: unknown, context?: AnswerContext) => client.answer(requestId, { type: "value", value }, context),
    decline: (reason?: string) => client.answer(requestId, declined(reason)),
    answerRaw: (answer: RawAnswer) => client.answer(requestId, answer),
    dismiss: () => client.answer(requestId, { type: "dismissed" }),
    retry: () => client.retry(requestId),
  };
  /** Loads this observer waits on, to render again when they settle. */
  const watched = new WeakSet<Promise<void>>();
  const listeners = new Set<() => void>();
  /** A collection the request names that the app has no loader for, found by a read (reported by a subscriber). */
  let missing: MissingCollectionError | undefined;
  let reportedMissing = false;
  // Reads only note it: the report (an app callback, a console warning) goes from `subscribe`,
  // so a server render or a render React discards reports nothing.
  const reportMissing = () => {
    if (!missing || reportedMissing) return;
    reportedMissing = true;
    client.report({ type: "missing-collection", requestId, sourceId: missing.sourceId, error: missing });
  };
  let last: { snapshot: RequestSnapshot<E>; connection: TransportConnection } | undefined;

  const renderOf = (request: ParkedRequest): RequestRender<E> => {
    let missingId: string | undefined;
    const hasCollection = (id: string) => {
      const has = options.hasCollection?.(id) ?? false;
      if (!has) missingId = id;
      return has;
    };
    const render = renderRequest(options.source, request, { crashed: options.crashed, hasCollection });
    if (render.type === "fallback" && render.reason === "missing-collection" && missingId !== undefined) {
      missing = new MissingCollectionError(missingId);
    }
    if (render.type === "loading" && !watched.has(render.loaded)) {
      // Render again when it settles (to the widget, or to the fallback if it never finished).
      watched.add(render.loaded);
      render.loaded.then(notify, notify);
    }
    return render;
  };

  const compute = (connection: TransportConnection): RequestSnapshot<E> => {
    const request = selectRequest(client.store.getSnapshot(), requestId);
    const previous = last?.snapshot;
    // A request the ledger did not change renders as before, unless it was still loading.
    const known = previous?.request === request ? previous?.resolution : undefined;
    const resolution = known && known.type !== "loading" ? known : request ? renderOf(request) : undefined;
    if (
      previous &&
      last?.connection === connection &&
      previous.request === request &&
      (resolution === known ||
        (resolution?.type === "loading" && known?.type === "loading" && resolution.loaded === known.loaded))
    ) {
      return previous;
    }
    // The fallback shows a structured answer as it was recorded: it has no kind to type it by.
    const kind = options.kind ?? (resolution?.type === "widget" ? resolution.entry.kind : undefined);
    const payload =
      request === undefined
        ? undefined
        : options.kind
          ? optional(parsePayload(options.kind, request.payload))
          : resolution?.type === "widget"
            ? resolution.payload
            : undefined;
    const snapshot: RequestSnapshot<E> = {
      ...(request ? viewOf(request, kind) : { status: "open" as const }),
      request,
      resolution,
      payload,
      connection,
      error: request?.error?.message,
      ...methods,
    };
    last = { snapshot, connection };
    return snapshot;
  };

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    getSnapshot: () => compute(client.getConnection()),
    getServerSnapshot: () => compute("catching-up"),
    subscribe(subscriber) {
      // React reads the snapshot inside the listener: whatever that read found is reported after it.
      const listener = () => {
        subscriber();
        reportMissing();
      };
      listeners.add(listener);
      const unsubscribeStore = client.store.subscribe(listener);
      const unsubscribeConnection = client.transport.connection.subscribe(listener);
      reportMissing();
      return () => {
        listeners.delete(listener);
        unsubscribeStore();
        unsubscribeConnection();
      };
    },
  };
}

function optional<T>(result: { ok: true; value: T } | { ok: false }): T | undefined {
  return result.ok ? result.value : undefined;
}
