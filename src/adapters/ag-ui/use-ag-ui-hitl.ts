"use client";
import type { AbstractAgent } from "@ag-ui/client";
import { useRef, useState } from "react";
import { type AgUiHitlOptions, type AgUiHitlTransport, createAgUiTransport } from "./transport";

/**
 * The kit over an AG-UI agent (`HttpAgent` from `@ag-ui/client`, or any `AbstractAgent`):
 *
 *   const [agent] = useState(() => new HttpAgent({ url: "/agent" }).use(new ToolCallEventsMiddleware()));
 *   const transport = useAgUiHitl(agent, { runParameters: () => ({ tools }) });
 *   <HitlProvider transport={transport}><HitlRenderer /></HitlProvider>
 *
 * Frontend tool calls whose arguments carry `ui` render as widgets; each answer becomes exactly
 * one `tool` message, and the run continues once the turn's calls all have their result. The
 * provider's client follows the agent while it is mounted (StrictMode's remount included).
 */
export function useAgUiHitl(agent: AbstractAgent, options: AgUiHitlOptions = {}): AgUiHitlTransport {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const create = () =>
    createAgUiTransport(agent, {
      runParameters: () => optionsRef.current.runParameters?.() ?? {},
      onProblem: (problem) => optionsRef.current.onProblem?.(problem),
      onRunError: (error) => optionsRef.current.onRunError?.(error),
    });
  const [state, setState] = useState(() => ({ agent, transport: create() }));
  if (state.agent === agent) return state.transport;
  const transport = create();
  setState({ agent, transport });
  return transport;
}
