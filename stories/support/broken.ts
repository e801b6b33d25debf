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

export function BrokenChart(): never {
  throw new Error("Cannot read the series (the chart library failed to load)");
}

/** The story registry plus the `chart` widget that throws. */
export const brokenChartRegistry = storyRegistry.extend(widget(chartKind, BrokenChart));
