"use client";
/**
 * hitl-kit — typed human-in-the-loop pickers for AI chat UIs. The React layer with the default
 * registry, whose widgets load on first use.
 *
 *   const transport = useEveHitl(useEveAgent());          // hitl-kit/adapters/eve
 *   <HitlProvider transport={transport}>
 *     <HitlRenderer />                                     // every open request, oldest first
 *   </HitlProvider>
 */
import { type ComponentType, useEffect } from "react";
import { HitlProvider as BaseHitlProvider, type HitlProviderProps, useOptionalHitlContext } from "./react/provider";
import type { Registry } from "./react/registry";
import { HitlRenderer as BaseHitlRenderer, type HitlRendererProps as BaseHitlRendererProps } from "./react/renderer";
import type { FallbackProps } from "./react/widget-props";
import { defaultRegistry } from "./widgets/default-registry";
import { builtInFallback } from "./widgets/fallback/lazy";

export * from "./react/index";
// No widget component here, nor the fallback: each loads the first time it is needed (the
// default registry's dynamic imports). Import one directly from `hitl-kit/widgets/<name>`, or
// all of them (and `Fallback`) from `hitl-kit/widgets`.
export { defaultRegistry } from "./widgets/default-registry";

export interface HitlRendererProps extends Omit<BaseHitlRendererProps, "fallback"> {
  /** @default the built-in `Fallback` (loaded once the renderer has mounted) */
  fallback?: ComponentType<FallbackProps>;
}

/**
 * `BaseHitlRenderer` with the built-in widgets and fallback as defaults. The built-in fallback
 * loads in a chunk of its own right after the renderer mounts (off the page's first paint);
 * until then a request that falls back shows its prompt and Decline.
 */
export function HitlRenderer({ fallback = builtInFallback.Fallback, ...props }: HitlRendererProps) {
  const context = useOptionalHitlContext();
  useEffect(() => {
    if (fallback === builtInFallback.Fallback) void builtInFallback.preload();
  }, [fallback]);
  const registry: Registry | undefined = props.registry ?? (context ? undefined : defaultRegistry);
  return <BaseHitlRenderer {...props} {...(registry ? { registry } : {})} fallback={fallback} />;
}

export type { HitlProviderProps };

/** `HitlProvider` whose registry defaults to every built-in widget. */
export function HitlProvider({
  registry = defaultRegistry,
  ...props
}: Omit<HitlProviderProps, "registry"> & { registry?: Registry }) {
  return <BaseHitlProvider registry={registry} {...props} />;
}
