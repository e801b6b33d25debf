import type { Client } from "@modelcontextprotocol/client";
import { z } from "zod";
import { formatIssues, type HitlIssue } from "../../core/issues";
import type { Outcome } from "../../core/model";
import {
  ACCEPTED,
  alwaysLive,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
  toTransportError,
} from "../../core/transport";
import {
  answerInput,
  inputRequestId,
  isInputRequired,
  type McpContinuation,
  type McpElicitResult,
  type McpRoundClient,
  type McpRoundMethod,
  nextRound,
  openKeys,
  readContinuation,
  retryParams,
  startCall,
} from "../../wire/mcp-rounds";
import { type ElicitationHandling, parkElicitation } from "./convert";
import { toElicitResult } from "./encode";
import type { McpHitlOptions } from "./transport";

/**
 * MCP 2026-07-28's elicitations inside results, driven by the kit on the TypeScript SDK v2's
 * `Client` in manual mode: the app makes its call through `call`/`callTool`; each interim result's
 * `inputRequests` park as one batch of requests (a form, a rich picker from the kit's hint, an
 * `open-url` step); once every key has its answer (decline and cancel are answers) the transport
 * makes exactly ONE retry carrying all `inputResponses`, keyed as asked, with `requestState`
 * echoed; the next round parks again; the call's final result resolves the app's promise once.
 *
 * Between rounds a call is a `McpContinuation` (`snapshot`, `onContinuation`): plain JSON an app
 * stores and hands to another page or process, which `restore`s it and answers the rest.
 */

export interface McpRoundsOptions extends McpHitlOptions {
  /**
   * Names the conversation for the kit's journal (the reload-safe record of answers on their way).
   * Request ids are the call's own, so one key serves every call. @default "mcp-rounds"
   */
  readonly sessionKey?: string;
  /**
   * Claims the one retry of a round (`"<call id>:<round>"`) where several pages or processes may
   * hold the same continuation (a shared claim store, e.g. the answer guard's): only a `true` retries.
   * @default every round is claimed by the first of this transport's answers to complete it
   */
  readonly claimRetry?: (round: string) => boolean | Promise<boolean>;
  /** Hears each call's continuation as it changes (store it), and `undefined` once the call ended. */
  readonly onContinuation?: (id: string, continuation: McpContinuation | undefined) => void;
  /** The call id of a new call. @default crypto.randomUUID() */
  readonly newId?: () => string;
}

