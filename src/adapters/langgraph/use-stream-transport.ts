"use client";
import { useTransport } from "../../react/use-transport";
import type { StreamView } from "./stream-client";
import { threadKey } from "./thread";
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
 * transport (and ledger); two hooks over one stream and thread: one ledger.
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
    (latest) => {
      const transport = createLangGraphTransport({
        ...options,
        threadId,
        assistantId: stream.assistantId,
        client: clientFor(() => latest.current.stream),
        onProblem: (problem) => latest.current.options.onProblem?.(problem),
        onRunError: (error) => latest.current.options.onRunError?.(error),
        runPayload: () => latest.current.options.runPayload?.() ?? {},
      });
      // Each hook resumes through a client of its own (over the stream's latest render); what
      // they follow is the stream's SDK client and thread, so two hooks over one stream share
      // one ledger and one gate.
      return threadId ? { ...transport, follows: threadKey(stream.client, threadId) } : transport;
    },
    (transport) => transport.sync({ interrupts, busy: stream.isLoading }),
  );
}
