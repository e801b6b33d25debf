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
import type { ComponentType } from "react";
import { HitlProvider as BaseHitlProvider, type HitlProviderProps, useOptionalHitlContext } from "./react/provider";
import type { Registry } from "./react/registry";
import { HitlRenderer as BaseHitlRenderer, type HitlRendererProps as BaseHitlRendererProps } from "./react/renderer";
import type { FallbackProps } from "./react/widget-props";
import { defaultRegistry } from "./widgets/default-registry";
import { Fallback } from "./widgets/fallback/fallback";

export * from "./react/index";
// No widget component here: each loads the first time its kind is asked for (the default
// registry's dynamic imports). Import one directly from `hitl-kit/widgets/<name>`, or all of
// them from `hitl-kit/widgets`.
export { defaultRegistry } from "./widgets/default-registry";
export { Fallback } from "./widgets/fallback/fallback";

export interface HitlRendererProps extends Omit<BaseHitlRendererProps, "fallback"> {
  /** @default the built-in `Fallback` */
  fallback?: ComponentType<FallbackProps>;
}

/** `BaseHitlRenderer` with the built-in widgets and fallback as defaults. */
export function HitlRenderer({ fallback = Fallback, ...props }: HitlRendererProps) {
  const context = useOptionalHitlContext();
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
