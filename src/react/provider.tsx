"use client";
import type { QueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { createHitlClient, type HitlClient, type HitlError } from "../core/client";
import { formatIssues } from "../core/issues";
import { createBrowserJournal, noopJournal, type SubmissionJournal } from "../core/journal";
import type { HitlTransport } from "../core/transport";
import { type CollectionLoaders, CollectionsContext } from "./collections";
import { isDevelopment } from "./env";
import { type LabelOverrides, LabelsProvider } from "./labels";
import type { Registry } from "./registry";

export type { HitlError } from "../core/client";

export interface HitlContextValue {
  readonly client: HitlClient;
  readonly transport: HitlTransport;
  readonly registry: Registry;
  /**
   * The QueryClient given to the provider, for widgets that load data (remote collections); without
   * one they use the app's `QueryClientProvider`, else one the provider's widgets share, created
   * with the first remote collection — so a page that never shows one loads no TanStack Query.
   * Sending answers does not go through it: exactly-once belongs to the framework-free
   * `HitlClient`, whose retry rules (only answers that certainly never arrived) a mutation cache
   * cannot own.
   */
  readonly queryClient: QueryClient | undefined;
  /** @internal the private QueryClient's slot (see `queryClient`). */
  readonly sharedQueryClient: { current?: QueryClient };
  /** The app's remote collections by id (`source.id` in a request). */
  readonly collections: CollectionLoaders;
  readonly reportError: (error: HitlError) => void;
}

/** @internal for class components (the renderer's error boundary). */
export const HitlContext = createContext<HitlContextValue | null>(null);

export function useHitlContext(): HitlContextValue {
  const value = useContext(HitlContext);
  if (!value)
    throw new Error("hitl-kit: wrap your chat in <HitlProvider transport={…}> (or pass `transport` to HitlRenderer)");
  return value;
}

/**
 * The provider's client: answer a request (`client.answer`), send a chat message through the
 * transport's reply path (`client.sendMessage`), or read the ledger, from any component inside it.
 */
export function useHitlClient(): HitlClient {
  return useHitlContext().client;
}

/** The context, when there is one (the renderer also accepts its inputs as props). */
export function useOptionalHitlContext(): HitlContextValue | null {
  return useContext(HitlContext);
}

export interface HitlProviderProps {
  /** Where requests come from and answers go: an adapter's transport, or a test transport. */
  transport: HitlTransport;
  /** Kinds and their widgets. */
  registry: Registry;
  /**
   * A client you created with `createHitlClient` (to share it outside React, or to inject time
   * and storage). @default one per transport, built from the props below
   */
  client?: HitlClient;
  /** String overrides per namespace, e.g. `{ common: { submit: "Send" } }`. */
  labels?: LabelOverrides;
  /**
   * Remote collections the app serves, by id: a request may name one (`source: { id, query? }`)
   * instead of inlining its items, and the widget pages and searches through it with the loader.
   * A request naming an id missing here gets the answerable fallback. Keep the object stable
   * (module scope or `useMemo`). @default {}
   *
   * @example
   * collections={{ library: ({ query, cursor, signal }) => fetch(`/api/library?q=${query}&cursor=${cursor ?? ""}`, { signal }).then((r) => r.json()) }}
   */
  collections?: CollectionLoaders;
  /** The app's QueryClient. @default the one from `QueryClientProvider`, else a private one (created when first needed) */
  queryClient?: QueryClient;
  /** Where in-flight answers are noted for reloads and other tabs. @default browser storage */
  journal?: SubmissionJournal;
  /** Called for problems the page survives; in development they are also logged. */
  onError?: (error: HitlError) => void;
  /**
   * How long an unconfirmed answer (sent just before a reload, or lost to a network error) may
   * stay unsettled on a live stream before it counts as never received and the request reopens.
   * A server settles an answer it received within about a second. @default 5000
   */
  unconfirmedGraceMs?: number;
  children: ReactNode;
}

export function HitlProvider({
  transport,
  registry,
  client: givenClient,
  labels,
  queryClient,
  collections = NO_COLLECTIONS,
  journal,
  onError,
  unconfirmedGraceMs = 5000,
  children,
}: HitlProviderProps) {
  // The private QueryClient, should remote collections need one: created by the first of them.
  const [sharedQueryClient] = useState<{ current?: QueryClient }>(() => ({}));
  const [browserJournal] = useState(() => (typeof window === "undefined" ? noopJournal : createBrowserJournal()));
  const onErrorRef = useLatest(onError);
  const reportError = useMemo(
    () => (error: HitlError) => {
      onErrorRef.current?.(error);
      if (isDevelopment()) console.warn(`[hitl-kit] ${describe(error)}`);
    },
    [onErrorRef],
  );
  const resolvedJournal = journal ?? browserJournal;

  // Built during render (not in an effect) so a reload's in-flight answers are restored before
  // the first paint, and server rendering sees the same requests as the client.
  const client = useMemo(
    () =>
      givenClient ??
      createHitlClient({
        transport,
        kinds: registry,
        journal: resolvedJournal,
        unconfirmedGraceMs,
        onError: reportError,
      }),
    [givenClient, transport, registry, resolvedJournal, unconfirmedGraceMs, reportError],
  );
  useEffect(() => client.mount(), [client]);

  const value = useMemo<HitlContextValue>(
    () => ({
      client,
      transport: client.transport,
      registry,
      queryClient,
      sharedQueryClient,
      collections,
      reportError,
    }),
    [client, registry, queryClient, sharedQueryClient, collections, reportError],
  );

  const content = (
    <HitlContext.Provider value={value}>
      <CollectionsContext.Provider value={value}>{children}</CollectionsContext.Provider>
    </HitlContext.Provider>
  );
  return labels ? <LabelsProvider labels={labels}>{content}</LabelsProvider> : content;
}
const NO_COLLECTIONS: CollectionLoaders = {};

function describe(error: HitlError): string {
  switch (error.type) {
    case "malformed-event":
      return `ignored a malformed "${error.problem.eventType}" event:\n${formatIssues(error.problem.issues)}`;
    case "send-failed":
      return `sending the answer to ${error.requestId} failed: ${error.error.message}`;
    case "widget-crashed":
      return `the widget for ${error.requestId} crashed; showing the fallback: ${error.error.message}`;
    case "missing-collection":
      return `${error.requestId}: ${error.error.message}`;
    default:
      return error satisfies never;
  }
}

function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
