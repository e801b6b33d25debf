import { type ElicitationHandling, parkElicitation } from "../adapters/mcp/convert";
import { toElicitResult } from "../adapters/mcp/encode";
import { isServerError, McpRoundsError, requestRound } from "../adapters/mcp/rounds";
import { formatIssues } from "../core/issues";
import type { ElicitationMapping } from "../wire/hint";
import {
  answerInput,
  inputRequestId,
  isInputRequired,
  type McpContinuation,
  type McpElicitResult,
  type McpRoundClient,
  type McpRoundMethod,
  nextRound,
  readContinuation,
  retryParams,
  startCall,
} from "../wire/mcp-rounds";
import { type AnswerClaimStore, createMemoryClaimStore } from "./claim-store";
import type { InboxRecord, InboxStore } from "./inbox-store";

/**
 * MCP 2026-07-28 calls in the inbox: a call whose result asks for input (`input_required`) parks
 * each of the round's questions, with the call's continuation kept beside them in the store
 * (`resume`: never sent to a page). Answered whenever, from any device, each through the inbox's
 * claim; once the round's last question has its answer, the sink makes the round's ONE retry
 * (every `inputResponses`, `requestState` echoed), parks the next round the same way, and hands
 * the call's final result to `onEnd`.
 *
 * What "once" holds across deliverers and crashes:
 * - The retry is claimed per round in `claims` (a lease, renewed while the retry is on its way,
 *   then kept `doneTtlMs`): several deliverers sharing the claim store never both retry a round.
 * - A deliverer that dies before its retry reached the server leaves the record undelivered and
 *   the claim's lease runs out: the outbox delivers it again and the round is retried then.
 * - A deliverer killed after the server answered but before the claim was kept (the few ms
 *   between) is the one case where a round is retried twice: the server sees the same
 *   `requestState` again (the SDK's state codec lets a server refuse a replayed one). With the
 *   default memory claim store, the kept claims end with the process; share a Redis claim store
 *   (`createRedisClaimStore`) between deliverers that must survive restarts.
 */

/** What the source and the sink share: the v2 client that makes the calls, and the inbox. */
export interface McpInboxOptions {
  /** A v2 SDK `Client` pinned to 2026-07-28 in manual mode (`inputRequired: { autoFulfill: false }`). */
  readonly client: McpRoundClient;
  readonly store: InboxStore;
  /** The kit kinds a server's hint may ask for (as the MCP transport's `kinds`). */
  readonly kinds?: readonly string[];
  /** Your own hint mappings (as the MCP transport's `mappings`). */
  readonly mappings?: Readonly<Record<string, ElicitationMapping<never, never>>>;
}

export interface StartMcpInboxCallOptions extends McpInboxOptions {
  /** Whose inbox the call's questions go to. */
  readonly owner: string;
  /** When the call's questions stop being answerable (the sink then declines them). */
  readonly expiresAt?: number;
  /** The call's id, the same on every round. @default crypto.randomUUID() */
  readonly id?: string;
}

/** How far a call got: its final result, or a round parked in the inbox. */
export type McpInboxStep =
  | { readonly status: "done"; readonly id: string; readonly result: Record<string, unknown> }
  | {
      readonly status: "parked";
      readonly id: string;
      readonly continuation: McpContinuation;
      /** The inbox ids of the round's questions. */
      readonly requestIds: readonly string[];
    };

/**
 * Makes a call (`tools/call` unless said otherwise); whatever its result asks for parks in the
 * inbox. Rejects with `McpRoundsError` (`refused`) when the server asks for what the kit cannot
 * read (over the bounds, unknown request types), and with the SDK's error when the call fails.
 */
export async function startMcpInboxCall(
  options: StartMcpInboxCallOptions,
  call: { readonly method?: McpRoundMethod; readonly params: Readonly<Record<string, unknown>> },
): Promise<McpInboxStep> {
  const start = startCall(options.id ?? globalThis.crypto.randomUUID(), call.method ?? "tools/call", call.params);
  const result = await requestRound(options.client, start.method, start.params);
  return advance(options, start, result, { owner: options.owner, expiresAt: options.expiresAt });
}

export interface McpSinkOptions extends McpInboxOptions {
  /** Where each round's one retry is claimed. @default a memory claim store of this sink's own */
  readonly claims?: AnswerClaimStore;
  /** How long a retry's claim holds unrenewed (a deliverer that died frees it after this). @default 10000 */
  readonly leaseMs?: number;
  /** How long a retried round's claim is kept. @default 7 days */
  readonly doneTtlMs?: number;
  /**
   * Hears a call's end: its final result, or the error the server answered a retry with (it
   * will not take that round again). Called once per call by the deliverer that retried last.
   */
  readonly onEnd?: (
    id: string,
    end: { readonly result: Record<string, unknown> } | { readonly error: Error },
  ) => void | Promise<void>;
}

/**
 * A sink for `deliverSettled`: an answer whose round still has open questions waits for them
 * (delivered: the round's last answer makes the retry); the round's last answer retries the call
 * once and parks what the server asks next. An expired question is declined, a withdrawn one
 * cancelled. A retry that may not have arrived throws, and the outbox delivers it again.
 */
