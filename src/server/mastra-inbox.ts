import { answerMastraCall, type MastraAgentLike, type MastraStreamResponse } from "../adapters/mastra/answer";
import {
  type MastraPendingCall,
  type MastraRunLike,
  mastraRequestId,
  parkMastraCall,
  readSuspendedRuns,
} from "../adapters/mastra/convert";
import { deliveredAnswer, type InboxRecord, type InboxStore } from "./inbox-store";

export type { MastraRunLike } from "../adapters/mastra/convert";

/**
 * A Mastra agent's waiting calls in the inbox, both ways. The source parks what every suspended
 * run of the agent waits on (`listSuspendedRuns`, storage-backed): an approval as the approval
 * card, a suspension with the kit's hint as its kind (one without the hint as the fallback:
 * Mastra's listing carries no resume schema). The sink answers with `approveToolCall`,
 * `declineToolCall` or `resumeStream` once the answer is in — and only while that run still waits
 * on that very call, for the same thing: a delivery repeated after a crash, or one that meets a run
 * answered some other way, sends nothing.
 *
 * Both take a `@mastra/client-js` agent (`new MastraClient({ baseUrl, retries: 0 }).getAgent(id)`).
 */

/** What `parkMastraRuns` reads, where it parks, and for whom. */
export interface ParkMastraOptions {
  readonly agent: MastraAgentLike;
  readonly store: InboxStore;
  /** Whose inbox a run's requests go to (e.g. its `resourceId`); `undefined` leaves it out. */
  readonly owner: (run: MastraRunLike) => string | undefined;
  /** When a run's requests stop being answerable (then the sink declines them), e.g. a day after it suspended. */
  readonly expiresAt?: (run: MastraRunLike) => number | undefined;
  /** Runs read per page. @default 100 */
  readonly pageSize?: number;
  /** Runs read at most in one call. @default 10000 */
  readonly maxRuns?: number;
}

/** Parks every call a suspended run waits on; idempotent (a parked id stays as it is). */
export async function parkMastraRuns(options: ParkMastraOptions): Promise<{ readonly parked: number }> {
  const { agent, store } = options;
  const perPage = options.pageSize ?? 100;
  const maxRuns = options.maxRuns ?? 10_000;
  const waiting: { call: MastraPendingCall; run: MastraRunLike }[] = [];
  for (let page = 0; page * perPage < maxRuns; page++) {
    const { calls, runs } = readSuspendedRuns(await agent.listSuspendedRuns({ perPage, page }));
    for (const call of calls) {
      const run = runs.get(call.runId);
      if (run) waiting.push({ call, run });
    }
    if (runs.size < perPage) break;
  }
  // Mastra lists the newest first; the inbox lists in parking order, the longest waiting first.
  waiting.sort((a, b) => (a.run.suspendedAt ?? 0) - (b.run.suspendedAt ?? 0));
  let parked = 0;
  for (const { call, run } of waiting) {
    const owner = options.owner(run);
    if (owner === undefined) continue;
    const { request } = parkMastraCall(call);
    const conversation = run.threadId ?? run.runId;
    const expiresAt = options.expiresAt?.(run);
    if ((await store.park({ request, owner, source: "mastra", conversation, expiresAt })).created) parked++;
  }
  return { parked };
}

export interface MastraSinkOptions {
  readonly agent: MastraAgentLike;
}

/**
 * A sink for `deliverSettled`: answers the record's call (an expired request is declined, so the
 * run is not left waiting forever), and drains the stream the answer starts (the tool's result,
 * what the model says next), so the run is past the call before the delivery is settled.
 */
export function mastraSink(options: MastraSinkOptions): (record: InboxRecord) => Promise<void> {
  const { agent } = options;
  return async (record) => {
    if (record.source !== "mastra") {
      throw new TypeError(`The record ${record.id} is not a Mastra run's (source "${record.source}")`);
    }
    const waiting = await findWaiting(agent, record);
    // Answered already (a repeat after a crash), or the run moved on: nothing to send.
    if (!waiting || (waiting.type === "approval") !== (record.request.kind === "approval" && record.request.native)) {
      return;
    }
    await drain(await answerMastraCall(agent, waiting, deliveredAnswer(record), parkMastraCall(waiting).answering));
  };
}

async function drain(response: MastraStreamResponse): Promise<void> {
  await response.processDataStream({ onChunk: () => {} });
}

/** Pages through the listing (a run without a thread is parked with its run id as its conversation). */
async function findWaiting(agent: MastraAgentLike, record: InboxRecord): Promise<MastraPendingCall | undefined> {
  const runId = record.request.requestId.split("::")[0];
  const thread = record.conversation !== undefined && record.conversation !== runId ? record.conversation : undefined;
  const perPage = 100;
  for (let page = 0; page < 1_000; page++) {
    const { calls, runs } = readSuspendedRuns(
      await agent.listSuspendedRuns({ ...(thread ? { threadId: thread } : {}), perPage, page }),
    );
    const found = calls.find((call) => mastraRequestId(call.runId, call.toolCallId) === record.request.requestId);
    if (found || runs.size < perPage) return found;
  }
  return undefined;
}
