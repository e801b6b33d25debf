import type { HitlIssue } from "./issues";
import { type AnyKindContract, parsePayload } from "./kind";
import { usesReservedKind } from "./model";

/**
 * What a request renders as — its widget, `loading`, or the answerable fallback and why — decided
 * here and nowhere else: the registry only says which entry a kind name has (`RenderSource`), the
 * request observer adds what it alone knows (a crash, the app's collections), and React only
 * chooses how to show `loading` (suspend or a shell). Framework-free and pure but for its caches.
 */

/** Why a request renders as the answerable fallback instead of its widget. */
export type FallbackReason =
  /** No widget is registered for the kind. */
  | "unknown-kind"
  /** The payload failed the kind's schema, the adapter could not read it, or it used a reserved kind. */
  | "invalid-payload"
  /** The request names a remote collection the app serves no loader for. */
  | "missing-collection"
  /** The kind's widget failed to load (offline, a deploy replaced the chunk). */
  | "widget-error"
  /** The widget threw while rendering. */
  | "widget-crashed";

/** What a request renders as. `E` is the entry a source pairs a kind with (a widget entry). */
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

/** What the decision reads of an entry: its kind. */
export interface RenderEntry {
  readonly kind: AnyKindContract & {
    /** Work a payload needs before it can be parsed (the form's pattern engine), or `undefined`. */
    readonly prepare?: ((payload: unknown) => Promise<void> | undefined) | undefined;
  };
}

/** Where a kind name's entry stands: loaded, still loading, failed to load, or not registered. */
export type EntryState<E> =
  | { readonly entry: E }
  | { readonly loading: Promise<void> }
  | { readonly failed: unknown }
  | undefined;

/** Which entry a kind name has (a registry). */
export interface RenderSource<E extends RenderEntry> {
  entryFor(kind: string): EntryState<E>;
}

/** What the decision reads of a request. */
export interface RenderableRequest {
  readonly kind: string;
  readonly payload: unknown;
  readonly native?: boolean | undefined;
  /** Issues the adapter found: the request renders as the fallback with them. */
  readonly issues?: readonly HitlIssue[] | undefined;
}

export interface RenderOptions {
  /** The widget threw while rendering this request. */
  readonly crashed?: Error | undefined;
  /** Whether the app serves the remote collection `id`. Without it, a request naming one gets the fallback. */
  readonly hasCollection?: ((id: string) => boolean) | undefined;
}

/** A collection a request names that the app has no loader for. */
export class MissingCollectionError extends Error {
  readonly type = "missing-collection";
  constructor(readonly sourceId: string) {
    super(`No loader for the collection "${sourceId}" (HitlProvider's collections)`);
    this.name = "MissingCollectionError";
  }
}

/**
 * What `request` renders as with `source`'s entries. Never throws. The same payload object gets
 * the same result (and, while it loads, the same promise: a render that suspended on it finds it
 * again); a request still `loading` after its promise settled gets `widget-error` — a step that
 * never finished would otherwise spin forever.
 */
export function renderRequest<E extends RenderEntry>(
  source: RenderSource<E>,
  request: RenderableRequest,
  options: RenderOptions = {},
): RequestRender<E> {
  const { kind } = request;
  if (options.crashed) return fallback("widget-crashed", kind, [{ path: [], message: options.crashed.message }]);
  if (request.issues !== undefined && request.issues.length > 0) {
    return fallback("invalid-payload", kind, request.issues);
  }
  if (usesReservedKind(request)) {
    return fallback("invalid-payload", kind, [
      {
        path: ["kind"],
        message: `"${kind}" is reserved for the transport's own requests; a tool's ui.kind cannot use it`,
      },
    ]);
  }
  const state = source.entryFor(kind);
  if (state === undefined) {
    return fallback("unknown-kind", kind, [
      {
        path: ["kind"],
        message: kind === "" ? "The request has no ui.kind" : `No widget is registered for kind "${kind}"`,
      },
    ]);
  }
  if ("failed" in state) {
    // A chunk that failed to load (offline, a deploy replaced it): still answerable, as text.
    const message = state.failed instanceof Error ? state.failed.message : String(state.failed);
    return fallback("widget-error", kind, [
      { path: [], message: `The widget for "${kind}" could not be loaded: ${message}` },
    ]);
  }
  if ("loading" in state) return loading(source, request, state.loading);
  const { entry } = state;
  // The kind needs something first for this payload (the form, its pattern engine).
  const preparing = entry.kind.prepare?.(request.payload);
  if (preparing) return loading(source, request, preparing);
  const parsed = parsePayload(entry.kind, request.payload);
  if (!parsed.ok) return fallback("invalid-payload", kind, parsed.issues);
  // A request naming a collection the app has no loader for gets the fallback (prompt, free
  // text, Decline) instead of a widget that could never show an item.
  const collection = entry.kind.collection?.sourceOf(parsed.value);
  if (collection && !(options.hasCollection?.(collection.id) ?? false)) {
    return fallback("missing-collection", kind, [
      { path: ["source", "id"], message: new MissingCollectionError(collection.id).message },
    ]);
  }
  return widgetOf(entry, parsed.value);
}

/** The widget result per entry and parsed payload: the same object while neither changes. */
const widgets = new WeakMap<object, WeakMap<object, RequestRender<RenderEntry>>>();

function widgetOf<E extends RenderEntry>(entry: E, payload: unknown): RequestRender<E> {
  if (typeof payload !== "object" || payload === null) return { type: "widget", entry, payload };
  const byPayload = widgets.get(entry) ?? new WeakMap<object, RequestRender<RenderEntry>>();
  widgets.set(entry, byPayload);
  const known = byPayload.get(payload) as RequestRender<E> | undefined;
  if (known) return known;
  const made: RequestRender<E> = { type: "widget", entry, payload };
  byPayload.set(payload, made as RequestRender<RenderEntry>);
  return made;
}

/** One promise per source and payload for every step (its widget, then what its kind prepares). */
const loadings = new WeakMap<object, WeakMap<object, Promise<void>>>();
/** Loads seen to settle: a request still `loading` after its promise settled never will. */
const settled = new WeakSet<Promise<void>>();

function loading<E extends RenderEntry>(
  source: RenderSource<E>,
  request: RenderableRequest,
  first: Promise<void>,
): RequestRender<E> {
  const { kind, payload } = request;
  const key = typeof payload === "object" && payload !== null ? payload : undefined;
  const bySource = loadings.get(source) ?? new WeakMap<object, Promise<void>>();
  loadings.set(source, bySource);
  let all = key && bySource.get(key);
  if (!all) {
    // After the widget has loaded: the kind's preparation, if this payload needs one.
    all = first.then(() => {
      const state = source.entryFor(kind);
      return state && "entry" in state ? state.entry.kind.prepare?.(payload) : undefined;
    });
    const mark = () => settled.add(all as Promise<void>);
    all.then(mark, mark);
    if (key) bySource.set(key, all);
  }
  if (hasSettled(all)) {
    // The one promise covers every step, so this means a step that never finished.
    return fallback("widget-error", kind, [{ path: [], message: `The widget for "${kind}" did not finish loading` }]);
  }
  return { type: "loading", kind, loaded: all };
}

function hasSettled(promise: Promise<void>): boolean {
  // React marks a promise it tracked (`use`) with its status, possibly before our callback ran.
  const status = (promise as { status?: string }).status;
  return settled.has(promise) || status === "fulfilled" || status === "rejected";
}

function fallback<E>(reason: FallbackReason, kind: string, issues: readonly HitlIssue[]): RequestRender<E> {
  return { type: "fallback", reason, kind, issues };
}
