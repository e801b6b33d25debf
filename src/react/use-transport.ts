"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The body of every adapter's hook: one transport per `key` (the session, thread, chat or agent
 * it follows), created in the first render with what is already known — so the first render, on
 * the server or in the browser, shows the requests and hydration matches — and again when `key`
 * changes (a new session: its own transport, and so its own ledger). `create` gets `latest()`,
 * the options of the newest render, so callbacks stay fresh without a new transport each render.
 * `sync` runs after every render, before paint (an adapter fed the framework's newest snapshot).
 */
export function useTransport<T, O>(
  key: unknown,
  options: O,
  create: (latest: () => O) => T,
  sync?: (transport: T) => void,
): T {
  const latest = useRef(options);
  latest.current = options;
  const make = (): [unknown, T] => [key, create(() => latest.current)];
  const [state, setState] = useState(make);
  const active = state[0] === key ? state : make();
  if (active !== state) setState(active);
  useIsomorphicLayoutEffect(() => sync?.(active[1]));
  return active[1];
}
