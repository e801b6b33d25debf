"use client";
import { QueryClient, QueryClientContext } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { formatIssues } from "../core/issues";
import type { LedgerProblem } from "../core/ledger";
import { selectRequests } from "../core/ledger";
import { isDevelopment } from "./env";
import { createBrowserJournal, noopJournal, type SubmissionJournal } from "./journal";
import { type LabelOverrides, LabelsProvider } from "./labels";
import type { Registry } from "./registry";
import type { HitlTransport } from "./transport";

/** Something went wrong that the page survives: a malformed event, a failed send, a widget crash. */
export type HitlError =
  | { readonly type: "malformed-event"; readonly problem: LedgerProblem }
  | { readonly type: "send-failed"; readonly requestId: string; readonly error: Error }
  | { readonly type: "widget-crashed"; readonly requestId: string; readonly error: Error };

export interface HitlContextValue {
  readonly transport: HitlTransport;
  readonly registry: Registry;
  readonly journal: SubmissionJournal;
  readonly queryClient: QueryClient;
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

/** The context, when there is one (the renderer also accepts its inputs as props). */
export function useOptionalHitlContext(): HitlContextValue | null {
  return useContext(HitlContext);
}

export interface HitlProviderProps {
  /** Where requests come from and answers go: `useEveHitl(agent)`, or a test transport. */
  transport: HitlTransport;
  /** Kinds and their widgets. */
  registry: Registry;
  /** String overrides per namespace, e.g. `{ common: { submit: "Send" } }`. */
  labels?: LabelOverrides;
  /** The app's QueryClient. @default the one from `QueryClientProvider`, else a private one */
  queryClient?: QueryClient;
  /** Where in-flight answers are noted for reloads and other tabs. @default browser storage */
  journal?: SubmissionJournal;
  /** Called for problems the page survives; in development they are also logged. */
  onError?: (error: HitlError) => void;
  /**
   * How long an unconfirmed answer (sent just before a reload, or lost to a network error) may
   * stay unsettled on a live stream before it counts as never received and the request reopens.
   * eve settles an answer it received within about a second. @default 5000
   */
  unconfirmedGraceMs?: number;
  children: ReactNode;
}

export function HitlProvider({
  transport,
  registry,
  labels,
  queryClient,
  journal,
  onError,
  unconfirmedGraceMs = 5000,
  children,
}: HitlProviderProps) {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => new QueryClient());
  const [browserJournal] = useState(() => (typeof window === "undefined" ? noopJournal : createBrowserJournal()));
  const onErrorRef = useLatest(onError);

  const value = useMemo<HitlContextValue>(
    () => ({
      transport,
      registry,
      journal: journal ?? browserJournal,
      queryClient: queryClient ?? appClient ?? ownClient,
      reportError: (error) => {
        onErrorRef.current?.(error);
        if (isDevelopment()) console.warn(`[hitl-kit] ${describe(error)}`);
      },
    }),
    [transport, registry, journal, browserJournal, queryClient, appClient, ownClient, onErrorRef],
  );

  restoreOnce(value.transport, value.journal);
  useSubmissionRecovery(value, unconfirmedGraceMs);
  useProblemReports(value);

  const content = <HitlContext.Provider value={value}>{children}</HitlContext.Provider>;
  return labels ? <LabelsProvider labels={labels}>{content}</LabelsProvider> : content;
}

const restored = new WeakMap<HitlTransport, SubmissionJournal>();

/**
 * After a reload, marks this tab's answers that were in flight as unconfirmed before anything
 * renders, so no widget shows them as open for even a frame. Idempotent per transport.
 */
function restoreOnce(transport: HitlTransport, journal: SubmissionJournal) {
  if (restored.get(transport) === journal) return;
  restored.set(transport, journal);
  const pending = journal.pending(transport.sessionKey);
  if (pending.length > 0) {
    transport.store.dispatch(
      ...pending.map(({ requestId, answer }) => ({ type: "restore" as const, requestId, answer })),
    );
  }
}

/**
 * Once the stream is live, reopens any unconfirmed answer the server has not settled within the grace period
 * (it never arrived), and forgets answers once they settle.
 */
function useSubmissionRecovery({ transport, journal }: HitlContextValue, graceMs: number) {
  useEffect(() => {
    const { store, sessionKey, connection } = transport;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const check = () => {
      const live = connection.getSnapshot() === "live";
      for (const request of selectRequests(store.getSnapshot())) {
        const { requestId } = request;
        if (request.state === "settled") journal.settle(sessionKey, requestId);
        const unconfirmed = request.state === "submitting" && request.error?.kind === "unconfirmed";
        if (unconfirmed && live) {
          if (!timers.has(requestId)) {
            timers.set(
              requestId,
              setTimeout(() => {
                timers.delete(requestId);
                store.dispatch({ type: "reopen", requestId });
                journal.release(sessionKey, requestId);
              }, graceMs),
            );
          }
        } else {
          const timer = timers.get(requestId);
          if (timer !== undefined) clearTimeout(timer);
          timers.delete(requestId);
        }
      }
    };
    check();
    const unsubscribeStore = store.subscribe(check);
    const unsubscribeConnection = connection.subscribe(check);
    return () => {
      unsubscribeStore();
      unsubscribeConnection();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [transport, journal, graceMs]);
}

/** Reports each malformed transport event once. */
function useProblemReports({ transport, reportError }: HitlContextValue) {
  useEffect(() => {
    const { store } = transport;
    let seen = store.getSnapshot().problems;
    for (const problem of seen) reportError({ type: "malformed-event", problem });
    return store.subscribe(() => {
      const problems = store.getSnapshot().problems;
      if (problems === seen) return;
      // Problems are appended (and the oldest dropped): report those we have not seen.
      const fresh = problems.filter((p) => !seen.includes(p));
      seen = problems;
      for (const problem of fresh) reportError({ type: "malformed-event", problem });
    });
  }, [transport, reportError]);
}

function describe(error: HitlError): string {
  switch (error.type) {
    case "malformed-event":
      return `ignored a malformed "${error.problem.eventType}" event:\n${formatIssues(error.problem.issues)}`;
    case "send-failed":
      return `sending the answer to ${error.requestId} failed: ${error.error.message}`;
    case "widget-crashed":
      return `the widget for ${error.requestId} crashed; showing the fallback: ${error.error.message}`;
    default:
      return error satisfies never;
  }
}

function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