/** The kit's transport for MCP 2026-07-28 rounds: pass it to `HitlProvider`, make calls through it. */
export interface McpRoundsTransport extends HitlTransport {
  /**
   * Makes `method` with `params` on the server, answering its rounds through the kit; resolves
   * with the final result, rejects with `McpRoundsError` when a round cannot be answered.
   */
  call(method: McpRoundMethod, params: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>>;
  /** `call("tools/call", params)`. */
  callTool(params: {
    readonly name: string;
    readonly arguments?: Record<string, unknown>;
  }): Promise<Record<string, unknown>>;
  /**
   * Takes over a stored continuation (checked first: `McpRoundsError` when it is not one): its
   * open keys park again, answers given before are kept, and when the round is complete it is
   * retried once. Resolves with the call's final result.
   */
  restore(stored: unknown): Promise<Record<string, unknown>>;
  /** Every call waiting on a round, as stored data. */
  snapshot(): McpContinuation[];
  /** Withdraws every waiting request and rejects every waiting call; sends nothing. */
  close(): void;
}

/** A call the kit cannot go on with: a round it refused, a retry another page made, a closed transport. */
export class McpRoundsError extends Error {
  override readonly name = "McpRoundsError";
  constructor(
    message: string,
    /** `refused`: a round or stored value the kit cannot use; `taken`: another page retried the round; `closed`. */
    readonly reason: "refused" | "taken" | "closed",
    /** Why it was refused, where it was. */
    readonly issues: readonly HitlIssue[] = [],
  ) {
    super(message);
  }
}

interface Call {
  readonly id: string;
  readonly start: Pick<McpContinuation, "id" | "method" | "params">;
  continuation?: McpContinuation;
  /** How each open key of this round is answered (its mode, schema, hint mapping). */
  readonly handling: Map<string, ElicitationHandling>;
  /** The round's one retry is on its way. */
  retrying: boolean;
  readonly resolve: (result: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
}

/** A JSON-RPC error the server answered with (numeric code), not a failure on the way (the SDK's are strings). */
export function isServerError(error: unknown): boolean {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "number";
}

/** Any object: the SDK's own schema would reject an interim result this side must read. */
const anyResult = z.looseObject({});

/** One request on a v2 client that may answer with an interim (`input_required`) result. */
export function requestRound(client: McpRoundClient, method: string, params: Record<string, unknown>) {
  return client.request({ method, params } as never, anyResult as never, { allowInputRequired: true }) as Promise<
    Record<string, unknown>
  >;
}

/**
 * The kit as the driver of a v2 `Client`'s rounds. The client must be created in manual mode
 * (`inputRequired: { autoFulfill: false }`) and declare `elicitation: { form: {}, url: {} }`.
 */
export function createMcpRoundsTransport(client: Client, options: McpRoundsOptions = {}): McpRoundsTransport {
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const calls = new Map<string, Call>();
  /** Which call, round and key a parked request answers. */
  const byRequest = new Map<string, { readonly call: string; readonly round: number; readonly key: string }>();
  const allowed = new Set(options.kinds ?? []);
  const newId = options.newId ?? (() => crypto.randomUUID());
  let closed = false;

  const notify = (call: Call) => options.onContinuation?.(call.id, call.continuation);
  const resolved = (requestId: string, outcome: Outcome) =>
    events.deliver({
      type: "transport",
      changes: [{ type: "resolved", requestId, outcome, authoritative: true }],
    });
  const outcomeOf = (result: McpElicitResult): Outcome => (result.action === "cancel" ? "cancelled" : "answered");
  /** Every request of the round settles as withdrawn (but `except`, whose send reports it). */
  const withdrawRound = (continuation: McpContinuation, except?: string) => {
    for (const key of Object.keys(continuation.inputRequests)) {
      const requestId = inputRequestId(continuation, key);
      if (requestId !== except) resolved(requestId, "withdrawn");
    }
  };

  /**
   * The call is over here. Its stored continuation is dropped (`onContinuation(id, undefined)`)
   * only when the call is over everywhere — a final result, a refused round — not when this
   * page stops answering it (closed, another page retried, a retry that may not have arrived).
   */
  const end = (call: Call, ending: { result: Record<string, unknown> } | { error: Error; drop: boolean }) => {
    calls.delete(call.id);
    for (const [requestId, ref] of byRequest) if (ref.call === call.id) byRequest.delete(requestId);
    if ("result" in ending || ending.drop) {
      call.continuation = undefined;
      notify(call);
    }
    if ("result" in ending) call.resolve(ending.result);
    else call.reject(ending.error);
  };

  const request = (method: string, params: Record<string, unknown>) => requestRound(client, method, params);

  /** Reads what the server answered the call (or its retry) with: the final result, or the next round. */
  const advance = (call: Call, result: Record<string, unknown>) => {
    if (closed) return;
    if (!isInputRequired(result)) return end(call, { result });
    const reading = nextRound(call.continuation ?? call.start, result);
    if (!reading.ok) {
      // The round cannot be answered: the person sees why (the answerable fallback, settled as
      // invalid) and the call ends with the issues; no retry goes to the server.
      const round = (call.continuation?.round ?? 0) + 1;
      const requestId = inputRequestId({ id: call.id, round }, "#refused");
      events.deliver({
        type: "transport",
        changes: [
          {
            type: "requested",
            request: {
              requestId,
              callId: requestId,
              toolName: "elicitation",
              kind: "form",
              payload: undefined,
              prompt: "The server asked for input the kit cannot show",
              issues: reading.issues,
            },
          },
        ],
      });
      resolved(requestId, "invalid");
      return end(call, {
        error: new McpRoundsError(formatIssues(reading.issues), "refused", reading.issues),
        drop: true,
      });
    }
    call.continuation = reading.continuation;
    park(call);
  };

  /** Parks every key of the call's round; answers given before (a restored call) stay answered. */
  const park = (call: Call) => {
    let continuation = call.continuation;
    if (!continuation) return;
    call.handling.clear();
    for (const [key, asked] of Object.entries(continuation.inputRequests)) {
      const requestId = inputRequestId(continuation, key);
      const parked = parkElicitation(requestId, asked.params, allowed, options.mappings ?? {}, "2026");
      events.deliver({ type: "transport", changes: [{ type: "requested", request: parked.request }] });
      const given = continuation.answers[key];
      if (given) {
        resolved(requestId, outcomeOf(given));
      } else if (!parked.ok) {
        // Unusable as asked: declined for the person, who sees why in the fallback.
        continuation = answerInput(continuation, key, { action: "decline" });
        resolved(requestId, "invalid");
      } else {
        call.handling.set(key, parked.pending);
        byRequest.set(requestId, { call: call.id, round: continuation.round, key });
      }
    }
    call.continuation = continuation;
    notify(call);
    // Complete already (a restored call answered elsewhere, every key unusable): retried now. If
    // that retry may not have arrived, the call ends here with the error; its stored continuation
    // stays, to restore again.
    if (openKeys(continuation).length === 0) {
      retry(call).catch((error: unknown) => end(call, { error: toTransportError(error), drop: false }));
    }
  };

  /**
   * The round's one retry. Resolves once the server answered it (the next round parked, or the
   * call ended); rejects with a transport error when it may not have arrived (the answers stay,
   * and the same answer sent again retries again).
   */
  const retry = async (call: Call, answeredBy?: string): Promise<Outcome | undefined> => {
    const continuation = call.continuation;
    // One retry per round: a retry on its way holds the round, and one the server answered moves
    // the call on (the next round, or its end); only one that may not have arrived frees it.
    if (!continuation || call.retrying) return;
    call.retrying = true;
    try {
      if (options.claimRetry && !(await options.claimRetry(`${continuation.id}:${continuation.round}`))) {
        withdrawRound(continuation, answeredBy);
        end(call, { error: new McpRoundsError("Another page or process answered this round", "taken"), drop: false });
        return "withdrawn";
      }
      const result = await request(continuation.method, retryParams(continuation));
      for (const [key, answer] of Object.entries(continuation.answers)) {
        const requestId = inputRequestId(continuation, key);
        byRequest.delete(requestId);
        if (requestId !== answeredBy && call.handling.has(key)) resolved(requestId, outcomeOf(answer));
      }
      advance(call, result);
    } catch (error) {
      if (isServerError(error)) {
        // The server answered the retry with a JSON-RPC error (a state it no longer accepts, a
        // tool that failed): it has its answer, and the same retry again would get the same.
        withdrawRound(continuation, answeredBy);
        end(call, { error: error as Error, drop: true });
        return "withdrawn";
      }
      throw toTransportError(error);
    } finally {
      call.retrying = false;
    }
  };

  const begin = (start: Call["start"], continuation?: McpContinuation) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      if (closed) throw new McpRoundsError("The transport is closed", "closed");
      if (calls.has(start.id)) throw new McpRoundsError(`Call ${start.id} is already answered here`, "taken");
      const call: Call = { id: start.id, start, handling: new Map(), retrying: false, resolve, reject };
      calls.set(call.id, call);
      if (continuation) {
        call.continuation = continuation;
        park(call);
        return;
      }
      request(start.method, start.params).then(
        (result) => advance(call, result),
        (error: unknown) => end(call, { error: error instanceof Error ? error : new Error(String(error)), drop: true }),
      );
    });

