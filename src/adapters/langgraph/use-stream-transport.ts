"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { StreamView } from "./stream-client";
import {
  createLangGraphTransport,
  type LangGraphClientLike,
  type LangGraphTransport,
  type LangGraphTransportOptions,
} from "./transport";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The transport options a hook takes (the stream gives the client, the assistant and the thread). */
export type StreamHitlOptions = Omit<LangGraphTransportOptions, "client" | "assistantId" | "threadId">;

/**
 * One LangGraph transport per thread of a UI binding's stream (both hooks' body): created with the
 * stream's assistant and thread, resuming through `clientFor` (the binding's own resume), fed the
 * interrupts the stream shows and whether it runs on every render.
 */
export function useStreamTransport<S extends StreamView & { readonly assistantId: string }>(
  stream: S,
  threadId: string | null,
  interrupts: readonly unknown[],
  options: StreamHitlOptions,
  clientFor: (latest: () => S) => LangGraphClientLike,
): LangGraphTransport {
  const latest = useRef({ stream, options });
  latest.current = { stream, options };
  const create = () =>
    createLangGraphTransport({
      ...options,
      threadId,
      assistantId: stream.assistantId,
      client: clientFor(() => latest.current.stream),
      onProblem: (problem) => latest.current.options.onProblem?.(problem),
      onRunError: (error) => latest.current.options.onRunError?.(error),
      runPayload: () => latest.current.options.runPayload?.() ?? {},
    });
  const [transport, setTransport] = useState(create);
  const active = transport.sessionKey === `langgraph:${threadId ?? "pending"}` ? transport : create();
  if (active !== transport) setTransport(active); // a new thread: its own transport (and ledger)
  useIsomorphicLayoutEffect(() => active.sync({ interrupts, busy: stream.isLoading }));
  return active;
}
