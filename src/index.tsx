"use client";
/**
 * hitl-kit — typed human-in-the-loop pickers for AI chat UIs.
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
import { defaultRegistry, Fallback } from "./widgets/index";

export * from "./react/index";
export * from "./widgets/index";

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
