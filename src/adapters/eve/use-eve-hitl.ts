"use client";
import { useEffect } from "react";
import { useTransport } from "../../react/use-transport";
import { createEveTransport, type EveAgentLike, type EveHitlOptions, type EveHitlTransport } from "./transport";

/**
 * Connects hitl-kit to an eve session driven by `useEveAgent` from `eve/react`:
 *
 *   const agent = useEveAgent({ host });
 *   const transport = useEveHitl(agent);
 *   <HitlProvider transport={transport} registry={registry}>…
 *
 * One transport per eve session; it reads every new snapshot of the agent (`createEveTransport`
 * is the same without React).
 */
export function useEveHitl(agent: EveAgentLike, options: EveHitlOptions = {}): EveHitlTransport {
  // A new session: its own transport (and ledger), with the events already there.
  const transport = useTransport(
    agent.session?.sessionId ?? "pending",
    options,
    (latest) =>
      createEveTransport(agent, { reconnect: options.reconnect ?? true, onProblem: (p) => latest().onProblem?.(p) }),
    (active) => active.sync(agent),
  );
  useEffect(() => transport.close, [transport]);
  return transport;
}

/** @deprecated the old name of `EveHitlOptions`. */
export type UseEveHitlOptions = EveHitlOptions;
