"use client";
import { createContext, type Provider, useContext } from "react";

/**
 * A widget's own context and the hook its parts read it with: `[Provider, useWidget]`. A part
 * rendered outside its Root fails at once with a message naming the widget, instead of reading
 * `undefined` somewhere deep inside.
 *
 * ```tsx
 * const [PollProvider, usePoll] = createWidgetContext<PollContextValue>("Poll");
 * ```
 */
export function createWidgetContext<T>(name: string): readonly [Provider<T | null>, () => T] {
  const Context = createContext<T | null>(null);
  Context.displayName = `${name}Context`;
  const useWidget = (): T => {
    const value = useContext(Context);
    if (value === null) throw new Error(`hitl-kit: ${name} parts must be rendered inside <${name}.Root>`);
    return value;
  };
  return [Context.Provider, useWidget] as const;
}
