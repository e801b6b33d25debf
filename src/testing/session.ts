import { z } from "zod";
import {
  type EveEvent,
  type EveInputRequest,
  type EveInputResponse,
  type eveInputOptionSchema,
  type eveInputResolutionOutcomeSchema,
  eveInputResponseSchema,
} from "../adapters/eve/schemas";
import { createUlidFactory, randomAlphanumeric, randomLowerAlphanumeric, randomUuid } from "./ulid";

/**
 * An in-memory eve 0.80.1 session that emits the same HITL events, in the same order and shapes, as
 * the real server (checked against recorded streams and eve's own harness code), including the
 * server's flaws: a second answer to a settled request is accepted and becomes a new user message.
 * No React, no DOM: usable from unit tests, stories and `createTestFetch`.
 */

export type EveInputOption = z.infer<typeof eveInputOptionSchema>;
export type EveInputResolutionOutcome = z.infer<typeof eveInputResolutionOutcomeSchema>;

/** One event exactly as eve streams it: `{ data, type, meta: { at, id, deliveryIds? } }`, frozen. */
export type TestSessionEvent = EveEvent & {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly meta: { readonly at: string; readonly id: string; readonly deliveryIds?: readonly string[] };
};

/** What `ctx.ask` resolves to inside the tool (`unavailable` never happens here). */
export type TestAskAnswer =
  | { readonly status: "answered"; readonly optionId?: string; readonly text?: string }
  | { readonly status: "cancelled" };

export interface TestAskOptions {
  /** The workflow tool the model called, e.g. `pick_media`. */
  readonly toolName: string;
  /** The tool call's input; a kit picker puts its payload under `input.ui`. Must be JSON. */
  readonly input: Record<string, unknown>;
  /** @default `input.prompt` when it is a string, else `toolName` */
  readonly prompt?: string;
  readonly options?: readonly EveInputOption[];
  /** @default true (the kit's picker pattern: `ctx.ask({ prompt, allowFreeform: true })`) */
  readonly allowFreeform?: boolean;
  readonly display?: "confirmation" | "select" | "text";
  /**
   * What the tool returns to the model once `ctx.ask` resolves; it becomes `action.result.result.output`.
   * @default answered → `{ text, optionId }` (only the keys present), cancelled → `{ status: "cancelled" }`
   */
  readonly toolResult?: (answer: TestAskAnswer) => unknown;
}

export interface TestApprovalOptions {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  /** eve's `approval.prompt`. @default `Approve <Tool name>?` as eve words it */
  readonly prompt?: string;
  /** What the tool returns when it is approved and runs. @default `{ ok: true }` */
  readonly toolResult?: () => unknown;
}

export interface TestRequestRef {
  readonly requestId: string;
  readonly callId: string;
}

/** The 202 body of `POST /eve/v1/session/:id`. */
export interface TestSessionAccepted {
  readonly ok: true;
  readonly sessionId: string;
  readonly status: "accepted";
  readonly deliveryId: string;
}

export interface TestSessionRequest {
  readonly requestId: string;
  readonly callId: string;
  readonly kind: "question" | "tool-approval";
  readonly toolName: string;
  readonly turnId: string;
  readonly stepIndex: number;
  /** Exactly what `input.requested` carried. */
  readonly request: EveInputRequest;
  readonly status: "open" | EveInputResolutionOutcome;
}

export interface TestSessionAnswer {
  readonly response: EveInputResponse;
  readonly deliveryId: string;
  /** `inputResponses` for a POSTed answer; `message` when eve matched a chat message to the request. */
  readonly via: "inputResponses" | "message";
  /**
   * `settled`: this answer resolved the request. `stray`: eve turned it into a new user message.
   * `duplicate`: a second answer for the same request in the same body, which eve drops (the last one wins).
   */
  readonly handling: "settled" | "stray" | "duplicate";
}

export interface TestStrayMessage {
  readonly deliveryId: string;
  /** The turn the message landed in (a new one unless a turn was still open). */
  readonly turnId: string;
  readonly responses: readonly EveInputResponse[];
  /** What `message.received.message` shows: the answer text, else the option label or id. */
  readonly message: string;
  /** What the model reads: "The user submitted the following response to an earlier interactive prompt.…" */
  readonly modelMessage: string;
}

export interface TestToolResult {
  readonly callId: string;
  readonly toolName: string;
  readonly status: "completed" | "rejected";
  readonly output: unknown;
}

export interface TestUserMessageContext {
  readonly text: string;
  readonly turnId: string;
  readonly deliveryId: string;
  /** True when the message is an answer eve could not route (double submit, stale request). */
  readonly stray: boolean;
}

export interface TestToolResultsContext {
  readonly turnId: string;
  /** The results the model sees in its next step. */
  readonly results: readonly TestToolResult[];
}

export interface TestRespondFailure {
  /** Answer with this HTTP status instead of 202, without processing. @default 500 */
  readonly status?: number;
  /** Reject like a dropped connection (`TypeError("Failed to fetch")`), without processing. */
  readonly network?: boolean;
  /** Process the answer, then reject like a dropped connection: "did it reach the server?". */
  readonly afterAccept?: boolean;
}

