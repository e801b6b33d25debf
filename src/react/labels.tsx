"use client";
import { createContext, type ReactNode, useContext, useMemo } from "react";

/**
 * User-facing strings, overridable per namespace (`common`, `media`, `form`, …). Each widget
 * declares its English defaults next to itself and reads them with `useLabels`; an app overrides
 * any subset with `<LabelsProvider labels={{ media: { submit: "Choisir" } }}>`.
 */
// biome-ignore lint/suspicious/noExplicitAny: label values are strings or formatting functions of any arity.
export type LabelValue = string | ((...args: any[]) => string);
export type LabelSet = Record<string, LabelValue>;
export type LabelOverrides = Record<string, Partial<LabelSet> | undefined>;

const LabelsContext = createContext<LabelOverrides>({});

export function LabelsProvider({ labels, children }: { labels: LabelOverrides; children: ReactNode }) {
  const parent = useContext(LabelsContext);
  // Nested providers refine their parent's overrides instead of replacing them.
  const merged = useMemo(() => {
    const out: LabelOverrides = { ...parent };
    for (const [ns, set] of Object.entries(labels)) out[ns] = { ...parent[ns], ...set };
    return out;
  }, [parent, labels]);
  return <LabelsContext.Provider value={merged}>{children}</LabelsContext.Provider>;
}

/** The namespace's strings: defaults with any overrides from the nearest providers applied. */
export function useLabels<T extends LabelSet>(namespace: string, defaults: T): T {
  const overrides = useContext(LabelsContext)[namespace];
  return useMemo(() => {
    if (!overrides) return defaults;
    const out: Record<string, LabelValue> = { ...defaults };
    for (const [key, value] of Object.entries(overrides)) {
      // Only known keys of the same type: a typo or a string where a function belongs is ignored.
      if (value !== undefined && key in defaults && typeof value === typeof defaults[key]) out[key] = value;
    }
    return out as T;
  }, [overrides, defaults]);
}
