"use client";
import { type LangGraphHitlOptions, type LangGraphStreamLike, streamInterrupts, submitThrough } from "./stream-client";
import type { LangGraphTransport } from "./transport";
import { useStreamTransport } from "./use-stream-transport";

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
 * The page's chat box sends with `useHitlClient().sendMessage({ text })`, not `stream.submit`:
 * each waiting question gets one reply, then the message goes as a run of its own.
 */
export function useLangGraphHitl(stream: LangGraphStreamLike, options: LangGraphHitlOptions): LangGraphTransport {
  const { threadId, ...rest } = options;
  return useStreamTransport(stream, threadId ?? null, streamInterrupts(stream), rest, submitThrough);
}
