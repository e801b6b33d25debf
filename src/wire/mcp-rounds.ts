import type { HitlIssue } from "../core/issues";
import type { ContentValue, ElicitContent } from "./form-schema";

/**
 * MCP 2026-07-28's multi round-trip requests (MRTR) as plain data, with no SDK: a `tools/call`
 * (or `prompts/get`, `resources/read`) may answer with an interim result
 * `{ resultType: "input_required", inputRequests: { [key]: { method, params } }, requestState? }`;
 * the client answers every key, then makes the SAME call again with `inputResponses` (keyed as
 * asked) and `requestState` echoed byte for byte, and the retry may ask again.
 *
 * A `McpContinuation` is one such call between rounds: the call as first made, the round, the
 * server's state, what it asked and what has been answered so far. It is JSON (no functions, no
 * dates), so a page can store it and another page or process can answer it later — the pure
 * outbox the MCP transport schedules its one retry per round from, and what an inbox keeps.
 */

/** The methods a server may answer with `input_required` (the spec's MRTR-capable requests). */
export const MCP_ROUND_METHODS = ["tools/call", "prompts/get", "resources/read"] as const;
/** A request the server may answer with rounds. */
export type McpRoundMethod = (typeof MCP_ROUND_METHODS)[number];

/**
 * Bounds on what a server's interim result may hold: a round over them is refused with issues
 * instead of parked (a payload cannot grow the page's work or memory without limit).
 */
export const MCP_ROUND_LIMITS = {
  /** Input requests in one round. */
  inputRequests: 16,
  /** Characters of `requestState` (it is echoed on every retry). */
  requestState: 64 * 1024,
  /** Rounds of one call: the spec's clients bound them too (the TypeScript SDK's default is 10). */
  rounds: 10,
  /** Characters of an input request key. */
  key: 200,
} as const;

/** One entry of `inputRequests`. The kit answers `elicitation/create`; others are refused. */
export interface McpInputRequest {
  readonly method: string;
  readonly params?: unknown;
}

/**
 * An `ElicitResult`, as `inputResponses` carries it (bare, keyed as asked). A type, not an
 * interface, so it passes where an SDK's own (index-signed) `ElicitResult` is wanted.
 */
export type McpElicitResult = {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: ElicitContent;
  readonly _meta?: Readonly<Record<string, unknown>>;
};

/** One call between rounds, as data a page can store and another restore. */
export interface McpContinuation {
  /** The stored shape's version. */
  readonly version: 1;
  /** The call's own id, the same on every round and in every page that restores it. */
  readonly id: string;
  /** What the call is. */
  readonly method: McpRoundMethod;
  /** The call as first made, without `inputResponses` or `requestState`. */
  readonly params: Readonly<Record<string, unknown>>;
  /** 1 for the first interim result. */
  readonly round: number;
  /** The server's opaque state, echoed unchanged on the retry. */
  readonly requestState?: string;
  /** What the server asked this round, by key. */
  readonly inputRequests: Readonly<Record<string, McpInputRequest>>;
  /** The answers given so far this round, by key. */
  readonly answers: Readonly<Record<string, McpElicitResult>>;
}

/** A round or stored continuation read: the continuation, or why it cannot be used. */
export type McpRoundReading =
  | { readonly ok: true; readonly continuation: McpContinuation }
  | { readonly ok: false; readonly issues: readonly HitlIssue[] };

/**
 * The one method of the MCP TypeScript SDK v2's \`Client\` a round needs: \`request\` with
 * \`allowInputRequired\`. Structural, so the kit's types never make a consumer install the SDK.
 */
export interface McpRoundClient {
  request(request: never, resultSchema: never, options: { allowInputRequired: true }): Promise<unknown>;
}

/** Whether a call's result is an interim one (the server asks for input before it answers). */
export function isInputRequired(result: unknown): boolean {
  return isRecord(result) && result.resultType === "input_required";
}

/** The call as first made, before any round: `params` without what a retry adds. */
export function startCall(id: string, method: McpRoundMethod, params: Readonly<Record<string, unknown>>) {
  const { inputResponses: _responses, requestState: _state, ...call } = params;
  return { id, method, params: call };
}

/**
 * Reads an interim result into the next round of `call` (a started call, or the continuation
 * whose retry it answers). Never throws: a result over the bounds, without requests, with an
 * unreadable entry or a method the kit does not answer is refused with issues.
 */
