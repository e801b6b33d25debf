"use client";
import { useCallback, useRef, useState } from "react";

/**
 * `value` / `defaultValue` / `onValueChange`, the Radix way: controlled when `value` is given,
 * uncontrolled otherwise; `onValueChange` fires in both modes.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onValueChange,
}: {
  value: T | undefined;
  defaultValue: T;
  onValueChange: ((value: T) => void) | undefined;
}): [T, (next: T | ((previous: T) => T)) => void] {
  const [internal, setInternal] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : internal;
  // Functional updates must see the latest value even between renders (rapid key presses).
  const latest = useRef(current);
  latest.current = current;
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;
  const setValue = useCallback(
    (next: T | ((previous: T) => T)) => {
      const resolved = typeof next === "function" ? (next as (previous: T) => T)(latest.current) : next;
      if (Object.is(resolved, latest.current)) return;
      latest.current = resolved;
      if (!controlled) setInternal(resolved);
      onChange.current?.(resolved);
    },
    [controlled],
  );
  return [current, setValue];
}
