import { z } from "zod";
import { defineKind } from "../../src/kinds/define-kind";
import { widget } from "../../src/react/registry";
import { storyRegistry } from "./registry";

/**
 * A widget that throws while rendering, for the renderer's error boundary: kind `chart` (no
 * built-in widget), registered only in `brokenChartRegistry` (pass it as `parameters.hitl.registry`).
 */
export const chartKind = defineKind({
  kind: "chart",
  request: z.object({ series: z.array(z.number()) }),
  response: z.strictObject({ chartType: z.enum(["bar", "line"]) }),
});

export const CHART_CRASH = "Cannot read the series (the chart library failed to load)";

export function BrokenChart(): never {
  throw new Error(CHART_CRASH);
}

/**
 * A story's `beforeEach` for a widget that throws on purpose: React reports each error its
 * boundary caught on `console.error`; these are expected, so only they are kept out of the test
 * log (any other error still shows). Restored after the story.
 */
export function quietCrashes(...messages: string[]) {
  return () => {
    const original = console.error;
    console.error = (...args: unknown[]) => {
      if (args.some((arg) => arg instanceof Error && messages.includes(arg.message))) return;
      original(...args);
    };
    return () => {
      console.error = original;
    };
  };
}

/** The story registry plus the `chart` widget that throws. */
export const brokenChartRegistry = storyRegistry.extend(widget(chartKind, BrokenChart));
