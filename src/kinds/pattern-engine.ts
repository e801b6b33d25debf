/**
 * The linear-time engine that runs model-written patterns (RE2, from re2js): ~46 kB gz, more
 * than every widget together, so a page loads it only for a form that has a pattern. The form
 * kind's `prepare` loads it before such a payload is parsed (the registry shows the request as
 * loading meanwhile); `hitl-kit/server` registers it as it is imported, so server code parses
 * synchronously. Elsewhere, `await loadPatternEngine()` first: until then a pattern is refused
 * (never matched by a backtracking engine, never skipped).
 */

/**
 * What the kit uses of re2js's `RE2JS` (structural, so the published types need no re2js types:
 * a consumer's type check passes without it installed).
 */
interface Engine {
  compile(source: string): { matches(value: string): boolean };
}

let engine: Engine | undefined;
let loading: Promise<void> | undefined;
let failure: string | undefined;

/** The engine, once loaded or registered. */
export function patternEngine(): Engine | undefined {
  return engine;
}

/** Why the engine is not there: not loaded yet, or the load failed (offline, a replaced chunk). */
export function patternEngineProblem(): string {
  return failure === undefined
    ? "The pattern engine is not loaded (await loadPatternEngine() from hitl-kit/kinds first; hitl-kit/server loads it)"
    : `The pattern engine could not be loaded: ${failure}`;
}

/** The load still to wait for: `undefined` once the engine is in, or once loading it failed. */
export function pendingPatternEngine(): Promise<void> | undefined {
  return engine || failure !== undefined ? undefined : loadPatternEngine();
}

/** A promise React's `use` reads without suspending once settled (React marks and reads `status`). */
type Marked = Promise<void> & { status?: "pending" | "fulfilled"; value?: undefined };
let ready: Marked | undefined;

/**
 * The engine's load as one promise for a component to suspend on (the form widget, for a payload
 * with patterns): the same object on every call, already marked fulfilled once the engine is in.
 */
export function patternEngineReady(): Promise<void> {
  if (ready) return ready;
  const marked: Marked = engine ? Promise.resolve() : loadPatternEngine();
  const settle = () => {
    marked.status = "fulfilled";
    marked.value = undefined;
  };
  if (engine) settle();
  else {
    marked.status = "pending";
    void marked.then(settle);
  }
  ready = marked;
  return marked;
}

/** Makes `RE2JS` from re2js the engine (what `hitl-kit/server` does as it is imported). */
export function registerPatternEngine(re2js: Engine): void {
  engine = re2js;
}

/**
 * Loads the engine (once; later calls share the load). Resolves either way: a failed load is
 * reported by `patternEngineProblem()`, and a pattern stays refused, so a form still falls back
 * to an answerable request rather than hanging.
 */
export function loadPatternEngine(): Promise<void> {
  if (engine) return Promise.resolve();
  loading ??= import("re2js").then(
    (module) => registerPatternEngine(module.RE2JS),
    (error: unknown) => {
      failure = error instanceof Error ? error.message : String(error);
    },
  );
  return loading;
}
