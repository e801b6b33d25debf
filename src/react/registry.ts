import type { ComponentType } from "react";
import type { EntryState, RenderSource } from "../core/render";
import type { AnyKind, RequestOf, ResponseOf } from "../kinds/define-kind";
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
 * Widgets by kind name. What a request renders as is decided by core's `renderRequest` over
 * `entryFor` (the one decision: reserved kinds, adapter issues, parsing, loading, fallbacks).
 */
export interface Registry<E extends WidgetEntry = WidgetEntry> extends RenderSource<E> {
  /** Entries by kind name (a lazy widget as itself until it has loaded). */
  readonly entries: ReadonlyMap<string, E | LazyWidget>;
  /** The kind by name, once loaded (what the client validates answers with). */
  kindOf(kind: string): AnyKind | undefined;
  /** The kind's entry; `undefined` for a lazy widget that has not loaded yet. */
  get<K extends KindName<E>>(kind: K): EntryFor<E, K> | undefined;
  get(kind: string): E | undefined;
  /** Where a kind name's entry stands: loaded, loading (a lazy widget), failed to load, or none. */
  entryFor(kind: string): EntryState<E>;
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

function fromMap<E extends WidgetEntry>(map: ReadonlyMap<string, E | LazyWidget>): Registry<E> {
  const entryFor = (name: string): EntryState<E> => {
    const entry = map.get(name);
    if (entry === undefined) return undefined;
    if (!("lazy" in entry)) return { entry };
    const load = startLoad(entry);
    if (load.error !== undefined) return { failed: load.error };
    return load.entry ? { entry: load.entry as E } : { loading: load.promise };
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
    entryFor,
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
