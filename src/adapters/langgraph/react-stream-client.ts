import { HitlTransportError } from "../../core/transport";
import { resumeThrough, type StreamView } from "./stream-client";
import type { LangGraphClientLike } from "./transport";

/**
 * The LangGraph transport over `useStream()` from `@langchain/react` (v1, the SDK's protocol
 * stream; structural: the kit imports nothing from it). The thread is read through the stream's
 * client; a resume is the stream's own `respond(value, { interruptId })`, or `respondAll` for
 * several interrupts at once (one command, one run); a chat message is the stream's
 * `submit(input)` once nothing waits. React-free: `useLangChainReactHitl` binds it.
 */

/** The slice of `@langchain/react`'s `useStream()` return the kit uses. */
export interface LangChainReactStreamLike extends StreamView {
  readonly assistantId: string;
  /** `null` until the first submit creates (or selects) a thread. */
  readonly threadId: string | null;
  /** The root interrupts the stream shows (seeded from the thread's state on hydration). */
  readonly interrupts: readonly unknown[];
  respond(response: unknown, options: { readonly interruptId: string } & RespondOptions): Promise<void>;
  respondAll(responses: Record<string, unknown>, options?: RespondOptions): Promise<void>;
  /** A new run (`run.start`): the kit sends a chat message through it only when nothing waits on the thread. */
  submit(input: Record<string, unknown>, options?: { readonly config?: never }): Promise<void>;
}

/** The options the kit passes to `respond` / `respondAll`: the run's config. */
interface RespondOptions {
  readonly config?: never;
}

/** How long a resumed run may take to show as started once the server acknowledged `respond`. */
const RUN_MS = 2_000;

/**
 * A `LangGraphClientLike` whose resumes are the stream's `respond` / `respondAll`, carrying the
 * transport's `runPayload().config` (where strict resume is asked for). A command the server
 * refuses (a `ProtocolError`) started no run: when nothing waits on the thread any more (another
 * page resumed it) the transport looks again; any other refusal reopens the question with the
 * server's reason, nothing sent — e.g. langgraph-api 1.5's "Thread has no active assistant; call
 * run.start first" on a thread no protocol client started a run on since the server started.
 */
export function respondThrough(latest: () => LangChainReactStreamLike): LangGraphClientLike {
  return resumeThrough(
    latest,
    async (stream, payload) => {
      const { command, input } = payload;
      const config = (isRecord(payload.config) ? { config: payload.config } : {}) as { config?: never };
      try {
        if (!command) {
          // A chat message, the thread waiting on nothing (the transport just looked).
          await stream.submit(input ?? {}, config);
          return undefined;
        }
        const { resume } = command;
        const ids = Object.keys(resume);
        if (ids.length === 1 && ids[0] !== undefined) {
          await stream.respond(resume[ids[0]], { interruptId: ids[0], ...config });
        } else await stream.respondAll(resume, config);
      } catch (error) {
        if (!(error instanceof Error) || error.name !== "ProtocolError") throw error;
        if (command && /while the run is interrupted|No interrupted run/i.test(error.message)) return "refused";
        throw new HitlTransportError(error.message, "rejected");
      }
      return undefined;
    },
    RUN_MS,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