export interface TestSessionOptions {
  /** @default `wrun_<ULID>` */
  readonly sessionId?: string;
  /** Clock for `meta.at` and the time part of ids. @default () => new Date() */
  readonly now?: () => Date;
  /** Delay before the server processes an accepted answer or message. 0 = next microtask. @default 0 */
  readonly latencyMs?: number;
  /** `step.started.modelId`. @default "fake/fake-scripted" */
  readonly modelId?: string;
  /** `session.started.runtime.agentId` / `agentName`. @default "hitl-kit-test" */
  readonly agentName?: string;
  /**
   * Plays the model when a client message (or a stray answer) lands in a turn that can take a step.
   * Call `session.ask(...)`, `session.reply(...)`, or nothing to leave the turn open for the test.
   * @default replies "Received: <text>" and completes the turn
   */
  readonly onUserMessage?: (context: TestUserMessageContext, session: TestSession) => void | Promise<void>;
  /**
   * Plays the model once every tool call of the turn has its result.
   * @default replies "Done. Tool results: [...]" (as the recorded scripted model did) and completes the turn
   */
  readonly onToolResults?: (context: TestToolResultsContext, session: TestSession) => void | Promise<void>;
}

export interface TestSession {
  readonly sessionId: string;
  /** The whole stream so far, in order. */
  readonly events: readonly TestSessionEvent[];
  /** Every chat message eve made out of an answer it could not route. */
  readonly strayMessages: readonly TestStrayMessage[];
  /** Called synchronously, in stream order, for each new event. */
  subscribe(listener: (event: TestSessionEvent, index: number) => void): () => void;
  /** The same event objects (same `meta.id`) from `startIndex`, as eve replays on reconnect; negative = from the tail. */
  replay(startIndex?: number): readonly TestSessionEvent[];

  // Agent side: what the test or story plays (the model and its tools).
  /** A user message arrives: `turn.started` (unless a turn is open) + `message.received`. */
  userMessage(text: string): { readonly turnId: string; readonly deliveryId: string };
  /** The model calls a workflow tool that `ctx.ask`s a question. */
  ask(options: TestAskOptions): TestRequestRef;
  /** The model calls several asking workflow tools in one step. */
  askAll(options: readonly TestAskOptions[]): TestRequestRef[];
  /** The model calls a tool that needs approval. */
  requestApproval(options: TestApprovalOptions): TestRequestRef;
  /** Several approvals asked in one step (a model's parallel tool calls), in one `input.requested`. */
  requestApprovals(list: readonly TestApprovalOptions[]): TestRequestRef[];
  /** The model answers in text and the turn completes (`turn.completed` + `session.waiting`). */
  reply(text: string): void;
  /** The agent gives up on an open request: `input.resolved{cancelled}` + the call's `action.result`. */
  withdraw(requestId: string): void;
  /** Cancels the open turn: its open requests are withdrawn, then `turn.cancelled` + `session.waiting`. */
  cancelTurn(): boolean;

  // Client side: what a transport calls (mirrors eve's server).
  /** `POST /eve/v1/session/:id { inputResponses }`. Rejects with `TestSessionHttpError(400)` like eve. */
  respond(inputResponses: unknown): Promise<TestSessionAccepted>;
  /** `POST /eve/v1/session/:id { message }`. */
  sendMessage(text: string): Promise<TestSessionAccepted>;
  /** The next `respond` call fails as described. */
  failNextRespond(failure?: TestRespondFailure): void;
  /** Resolves once every accepted answer/message has been processed (rejects with a hook's error). */
  whenIdle(): Promise<void>;

  // Inspection.
  requests(): readonly TestSessionRequest[];
  /** Every response the server received for this request (settling or stray), in order. */
  answers(requestId: string): readonly TestSessionAnswer[];
  /** The `action.result` events for this call: a correct client gets exactly one. */
  toolResults(callId: string): readonly TestSessionEvent[];
}

/** An error eve's server answers with a status other than 2xx (body `{ error, ok: false }`). */
export class TestSessionHttpError extends Error {
  readonly status: number;
  readonly body: { readonly error: string; readonly ok: false; readonly code?: string };

  constructor(status: number, error: string, code?: string) {
    super(`HTTP ${status}: ${error}`);
    this.name = "TestSessionHttpError";
    this.status = status;
    this.body = code === undefined ? { error, ok: false } : { code, error, ok: false };
  }
}

export function createTestSession(options: TestSessionOptions = {}): TestSession {
  return new InMemoryEveSession(options);
}

const EVE_VERSION = "0.80.1";
const STEP_USAGE = { inputTokens: 10, outputTokens: 5 };
const TOOL_EXECUTION_DENIED = "TOOL_EXECUTION_DENIED";
const TOOL_EXECUTION_DENIED_MESSAGE = "Tool execution was denied.";

type Data = Record<string, unknown>;

interface TurnState {
  readonly turnId: string;
  readonly sequence: number;
  /** Stamped on the turn's events; eve's client follows a sent message by these. */
  readonly deliveryIds: string[];
  /** -1 until the first model step. */
  stepIndex: number;
  stepOpen: boolean;
  steps: number;
  /** Tool calls of the turn still waiting for their `action.result`. */
  readonly pendingCallIds: string[];
  /** Results since the model's last step, in order. */
  results: TestToolResult[];
}