export function nextRound(
  call: Pick<McpContinuation, "id" | "method" | "params"> & { readonly round?: number },
  result: unknown,
): McpRoundReading {
  const round = (call.round ?? 0) + 1;
  const issues: HitlIssue[] = [];
  if (!isRecord(result) || result.resultType !== "input_required") {
    return refused(["resultType"], 'Not an interim result (resultType "input_required")');
  }
  if (round > MCP_ROUND_LIMITS.rounds) {
    return refused([], `The server asked for input more than ${MCP_ROUND_LIMITS.rounds} times in one call`);
  }
  const state = result.requestState;
  if (state !== undefined && typeof state !== "string") {
    issues.push({ path: ["requestState"], message: "requestState must be a string" });
  } else if (typeof state === "string" && state.length > MCP_ROUND_LIMITS.requestState) {
    issues.push({
      path: ["requestState"],
      message: `requestState is ${state.length} characters, over the ${MCP_ROUND_LIMITS.requestState} the kit echoes`,
    });
  }
  const requests = result.inputRequests;
  const inputRequests: Record<string, McpInputRequest> = {};
  if (!isRecord(requests) || Object.keys(requests).length === 0) {
    // A round with state only (no question) is the server polling itself; the kit has nothing
    // to ask a person, and retrying at once would spin: refused.
    issues.push({ path: ["inputRequests"], message: "The interim result asks for nothing" });
  } else {
    const keys = Object.keys(requests);
    if (keys.length > MCP_ROUND_LIMITS.inputRequests) {
      issues.push({
        path: ["inputRequests"],
        message: `${keys.length} input requests in one round, over the ${MCP_ROUND_LIMITS.inputRequests} the kit parks`,
      });
    } else {
      for (const key of keys) {
        const entry = requests[key];
        if (key === "" || key.length > MCP_ROUND_LIMITS.key) {
          issues.push({ path: ["inputRequests"], message: `A key must be 1 to ${MCP_ROUND_LIMITS.key} characters` });
        } else if (!isRecord(entry) || typeof entry.method !== "string") {
          issues.push({ path: ["inputRequests", key], message: "An input request needs a method" });
        } else if (entry.method !== "elicitation/create") {
          issues.push({
            path: ["inputRequests", key, "method"],
            message: `The kit answers elicitation/create, not ${JSON.stringify(entry.method.slice(0, 100))}`,
          });
        } else {
          inputRequests[key] = { method: entry.method, params: entry.params };
        }
      }
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    continuation: {
      version: 1,
      id: call.id,
      method: call.method,
      params: call.params,
      round,
      ...(typeof state === "string" ? { requestState: state } : {}),
      inputRequests,
      answers: {},
    },
  };
}

/** The keys still waiting for an answer this round, in the order the server asked them. */
export function openKeys(continuation: McpContinuation): string[] {
  return Object.keys(continuation.inputRequests).filter((key) => !Object.hasOwn(continuation.answers, key));
}

/**
 * The continuation with `key` answered. The first answer stands: answering a key again, or a
 * key the round did not ask, returns the continuation unchanged.
 */
export function answerInput(continuation: McpContinuation, key: string, result: McpElicitResult): McpContinuation {
  if (!Object.hasOwn(continuation.inputRequests, key) || Object.hasOwn(continuation.answers, key)) return continuation;
  return { ...continuation, answers: { ...continuation.answers, [key]: result } };
}

/** The retry's params once every key is answered: the call, `inputResponses` keyed as asked, the state echoed. */
export function retryParams(continuation: McpContinuation): Record<string, unknown> {
  const open = openKeys(continuation);
  if (open.length > 0) throw new Error(`hitl-kit: round ${continuation.round} still waits for ${open.join(", ")}`);
  return {
    ...continuation.params,
    inputResponses: continuation.answers,
    ...(continuation.requestState !== undefined ? { requestState: continuation.requestState } : {}),
  };
}

/** The kit's request id for one key of one round: the same in every page that restores the call. */
export function inputRequestId(continuation: Pick<McpContinuation, "id" | "round">, key: string): string {
  return `mcp-round:${continuation.id}:${continuation.round}:${key}`;
}

/**
 * Reads a stored continuation (from storage, another page, a server): checks it is one, within
 * the bounds, and its answers are answers to keys it asked. Never throws.
 */
export function readContinuation(value: unknown): McpRoundReading {
  if (!isRecord(value) || value.version !== 1) return refused([], "Not a stored MCP continuation (version 1)");
  const { id, method, params, round, answers } = value;
  if (typeof id !== "string" || id === "" || id.length > 200) return refused(["id"], "A continuation needs an id");
  if (!MCP_ROUND_METHODS.includes(method as McpRoundMethod)) {
    return refused(["method"], `method must be one of ${MCP_ROUND_METHODS.join(", ")}`);
  }
  if (!isRecord(params)) return refused(["params"], "params must be an object");
  if (typeof round !== "number" || !Number.isInteger(round) || round < 1) {
    return refused(["round"], "round must be a whole number from 1");
  }
  // The stored round's requests are read as the server's result was: same bounds, same refusals.
  const reading = nextRound(
    { id, method: method as McpRoundMethod, params, round: round - 1 },
    { resultType: "input_required", inputRequests: value.inputRequests, requestState: value.requestState },
  );
  if (!reading.ok) return reading;
  if (!isRecord(answers)) return refused(["answers"], "answers must be an object");
  let continuation = reading.continuation;
  for (const [key, answer] of Object.entries(answers)) {
    if (!Object.hasOwn(continuation.inputRequests, key)) {
      return refused(["answers", key], "An answer to a key the round did not ask");
    }
    if (!isElicitResult(answer)) return refused(["answers", key], "An answer must be an ElicitResult");
    continuation = answerInput(continuation, key, answer);
  }
  return { ok: true, continuation };
}

function isElicitResult(value: unknown): value is McpElicitResult {
  return (
    isRecord(value) &&
    (value.action === "accept" || value.action === "decline" || value.action === "cancel") &&
    (value.content === undefined || (isRecord(value.content) && Object.values(value.content).every(isContentValue))) &&
    (value._meta === undefined || isRecord(value._meta))
  );
}

function isContentValue(value: unknown): value is ContentValue {
  return (
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value)) ||
    (Array.isArray(value) && value.every((item) => typeof item === "string"))
  );
}

function refused(path: HitlIssue["path"], message: string): McpRoundReading {
  return { ok: false, issues: [{ path, message }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
