"use client";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * What every adapter's hook does, once: one transport per `key` (the chat, the agent, the
 * thread it follows), made in the render that first sees the key — so a first or a server render
 * shows what the transport knows at creation — kept while the key stays and made anew when it
 * changes (React's "adjusting state when a prop changes"). `create` reads the options through
 * `latest`, so a new callback each render never makes a new transport. `sync`, when given, feeds
 * the transport after every render (a chat hook's new state).
 *
 * Nothing is closed on unmount: a transport follows its source only while a client is connected
 * to it, and a client disconnects when its last provider unmounts (StrictMode's unmount → mount
 * included).
 */
export function useTransport<T, Options>(
  key: unknown,
  options: Options,
  create: (latest: RefObject<Options>) => T,
  sync?: (transport: T) => void,
): T {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState(() => ({ key, transport: create(latest) }));
  let active = state;
  if (!Object.is(state.key, key)) {
    active = { key, transport: create(latest) };
    setState(active);
  }
  useIsomorphicLayoutEffect(() => {
    sync?.(active.transport);
  });
  return active.transport;
}
