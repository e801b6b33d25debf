"use client";
import { useEffect, useState } from "react";
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
 *   const hitl = useMastraHitl(agent, { threadId, resourceId });
 *   // send a message: hitl.follow(await agent.stream(text, { memory: { thread: threadId, resource: resourceId } }))
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *
 * One transport per thread (a new `threadId` gets its own, and its own ledger); it stops
 * polling when the component unmounts. `createMastraTransport` is the same without React.
 */
export function useMastraHitl(agent: MastraAgentLike, options: MastraHitlOptions): MastraHitlTransport {
  const [transport, setTransport] = useState(() => createMastraTransport(agent, options));
  let active = transport;
  if (transport.sessionKey !== `mastra:${options.threadId}`) {
    active = createMastraTransport(agent, options);
    setTransport(active);
  }
  useEffect(() => active.close, [active]);
  return active;
}
