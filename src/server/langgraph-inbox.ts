import { interruptRequests, pendingInterrupts } from "../adapters/langgraph/convert";
import { hitlDecision, hitlRequestId, readHitlRequest, reviewResume } from "../adapters/langgraph/hitl-request";
import { resumeValue } from "../adapters/langgraph/transport";
import type { AnswerBody } from "../core/answer";
import { deliveredAnswer, type InboxRecord, type InboxStore } from "./inbox-store";

/**
 * LangGraph threads in the inbox, both ways. The source parks what every interrupted thread
 * waits on (`threads.search({ status: "interrupted" })`, then each thread's state), as the
 * LangGraph transport would show it in a chat page: the kit's interrupts as their kinds, plain
 * ones as the fallback, a HITL review as one approval per action. The sink resumes a thread with
 * `Command({ resume: { [interruptId]: value } })` once its answer is in — and does nothing when
 * the interrupt no longer waits, so a delivery repeated after a crash resumes nothing twice.
 */

/** The slice of `@langchain/langgraph-sdk`'s `Client` used here (structural: pass a `new Client({ apiUrl })`). */
export interface LangGraphInboxClient {
  readonly threads: {
    search(query: {
      status: "interrupted";
      limit: number;
      offset: number;
      sortBy: "created_at";
      sortOrder: "asc";
    }): Promise<readonly LangGraphThreadLike[]>;
    get(threadId: string): Promise<LangGraphThreadLike>;
    getState(threadId: string): Promise<unknown>;
  };
  readonly runs: {
    create(
      threadId: string,
      assistantId: string,
      payload: { command: { resume: Record<string, unknown> }; multitaskStrategy: "reject" },
    ): Promise<unknown>;
  };
}

export interface LangGraphThreadLike {
  readonly thread_id: string;
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

export interface ParkLangGraphOptions {
  readonly client: LangGraphInboxClient;
  readonly store: InboxStore;
  /** Whose inbox a thread's requests go to; `undefined` leaves the thread out. */
  readonly owner: (thread: LangGraphThreadLike) => string | undefined;
  /** Threads read per search page. @default 100 */
  readonly pageSize?: number;
  /** Threads read at most in one call. @default 10000 */
  readonly maxThreads?: number;
}

/** Parks every request an interrupted thread waits on; idempotent (a parked id stays as it is). */
export async function parkLangGraphInterrupts(options: ParkLangGraphOptions): Promise<{ readonly parked: number }> {
  const { client, store } = options;
  const pageSize = options.pageSize ?? 100;
  const maxThreads = options.maxThreads ?? 10_000;
  let parked = 0;
  for (let offset = 0; offset < maxThreads; offset += pageSize) {
    // Oldest thread first: the inbox lists in parking order, and the longest waiting come first.
    const threads = await client.threads.search({
      status: "interrupted",
      limit: pageSize,
      offset,
      sortBy: "created_at",
      sortOrder: "asc",
    });
    for (const thread of threads) {
      const owner = options.owner(thread);
      if (owner === undefined) continue;
      for (const interrupt of pendingInterrupts(await client.threads.getState(thread.thread_id))) {
        for (const request of interruptRequests(interrupt).requests) {
          const { created } = await store.park({ request, owner, source: "langgraph", conversation: thread.thread_id });
          if (created) parked++;
        }
      }
    }
    if (threads.length < pageSize) break;
  }
  return { parked };
}

export interface LangGraphSinkOptions {
  readonly client: LangGraphInboxClient;
  /** To read the other decisions of a HITL review (one record per action). */
  readonly store: InboxStore;
  /** The graph to resume with. @default the thread's `graph_id` / `assistant_id` metadata */
  readonly assistantId?: string;
}

/** Thrown while a review's other actions still wait: the outbox tries again after its lease. */
export class ReviewIncompleteError extends Error {
  override readonly name = "ReviewIncompleteError";
}

/**
 * A sink for `deliverSettled`: resumes the record's thread with its answer (an expired request
 * resumes as declined, so the graph is not left waiting forever). A HITL review resumes once
 * every action has its answer, with all its decisions in one `Command`.
 */
export function langGraphSink(options: LangGraphSinkOptions): (record: InboxRecord) => Promise<void> {
  const { client, store } = options;
  // Interrupts this sink resumed: a review's other records are delivered by that one resume. The
  // thread's state may still show the interrupt until the resumed run gets past it; across
  // processes a repeat then meets the busy thread (`multitaskStrategy: "reject"`) and is retried.
  const resumed = new Set<string>();
  return async (record) => {
    const threadId = record.conversation;
    if (record.source !== "langgraph" || threadId === undefined) {
      throw new TypeError(`The record ${record.id} is not a LangGraph thread's (source "${record.source}")`);
    }
    // The interrupt's id is the request's call (a review's actions are `<interrupt id>/<index>`).
    const interruptId = record.request.callId;
    if (resumed.has(interruptId)) return;
    const interrupt = pendingInterrupts(await client.threads.getState(threadId)).find(
      (pending) => pending.id === interruptId,
    );
    // Resumed already (this delivery is a repeat after a crash), or the graph moved on.
    if (!interrupt) return;
    const actions = readHitlRequest(interrupt.value);
    let value: unknown;
    if (actions) {
      const answers: AnswerBody[] = [];
      for (let index = 0; index < actions.length; index++) {
        const sibling = await store.get(hitlRequestId(interruptId, index));
        if (!sibling || sibling.state === "open" || sibling.state === "withdrawn") {
          throw new ReviewIncompleteError(
            `${interruptId}: action ${index + 1} of ${actions.length} is not answered yet`,
          );
        }
        answers.push(deliveredAnswer(sibling));
      }
      value = reviewResume(
        actions,
        actions.map((action, index) => hitlDecision(action, answers[index] as AnswerBody)),
      );
    } else {
      value = resumeValue(deliveredAnswer(record), interrupt);
    }
    const assistantId = options.assistantId ?? assistantOf(await client.threads.get(threadId));
    await client.runs.create(threadId, assistantId, {
      command: { resume: { [interruptId]: value } },
      multitaskStrategy: "reject",
    });
    if (resumed.size >= 10_000) resumed.clear();
    resumed.add(interruptId);
  };
}

function assistantOf(thread: LangGraphThreadLike): string {
  const id = thread.metadata?.graph_id ?? thread.metadata?.assistant_id;
  if (typeof id !== "string" || id === "") {
    throw new TypeError(`The thread ${thread.thread_id} names no graph: pass langGraphSink({ assistantId })`);
  }
  return id;
}
