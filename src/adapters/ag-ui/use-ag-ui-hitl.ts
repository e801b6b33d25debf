"use client";
import type { AbstractAgent } from "@ag-ui/client";
import { useTransport } from "../../react/use-transport";
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
  // One transport per agent; the latest callbacks, without a new transport each render.
  return useTransport(agent, options, (latest) =>
    createAgUiTransport(agent, {
      runParameters: () => latest.current.runParameters?.() ?? {},
      onProblem: (problem) => latest.current.onProblem?.(problem),
      onRunError: (error) => latest.current.onRunError?.(error),
    }),
  );
}
