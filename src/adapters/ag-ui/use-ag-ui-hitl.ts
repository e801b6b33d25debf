"use client";
import type { AbstractAgent } from "@ag-ui/client";
import { useEffect, useRef, useState } from "react";
import { type AgUiHitlOptions, type AgUiHitlTransport, createAgUiTransport } from "./transport";

/**
 * The kit over an AG-UI agent (`HttpAgent` from `@ag-ui/client`, or any `AbstractAgent`):
 *
 *   const [agent] = useState(() => new HttpAgent({ url: "/agent" }).use(new ToolCallEventsMiddleware()));
 *   const transport = useAgUiHitl(agent, { runParameters: () => ({ tools }) });
 *   <HitlProvider transport={transport}><HitlRenderer /></HitlProvider>
 *
 * Frontend tool calls whose arguments carry `ui` render as widgets; each answer becomes exactly
 * one `tool` message, and the run continues once the turn's calls all have their result.
 */
export function useAgUiHitl(agent: AbstractAgent, options: AgUiHitlOptions = {}): AgUiHitlTransport {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [state, setState] = useState(() => ({ agent, transport: create(agent, optionsRef) }));
  let { transport } = state;
  if (state.agent !== agent) {
    transport = create(agent, optionsRef);
    setState({ agent, transport });
  }
  // StrictMode mounts, unmounts and mounts again: the transport follows the agent again (and
  // catches up on its messages) on the second mount.
  useEffect(() => {
    transport.open();
    return () => transport.close();
  }, [transport]);
  return transport;
}

function create(agent: AbstractAgent, optionsRef: { current: AgUiHitlOptions }): AgUiHitlTransport {
  return createAgUiTransport(agent, {
    runParameters: () => optionsRef.current.runParameters?.() ?? {},
    onProblem: (problem) => optionsRef.current.onProblem?.(problem),
    onRunError: (error) => optionsRef.current.onRunError?.(error),
  });
}
