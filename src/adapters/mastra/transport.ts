import type { LedgerChange, LedgerProblem } from "../../core/ledger";
import {
  ACCEPTED,
  createConnectionState,
  createPoll,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
  toTransportError,
} from "../../core/transport";
import { answerMastraCall, type MastraAgentLike, type MastraStreamResponse } from "./answer";
import {
  chunkChanges,
  type MastraParked,
  type MastraPendingCall,
  mastraRequestId,
  parkMastraCall,
  readMastraChunk,
  readSuspendedRuns,
  toAction,
} from "./convert";

export type { MastraAgentLike, MastraStreamResponse } from "./answer";

export interface MastraHitlOptions {
  /** The conversation: the `memory.thread` the app streams with. Only its runs are read. */
  readonly threadId: string;
  /** The `memory.resource` the app streams with (narrows the listing; passed to a resume). */
  readonly resourceId?: string;
  /**
   * How often to read the suspended runs while connected (another tab's or device's answer, a run
   * that ended): Mastra pushes nothing outside a page's own streams. 0: only on `refresh()`. @default 2000
   */
  readonly pollIntervalMs?: number;
  /** Called for each chunk or listing entry the converter could not read. */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /**
   * Sees every chunk of every stream the transport follows: the app's (`follow`) and the ones its
   * answers start (what a resumed run says next: the tool's result, the reply, the next question).
   */
  readonly onChunk?: (chunk: unknown) => void;
}

export interface MastraHitlTransport extends HitlTransport {
  /**
   * Follows a stream the app started (`agent.stream(messages, { memory: { thread, resource } })`):
   * its approvals and suspensions park, its results settle them, and `options.onChunk` sees each
   * chunk (the app's own transcript). Resolves when the stream ends.
   */
  follow(response: MastraStreamResponse): Promise<void>;
  /** Reads the thread's suspended runs now (what the poll does); resolves once delivered. */
  refresh(): Promise<void>;
  /** Stops polling for good. */
  close(): void;
}

/** Mastra's answer for a thread it does not know (yet): 403 "Access denied: thread not found", or a 404. */
function isUnknownThread(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("status" in error)) return false;
  const message = error instanceof Error ? error.message : "";
  return error.status === 404 || (error.status === 403 && /thread not found/i.test(message));
}

/** The most suspended runs read per listing: more would be a thread nobody can work through. */
const PER_PAGE = 100;

/**
 * A Mastra agent's approvals and suspensions as a transport, over `@mastra/client-js`, without
 * React. What is waiting comes from the streams the page follows and from `listSuspendedRuns`
 * (storage-backed, so a reload, another tab or another server instance sees the same); answers go
 * out as `approveToolCall`, `declineToolCall` and `resumeStream`.
 *
 * Before each of those it reads the run again and sends only if that run is still suspended on
 * the very call the person answered, waiting for the same thing (an approval, or a suspension):
 * Mastra resumes by `toolCallId` when one is given, but an approval aimed at a suspension is fed
 * to that tool as its resume data and used up (and without a `toolCallId` — in-process calls, older
 * releases — it resumes whatever is suspended first: mastra#19633). Anything else settles the
 * request as withdrawn and sends nothing. A decline is `declineToolCall`, which never runs the tool.
 */