export function mcpSink(options: McpSinkOptions): (record: InboxRecord) => Promise<void> {
  const claims = options.claims ?? createMemoryClaimStore();
  const leaseMs = options.leaseMs ?? 10_000;
  const doneTtlMs = options.doneTtlMs ?? 7 * 24 * 60 * 60 * 1000;
  return async (record) => {
    if (record.source !== "mcp") {
      throw new TypeError(`The record ${record.id} is not an MCP call's (source "${record.source}")`);
    }
    const reading = readContinuation(record.resume);
    if (!reading.ok) {
      // Nothing can ever retry this round: said once, and not tried again.
      await options.onEnd?.(record.conversation ?? record.id, {
        error: new McpRoundsError(formatIssues(reading.issues), "refused", reading.issues),
      });
      return;
    }
    const { continuation } = reading;
    const where = { owner: record.owner, expiresAt: record.expiresAt };
    const keys = Object.keys(continuation.inputRequests);
    const records = await Promise.all(keys.map((key) => options.store.get(inputRequestId(continuation, key))));
    if (records.some((other) => other === undefined)) {
      // A source that died while parking the round: park the rest (idempotent), they wait for a person.
      await parkRound(options, continuation, where);
      return;
    }
    if (records.some((other) => other?.state === "open")) return;

    const claimKey = `hitl-mcp:${continuation.id}:${continuation.round}`;
    const holder = JSON.stringify({ id: globalThis.crypto.randomUUID() });
    if (!(await claims.claim(claimKey, holder, leaseMs)).won) return; // another deliverer retries this round
    const renew = setInterval(() => void claims.extend(claimKey, holder, leaseMs).catch(() => {}), leaseMs / 3);
    let answered = continuation;
    keys.forEach((key, index) => {
      answered = answerInput(answered, key, elicitResultOf(options, continuation, key, records[index] as InboxRecord));
    });
    try {
      let result: Record<string, unknown>;
      try {
        result = await requestRound(options.client, answered.method, retryParams(answered));
      } catch (error) {
        if (!isServerError(error)) {
          // It may not have arrived: free the round for the outbox's next delivery.
          clearInterval(renew);
          await claims.release(claimKey, holder).catch(() => {});
          throw error;
        }
        // The server answered the retry with an error: it has the round, and would answer the same again.
        await options.onEnd?.(continuation.id, { error: error as Error });
        await claims.extend(claimKey, holder, doneTtlMs).catch(() => {});
        return;
      }
      const step = await advance(options, answered, result, where).catch(async (error: unknown) => {
        await options.onEnd?.(continuation.id, { error: error as Error });
        return undefined;
      });
      if (step?.status === "done") await options.onEnd?.(continuation.id, { result: step.result });
      await claims.extend(claimKey, holder, doneTtlMs).catch(() => {});
    } finally {
      clearInterval(renew);
    }
  };
}

/** The final result, or the next round parked. */
async function advance(
  options: McpInboxOptions,
  from: Pick<McpContinuation, "id" | "method" | "params"> & { readonly round?: number },
  result: Record<string, unknown>,
  where: { readonly owner: string; readonly expiresAt: number | undefined },
): Promise<McpInboxStep> {
  if (!isInputRequired(result)) return { status: "done", id: from.id, result };
  const reading = nextRound(from, result);
  if (!reading.ok) throw new McpRoundsError(formatIssues(reading.issues), "refused", reading.issues);
  const requestIds = await parkRound(options, reading.continuation, where);
  return { status: "parked", id: from.id, continuation: reading.continuation, requestIds };
}

/** Parks every question of the round with the continuation beside it; idempotent by id. */
async function parkRound(
  options: McpInboxOptions,
  continuation: McpContinuation,
  where: { readonly owner: string; readonly expiresAt: number | undefined },
): Promise<string[]> {
  const ids: string[] = [];
  for (const [key, asked] of Object.entries(continuation.inputRequests)) {
    const { request } = handlingOf(options, continuation, key, asked.params);
    await options.store.park({
      request,
      owner: where.owner,
      source: "mcp",
      conversation: continuation.id,
      expiresAt: where.expiresAt,
      resume: continuation,
    });
    ids.push(request.requestId);
  }
  return ids;
}

function handlingOf(options: McpInboxOptions, continuation: McpContinuation, key: string, params: unknown) {
  return parkElicitation(
    inputRequestId(continuation, key),
    params,
    new Set(options.kinds ?? []),
    options.mappings ?? {},
    "2026",
  );
}

/** One question's `ElicitResult`: the person's answer, a decline when it expired or could not be shown, a cancel when withdrawn. */
function elicitResultOf(
  options: McpInboxOptions,
  continuation: McpContinuation,
  key: string,
  record: InboxRecord,
): McpElicitResult {
  if (record.state === "withdrawn") return { action: "cancel" };
  const parked = handlingOf(options, continuation, key, continuation.inputRequests[key]?.params);
  if (record.state !== "answered" || !record.answer || !parked.ok) return { action: "decline" };
  const handling: ElicitationHandling = parked.pending;
  const result = toElicitResult(
    { requestId: record.id, kind: record.request.kind, answer: record.answer, request: record.request },
    handling,
  );
  // The inbox checked the answer against the request when it was given; one the server's schema
  // still refuses is declined rather than never sent.
  return result.ok ? result.value : { action: "decline" };
}