interface RequestRecord {
  readonly requestId: string;
  readonly callId: string;
  readonly kind: "question" | "tool-approval";
  readonly toolName: string;
  readonly request: EveInputRequest;
  readonly turn: TurnState;
  readonly stepIndex: number;
  status: "open" | EveInputResolutionOutcome;
  readonly toolResult: (answer: TestAskAnswer) => unknown;
}

interface PlannedCall {
  readonly callId: string;
  readonly toolName: string;
  readonly input: Data;
}

const inputResponsesSchema = z.array(eveInputResponseSchema);

/** eve's body check for `inputResponses` (same messages); throws `TestSessionHttpError(400)`. */
export function parseInputResponses(value: unknown): EveInputResponse[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new TestSessionHttpError(400, "Expected 'inputResponses' to be a non-empty array.");
  }
  const parsed = inputResponsesSchema.safeParse(value);
  if (!parsed.success) {
    throw new TestSessionHttpError(400, "Expected every 'inputResponses' entry to match the HITL response schema.");
  }
  return parsed.data.map(normalizeResponse);
}

function toJson<T>(value: T): T {
  // Events must look exactly like what a client parses off the wire (no undefined, no class instances).
  const text = JSON.stringify(value);
  return text === undefined ? (null as T) : JSON.parse(text);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const nested of Object.values(value)) deepFreeze(nested);
  }
  return value;
}

/** eve's `displayTitle`: `delete_thing` → "Delete thing", `fetchURL` → "Fetch URL". */
export function eveDisplayTitle(name: string): string {
  const segment = name.split("__").findLast((part) => part !== "") ?? name;
  const words = segment
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/gu, "$1 $2")
    .split(/[\s_-]+/u)
    .filter((word) => word !== "")
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  const title = words.length === 0 ? name : words.join(" ");
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** eve's `resolveTextToResponse`: option id, then label, then 1-based index; else free text if allowed. */
export function eveResolveTextToResponse(text: string, request: EveInputRequest): EveInputResponse | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0) return undefined;
  const lower = trimmed.toLowerCase();
  const options = request.options ?? [];
  if (options.length > 0) {
    const index = Number(lower);
    const match =
      options.find((option) => option.id.toLowerCase() === lower) ??
      options.find((option) => option.label.toLowerCase() === lower) ??
      (Number.isInteger(index) && index > 0 && index <= options.length ? options[index - 1] : undefined);
    if (match !== undefined) return { optionId: match.id, requestId: request.requestId };
  }
  if (request.allowFreeform === true || options.length === 0) return { requestId: request.requestId, text: trimmed };
  return undefined;
}

/** eve's key order for a parsed response (its strict schema is `{ optionId?, requestId, text? }`). */
function normalizeResponse(response: EveInputResponse): EveInputResponse {
  return {
    ...(response.optionId !== undefined && { optionId: response.optionId }),
    requestId: response.requestId,
    ...(response.text !== undefined && { text: response.text }),
  };
}

