"use client";
import { type LangChainReactStreamLike, respondThrough } from "./react-stream-client";
import type { LangGraphTransport } from "./transport";
import { type StreamHitlOptions, useStreamTransport } from "./use-stream-transport";

/**
 * The kit over `useStream()` from `@langchain/react` (v1):
 *
 *   const stream = useStream({ apiUrl, assistantId: "agent", threadId });
 *   const hitl = useLangChainReactHitl(stream);
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *
 * Each interrupt the stream shows parks as a widget by its interrupt id (the thread's state adds
 * a subgraph's and settles each). An answer resumes through the stream's own
 * `respond(value, { interruptId })` — `respondAll` when parallel interrupts go together — through the
 * kit's client, so once per interrupt. Strict resume: `runPayload: () => ({ config: { configurable:
 * { __pregel_strict_resume: true } } })` (respond carries that config). The page's chat box sends
 * with `useHitlClient().sendMessage({ text })`, never `stream.submit` while a question waits
 * (on langgraph-api 1.5 that run.start IS the question's resume, the message its answer): each
 * waiting question gets one reply (`respond`), then the message goes as `submit(input)`.
 */
export function useLangChainReactHitl(
  stream: LangChainReactStreamLike,
  options: StreamHitlOptions = {},
): LangGraphTransport {
  return useStreamTransport(stream, stream.threadId, stream.interrupts, options, respondThrough);
}
