"use client";
import { type ComponentType, useEffect, useReducer } from "react";
import { LoadingShellView } from "../../react/renderer";
import { suspend, useServerOrHydrating } from "../../react/suspend";
import { type FallbackProps, isInteractive } from "../../react/widget-props";

/**
 * The built-in fallback, loaded on its own: a chat page pays for it (~4 kB gz: its reply field,
 * receipt and the widget shell) once `HitlRenderer` has mounted, not before its first paint.
 * Until it has loaded — or while it cannot (offline) — a request that falls back shows the
 * loading shell: its prompt and Decline, so it stays answerable, as a lazy widget's request does.
 * A server render and hydration wait for it instead, so the HTML holds the real fallback.
 */

/** After a failed load the next attempt waits this long, doubling up to a minute. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

export interface LazyFallback {
  /** Renders the fallback once loaded, the answerable loading shell until then. */
  Fallback: ComponentType<FallbackProps>;
  /** Starts loading (once; again after a failed attempt). Resolves either way. */
  preload(): Promise<void>;
}

export function createLazyFallback(load: () => Promise<ComponentType<FallbackProps>>): LazyFallback {
  let loaded: ComponentType<FallbackProps> | undefined;
  let loading: Promise<void> | undefined;
  // Once a load has failed a server render renders the shell rather than wait on a retry.
  let failed = false;

  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      () => {
        failed = true;
        loading = undefined;
      },
    );
    return loading;
  };

  function Fallback(props: FallbackProps) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const waitForIt = useServerOrHydrating() && !failed;
    useEffect(() => {
      if (loaded) return;
      let alive = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const attempt = (delay: number) => {
        void preload().then(() => {
          if (!alive) return;
          if (loaded) rerender();
          else timer = setTimeout(() => attempt(Math.min(delay * 2, MAX_RETRY_MS)), delay);
        });
      };
      attempt(FIRST_RETRY_MS);
      return () => {
        alive = false;
        clearTimeout(timer);
      };
    }, []);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (waitForIt) suspend(preload());
    const { status = "open", onDecline } = props;
    return (
      <LoadingShellView
        kind={props.kind === "" ? "unknown" : props.kind}
        prompt={props.prompt}
        onDecline={onDecline && isInteractive(status) ? () => onDecline() : undefined}
      />
    );
  }
  return { Fallback, preload };
}

/** The built-in `Fallback` (hitl-kit/widgets), as `HitlRenderer`'s default. */
export const builtInFallback = createLazyFallback(() => import("./fallback").then((module) => module.Fallback));
