"use client";
import type { HitlIssue } from "../../core/issues";
import type { FallbackProps } from "../../react/widget-props";
import { createWidgetContext } from "../shared/create-widget-context";
import type { FallbackLabels } from "./labels";

/** What the fallback's parts share (its Root provides it). */

export type FallbackOption = NonNullable<FallbackProps["options"]>[number];

export interface FallbackContextValue {
  readonly labels: FallbackLabels;
  readonly issues: readonly HitlIssue[];
  readonly options: readonly FallbackOption[];
  readonly text: string;
  readonly setText: (text: string) => void;
  readonly textError: string | undefined;
  readonly sendOption: (optionId: string) => void;
  readonly sendText: () => void;
}

export const [FallbackProvider, useFallback] = createWidgetContext<FallbackContextValue>("Fallback");
