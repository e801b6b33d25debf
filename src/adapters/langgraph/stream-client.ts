import type {
  LangGraphClientLike,
  LangGraphRunPayload,
  LangGraphStreamPart,
  LangGraphTransportOptions,
} from "./transport";

/**
 * The LangGraph transport over `useStream()` from `@langchain/langgraph-sdk/react` (structural:
 * the kit imports nothing from the SDK). The thread is read through the stream's own client; a
 * resume goes through the stream's `submit(null, { command: { resume } })`, so the page's
 * `useStream` streams the resumed run (its messages, its next interrupts) as it streams any run.
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
  submit(values: null, options: LangGraphSubmitOptions): Promise<void>;
}

/** What the kit passes to `useStream().submit(null, …)` to resume. */
export interface LangGraphSubmitOptions {
  readonly command: { readonly resume: Record<string, unknown> };
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
  return {
    threads: { getState: (threadId, checkpoint) => latest().client.threads.getState(threadId, checkpoint) },
    runs: { stream: (threadId, _assistantId, payload) => submitted(latest, threadId, payload) },
  };
}

async function* submitted(
  latest: () => LangGraphStreamLike,
  threadId: string,
  payload: LangGraphRunPayload,
): AsyncGenerator<LangGraphStreamPart> {
  // A thread still running (the app's run, another page's resume) would refuse the run: wait for it
  // without a refusal the page would show as the stream's error.
  const thread = await latest().client.threads.get?.(threadId);
  if (thread?.status === "busy") throw Object.assign(new Error("The thread is busy"), { status: 409 });
  // useStream picks its own stream modes (what the page reads).
  const { streamMode: _, ...options } = payload;
  const before = latest().error;
  await latest().submit(null, { ...options, onDisconnect: "continue" });
  const error = await settledError(latest, before);
  if (error === undefined) return;
  if (typeof error === "object" && error !== null && "status" in error) throw error; // no run was created
  const name = error instanceof Error ? error.name : "Error";
  yield { event: "error", data: { error: name, message: error instanceof Error ? error.message : String(error) } };
}

/** The error the stream shows once it rendered the run's end (`undefined`: none, or the one it had before). */
async function settledError(latest: () => LangGraphStreamLike, before: unknown): Promise<unknown> {
  // useStream's state lives in an external store: React renders the run's end right after.
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let waited = 0; latest().isLoading && waited < 1_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const { error } = latest();
  return error === before ? undefined : (error ?? undefined);
}