function defaultAskToolResult(answer: TestAskAnswer): unknown {
  if (answer.status === "cancelled") return { status: "cancelled" };
  return {
    ...(answer.text !== undefined && { text: answer.text }),
    ...(answer.optionId !== undefined && { optionId: answer.optionId }),
  };
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

class InMemoryEveSession implements TestSession {
  readonly sessionId: string;
  readonly #events: TestSessionEvent[] = [];
  readonly #listeners = new Set<(event: TestSessionEvent, index: number) => void>();
  readonly #notifyQueue: number[] = [];
  #notifying = false;
  readonly #now: () => Date;
  readonly #ulid: () => string;
  readonly #latencyMs: number;
  readonly #modelId: string;
  readonly #agentName: string;
  readonly #onUserMessage: NonNullable<TestSessionOptions["onUserMessage"]>;
  readonly #onToolResults: NonNullable<TestSessionOptions["onToolResults"]>;
  #started = false;
  #nextSequence = 0;
  #turn: TurnState | undefined;
  readonly #requests = new Map<string, RequestRecord>();
  readonly #answers = new Map<string, TestSessionAnswer[]>();
  readonly #strays: TestStrayMessage[] = [];
  #queue: Promise<void> = Promise.resolve();
  readonly #failures: unknown[] = [];
  #nextRespondFailure: TestRespondFailure | undefined;

  constructor(options: TestSessionOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#ulid = createUlidFactory(() => this.#now().getTime());
    this.sessionId = options.sessionId ?? `wrun_${this.#ulid()}`;
    this.#latencyMs = Math.max(0, options.latencyMs ?? 0);
    this.#modelId = options.modelId ?? "fake/fake-scripted";
    this.#agentName = options.agentName ?? "hitl-kit-test";
    this.#onUserMessage = options.onUserMessage ?? ((context, session) => session.reply(`Received: ${context.text}`));
    this.#onToolResults =
      options.onToolResults ??
      ((context, session) => {
        const summary = context.results.map((result) => ({
          id: result.callId,
          tool: result.toolName,
          output: result.output,
        }));
        session.reply(`Done. Tool results: ${JSON.stringify(summary)}`);
      });
  }

  get events(): readonly TestSessionEvent[] {
    return this.#events;
  }

  get strayMessages(): readonly TestStrayMessage[] {
    return this.#strays;
  }

  subscribe(listener: (event: TestSessionEvent, index: number) => void): () => void {
    // Wrapped so the same function can subscribe twice and unsubscribe independently.
    const entry = (event: TestSessionEvent, index: number) => listener(event, index);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  replay(startIndex = 0): readonly TestSessionEvent[] {
    const start = startIndex < 0 ? Math.max(0, this.#events.length + startIndex) : startIndex;
    return this.#events.slice(start);
  }

  // ---------------------------------------------------------------- agent side

  userMessage(text: string): { readonly turnId: string; readonly deliveryId: string } {
    const deliveryId = randomUuid();
    const turn = this.#receiveMessage(text, deliveryId);
    return { turnId: turn.turnId, deliveryId };
  }

  ask(options: TestAskOptions): TestRequestRef {
    const [ref] = this.askAll([options]);
    if (ref === undefined) throw new Error("ask() produced no request.");
    return ref;
  }

  askAll(list: readonly TestAskOptions[]): TestRequestRef[] {
    const [first] = list;
    if (first === undefined) return [];
    const turn = this.#turn ?? this.#receiveMessage(askPrompt(first), randomUuid());
    const planned = list.map((options) => ({
      callId: `call_${randomLowerAlphanumeric(8)}`,
      toolName: options.toolName,
      input: toJson(options.input),
    }));
    const stepIndex = this.#requestActions(turn, planned);
    this.#emit(
      "turn.waiting",
      { on: "tasks", sequence: turn.sequence, turnId: turn.turnId, usage: turnUsage(turn) },
      turn,
    );
    return list.map((options, index) => {
      const call = planned[index] as PlannedCall;
      const requestId = `wrun_${this.#ulid()}-ask-1`;
      const request: EveInputRequest = {
        action: { callId: call.callId, input: call.input, kind: "tool-call", toolName: call.toolName },
        kind: "question",
        prompt: askPrompt(options),
        requestId,
        ...(options.display !== undefined && { display: options.display }),
        ...(options.options !== undefined && { options: toJson([...options.options]) }),
        allowFreeform: options.allowFreeform ?? true,
      };
      this.#requests.set(requestId, {
        requestId,
        callId: call.callId,
        kind: "question",
        toolName: call.toolName,
        request: deepFreeze(toJson(request)),
        turn,
        stepIndex,
        status: "open",
        toolResult: options.toolResult ?? defaultAskToolResult,
      });
      // A workflow tool's ask is emitted by its own run, which carries no delivery ids (see main-trace.json).
      this.#emit("input.requested", {
        requests: [request],
        sequence: turn.sequence,
        stepIndex,
        turnId: turn.turnId,
        callId: call.callId,
      });
      this.#emit("turn.waiting", { on: "input", sequence: turn.sequence, turnId: turn.turnId, usage: turnUsage(turn) });
      return { requestId, callId: call.callId };
    });
  }

  requestApproval(options: TestApprovalOptions): TestRequestRef {
    const [ref] = this.requestApprovals([options]);
    return ref as TestRequestRef;
  }

  requestApprovals(list: readonly TestApprovalOptions[]): TestRequestRef[] {
    if (list.length === 0) throw new Error("requestApprovals() needs at least one approval.");
    const turn = this.#turn ?? this.#receiveMessage(`Please run ${list[0]?.toolName}.`, randomUuid());
    const calls: PlannedCall[] = list.map((options) => ({
      callId: `call_${randomLowerAlphanumeric(8)}`,
      toolName: options.toolName,
      input: toJson(options.input),
    }));
    // One step for all of them: eve asks a step's parallel tool calls' approvals in one event.
    const stepIndex = this.#requestActions(turn, calls);
    const requests = list.map((options, index) => {
      const call = calls[index] as PlannedCall;
      const requestId = `aitxt-${randomAlphanumeric(24)}`;
      // Key order as eve's `extractToolApprovalInputRequests` builds it.
      const request: EveInputRequest = {
        action: { callId: call.callId, input: call.input, kind: "tool-call", toolName: call.toolName },
        allowFreeform: false,
        display: "confirmation",
        kind: "tool-approval",
        options: [
          { id: "approve", label: "Approve" },
          { id: "cancel", label: "Cancel" },
        ],
        prompt: options.prompt ?? `Approve ${eveDisplayTitle(call.toolName)}?`,
        requestId,
      };
      const runTool = options.toolResult ?? (() => ({ ok: true }));
      this.#requests.set(requestId, {
        requestId,
        callId: call.callId,
        kind: "tool-approval",
        toolName: call.toolName,
        request: deepFreeze(toJson(request)),
        turn,
        stepIndex,
        status: "open",
        toolResult: () => runTool(),
      });
      return request;
    });
    this.#emit("input.requested", { requests, sequence: turn.sequence, stepIndex, turnId: turn.turnId }, turn);
    this.#emit(
      "turn.waiting",
      { on: "input", sequence: turn.sequence, turnId: turn.turnId, usage: turnUsage(turn) },
      turn,
    );
    return requests.map((request) => ({ requestId: request.requestId, callId: request.action.callId }));
  }

  reply(text: string): void {
    const turn = this.#turn;
    if (turn === undefined) throw new Error("reply() needs an open turn: call userMessage() first.");
    if (turn.pendingCallIds.length > 0) {
      throw new Error(`reply() cannot run while tool calls wait for results: ${turn.pendingCallIds.join(", ")}.`);
    }
    const stepIndex = this.#startStep(turn);
    const at = { sequence: turn.sequence, stepIndex, turnId: turn.turnId };
    if (text.length > 0) this.#emit("message.appended", { messageDelta: text, ...at }, turn);
    this.#emit("message.completed", { finishReason: "stop", message: text, ...at }, turn);
    this.#completeStep(turn, "stop");
    this.#emit("turn.completed", { sequence: turn.sequence, turnId: turn.turnId }, turn);
    this.#emit(
      "session.waiting",
      { continuationToken: `wrun_${this.#ulid()}`, usage: turnUsage(turn), wait: "next-user-message" },
      turn,
    );
    this.#turn = undefined;
  }

  withdraw(requestId: string): void {
    const record = this.#requests.get(requestId);
    if (record === undefined || record.status !== "open") {
      throw new Error(`withdraw(): request ${requestId} is not open.`);
    }
    this.#settle(record, "cancelled", undefined);
    this.#continueAfterResults(record.turn);
  }

  cancelTurn(): boolean {
    const turn = this.#turn;
    if (turn === undefined) return false;
    for (const record of this.#openRequests()) if (record.turn === turn) this.#settle(record, "cancelled", undefined);
    this.#emit("turn.cancelled", { sequence: turn.sequence, turnId: turn.turnId }, turn);
    this.#emit(
      "session.waiting",
      { continuationToken: `wrun_${this.#ulid()}`, usage: turnUsage(turn), wait: "next-user-message" },
      turn,
    );
    this.#turn = undefined;
    return true;
  }

  // ---------------------------------------------------------------- client side

  async respond(inputResponses: unknown): Promise<TestSessionAccepted> {
    const failure = this.#nextRespondFailure;
    this.#nextRespondFailure = undefined;
    if (failure !== undefined && failure.afterAccept !== true) {
      if (failure.network === true) throw new TypeError("Failed to fetch");
      throw new TestSessionHttpError(failure.status ?? 500, "Injected test failure.");
    }
    const responses = parseInputResponses(inputResponses);
    const deliveryId = randomUuid();
    const processed = this.#enqueue(() => this.#processResponses(responses, deliveryId));
    if (failure !== undefined) {
      await processed.catch(() => undefined);
      throw new TypeError("Failed to fetch");
    }
    return { ok: true, sessionId: this.sessionId, status: "accepted", deliveryId };
  }

  async sendMessage(text: string): Promise<TestSessionAccepted> {
    if (typeof text !== "string" || text.length === 0) {
      throw new TestSessionHttpError(400, "Expected a non-empty 'message' or a non-empty 'inputResponses' array.");
    }
    const deliveryId = randomUuid();
    void this.#enqueue(() => this.#processMessage(text, deliveryId));
    return { ok: true, sessionId: this.sessionId, status: "accepted", deliveryId };
  }

  failNextRespond(failure: TestRespondFailure = {}): void {
    this.#nextRespondFailure = failure;
  }

  async whenIdle(): Promise<void> {
    let queue: Promise<void>;
    do {
      queue = this.#queue;
      await queue;
    } while (queue !== this.#queue);
    if (this.#failures.length > 0) throw this.#failures.shift();
  }

  // ---------------------------------------------------------------- inspection

  requests(): readonly TestSessionRequest[] {
    return [...this.#requests.values()].map((record) => ({
      requestId: record.requestId,
      callId: record.callId,
      kind: record.kind,
      toolName: record.toolName,
      turnId: record.turn.turnId,
      stepIndex: record.stepIndex,
      request: record.request,
      status: record.status,
    }));
  }

  answers(requestId: string): readonly TestSessionAnswer[] {
    return [...(this.#answers.get(requestId) ?? [])];
  }

  toolResults(callId: string): readonly TestSessionEvent[] {
    return this.#events.filter((event) => {
      if (event.type !== "action.result") return false;
      const result = event.data.result;
      return typeof result === "object" && result !== null && "callId" in result && result.callId === callId;
    });
  }

  // ---------------------------------------------------------------- internals

  #emit(type: string, data: Data, turn?: TurnState): TestSessionEvent {
    const meta: { at: string; id: string; deliveryIds?: string[] } = {
      at: this.#now().toISOString(),
      id: `evt_${this.#ulid()}`,
    };
    if (turn !== undefined && turn.deliveryIds.length > 0) meta.deliveryIds = [...turn.deliveryIds];
    const event = deepFreeze(toJson({ data, type, meta })) as TestSessionEvent;
    this.#events.push(event);
    this.#notifyQueue.push(this.#events.length - 1);
    this.#drainNotifications();
    return event;
  }

  /** Listeners see events strictly in stream order, even when one of them emits more events. */
  #drainNotifications(): void {
    if (this.#notifying) return;
    this.#notifying = true;
    try {
      for (let index = this.#notifyQueue.shift(); index !== undefined; index = this.#notifyQueue.shift()) {
        const event = this.#events[index] as TestSessionEvent;
        for (const listener of [...this.#listeners]) {
          try {
            listener(event, index);
          } catch (error) {
            // One broken listener must not stop the stream for the others.
            queueMicrotask(() => {
              throw error;
            });
          }
        }
      }
    } finally {
      this.#notifying = false;
    }
  }

  #enqueue(work: () => void | Promise<void>): Promise<void> {
    const run = this.#queue.then(() => delay(this.#latencyMs)).then(work);
    this.#queue = run.catch((error: unknown) => {
      this.#failures.push(error);
    });
    return run;
  }

  #track(result: void | Promise<void>): void {
    if (result instanceof Promise) {
      this.#queue = this.#queue
        .then(() => result)
        .catch((error: unknown) => {
          this.#failures.push(error);
        });
    }
  }

  /** eve's `receive`: `session.started` once, `turn.started` only between turns, then `message.received`. */
  #receiveMessage(text: string, deliveryId: string): TurnState {
    let turn = this.#turn;
    if (turn === undefined) {
      const sequence = this.#nextSequence;
      this.#nextSequence += 1;
      turn = {
        turnId: `turn_${sequence}`,
        sequence,
        deliveryIds: [deliveryId],
        stepIndex: -1,
        stepOpen: false,
        steps: 0,
        pendingCallIds: [],
        results: [],
      };
      this.#turn = turn;
      if (!this.#started) {
        this.#started = true;
        this.#emit(
          "session.started",
          { runtime: { agentId: this.#agentName, agentName: this.#agentName, eveVersion: EVE_VERSION } },
          turn,
        );
      }
      this.#emit("turn.started", { sequence, turnId: turn.turnId }, turn);
    } else if (!turn.deliveryIds.includes(deliveryId)) {
      turn.deliveryIds.push(deliveryId);
    }
    this.#emit(
      "message.received",
      { message: text, parts: [{ text, type: "text" }], sequence: turn.sequence, turnId: turn.turnId },
      turn,
    );
    return turn;
  }

  #startStep(turn: TurnState): number {
    if (!turn.stepOpen) {
      turn.stepIndex += 1;
      turn.stepOpen = true;
      turn.results = [];
      this.#emit(
        "step.started",
        { modelId: this.#modelId, sequence: turn.sequence, stepIndex: turn.stepIndex, turnId: turn.turnId },
        turn,
      );
    }
    return turn.stepIndex;
  }

  #completeStep(turn: TurnState, finishReason: "stop" | "tool-calls"): void {
    turn.stepOpen = false;
    turn.steps += 1;
    this.#emit(
      "step.completed",
      {
        finishReason,
        sequence: turn.sequence,
        stepIndex: turn.stepIndex,
        turnId: turn.turnId,
        usage: { ...STEP_USAGE, cacheReadTokens: 0, cacheWriteTokens: 0 },
      },
      turn,
    );
  }

  /**
   * The model's tool-call step: input deltas, `actions.requested`, `step.completed(tool-calls)`.
   * A call made while earlier calls still wait joins their (already completed) step: eve cannot start
   * a new model step before every tool result is in.
   */
  #requestActions(turn: TurnState, calls: readonly PlannedCall[]): number {
    const joinsWaitingStep = !turn.stepOpen && turn.pendingCallIds.length > 0;
    const stepIndex = joinsWaitingStep ? turn.stepIndex : this.#startStep(turn);
    const at = { sequence: turn.sequence, stepIndex, turnId: turn.turnId };
    for (const call of calls) {
      this.#emit(
        "action.input.appended",
        {
          callId: call.callId,
          inputTextDelta: JSON.stringify(call.input),
          sequence: turn.sequence,
          stepIndex,
          toolName: call.toolName,
          turnId: turn.turnId,
        },
        turn,
      );
    }
    this.#emit(
      "actions.requested",
      {
        actions: calls.map((call) => ({
          callId: call.callId,
          input: call.input,
          kind: "tool-call",
          toolName: call.toolName,
        })),
        ...at,
      },
      turn,
    );
    turn.pendingCallIds.push(...calls.map((call) => call.callId));
    if (turn.stepOpen) this.#completeStep(turn, "tool-calls");
    return stepIndex;
  }

  #openRequests(): RequestRecord[] {
    return [...this.#requests.values()].filter((record) => record.status === "open");
  }

  #recordAnswer(response: EveInputResponse, answer: Omit<TestSessionAnswer, "response">): void {
    const list = this.#answers.get(response.requestId) ?? [];
    list.push({ response, ...answer });
    this.#answers.set(response.requestId, list);
  }

  /** Emits the resolution and the call's one `action.result`; the caller decides how the turn goes on. */
  #settle(record: RequestRecord, outcome: EveInputResolutionOutcome, response: EveInputResponse | undefined): void {
    record.status = outcome;
    const { turn } = record;
    const at = { sequence: turn.sequence, stepIndex: record.stepIndex, turnId: turn.turnId };
    const resolution = {
      kind: record.kind,
      outcome,
      requestId: record.requestId,
      ...(response !== undefined && { response }),
    };
    let result: TestToolResult;
    if (record.kind === "question") {
      this.#emit("input.resolved", { resolutions: [resolution], ...at });
      const answer: TestAskAnswer =
        outcome === "answered" && response !== undefined
          ? {
              status: "answered",
              ...(response.optionId !== undefined && { optionId: response.optionId }),
              ...(response.text !== undefined && { text: response.text }),
            }
          : { status: "cancelled" };
      const output = toJson(record.toolResult(answer));
      result = { callId: record.callId, toolName: record.toolName, status: "completed", output };
      this.#emit(
        "action.result",
        actionResult(at, "completed", {
          callId: record.callId,
          kind: "tool-result",
          output,
          toolName: record.toolName,
        }),
        turn,
      );
    } else {
      if (outcome === "approved" || outcome === "denied") {
        this.#emit(
          "approval.settled",
          {
            outcome: outcome === "approved" ? "approved" : "cancelled",
            requestId: record.requestId,
            responderPrincipalId: "anonymous",
            ...at,
          },
          turn,
        );
      }
      this.#emit("input.resolved", { resolutions: [resolution], ...at }, turn);
      if (outcome === "approved") {
        const output = toJson(record.toolResult({ status: "answered" }));
        result = { callId: record.callId, toolName: record.toolName, status: "completed", output };
        this.#emit(
          "action.result",
          actionResult(at, "completed", {
            callId: record.callId,
            kind: "tool-result",
            output,
            toolName: record.toolName,
          }),
          turn,
        );
      } else {
        const message = approvalRejection(outcome, response);
        const output = {
          approval: { requestId: record.requestId, status: outcome },
          code: TOOL_EXECUTION_DENIED,
          message,
          tool: { result: "not_run" },
        };
        result = { callId: record.callId, toolName: record.toolName, status: "rejected", output };
        this.#emit(
          "action.result",
          actionResult(
            at,
            "rejected",
            { callId: record.callId, isError: true, kind: "tool-result", output, toolName: record.toolName },
            { code: TOOL_EXECUTION_DENIED, message },
          ),
          turn,
        );
      }
    }
    turn.pendingCallIds.splice(turn.pendingCallIds.indexOf(record.callId), 1);
    turn.results.push(result);
  }

  /** Once every call of the turn has its result the model takes its next step; until then the turn parks again. */
  #continueAfterResults(turn: TurnState): void {
    if (this.#turn !== turn) return;
    if (turn.pendingCallIds.length > 0) {
      this.#emit(
        "turn.waiting",
        { on: "input", sequence: turn.sequence, turnId: turn.turnId, usage: turnUsage(turn) },
        turn,
      );
      return;
    }
    this.#track(this.#onToolResults({ turnId: turn.turnId, results: [...turn.results] }, this));
  }

  #continueAfterMessage(turn: TurnState, context: TestUserMessageContext): void {
    if (this.#turn !== turn) return;
    if (turn.pendingCallIds.length > 0) {
      this.#emit(
        "turn.waiting",
        { on: "input", sequence: turn.sequence, turnId: turn.turnId, usage: turnUsage(turn) },
        turn,
      );
      return;
    }
    this.#track(this.#onUserMessage(context, this));
  }

  #resolutionOf(record: RequestRecord, response: EveInputResponse): EveInputResolutionOutcome {
    if (record.kind === "question") return "answered";
    if (response.optionId === "approve") return "approved";
    // eve treats "deny" like "cancel" (`resolveApprovalOutcome`).
    if (response.optionId === "cancel" || response.optionId === "deny") return "denied";
    return "invalid";
  }

  #processResponses(responses: readonly EveInputResponse[], deliveryId: string): void {
    // eve keeps one response per request id (the last one) before routing.
    const canonical = new Map<string, EveInputResponse>();
    for (const response of responses) canonical.set(response.requestId, response);
    const stale: EveInputResponse[] = [];
    const touched = new Set<TurnState>();
    for (const response of responses) {
      if (canonical.get(response.requestId) !== response) {
        this.#recordAnswer(response, { deliveryId, via: "inputResponses", handling: "duplicate" });
        continue;
      }
      const record = this.#requests.get(response.requestId);
      if (record === undefined || record.status !== "open") {
        this.#recordAnswer(response, { deliveryId, via: "inputResponses", handling: "stray" });
        stale.push(response);
        continue;
      }
      this.#recordAnswer(response, { deliveryId, via: "inputResponses", handling: "settled" });
      this.#settle(record, this.#resolutionOf(record, response), response);
      touched.add(record.turn);
    }
    for (const turn of touched) this.#continueAfterResults(turn);
    if (stale.length > 0) this.#deliverStray(stale, deliveryId);
  }

  /** eve's `convertStaleResponsesToUserMessage`: unroutable answers become a user message. */
  #deliverStray(responses: readonly EveInputResponse[], deliveryId: string): void {
    const message = responses
      .map((response) => strayDisplayText(response, this.#requests.get(response.requestId)))
      .join("\n");
    const modelMessage = strayModelMessage(responses, this.#requests);
    const turn = this.#receiveMessage(message, deliveryId);
    this.#strays.push({ deliveryId, turnId: turn.turnId, responses: [...responses], message, modelMessage });
    this.#continueAfterMessage(turn, { text: message, turnId: turn.turnId, deliveryId, stray: true });
  }

  /**
   * A chat message while a request is open (eve's `routeDeliverPayload` / `resolveTypedApproval`): it is
   * matched against the OLDEST open request. A match answers it and the message is consumed (no
   * `message.received`). Otherwise a question is cancelled, an approval ignored, and the message joins
   * the open turn (eve starts a new turn only between turns).
   */
  #processMessage(text: string, deliveryId: string): void {
    const turn = this.#turn;
    const oldest = this.#openRequests()[0];
    if (turn === undefined || oldest === undefined) {
      const received = this.#receiveMessage(text, deliveryId);
      this.#continueAfterMessage(received, { text, turnId: received.turnId, deliveryId, stray: false });
      return;
    }
    // eve's client follows a sent message by its delivery id, so the turn's next events must carry it.
    turn.deliveryIds.push(deliveryId);
    const response = eveResolveTextToResponse(text, oldest.request);
    if (response !== undefined) {
      this.#recordAnswer(response, { deliveryId, via: "message", handling: "settled" });
      this.#settle(oldest, this.#resolutionOf(oldest, response), response);
      this.#continueAfterResults(oldest.turn);
      return;
    }
    this.#settle(oldest, oldest.kind === "question" ? "cancelled" : "ignored", undefined);
    this.#receiveMessage(text, deliveryId);
    this.#continueAfterMessage(turn, { text, turnId: turn.turnId, deliveryId, stray: false });
  }
}

