import {
  type MastraPendingCall,
  mastraRequestId,
  mastraResumeData,
  parkMastraCall,
  readSuspendedRuns,
} from "../adapters/mastra/convert";
import type { MastraAgentLike, MastraStreamResponse } from "../adapters/mastra/transport";
import type { AnswerBody } from "../core/answer";
import { approvalDecision } from "../kinds/native";
import type { InboxRecord, InboxStore } from "./inbox-store";

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

/** A suspended run as the listing gives it (the parts the owner hook may read). */
export interface MastraRunLike {
  readonly runId: string;
  readonly threadId?: string;
  readonly resourceId?: string;
  /** When it suspended (ms since the epoch), if the listing says. */
  readonly suspendedAt?: number;
}

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
    const listing = await agent.listSuspendedRuns({ perPage, page });
    const runs = runsOf(listing);
    for (const call of readSuspendedRuns(listing).calls) {
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
    await drain(await answerCall(agent, waiting, answerOf(record)));
  };
}

function answerCall(
  agent: MastraAgentLike,
  call: MastraPendingCall,
  answer: AnswerBody,
): Promise<MastraStreamResponse> {
  const target = { runId: call.runId, toolCallId: call.toolCallId };
  if (call.type === "approval") {
    const decision = approvalDecision(answer);
    if (decision.decision === "approve") return agent.approveToolCall(target);
    const note = decision.decision === "deny" ? decision.note : undefined;
    return agent.declineToolCall(note ? { ...target, reason: note } : target);
  }
  return agent.resumeStream(mastraResumeData(answer, parkMastraCall(call).answering) as never, target);
}

async function drain(response: MastraStreamResponse): Promise<void> {
  await response.processDataStream({ onChunk: () => {} });
}

function answerOf(record: InboxRecord): AnswerBody {
  if (record.state === "answered" && record.answer) return record.answer;
  return { type: "declined", reason: "The request expired before anyone answered it" };
}

/** Pages through the listing (a run without a thread is parked with its run id as its conversation). */
async function findWaiting(agent: MastraAgentLike, record: InboxRecord): Promise<MastraPendingCall | undefined> {
  const runId = record.request.requestId.split("::")[0];
  const thread = record.conversation !== undefined && record.conversation !== runId ? record.conversation : undefined;
  const perPage = 100;
  for (let page = 0; page < 1_000; page++) {
    const listing = await agent.listSuspendedRuns({ ...(thread ? { threadId: thread } : {}), perPage, page });
    const found = readSuspendedRuns(listing).calls.find(
      (call) => mastraRequestId(call.runId, call.toolCallId) === record.request.requestId,
    );
    if (found || runsOf(listing).size < perPage) return found;
  }
  return undefined;
}

function runsOf(listing: unknown): Map<string, MastraRunLike> {
  const runs = new Map<string, MastraRunLike>();
  const list = isRecord(listing) && Array.isArray(listing.runs) ? listing.runs : [];
  for (const run of list) {
    if (!isRecord(run) || typeof run.runId !== "string") continue;
    runs.set(run.runId, {
      runId: run.runId,
      ...(typeof run.threadId === "string" ? { threadId: run.threadId } : {}),
      ...(typeof run.resourceId === "string" ? { resourceId: run.resourceId } : {}),
      ...suspendedAt(run.suspendedAt),
    });
  }
  return runs;
}

function suspendedAt(value: unknown): { suspendedAt?: number } {
  const at = typeof value === "string" ? Date.parse(value) : value instanceof Date ? value.getTime() : Number.NaN;
  return Number.isFinite(at) ? { suspendedAt: at } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
