"use client";
import { useTransport } from "../../react/use-transport";
import type { StreamView } from "./stream-client";
import {
  createLangGraphTransport,
  type LangGraphClientLike,
  type LangGraphTransport,
  type LangGraphTransportOptions,
} from "./transport";

/** The transport options a hook takes (the stream gives the client, the assistant and the thread). */
export type StreamHitlOptions = Omit<LangGraphTransportOptions, "client" | "assistantId" | "threadId">;

/**
 * One LangGraph transport per thread of a UI binding's stream (both hooks' body): created with the
 * stream's assistant and thread, resuming through `clientFor` (the binding's own resume), fed the
 * interrupts the stream shows and whether it runs on every render. A new thread: its own
 * transport (and ledger).
 */
export function useStreamTransport<S extends StreamView & { readonly assistantId: string }>(
  stream: S,
  threadId: string | null,
  interrupts: readonly unknown[],
  options: StreamHitlOptions,
  clientFor: (latest: () => S) => LangGraphClientLike,
): LangGraphTransport {
  return useTransport(
    threadId,
    { stream, options },
    (latest) =>
      createLangGraphTransport({
        ...options,
        threadId,
        assistantId: stream.assistantId,
        client: clientFor(() => latest.current.stream),
        onProblem: (problem) => latest.current.options.onProblem?.(problem),
        onRunError: (error) => latest.current.options.onRunError?.(error),
        runPayload: () => latest.current.options.runPayload?.() ?? {},
      }),
    (transport) => transport.sync({ interrupts, busy: stream.isLoading }),
  );
}
