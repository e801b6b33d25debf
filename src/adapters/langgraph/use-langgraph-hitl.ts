"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { type LangGraphHitlOptions, type LangGraphStreamLike, streamInterrupts, submitThrough } from "./stream-client";
import { createLangGraphTransport, type LangGraphTransport } from "./transport";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The kit over `useStream()` from `@langchain/langgraph-sdk/react`:
 *
 *   const stream = useStream({ apiUrl, assistantId: "agent", threadId, onThreadId: setThreadId });
 *   const hitl = useLangGraphHitl(stream, { threadId });
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *
 * Each interrupt the stream shows (`interrupts`, or `interrupt` — one, or several at once) parks as a
 * widget by its interrupt id; the thread's own state settles it. An answer resumes through the
 * stream's `submit(null, { command: { resume: { [id]: value } } })` — through the kit's client, so
 * once per interrupt (strict resume, parallel interrupts together; see `createLangGraphTransport`).
 */
export function useLangGraphHitl(stream: LangGraphStreamLike, options: LangGraphHitlOptions): LangGraphTransport {
  const latest = useRef({ stream, options });
  latest.current = { stream, options };
  const threadId = options.threadId ?? null;
  const create = () =>
    createLangGraphTransport({
      ...options,
      threadId,
      assistantId: stream.assistantId,
      client: submitThrough(() => latest.current.stream),
      onProblem: (problem) => latest.current.options.onProblem?.(problem),
      onRunError: (error) => latest.current.options.onRunError?.(error),
      runPayload: () => latest.current.options.runPayload?.() ?? {},
    });
  const [transport, setTransport] = useState(create);
  const active = transport.sessionKey === `langgraph:${threadId ?? "pending"}` ? transport : create();
  if (active !== transport) setTransport(active); // a new thread: its own transport (and ledger)
  const interrupts = streamInterrupts(stream);
  useIsomorphicLayoutEffect(() => active.sync({ interrupts, busy: stream.isLoading }));
  return active;
}
