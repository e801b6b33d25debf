import * as React from "react";
import { useSyncExternalStore } from "react";

/**
 * Suspends the rendering component until `promise` settles: React 19's `use`, or on React 18 the
 * thrown promise (unless it carries `status: "fulfilled"`, React's own mark of a settled promise).
 * Call it on the same promise on every render until it has settled: React replays a suspended
 * render and expects the same call.
 */
export function suspend(promise: Promise<void>): void {
  const use = (React as { use?: (p: Promise<void>) => void }).use;
  if (use) use(promise);
  else if ((promise as { status?: string }).status !== "fulfilled") throw promise;
}

const subscribeNever = () => () => {};
const onClient = () => false;
const onServer = () => true;

/** `true` on a server render and while hydrating; `false` in the browser after hydration. */
export function useServerOrHydrating(): boolean {
  return useSyncExternalStore(subscribeNever, onClient, onServer);
}
