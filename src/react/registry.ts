import type { ComponentType } from "react";
import type { HitlIssue } from "../core/issues";
import { RESERVED_KINDS } from "../core/model";
import { type AnyKind, parseRequest, type RequestOf, type ResponseOf } from "../kinds/define-kind";
import type { HitlWidgetProps } from "./widget-props";

/** The props of the widget for kind `D`. */
export type WidgetPropsOf<D extends AnyKind> = HitlWidgetProps<RequestOf<D>, ResponseOf<D>>;

/** A kind paired with the component that renders it. */
export interface WidgetEntry<D extends AnyKind = AnyKind> {
  readonly kind: D;
  readonly component: ComponentType<WidgetPropsOf<D>>;
}

/** Pairs a kind with its widget; the component's props are checked against the kind. */
export function widget<D extends AnyKind>(kind: D, component: ComponentType<WidgetPropsOf<D>>): WidgetEntry<D> {
  return { kind, component };
}

/**
 * A widget loaded the first time its kind is asked for: the kind (its schemas) and the component
 * come together from `load`, so a page pays for neither until a request of that kind arrives.
 * `kind` is only the name; the registry resolves such a request to `loading` until `load` settles
 * (`useParkedInput` suspends meanwhile, and `HitlRenderer` shows an answerable loading shell).
 *
 *   lazyWidget("media", () => import("./media-entry.js").then((m) => m.default))
 */
export interface LazyWidget<D extends AnyKind = AnyKind> {
  readonly lazy: true;
  readonly kindName: D["kind"];
  readonly load: () => Promise<WidgetEntry<D>>;
}

export function lazyWidget<D extends AnyKind>(kindName: D["kind"], load: () => Promise<WidgetEntry<D>>): LazyWidget<D> {
  return { lazy: true, kindName, load };
}

/** What loading a lazy widget has come to (shared by every registry that holds it). */
interface LoadState {
  promise: Promise<void>;
  entry?: WidgetEntry;
  error?: unknown;
}
const loads = new WeakMap<LazyWidget, LoadState>();

function startLoad(lazy: LazyWidget): LoadState {
  let state = loads.get(lazy);
  if (!state) {
    const created: LoadState = { promise: Promise.resolve() };
    created.promise = lazy.load().then(
      (entry) => {
        if (entry.kind.kind !== lazy.kindName) {
          created.error = new Error(`lazyWidget("${lazy.kindName}") loaded the widget of kind "${entry.kind.kind}"`);
          return;
        }
        created.entry = entry;
      },
      (error: unknown) => {
        created.error = error;
      },
    );
    loads.set(lazy, created);
    state = created;
  }
  return state;
}

/** An entry of a registry: a widget, or one that loads on first use. */
export type RegistryEntry = WidgetEntry | LazyWidget;
/** The widget entry an entry stands for, at the type level. */
export type EntryOf<R> = R extends LazyWidget<infer D> ? WidgetEntry<D> : R extends WidgetEntry ? R : never;

function nameOf(entry: RegistryEntry): string {
  return "lazy" in entry ? entry.kindName : entry.kind.kind;
}

type KindName<E extends WidgetEntry> = E["kind"]["kind"];
type EntryFor<E extends WidgetEntry, K extends string> = Extract<E, { kind: { kind: K } }>;

/**
 * How a request resolves: its widget with the parsed payload, the answerable fallback, or —
 * for a lazy widget not loaded yet — `loading`, with the promise that settles when it is.
 */
export type RegistryResolution<E extends WidgetEntry = WidgetEntry> =
  | (E extends WidgetEntry<infer D>
      ? { readonly type: "widget"; readonly entry: E; readonly payload: RequestOf<D> }
      : never)
  | { readonly type: "loading"; readonly kind: string; readonly loaded: Promise<void> }
  | {
      readonly type: "fallback";
      /** `widget-error`: the kind's lazy widget failed to load. */
      readonly reason: "unknown-kind" | "invalid-payload" | "widget-error";
      readonly kind: string;
      readonly issues: readonly HitlIssue[];
    };

/** What the registry reads of a request. */
export interface ResolvableRequest {
  readonly kind: string;
  readonly payload: unknown;
  readonly native?: boolean | undefined;
  /** Issues the adapter found: the request renders as the fallback with them. */
  readonly issues?: readonly HitlIssue[] | undefined;
}

export interface Registry<E extends WidgetEntry = WidgetEntry> {
  /** Entries by kind name (a lazy widget as itself until it has loaded). */
  readonly entries: ReadonlyMap<string, E | LazyWidget>;
  /** The kind by name, once loaded (what the client validates answers with). */
  kindOf(kind: string): AnyKind | undefined;
  /** The kind's entry; `undefined` for a lazy widget that has not loaded yet. */
  get<K extends KindName<E>>(kind: K): EntryFor<E, K> | undefined;
  get(kind: string): E | undefined;
  /**
   * Looks up the kind and parses the payload with its schema. Never throws. A reserved kind name
   * (`approval`, `question`, `text`) resolves only for a request the transport marked `native`.
   */
  resolve(request: ResolvableRequest): RegistryResolution<E>;
  /**
   * Loads the lazy widgets of these kinds (all, without arguments) ahead of their first request:
   * on idle, on hover of a chat box, before a test. Resolves once they have loaded (or failed).
   */
  preload(...kinds: string[]): Promise<void>;
  /** A new registry with more entries; an entry for an existing kind replaces it. */
  extend<F extends readonly RegistryEntry[]>(
    ...entries: F
  ): Registry<Exclude<E, { kind: { kind: KindName<EntryOf<F[number]>> } }> | EntryOf<F[number]>>;
}

