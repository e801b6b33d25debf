"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createEveTransport, type EveAgentLike, type EveHitlOptions, type EveHitlTransport } from "./transport";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

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
  const onProblem = useRef(options.onProblem);
  onProblem.current = options.onProblem;
  const sessionKey = agent.session?.sessionId ?? "pending";
  const create = () =>
    createEveTransport(agent, { reconnect: options.reconnect ?? true, onProblem: (p) => onProblem.current?.(p) });
  const [transport, setTransport] = useState(create);
  let active = transport;
  if (transport.sessionKey !== sessionKey) {
    // A new session: its own transport (and ledger), with the events already there, so the first render shows them.
    active = create();
    setTransport(active);
  }
  useIsomorphicLayoutEffect(() => active.sync(agent));
  useEffect(() => active.close, [active]);
  return active;
}
