"use client";
import { useTransport } from "../../react/use-transport";
import {
  createMastraTransport,
  type MastraAgentLike,
  type MastraHitlOptions,
  type MastraHitlTransport,
} from "./transport";

/**
 * The kit over a Mastra agent through `@mastra/client-js`:
 *
 *   const agent = useMemo(() => new MastraClient({ baseUrl, retries: 0 }).getAgent("support"), []);
 *   const hitl = useMastraHitl(agent, { threadId, resourceId, onChunk: (chunk) => show(chunk) });
 *   // send a message: hitl.follow(await agent.stream(text, { memory: { thread: threadId, resource: resourceId } }))
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *
 * One transport per thread (a new `threadId` gets its own, and its own ledger); it polls only
 * while a provider over it is mounted. `createMastraTransport` is the same without React.
 */
export function useMastraHitl(agent: MastraAgentLike, options: MastraHitlOptions): MastraHitlTransport {
  // One transport per thread; the latest callbacks, without a new transport each render.
  return useTransport(options.threadId, options, (latest) =>
    createMastraTransport(agent, {
      ...latest.current,
      onProblem: (problem) => latest.current.onProblem?.(problem),
      onChunk: (chunk) => latest.current.onChunk?.(chunk),
    }),
  );
}