export function createMastraTransport(agent: MastraAgentLike, options: MastraHitlOptions): MastraHitlTransport {
  if (typeof options?.threadId !== "string" || options.threadId === "") {
    // Without a thread the listing is every user's runs of this agent.
    throw new TypeError("createMastraTransport: options.threadId is required (the memory.thread the app streams with)");
  }
  const { threadId, resourceId } = options;
  const pollMs = options.pollIntervalMs ?? 2_000;
  // Reads the suspended runs while a client is connected (from the first sink until the last leaves).
  const events = createTransportEvents({
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    follow: () => poll.follow(),
  });
  const state = createConnectionState("catching-up");
  /** Everything parked, by request id: how to answer it. */
  const parked = new Map<string, MastraParked>();
  /** Requests the last listing showed waiting. */
  let waiting = new Set<string>();
  let reading: Promise<void> | undefined;
  let closed = false;

  const filter = { threadId, ...(resourceId !== undefined ? { resourceId } : {}), perPage: PER_PAGE };

  const park = (entry: MastraParked): LedgerChange => {
    // The first reading wins: a stream's chunk has the resume schema a later listing lacks.
    if (!parked.has(entry.request.requestId)) parked.set(entry.request.requestId, entry);
    return { type: "requested", request: (parked.get(entry.request.requestId) ?? entry).request };
  };

  const deliverChunk = (chunk: unknown) => {
    const reading = readMastraChunk(chunk);
    if (reading === null) return;
    if (reading.type === "parked") {
      events.deliver(toAction([park(reading.parked)]));
      return;
    }
    const type = reading.type === "ended" ? parked.get(reading.requestId)?.call.type : undefined;
    events.deliver(toAction(chunkChanges(reading, type)));
  };

  const listing = async (): Promise<MastraPendingCall[]> => {
    const { calls, problems } = readSuspendedRuns(await agent.listSuspendedRuns(filter));
    for (const message of problems) {
      events.deliver({ type: "malformed", eventType: "suspended-runs", issues: [{ path: [], message }] });
    }
    return calls;
  };

  const read = async () => {
    const calls = await listing().catch((error: unknown) => {
      // A thread nothing was streamed on yet is not in Mastra's memory: nothing waits on it.
      if (isUnknownThread(error)) return [];
      throw error;
    });
    const changes: LedgerChange[] = calls.map((call) => park(parkMastraCall(call)));
    const now = new Set(calls.map((call) => mastraRequestId(call.runId, call.toolCallId)));
    for (const requestId of waiting) {
      if (now.has(requestId)) continue;
      // No longer waiting, and this page's stream did not say how it ended (another tab's or
      // device's answer, a cancelled run, or this page's answer whose stream was lost). Mastra's
      // listing says only that it is over, not with what: the ledger knows whether this page's
      // answer went (then it ended with that one), else it was withdrawn.
      const approval = parked.get(requestId)?.call.type === "approval";
      changes.push({ type: "concluded", requestId, ...(approval ? { approval } : {}) });
    }
    waiting = now;
    events.deliver(toAction(changes));
    state.setConnection("live");
  };

  const refresh = (): Promise<void> => {
    // One read at a time: a poll and a refresh that overlap share it.
    reading ??= read()
      .catch((error: unknown) => {
        state.setConnection("offline");
        const message = error instanceof Error ? error.message : String(error);
        options.onProblem?.({ eventType: "suspended-runs", issues: [{ path: [], message }] });
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  const poll = createPoll(refresh, pollMs);

  const follow = async (response: MastraStreamResponse) => {
    try {
      await response.processDataStream({
        onChunk: (chunk: never) => {
          deliverChunk(chunk);
          options.onChunk?.(chunk);
        },
      });
    } finally {
      // The stream said what it said; the listing says what is still waiting after it.
      if (!closed) await refresh();
    }
  };

  return {
    sessionKey: `mastra:${threadId}`,
    connection: state.connection,
    peek: events.peek,
    connect: events.connect,
    follow,
    refresh,
    close() {
      closed = true;
      poll.close();
    },
    async send(transportAnswer): Promise<SendOutcome> {
      const { requestId, answer } = transportAnswer;
      const entry = parked.get(requestId);
      if (entry === undefined) throw new HitlTransportError(`No Mastra call waits as ${requestId}`, "rejected");
      const { call } = entry;
      let calls: MastraPendingCall[];
      try {
        calls = await listing();
      } catch (error) {
        // Nothing was sent: safe to send again.
        const reason = toTransportError(error);
        throw new HitlTransportError(reason.message, "rejected", true, reason.status);
      }
      const now = calls.find((c) => c.runId === call.runId && c.toolCallId === call.toolCallId);
      if (now === undefined || now.type !== call.type) {
        // The run moved on (another answer, a cancelled run) or waits for something else on that
        // call: resuming it would feed this answer to whatever it waits for now.
        return { type: "settled", outcome: "withdrawn" };
      }
      let response: MastraStreamResponse;
      try {
        const memory = resourceId !== undefined ? { thread: threadId, resource: resourceId } : undefined;
        response = await answerMastraCall(agent, call, answer, entry.answering, memory);
      } catch (error) {
        throw toTransportError(error);
      }
      // The server took it; the resumed stream (results, the next question) follows in the background.
      void follow(response).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        options.onProblem?.({ eventType: "resume-stream", issues: [{ path: [], message }] });
      });
      return ACCEPTED;
    },
  };
}

/** A request's id for a call a run waits on (`<runId>::<toolCallId>`, Mastra's own approval id). */
export { mastraRequestId } from "./convert";
