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
 * interrupts the stream shows and whether it runs on every render.
 */
export function useStreamTransport<S extends StreamView & { readonly assistantId: string }>(
  stream: S,
  threadId: string | null,
  interrupts: readonly unknown[],
  options: StreamHitlOptions,
  clientFor: (latest: () => S) => LangGraphClientLike,
): LangGraphTransport {
  // A new thread: its own transport (and ledger).
  return useTransport(
    threadId ?? "pending",
    { stream, options },
    (latest) =>
      createLangGraphTransport({
        ...options,
        threadId,
        assistantId: stream.assistantId,
        client: clientFor(() => latest().stream),
        onProblem: (problem) => latest().options.onProblem?.(problem),
        onRunError: (error) => latest().options.onRunError?.(error),
        runPayload: () => latest().options.runPayload?.() ?? {},
      }),
    (transport) => transport.sync({ interrupts, busy: stream.isLoading }),
  );
}
