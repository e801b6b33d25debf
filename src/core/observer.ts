import { type AnswerBody, declined } from "./answer";
import type { AnswerResult, HitlClient } from "./client";
import type { HitlIssue } from "./issues";
import {
  type AnswerContext,
  type AnyKindContract,
  type KindCollectionContract,
  type KindContract,
  parseRequest,
} from "./kind";
import { selectRequest } from "./ledger";
import type { ParkedRequest } from "./model";
import type { TransportConnection } from "./transport";
import { type RequestView, viewOf } from "./view";

/**
 * The request observer, like TanStack Query's `QueryObserver`: for one request id it works out
 * everything a component shows — what the request renders as (its widget, `loading`, or the
 * answerable fallback and why), its view and receipt — and answers through the client, which
 * validates once. Framework-free: a React hook (`useParkedInput`), the renderer's loading shell
 * and crash fallback, or another framework's binding only subscribe to it.
 */

/** Why a request renders as the answerable fallback instead of its widget. */
export type FallbackReason =
  /** No widget is registered for the kind. */
  | "unknown-kind"
  /** The payload failed the kind's schema (or the adapter could not read it). */
  | "invalid-payload"
  /** The request names a remote collection the app serves no loader for. */
  | "missing-collection"
  /** The kind's widget failed to load (offline, a deploy replaced the chunk). */
  | "widget-error"
  /** The widget threw while rendering. */
  | "widget-crashed";

/** What a request renders as. `E` is what the resolver pairs a kind with (a widget entry). */
export type RequestRender<E> =
  | { readonly type: "widget"; readonly entry: E; readonly payload: unknown }
  /** A lazy widget (or what its kind prepares) is loading; `loaded` settles when it is done. */
  | { readonly type: "loading"; readonly kind: string; readonly loaded: Promise<void> }
  | {
      readonly type: "fallback";
      readonly reason: FallbackReason;
      readonly kind: string;
      readonly issues: readonly HitlIssue[];
    };

/** What the observer asks what a request renders as (a registry). */
export interface RequestResolver<E> {
  resolve(request: ParkedRequest): RequestRender<E>;
}

/** A resolver's entry, as far as the observer reads it: its kind (for remote collections). */
export interface ResolvedEntry {
  readonly kind: Pick<KindContract, "response"> & {
    // biome-ignore lint/suspicious/noExplicitAny: any kind's collection (variance of Req/Item).
    readonly collection?: KindCollectionContract<any, any> | undefined;
  };
}

export interface RequestObserverOptions<E> {
  readonly resolver: RequestResolver<E>;
  /** Whether the app serves the remote collection `id` (`HitlProvider`'s `collections`). @default none */
  readonly hasCollection?: (id: string) => boolean;
  /** Type the payload and the receipt by this kind instead of the resolver's. */
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

export function createRequestObserver<E extends ResolvedEntry>(
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
    if (options.crashed) {
      return fallback("widget-crashed", request.kind, [{ path: [], message: options.crashed.message }]);
    }
    const render = options.resolver.resolve(request);
    if (render.type === "loading") {
      if (hasSettled(render.loaded)) {
        // The resolver's one promise covers every step, so this means a step that never finished.
        return fallback("widget-error", request.kind, [
          { path: [], message: `The widget for "${request.kind}" did not finish loading` },
        ]);
      }
      if (!watched.has(render.loaded)) {
        watched.add(render.loaded);
        const mark = () => {
          settled.add(render.loaded);
          notify();
        };
        render.loaded.then(mark, mark);
      }
      return render;
    }
    if (render.type !== "widget") return render;
    // A request naming a collection the app has no loader for gets the fallback (prompt, free
    // text, Decline) instead of a widget that could never show an item.
    const source = render.entry.kind.collection?.sourceOf(render.payload);
    if (source && !(options.hasCollection?.(source.id) ?? false)) {
      missing = new MissingCollectionError(source.id);
      return fallback("missing-collection", request.kind, [{ path: ["source", "id"], message: missing.message }]);
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
          ? optional(parseRequest(options.kind, request.payload))
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

/** Loads seen to settle: a request still `loading` after its promise settled never will. */
const settled = new WeakSet<Promise<void>>();

function hasSettled(promise: Promise<void>): boolean {
  // React marks a promise it tracked (`use`) with its status, possibly before our callback ran.
  const status = (promise as { status?: string }).status;
  return settled.has(promise) || status === "fulfilled" || status === "rejected";
}

function fallback<E>(reason: FallbackReason, kind: string, issues: readonly HitlIssue[]): RequestRender<E> {
  return { type: "fallback", reason, kind, issues };
}

/** A request named a collection the app registered no loader for. */
export class MissingCollectionError extends Error {
  readonly type = "missing-collection";
  constructor(readonly sourceId: string) {
    super(`No loader for the collection "${sourceId}" (HitlProvider's collections)`);
    this.name = "MissingCollectionError";
  }
}

function optional<T>(result: { ok: true; value: T } | { ok: false }): T | undefined {
  return result.ok ? result.value : undefined;
}
