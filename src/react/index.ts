"use client";
export { createBrowserJournal, noopJournal, type SubmissionJournal } from "./journal";
export { type LabelOverrides, LabelsProvider, useLabels } from "./labels";
export { type HitlError, HitlProvider, type HitlProviderProps, useHitlContext } from "./provider";
export {
  createRegistry,
  type Registry,
  type RegistryResolution,
  type WidgetEntry,
  type WidgetPropsOf,
  widget,
} from "./registry";
export {
  HitlRenderer as BaseHitlRenderer,
  type HitlRendererProps as BaseHitlRendererProps,
  rendererLabels,
} from "./renderer";
export { type RequestView, viewOf } from "./status";
export {
  alwaysLive,
  errorForHttpStatus,
  fromPostFailure,
  type HitlTransport,
  HitlTransportError,
  type TransportConnection,
} from "./transport";
export { type ParkedInput, type UseParkedInputOptions, useParkedInput } from "./use-parked-input";
export {
  type FallbackProps,
  type HitlWidgetProps,
  isInteractive,
  isSettledStatus,
  type SettledStatus,
  type SubmitResult,
  type WidgetStatus,
  widgetStatuses,
} from "./widget-props";
