"use client";
export {
  type AnswerResult,
  type Clock,
  createHitlClient,
  type HitlClient,
  type HitlClientOptions,
  type RetryPolicy,
} from "../core/client";
export { createBrowserJournal, createStorageJournal, noopJournal, type SubmissionJournal } from "../core/journal";
export type { RawAnswer, RequestSnapshot } from "../core/observer";
export type { FallbackReason, RequestRender } from "../core/render";
export {
  alwaysLive,
  errorForHttpStatus,
  type HitlTransport,
  HitlTransportError,
  type TransportConnection,
  toTransportError,
} from "../core/transport";
export { type RequestView, viewOf } from "../core/view";
export {
  type CollectionLoader,
  type CollectionLoaders,
  type CollectionLoadParams,
  type CollectionPage,
  MissingCollectionError,
} from "./collections";
export { type LabelOverrides, LabelsProvider, useLabels } from "./labels";
export { type HitlError, HitlProvider, type HitlProviderProps, useHitlClient, useHitlContext } from "./provider";
export {
  createRegistry,
  type LazyWidget,
  lazyWidget,
  type Registry,
  type WidgetEntry,
  type WidgetPropsOf,
  widget,
} from "./registry";
export {
  HitlRenderer as BaseHitlRenderer,
  type HitlRendererProps as BaseHitlRendererProps,
  rendererLabels,
} from "./renderer";
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
