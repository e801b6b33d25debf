"use client";
import { useTransport } from "../../react/use-transport";
import { createEveTransport, type EveAgentLike, type EveHitlOptions, type EveHitlTransport } from "./transport";

/**
 * Connects hitl-kit to an eve session driven by `useEveAgent` from `eve/react`:
 *
 *   const agent = useEveAgent({ host });
 *   const transport = useEveHitl(agent);
 *   <HitlProvider transport={transport} registry={registry}>…
 *
 * One transport per eve session (a new session: its own transport and ledger, with the events
 * already there, so the first render shows them); it reads every new snapshot of the agent
 * (`createEveTransport` is the same without React). It resumes a failed stream while a client
 * follows it, so nothing is closed here.
 */
export function useEveHitl(agent: EveAgentLike, options: EveHitlOptions = {}): EveHitlTransport {
  return useTransport(
    agent.session?.sessionId ?? "pending",
    options,
    (latest) =>
      createEveTransport(agent, {
        reconnect: latest.current.reconnect ?? true,
        onProblem: (problem) => latest.current.onProblem?.(problem),
      }),
    (transport) => transport.sync(agent),
  );
}
