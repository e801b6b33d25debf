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

type KindName<E extends WidgetEntry> = E["kind"]["kind"];
type EntryFor<E extends WidgetEntry, K extends string> = Extract<E, { kind: { kind: K } }>;

/** How a request resolves: its widget with the parsed payload, or the answerable fallback. */
export type RegistryResolution<E extends WidgetEntry = WidgetEntry> =
  | (E extends WidgetEntry<infer D>
      ? { readonly type: "widget"; readonly entry: E; readonly payload: RequestOf<D> }
      : never)
  | {
      readonly type: "fallback";
      readonly reason: "unknown-kind" | "invalid-payload";
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
  /** Entries by kind name. */
  readonly entries: ReadonlyMap<string, E>;
  get<K extends KindName<E>>(kind: K): EntryFor<E, K>;
  get(kind: string): E | undefined;
  /**
   * Looks up the kind and parses the payload with its schema. Never throws. A reserved kind name
   * (`approval`, `question`, `text`) resolves only for a request the transport marked `native`.
   */
  resolve(request: ResolvableRequest): RegistryResolution<E>;
  /** A new registry with more entries; an entry for an existing kind replaces it. */
  extend<F extends readonly WidgetEntry[]>(
    ...entries: F
  ): Registry<Exclude<E, { kind: { kind: KindName<F[number]> } }> | F[number]>;
}

/**
 * Builds a registry from `widget(kind, Component)` entries. A value, not a global: two parts of
 * an app can render the same kinds differently.
 */
export function createRegistry<const F extends readonly WidgetEntry[]>(...entries: F): Registry<F[number]> {
  const map = new Map<string, F[number]>();
  for (const entry of entries) {
    if (map.has(entry.kind.kind)) {
      throw new Error(
        `createRegistry: kind "${entry.kind.kind}" is registered twice; use registry.extend() to replace one`,
      );
    }
    map.set(entry.kind.kind, entry);
  }
  return fromMap(map);
}

function fromMap<E extends WidgetEntry>(map: ReadonlyMap<string, E>): Registry<E> {
  // Payload objects are stable per request (the ledger keeps them), so each is parsed once.
  const parsed = new WeakMap<object, RegistryResolution<E>>();
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
    const entry = map.get(request.kind);
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
    if (cached && (cached.type === "fallback" || cached.entry === entry)) return cached;
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
    return map.get(kind);
  }
  return {
    entries: map,
    get: get as Registry<E>["get"],
    resolve,
    extend(...more) {
      const next = new Map<string, WidgetEntry>(map);
      for (const entry of more) next.set(entry.kind.kind, entry);
      return fromMap(next) as never;
    },
  };
}