function askPrompt(options: TestAskOptions): string {
  if (options.prompt !== undefined) return options.prompt;
  const fromInput = options.input.prompt;
  return typeof fromInput === "string" ? fromInput : options.toolName;
}

/** eve's `createActionResultEvent` key order: `error?, result, sequence, status, stepIndex, turnId`. */
function actionResult(
  at: { readonly sequence: number; readonly stepIndex: number; readonly turnId: string },
  status: "completed" | "rejected",
  result: Data,
  error?: { readonly code: string; readonly message: string },
): Data {
  return {
    ...(error !== undefined && { error }),
    result,
    sequence: at.sequence,
    status,
    stepIndex: at.stepIndex,
    turnId: at.turnId,
  };
}

function turnUsage(turn: TurnState) {
  return {
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    inputTokens: STEP_USAGE.inputTokens * turn.steps,
    outputTokens: STEP_USAGE.outputTokens * turn.steps,
  };
}

/** eve's `resolveApprovalOutcome` reasons. `cancelled` (a withdrawn approval) is this kit's wording. */
function approvalRejection(outcome: EveInputResolutionOutcome, response: EveInputResponse | undefined): string {
  switch (outcome) {
    case "denied": {
      const reason = response?.text?.trim();
      return reason
        ? `${TOOL_EXECUTION_DENIED_MESSAGE} The person who denied it wrote: ${JSON.stringify(reason)}`
        : TOOL_EXECUTION_DENIED_MESSAGE;
    }
    case "ignored":
      return "Ignored because the user continued without responding.";
    case "invalid":
      return "Invalid approval response.";
    case "cancelled":
      return "Tool execution was cancelled.";
    case "answered":
    case "approved":
      return TOOL_EXECUTION_DENIED_MESSAGE;
    default:
      return outcome satisfies never;
  }
}

