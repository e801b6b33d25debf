import type { TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import type { ChatMessage, HitlTransport } from "../../core/transport";

// The LangGraph transport's public types (`createLangGraphTransport` in `transport.ts`).

/**
 * The slice of `@langchain/langgraph-sdk`'s `Client` the transport uses (structural: pass a
 * `new Client({ apiUrl })`; the kit imports nothing from the SDK).
 */
export interface LangGraphClientLike {
  readonly threads: {
    /** `GET /threads/{thread}/state`, or `/state/{checkpoint}` for an earlier checkpoint. */
    getState(threadId: string, checkpoint?: string): Promise<unknown>;
  };
  readonly runs: {
    /** `POST /threads/{thread}/runs/stream`: creates a run and streams its parts. */
    stream(threadId: string, assistantId: string, payload: LangGraphRunPayload): AsyncIterable<LangGraphStreamPart>;
  };
}

/**
 * What the transport passes to `runs.stream` (your `runPayload` merged under it): a resume
 * (`command.resume`, by interrupt id), or a chat message when nothing waits (`input`, no `command`).
 */
export interface LangGraphRunPayload {
  readonly command?: LangGraphCommand;
  /** A chat message as a new run's input (`messageUpdate`): only when the thread waits on nothing. */
  readonly input?: Record<string, unknown>;
  readonly streamMode: ("updates" | "tasks")[];
  readonly multitaskStrategy: "reject";
  readonly strictResume: true;
  readonly [key: string]: unknown;
}

/** LangGraph's `Command` as the transport sends it: `Command({ resume })`. */
export interface LangGraphCommand {
  /** `{ [interruptId]: value }`. */
  readonly resume: Record<string, unknown>;
}

/** One part of a run's stream, as the SDK yields it. */
export interface LangGraphStreamPart {
  readonly event: string;
  readonly data: unknown;
}

export interface LangGraphTransportOptions {
  readonly client: LangGraphClientLike;
  /** The assistant (or graph id) that runs on the thread. */
  readonly assistantId: string;
  /** The thread; `null` while there is none yet (a page before its first run): nothing waits then. */
  readonly threadId: string | null;
  /**
   * How interrupts pending at once (parallel branches, `Send` fan-out) resume:
   * - `"together"` (default): an answer waits (its request shows as being sent) until every
   *   interrupt the thread is waiting on has one, then ONE run resumes them all
   *   (`Command({ resume: { [interruptId]: value, … } })`), so the graph runs on once;
   * - `"each"`: each answer resumes its own interrupt at once (LangGraph keeps the others
   *   waiting, with the same ids, and re-runs their nodes up to their `interrupt` on each resume).
   * Pick `"each"` when different people (pages) answer different branches: with `"together"`
   * two pages each holding one of two answers wait for each other.
   */
  readonly resume?: "together" | "each";
  /**
   * How often the thread's state is read while a client follows it, to see what other pages,
   * other devices and the app's own runs did. `0`: only after this transport's runs (and
   * `refresh()`). @default 2000
   */
  readonly pollIntervalMs?: number;
  /**
   * More of the resume run's payload (`config`, `context`, `metadata`, `streamSubgraphs`…);
   * the transport's own `command`, `streamMode`, `multitaskStrategy` and `strictResume` win.
   * On a server without strict resume (langgraph-api 1.5 ignores the SDK's `strictResume`),
   * `{ config: { configurable: { __pregel_strict_resume: true } } }` turns LangGraph's own on
   * (an internal key of `@langchain/langgraph` 1.7). Without strict resume, a resume that lost a
   * race with another device (both looked before either resumed) is silently ignored by LangGraph
   * (langchain-ai/langgraph#8836): the graph keeps the other answer, this page shows its own.
   */
  readonly runPayload?: () => Record<string, unknown>;
  /**
   * The state update a chat message sent through `client.sendMessage` is: the input of the run it
   * starts once nothing waits (after the resume of the questions it replies to).
   * @default (message) => ({ messages: [{ type: "human", content: message.text }] })
   */
  readonly messageUpdate?: (message: ChatMessage) => Record<string, unknown>;
  /** A thread state the app already read (server rendering): delivered at once, before the first read. */
  readonly initialState?: unknown;
  /** Called for each state or part the converter could not read (also reported through the client's `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /** A run this transport started failed after the server took it, or reading the thread failed. */
  readonly onRunError?: (error: unknown) => void;
}

export interface LangGraphTransport extends HitlTransport {
  /**
   * Reads the thread's state now and delivers what changed; resolves once delivered (failures
   * go to `onRunError` and leave the connection `offline`). Await it before the first client
   * connects to have every waiting interrupt in the first render.
   */
  refresh(): Promise<void>;
  /**
   * Follows one of the app's own runs on the thread (`client.runs.stream(…)`): its interrupts
   * park as they stream, and the thread is read again once it ends. Yields every part through.
   */
  observe<P extends LangGraphStreamPart>(stream: AsyncIterable<P>): AsyncIterable<P>;
  /** Stops following the thread now (the client follows it again when it next connects). */
  close(): void;
  /**
   * What a UI binding shows of the thread (`useStream()`, see `useLangGraphHitl`): `interrupts`
   * it saw stream by (`{ id, value }`, parked at once, like a run's parts), and whether a run is
   * streaming (`busy`: polling and resuming wait for it; the thread is read again once it ends).
   */
  sync(view: LangGraphView): void;
  /**
   * Sends a chat message the person typed: call `client.sendMessage({ text })` (the
   * provider's client: `useHitlClient()` in React), which gates the replies through the client.
   * Every question the thread waits on gets one reply first — a kit question the typed "replied in
   * chat" result (`{ reply: text }`, read with `readResume`), a plain interrupt the words
   * themselves, a HITL review's action a reject with `REPLIED_IN_CHAT_REASON` — resumed in one run
   * (`Command({ resume: { [interruptId]: reply } })`), and once that run is over the message is a
   * new run's input, so it follows the tool results in the history (a `Command`'s `update` would
   * put it between a tool call and its result, which providers refuse). Nothing waiting: the
   * message is a new run's input at once. A question another page is
   * answering right now: the message waits until it is answered (it never goes as a run that
   * resumes it, as a `run.start` on an interrupted thread does on langgraph-api 1.5).
   */
  sendMessage(message: ChatMessage, replies: readonly TransportAnswer[]): Promise<ReadonlySet<string>>;
}

/** See `LangGraphTransport.sync`. */
export interface LangGraphView {
  readonly interrupts?: readonly unknown[];
  readonly busy?: boolean;
}
