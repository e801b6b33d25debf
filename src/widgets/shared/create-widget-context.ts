"use client";
import {
  type ComponentType,
  createContext,
  createElement,
  memo,
  type Provider,
  type ReactNode,
  useContext,
} from "react";

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

/**
 * A scope inside a widget (one option of a list, a free text's field, Decline's reason step) and
 * the hook its leaf parts read it with: `[Provider, useScope]`. `useScope(part)` fails at once,
 * naming the part and `where` it belongs; `useScope(part, given)` takes what a part was given as a
 * prop (a question passed to `Question`) before its scope.
 */
export function createPartScope<T>(
  where: string,
): readonly [Provider<T | null>, (part: string, given?: T | undefined) => T] {
  const Context = createContext<T | null>(null);
  const useScope = (part: string, given?: T | undefined): T => {
    const value = useContext(Context);
    if (given !== undefined) return given;
    if (value === null) throw new Error(`<${part}> must be inside ${where}.`);
    return value;
  };
  return [Context.Provider, useScope] as const;
}

/**
 * A part that renders again only when what it shows changes: `Body` (and every part inside it)
 * reads the widget's API from a provider of its own, holding the API as it was when `seen` —
 * the values the part shows, from the API and the part's props — last changed, or your props
 * did. One question of a set, one field of a form: typing in one does not render the others.
 * Sound only where the API's handlers send events by name or id (connect's are), so an older
 * API sends what a newer one would.
 */
export function scopedPart<Api extends object, Props extends object>(
  [Provider, useWidget]: readonly [Provider<Api | null>, () => Api],
  Body: ComponentType<Props>,
  seen: (api: Api, props: Props) => readonly unknown[],
): (props: Props) => ReactNode {
  const values = ({ api, props }: ScopeProps<Api, Props>) => [...seen(api, props), ...Object.entries(props).flat()];
  const Scope = memo(
    ({ api, props }: ScopeProps<Api, Props>) =>
      createElement(Provider, { value: api }, createElement(Body as ComponentType<object>, props)),
    (before, after) => {
      const [a, b] = [values(before), values(after)];
      return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
    },
  );
  return (props) => createElement(Scope, { api: useWidget(), props });
}

interface ScopeProps<Api, Props> {
  readonly api: Api;
  readonly props: Props;
}

/**
 * memo's comparison for a row whose props are a connect getter's objects: equal when every prop
 * is, one level deep (the getters make new objects with the same values each render).
 */
export function sameProps<P extends object>(before: P, after: P): boolean {
  return (Object.keys(after) as (keyof P)[]).every((key) => {
    const a = before[key];
    const b = after[key];
    if (Object.is(a, b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    const keys = Object.keys(b) as (keyof typeof b)[];
    return keys.length === Object.keys(a).length && keys.every((inner) => Object.is(a[inner], b[inner]));
  });
}