/**
 * Builds a registry from `widget(kind, Component)` entries. A value, not a global: two parts of
 * an app can render the same kinds differently.
 */
export function createRegistry<const F extends readonly RegistryEntry[]>(...entries: F): Registry<EntryOf<F[number]>> {
  const map = new Map<string, RegistryEntry>();
  for (const entry of entries) {
    const name = nameOf(entry);
    if (map.has(name)) {
      throw new Error(`createRegistry: kind "${name}" is registered twice; use registry.extend() to replace one`);
    }
    map.set(name, entry);
  }
  return fromMap(map as ReadonlyMap<string, EntryOf<F[number]> | LazyWidget>);
}

/** The widget entry for a name: loaded, or (for a lazy one) `loading` with its promise. */
function entryFor<E extends WidgetEntry>(
  map: ReadonlyMap<string, E | LazyWidget>,
  name: string,
): E | { readonly loading: Promise<void> } | { readonly failed: unknown } | undefined {
  const entry = map.get(name);
  if (entry === undefined || !("lazy" in entry)) return entry;
  const load = startLoad(entry);
  if (load.error !== undefined) return { failed: load.error };
  return load.entry ? (load.entry as E) : { loading: load.promise };
}

function fromMap<E extends WidgetEntry>(map: ReadonlyMap<string, E | LazyWidget>): Registry<E> {
  // Payload objects are stable per request (the ledger keeps them), so each is parsed once.
  const parsed = new WeakMap<object, RegistryResolution<E>>();
  // While a payload loads: one promise for every step (its widget, then what its kind prepares),
  // the same object on every call, so a render that suspended on it finds it again.
  const loadings = new WeakMap<object, Promise<void>>();
  const loadingFor = ({ kind, payload }: ResolvableRequest, first: Promise<void>): Promise<void> => {
    const key = typeof payload === "object" && payload !== null ? payload : undefined;
    const known = key && loadings.get(key);
    if (known) return known;
    // After the widget has loaded: the kind's preparation, if this payload needs one.
    const all = first.then(() => {
      const entry = entryFor(map, kind);
      return entry && "kind" in entry ? entry.kind.prepare?.(payload) : undefined;
    });
    if (key) loadings.set(key, all);
    return all;
  };
  const resolve = (request: ResolvableRequest): RegistryResolution<E> => {
    if (request.issues !== undefined && request.issues.length > 0) {
      return { type: "fallback", reason: "invalid-payload", kind: request.kind, issues: request.issues };
    }
    if (request.native !== true && RESERVED_KINDS.includes(request.kind)) {
      return {
        type: "fallback",
        reason: "invalid-payload",
        kind: request.kind,
        issues: [
          {
            path: ["kind"],
            message: `"${request.kind}" is reserved for the transport's own requests; a tool's ui.kind cannot use it`,
          },
        ],
      };
    }
    const entry = entryFor(map, request.kind);
    if (entry !== undefined && "loading" in entry) {
      return { type: "loading", kind: request.kind, loaded: loadingFor(request, entry.loading) };
    }
    if (entry !== undefined && "failed" in entry) {
      // A chunk that failed to load (offline, a deploy replaced it): still answerable, as text.
      const message = entry.failed instanceof Error ? entry.failed.message : String(entry.failed);
      return {
        type: "fallback",
        reason: "widget-error",
        kind: request.kind,
        issues: [{ path: [], message: `The widget for "${request.kind}" could not be loaded: ${message}` }],
      };
    }
    if (entry === undefined) {
      return {
        type: "fallback",
        reason: "unknown-kind",
        kind: request.kind,
        issues: [
          {
            path: ["kind"],
            message:
              request.kind === "" ? "The request has no ui.kind" : `No widget is registered for kind "${request.kind}"`,
          },
        ],
      };
    }
    const key = typeof request.payload === "object" && request.payload !== null ? request.payload : undefined;
    const cached = key && parsed.get(key);
    if (cached && (cached.type === "fallback" || (cached.type === "widget" && cached.entry === entry))) return cached;
    // The kind needs something first for this payload (the form, its pattern engine).
    const preparing = entry.kind.prepare?.(request.payload);
    if (preparing) return { type: "loading", kind: request.kind, loaded: loadingFor(request, preparing) };
    const result = parseRequest(entry.kind, request.payload);
    const resolution = (
      result.ok
        ? { type: "widget", entry, payload: result.value }
        : { type: "fallback", reason: "invalid-payload", kind: request.kind, issues: result.issues }
    ) as RegistryResolution<E>; // the union cannot be narrowed per entry at compile time; `entry` and `payload` come from one kind
    if (key) parsed.set(key, resolution);
    return resolution;
  };
  function get(kind: string): E | undefined {
    const entry = map.get(kind);
    if (entry === undefined || !("lazy" in entry)) return entry;
    return loads.get(entry)?.entry as E | undefined;
  }
  return {
    entries: map,
    get: get as Registry<E>["get"],
    kindOf: (kind) => get(kind)?.kind,
    resolve,
    async preload(...kinds) {
      const names = kinds.length > 0 ? kinds : [...map.keys()];
      await Promise.all(
        names.map((name) => {
          const entry = map.get(name);
          return entry && "lazy" in entry ? startLoad(entry).promise : undefined;
        }),
      );
    },
    extend(...more) {
      const next = new Map<string, RegistryEntry>(map);
      for (const entry of more) next.set(nameOf(entry), entry);
      return fromMap(next) as never;
    },
  };
}
