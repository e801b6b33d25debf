import { type AspectRatioPreset, type AspectRatioRequest, normalizeRatio } from "../../kinds/aspect-ratio";

/**
 * What an aspect-ratio request offers, indexed once per request: the radios' values and the custom
 * bounds as ratios; and the preset showing a ratio ("32:18" is "16:9"). Pure: no React, no DOM.
 */

/** The radio value of the custom choice; it can never collide with a ratio ("W:H"). */
export const CUSTOM = "custom";

export interface AspectRatioCollection {
  readonly request: AspectRatioRequest;
  /** The radios' values, in order: each preset's ratio, then `CUSTOM` when custom ratios are allowed. */
  readonly values: readonly string[];
  /** The custom bounds as ratios ("1:4" to "4:1"); undefined: presets only. */
  readonly bounds: { readonly min: string; readonly max: string } | undefined;
}

export function createCollection(request: AspectRatioRequest): AspectRatioCollection {
  const { custom } = request;
  return {
    request,
    values: [...request.presets.map((preset) => preset.ratio), ...(custom ? [CUSTOM] : [])],
    bounds: custom && { min: ratioText(custom.min), max: ratioText(custom.max) },
  };
}

/** Whether a new request offers the same as the collection's (no need to index it again). */
export function offersSame(collection: AspectRatioCollection, request: AspectRatioRequest): boolean {
  const before = collection.request;
  return before === request || (before.presets === request.presets && before.custom === request.custom);
}

/** The preset showing `value`: the same string, else the same reduced ratio ("32:18" is "16:9"). */
export function presetOf(collection: AspectRatioCollection, value: string): AspectRatioPreset | undefined {
  if (value === "") return undefined;
  const exact = collection.request.presets.find((preset) => preset.ratio === value);
  if (exact) return exact;
  const normalized = normalizeRatio(value);
  return normalized.ok
    ? collection.request.presets.find((preset) => {
        const other = normalizeRatio(preset.ratio);
        return other.ok && other.value.value === normalized.value.value;
      })
    : undefined;
}

/** 0.25 → "1:4", 4 → "4:1", 1.777… → "16:9": bounds read like the presets they sit next to. */
export function ratioText(value: number): string {
  // Continued-fraction convergents, stopping before the terms get unreadably large.
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = value;
  for (let step = 0; step < 32 && Number.isFinite(x); step++) {
    const a = Math.floor(x);
    const h2 = a * h1 + h0;
    const k2 = a * k1 + k0;
    if (k2 > 1000 || h2 > 1000) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    const rest = x - a;
    if (Math.abs(h1 / k1 - value) < 1e-9 || rest < 1e-12) break;
    x = 1 / rest;
  }
  if (h1 > 0 && k1 > 0 && Math.abs(h1 / k1 - value) < 1e-6) return `${h1}:${k1}`;
  const round = (n: number) => Math.round(n * 100) / 100;
  return value >= 1 ? `${round(value)}:1` : `1:${round(1 / value)}`;
}
