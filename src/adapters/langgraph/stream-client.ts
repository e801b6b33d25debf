import type {
  LangGraphClientLike,
  LangGraphCommand,
  LangGraphRunPayload,
  LangGraphStreamPart,
  LangGraphTransportOptions,
} from "./transport";

/**
 * The LangGraph transport over `useStream()` from `@langchain/langgraph-sdk/react` (structural:
 * the kit imports nothing from the SDK). The thread is read through the stream's own client; a
 * resume goes through the stream's `submit(null, { command: { resume } })`, a chat message (once
 * nothing waits) through `submit(input)`, so
 * the page's `useStream` streams the run (its messages, its next interrupts) as it streams any run.
 * React-free: `useLangGraphHitl` binds it to a component.
 */

/** `useLangGraphHitl`'s options: the transport's, but for what the stream itself gives. */
export interface LangGraphHitlOptions extends Omit<LangGraphTransportOptions, "client" | "assistantId" | "threadId"> {
  /** The thread the stream is on (`useStream`'s `threadId`, as `onThreadId` reported it); none yet: `null`. */
  readonly threadId: string | null | undefined;
}

/** The slice of `useStream()`'s return the kit uses. */
export interface LangGraphStreamLike {
  /** The SDK client the stream runs on (`stream.client`). */
  readonly client: {
    readonly threads: LangGraphClientLike["threads"] & {
      /** `GET /threads/{thread}`: a busy thread is not resumed (the stream would show the refusal as its error). */
      get?(threadId: string): Promise<{ readonly status?: string }>;
    };
  };
  readonly assistantId: string;
  /** The interrupts the stream shows (from the run's values, or the thread's state on hydration). */
  readonly interrupts?: readonly unknown[];
  /** `interrupts[0]`, or (some SDK versions) the whole list when there are several. */
  readonly interrupt?: unknown;
  readonly isLoading: boolean;
  readonly error?: unknown;
  /** `values`: a chat message as a new run's input (nothing to resume); `null` with `command` to resume. */
  submit(values: Record<string, unknown> | null, options: LangGraphSubmitOptions): Promise<void>;
}

/** What the kit passes to `useStream().submit(…)`: a resume (`command`), or a chat message's run options. */
export interface LangGraphSubmitOptions {
  readonly command?: LangGraphCommand;
  readonly multitaskStrategy: "reject";
  readonly strictResume: true;
  /** The run goes on if the page goes away mid-resume (a reload): the server keeps the one answer. */
  readonly onDisconnect: "continue";
  readonly [key: string]: unknown;
}

/** Every interrupt the stream shows, as a list: `interrupts`, else `interrupt` (one, or several at once). */
export function streamInterrupts(stream: Pick<LangGraphStreamLike, "interrupts" | "interrupt">): readonly unknown[] {
  const shown = stream.interrupts ?? stream.interrupt;
  if (Array.isArray(shown)) return shown;
  return shown === undefined || shown === null ? [] : [shown];
}

/**
 * A `LangGraphClientLike` whose resume runs are the stream's `submit`: `latest()` is the stream as
 * last rendered. `submit` never rejects (useStream keeps a run's failure in `error`), so once it
 * resolves and the stream has rendered its end, the run's error tells what became of the resume:
 * none, the run took it; a refused resume (LangGraph's strict resume: another device resumed
 * first), nothing was taken; an HTTP error (a busy thread, a refusal), the server never created
 * the run — each read as the transport reads the SDK's own stream.
 */
export function submitThrough(latest: () => LangGraphStreamLike): LangGraphClientLike {
  return resumeThrough(latest, async (stream, payload) => {
    // useStream picks its own stream modes (what the page reads).
    const { streamMode: _, input, ...options } = payload;
    await stream.submit(input ?? null, { ...options, onDisconnect: "continue" });
    return undefined;
  });
}

/** What a binding's stream shows that a resume through it reads. */
export interface StreamView {
  readonly client: LangGraphStreamLike["client"];
  readonly isLoading: boolean;
  readonly error?: unknown;
}

/**
 * A `LangGraphClientLike` over a UI binding's stream: the thread read through the stream's client,
 * a resume through `dispatch` (the binding's own way to resume), its outcome read from the stream's
 * `error` once the stream rendered the run's end (`runMs`: how long the run may take to show as
 * started, for a `dispatch` that resolves before the run does). `dispatch` resolves `"refused"`
 * when the server refused the resume before any run because nothing waits any more (another page
 * resumed first): the transport then looks again before anything else goes.
 */
export function resumeThrough<S extends StreamView>(
  latest: () => S,
  dispatch: (stream: S, payload: LangGraphRunPayload) => Promise<"refused" | undefined>,
  runMs = 0,
): LangGraphClientLike {
  return {
    threads: { getState: (threadId, checkpoint) => latest().client.threads.getState(threadId, checkpoint) },
    runs: { stream: (threadId, _assistantId, payload) => resumed(latest, threadId, payload, dispatch, runMs) },
  };
}

async function* resumed<S extends StreamView>(
  latest: () => S,
  threadId: string,
  payload: LangGraphRunPayload,
  dispatch: (stream: S, payload: LangGraphRunPayload) => Promise<"refused" | undefined>,
  runMs: number,
): AsyncGenerator<LangGraphStreamPart> {
  // A thread still running (the app's run, another page's resume) would refuse the run: wait for it
  // without a refusal the page would show as the stream's error.
  // (No thread yet: the binding's run creates it.)
  const thread = threadId === "" ? undefined : await latest().client.threads.get?.(threadId);
  if (thread?.status === "busy") throw Object.assign(new Error("The thread is busy"), { status: 409 });
  const before = latest().error;
  if ((await dispatch(latest(), payload)) === "refused") {
    yield { event: "error", data: { error: "UnknownInterruptError", message: "Nothing waits on the thread any more" } };
    return;
  }
  const error = await settledError(latest, before, runMs);
  if (error === undefined) return;
  if (typeof error === "object" && error !== null && "status" in error) throw error; // no run was created
  const name = error instanceof Error ? error.name : "Error";
  const message = error instanceof Error ? error.message : String(error);
  // A run's failure may come back as a plain Error whose message names LangGraph's refusal.
  const refused = /UnknownInterruptError/.test(`${name} ${message}`);
  yield { event: "error", data: { error: refused ? "UnknownInterruptError" : name, message } };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error the stream shows once it rendered the run's end (`undefined`: none, or the one it had before). */
async function settledError(latest: () => StreamView, before: unknown, runMs: number): Promise<unknown> {
  // The stream's state lives in an external store: React renders the run's start and end right after.
  await tick(0);
  for (let waited = 0; !latest().isLoading && latest().error === before && waited < runMs; waited += 10) await tick(10);
  for (let waited = 0; latest().isLoading && waited < Math.max(1_000, runMs * 100); waited += 10) await tick(10);
  const { error } = latest();
  return error === before ? undefined : (error ?? undefined);
}