/** eve's `formatDisplayMessage` for one stale response. */
function strayDisplayText(response: EveInputResponse, record: RequestRecord | undefined): string {
  if (response.text !== undefined && response.text.length > 0) return response.text;
  const label = record?.request.options?.find((option) => option.id === response.optionId)?.label;
  return label ?? response.optionId ?? "Response to an earlier interactive prompt";
}

/** eve's `formatModelMessage`: what the model reads instead of the display text. */
function strayModelMessage(
  responses: readonly EveInputResponse[],
  requests: ReadonlyMap<string, RequestRecord>,
): string {
  const entries = responses.map((response) => {
    const request = requests.get(response.requestId)?.request;
    const option = request?.options?.find((candidate) => candidate.id === response.optionId);
    const described: Data = {};
    if (response.optionId !== undefined) described.optionId = response.optionId;
    if (option !== undefined) {
      described.selectedOption = {
        id: option.id,
        label: option.label,
        ...(option.description !== undefined && { description: option.description }),
      };
    }
    if (response.text !== undefined) described.text = response.text;
    const entry: Data = { requestId: response.requestId, response: described };
    if (request?.kind === "tool-approval") {
      entry.prompt = request.prompt;
      entry.requestType = "approval";
      entry.toolName = request.action.toolName;
    }
    return entry;
  });
  return [
    "The user submitted the following response to an earlier interactive prompt.",
    "Treat it as new input at the current point in the conversation and decide whether it is still relevant. This does not authorize an earlier action; request approval again if that action is still needed.",
    JSON.stringify(entries, null, 2),
  ].join("\n");
}
