"use client";
export type {
  CollectionLoader,
  CollectionLoaders,
  CollectionLoadParams,
  CollectionPage,
} from "./collections";
export { type LabelOverrides, LabelsProvider, useLabels } from "./labels";
export { HitlProvider, type HitlProviderProps, useHitlClient, useHitlContext } from "./provider";
export {
  createRegistry,
  type LazyWidget,
  lazyWidget,
  type Registry,
  type WidgetEntry,
  type WidgetPropsOf,
  widget,
} from "./registry";
export { rendererLabels } from "./renderer";
export { type ParkedInput, type UseParkedInputOptions, useParkedInput } from "./use-parked-input";
export {
  type FallbackProps,
  type HitlWidgetProps,
  isInteractive,
  isSettledStatus,
  type SettledStatus,
} from "./widget-props";