  const transport: McpRoundsTransport = {
    sessionKey: options.sessionKey ?? "mcp-rounds",
    connection: alwaysLive,
    connect: events.connect,
    peek: events.peek,
    async send(answer): Promise<SendOutcome> {
      const ref = byRequest.get(answer.requestId);
      const call = ref && calls.get(ref.call);
      const continuation = call?.continuation;
      const handling = ref && call?.handling.get(ref.key);
      if (!ref || !call || !continuation || continuation.round !== ref.round || !handling) {
        throw new HitlTransportError("The server is no longer waiting for this answer.", "rejected");
      }
      if (!Object.hasOwn(continuation.answers, ref.key)) {
        const result = toElicitResult(answer, handling);
        if (!result.ok) throw new HitlTransportError(formatIssues(result.issues), "rejected");
        call.continuation = answerInput(continuation, ref.key, result.value);
        notify(call);
      }
      // Answered before, while the round's retry may not have arrived: the same answer again
      // (the person's Retry) retries again. Otherwise the answer waits for the round's others.
      const answered = call.continuation ?? continuation;
      if (openKeys(answered).length > 0 || call.retrying) return ACCEPTED;
      const ended = await retry(call, answer.requestId);
      const given = answered.answers[ref.key];
      return { type: "settled", outcome: ended ?? (given ? outcomeOf(given) : "answered") };
    },
    call(method, params) {
      return begin(startCall(newId(), method, params));
    },
    callTool(params) {
      return begin(startCall(newId(), "tools/call", params));
    },
    restore(stored) {
      const reading = readContinuation(stored);
      if (!reading.ok)
        return Promise.reject(new McpRoundsError(formatIssues(reading.issues), "refused", reading.issues));
      const { continuation } = reading;
      return begin({ id: continuation.id, method: continuation.method, params: continuation.params }, continuation);
    },
    snapshot() {
      return [...calls.values()].flatMap((call) => (call.continuation ? [call.continuation] : []));
    },
    close() {
      if (closed) return;
      closed = true;
      for (const requestId of byRequest.keys()) resolved(requestId, "withdrawn");
      for (const call of [...calls.values()]) {
        end(call, { error: new McpRoundsError("The transport is closed", "closed"), drop: false });
      }
    },
  };
  return transport;
}
