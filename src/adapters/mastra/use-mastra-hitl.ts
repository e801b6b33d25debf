"use client";
import { useRef, useState } from "react";
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
  // The latest callbacks, without a new transport each render.
  const latest = useRef(options);
  latest.current = options;
  const create = () =>
    createMastraTransport(agent, {
      ...options,
      onProblem: (problem) => latest.current.onProblem?.(problem),
      onChunk: (chunk) => latest.current.onChunk?.(chunk),
    });
  const [transport, setTransport] = useState(create);
  let active = transport;
  if (transport.sessionKey !== `mastra:${options.threadId}`) {
    active = create();
    setTransport(active);
  }
  // No close on unmount: the transport polls only while a client is connected to it, and a
  // client disconnects when its last provider unmounts (StrictMode's unmount → mount included).
  return active;
}
