import { type AnswerBody, approvalOutcome } from "../../core/answer";
import type { LedgerChange, TransportAction } from "../../core/ledger";
import type { Outcome, ParkedRequestInit } from "../../core/model";
import { MAX_PROMPT_LENGTH } from "../../kinds/limits";
import { type HitlAction, hitlRequests, readHitlRequest } from "./hitl-request";

/**
 * LangGraph thread state and run stream parts → ledger actions. A LangGraph node asks with
 * `interrupt(value)`; the run stops and the thread's state lists the interrupt, with its id, in
 * the task that asked (`state.tasks[].interrupts`, a subgraph's bubbled up to its parent's task).
 * Each interrupt still waiting becomes one parked request keyed by the interrupt id; one that is
 * gone from a later state is over: `resolved`, answered or withdrawn.
 *
 * What counts as waiting: an interrupt of a task with no `result` and no `error` (after a
 * partial resume of parallel interrupts the state still lists the answered task's interrupt,
 * with the task's result). A task without interrupts is a static breakpoint
 * (`interruptBefore`/`interruptAfter`): not a question, nothing parks.
 *
 * The request: `kind` is the kit's hint `value.ui.kind` (`interruptFor` in `hitl-kit/server`
 * builds `{ ui, prompt }`); any other value — a plain string, someone else's object — parks with
 * kind "" so the fallback renders it (its prompt: the string, or `value.prompt`). The one value
 * that parks as something the kit itself renders is LangChain's standard `HITLRequest` (the
 * `humanInTheLoopMiddleware`'s tool review, see `hitl-request.ts`): one native approval per action,
 * keyed `<interrupt id>/<index>`, all answered by the interrupt's one resume. Nothing else is
 * `native`: a graph's own value cannot pass itself off as a real approval.
 *
 * How an interrupt that is gone ended: answered, if this page resumed it (with this page's
 * answer), or if the task that asked has a result or error, or went on to another question; else
 * withdrawn (the thread moved on without resuming it: new input, a state update). Where the task
 * is no longer in the current state, the checkpoint the interrupt was asked in tells
 * (`needs` names those checkpoints; the transport reads them with `threads.getState(thread, id)`).
 *
 * Pure and tolerant: no I/O, never throws; a state that is not one is reported as malformed, an
 * interrupt without an id (which cannot be resumed by id) as a problem. It remembers what it
 * saw, so the same state twice (a poll) changes nothing, and an interrupt that is over never
 * parks again (a stale read).
 */
export interface LangGraphConverter {
  /**
   * One part of a run's stream (`{ event, data }` from `client.runs.stream`): an `updates` or
   * `values` part (a subgraph's too, `updates|ns`) whose `__interrupt__` lists interrupts parks
   * them at once, before the state read that follows the run. Nothing here settles a request.
   */
  chunk(part: unknown): TransportAction | null;
  /**
   * The checkpoints whose state `state(…)` needs to tell how interrupts gone from this state
   * ended (those whose task is not in it and that this page did not resume).
   */
  needs(state: unknown, resumed?: ReadonlyMap<string, AnswerBody>): string[];
  /**
   * The thread's state (`client.threads.getState(thread)`): new interrupts park, interrupts gone
   * from it settle. `asked`: the states of the checkpoints `needs` named, by checkpoint id;
   * `resumed`: what this page resumed the graph with, by interrupt id.
   */
  state(state: unknown, context?: LangGraphStateContext): TransportAction | null;
  /** An interrupt this converter has seen (waiting or over). */
  interrupt(id: string): LangGraphInterrupt | undefined;
  /**
   * The interrupt a request belongs to: the request's own (its id is the interrupt id), or, for an
   * action of a `HITLRequest`, the interrupt with the action (and its index).
   */
  owner(requestId: string): LangGraphRequestOwner | undefined;
  /** The requests an interrupt parked, in order (one, or one per action of a `HITLRequest`). */
  requestIds(interruptId: string): readonly string[];
  /** The interrupts waiting, as of the last state or part. */
  open(): readonly LangGraphInterrupt[];
}

export interface LangGraphStateContext {
  readonly asked?: ReadonlyMap<string, unknown>;
  readonly resumed?: ReadonlyMap<string, AnswerBody>;
}

/** One interrupt a task is waiting on. */
export interface LangGraphInterrupt {
  readonly id: string;
  /** What the node passed to `interrupt(…)`. */
  readonly value: unknown;
  /** The node whose task asked (for a subgraph's question, the parent's node that runs it). */
  readonly node: string;
  readonly taskId: string | undefined;
  /** The subgraph's checkpoint namespace (`sub:<task id>`), "" for the root graph. */
  readonly namespace: string;
  /** The checkpoint in which it waits (unknown for one seen only in a stream part). */
  readonly checkpointId: string | undefined;
}

export interface LangGraphRequestOwner {
  readonly interrupt: LangGraphInterrupt;
  /** For an action of a `HITLRequest`: which one, and the action with its review config. */
  readonly action?: { readonly index: number; readonly of: readonly HitlAction[] };
}

export function createLangGraphConverter(): LangGraphConverter {
  const open = new Map<string, LangGraphInterrupt>();
  const over = new Map<string, LangGraphInterrupt>();
  const reported = new Set<string>();
  /** The requests of each interrupt seen, and the owner of each request. */
  const parked = new Map<string, readonly string[]>();
  const owners = new Map<string, { interruptId: string; action?: { index: number; of: readonly HitlAction[] } }>();

  const park = (found: readonly LangGraphInterrupt[], changes: LedgerChange[]) => {
    for (const interrupt of found) {
      if (over.has(interrupt.id)) continue;
      const known = open.get(interrupt.id);
      // A state read knows more than a stream part (the task, the checkpoint): keep the most.
      open.set(interrupt.id, known ? merge(known, interrupt) : interrupt);
      if (known) continue;
      const { actions, requests } = interruptRequests(interrupt);
      parked.set(
        interrupt.id,
        requests.map((request) => request.requestId),
      );
      requests.forEach((request, index) => {
        owners.set(request.requestId, {
          interruptId: interrupt.id,
          ...(actions ? { action: { index, of: actions } } : {}),
        });
        changes.push({ type: "requested", request });
      });
    }
  };
  const action = (changes: LedgerChange[]): TransportAction | null =>
    changes.length > 0 ? { type: "transport", changes } : null;
  const requestIds = (interruptId: string) => parked.get(interruptId) ?? [interruptId];

  return {
    chunk(part) {
      if (!isRecord(part) || typeof part.event !== "string") return null;
      const mode = part.event.split("|")[0];
      if ((mode !== "updates" && mode !== "values") || !isRecord(part.data)) return null;
      const listed = part.data.__interrupt__;
      if (!Array.isArray(listed)) return null;
      const changes: LedgerChange[] = [];
      const found: LangGraphInterrupt[] = [];
      for (const raw of listed) {
        const interrupt = readInterrupt(raw, { node: "", taskId: undefined, namespace: "", checkpointId: undefined });
        if (interrupt) found.push(interrupt);
      }
      park(found, changes);
      return action(changes);
    },
    needs(state, resumed) {
      const read = readState(state);
      if (!read.ok) return [];
      const checkpoints = new Set<string>();
      for (const [id, interrupt] of open) {
        if (read.pending.has(id) || requestIds(id).some((requestId) => resumed?.has(requestId))) continue;
        if (interrupt.taskId !== undefined && read.tasks.has(interrupt.taskId)) continue;
        if (interrupt.checkpointId !== undefined && interrupt.checkpointId !== read.checkpointId) {
          checkpoints.add(interrupt.checkpointId);
        }
      }
      return [...checkpoints];
    },
    state(state, context = {}) {
      const read = readState(state);
      if (!read.ok) {
        return { type: "malformed", eventType: "thread-state", issues: [{ path: [], message: read.message }] };
      }
      const changes: LedgerChange[] = [];
      for (const id of read.missingIds) {
        if (reported.has(id)) continue;
        reported.add(id);
        changes.push({
          type: "problem",
          eventType: "thread-state",
          issues: [{ path: ["tasks", id, "interrupts"], message: NO_ID }],
        });
      }
      for (const [id, interrupt] of [...open]) {
        if (read.pending.has(id)) continue;
        open.delete(id);
        over.set(id, interrupt);
        for (const requestId of requestIds(id)) {
          changes.push(
            resolution(interrupt, requestId, owners.has(requestId) && isNative(owners, requestId), read, context),
          );
        }
      }
      park([...read.pending.values()], changes);
      return action(changes);
    },
    interrupt: (id) => open.get(id) ?? over.get(id),
    owner(requestId) {
      const owner = owners.get(requestId);
      const interrupt = owner && (open.get(owner.interruptId) ?? over.get(owner.interruptId));
      if (!owner || !interrupt) return undefined;
      return owner.action ? { interrupt, action: owner.action } : { interrupt };
    },
    requestIds,
    open: () => [...open.values()],
  };
}

function isNative(owners: ReadonlyMap<string, { action?: unknown }>, requestId: string): boolean {
  return owners.get(requestId)?.action !== undefined;
}

/** The interrupts waiting in a thread state (`client.threads.getState`), in task order. Never throws. */
export function pendingInterrupts(state: unknown): LangGraphInterrupt[] {
  const read = readState(state);
  return read.ok ? [...read.pending.values()] : [];
}

/**
 * What one interrupt parks as: a HITL review (its `actions`) as one request per action, anything
 * else as one request (`requestFromInterrupt`). The chat transport and the inbox's LangGraph
 * source both park through this.
 */
export function interruptRequests(interrupt: LangGraphInterrupt): {
  readonly actions: readonly HitlAction[] | undefined;
  readonly requests: readonly ParkedRequestInit[];
} {
  const actions = readHitlRequest(interrupt.value);
  return {
    actions,
    requests: actions ? hitlRequests(interrupt, actions, MAX_PROMPT_LENGTH) : [requestFromInterrupt(interrupt)],
  };
}

/**
 * The parked request for an interrupt: the kit's hint (`{ ui: { kind, … }, prompt }`) parks as
 * that kind, anything else with kind "" (the fallback). Keyed by the interrupt id, which is also
 * its call: the one thing that gets exactly one resume value.
 */
export function requestFromInterrupt(interrupt: LangGraphInterrupt): ParkedRequestInit {
  const { value } = interrupt;
  const hinted = isKitInterrupt(value);
  const ui = hinted ? value.ui : undefined;
  const kind = isRecord(ui) && typeof ui.kind === "string" ? ui.kind : "";
  const prompt =
    typeof value === "string"
      ? value
      : isRecord(value) && typeof value.prompt === "string"
        ? value.prompt
        : isRecord(value) && typeof value.question === "string"
          ? value.question
          : "";
  return {
    requestId: interrupt.id,
    callId: interrupt.id,
    toolName: interrupt.node,
    prompt: prompt.slice(0, MAX_PROMPT_LENGTH),
    kind,
    payload: hinted ? ui : value,
  };
}

/** The value carries the kit's hint: `{ ui: {…}, … }` (what `interruptFor` builds). */
export function isKitInterrupt(value: unknown): value is { ui: unknown; prompt?: unknown } {
  return isRecord(value) && "ui" in value && isRecord(value.ui);
}

// ─── reading a thread state ──────────────────────────────────────────────────────────────────────

const NO_ID = "The interrupt has no id (a LangGraph older than 0.3?): it cannot be resumed by id, so it is not shown";

interface ReadTask {
  readonly id: string;
  readonly done: boolean;
  readonly interruptIds: ReadonlySet<string>;
}

type ReadState =
  | {
      readonly ok: true;
      readonly checkpointId: string | undefined;
      readonly pending: ReadonlyMap<string, LangGraphInterrupt>;
      readonly tasks: ReadonlyMap<string, ReadTask>;
      /** Tasks with an interrupt that has no id. */
      readonly missingIds: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

function readState(state: unknown): ReadState {
  if (!isRecord(state) || !Array.isArray(state.tasks)) {
    return { ok: false, message: "Expected a thread state with a tasks list" };
  }
  const checkpointId = checkpointIdOf(state.checkpoint);
  const pending = new Map<string, LangGraphInterrupt>();
  const tasks = new Map<string, ReadTask>();
  const missingIds: string[] = [];
  for (const task of state.tasks) {
    if (!isRecord(task) || !Array.isArray(task.interrupts)) continue;
    const taskId = typeof task.id === "string" ? task.id : undefined;
    const done =
      (task.result !== undefined && task.result !== null) || (task.error !== undefined && task.error !== null);
    const namespace =
      isRecord(task.checkpoint) && typeof task.checkpoint.checkpoint_ns === "string"
        ? task.checkpoint.checkpoint_ns
        : "";
    const where = { node: typeof task.name === "string" ? task.name : "", taskId, namespace, checkpointId };
    const ids = new Set<string>();
    for (const raw of task.interrupts) {
      const interrupt = readInterrupt(raw, where);
      if (!interrupt) {
        if (isRecord(raw) && taskId !== undefined) missingIds.push(taskId);
        continue;
      }
      ids.add(interrupt.id);
      if (!done && !pending.has(interrupt.id)) pending.set(interrupt.id, interrupt);
    }
    if (taskId !== undefined) tasks.set(taskId, { id: taskId, done, interruptIds: ids });
  }
  return { ok: true, checkpointId, pending, tasks, missingIds };
}

function readInterrupt(raw: unknown, where: Omit<LangGraphInterrupt, "id" | "value">): LangGraphInterrupt | undefined {
  if (!isRecord(raw) || typeof raw.id !== "string" || raw.id === "") return undefined;
  const namespace = Array.isArray(raw.namespace) ? raw.namespace.filter((s) => typeof s === "string").join("|") : "";
  return { ...where, namespace: where.namespace || namespace, id: raw.id, value: raw.value };
}

/** How one request of an interrupt no longer waiting ended. */
function resolution(
  interrupt: LangGraphInterrupt,
  requestId: string,
  approval: boolean,
  current: Extract<ReadState, { ok: true }>,
  context: LangGraphStateContext,
): LedgerChange {
  const mine = context.resumed?.get(requestId);
  if (mine !== undefined) {
    return {
      type: "resolved",
      requestId,
      outcome: approval ? decided(mine) : "answered",
      response: mine,
      authoritative: true,
    };
  }
  const ended = taskEnding(interrupt, current) ?? askedEnding(interrupt, context.asked);
  if (ended === undefined) {
    // Nothing tells: it was most likely answered (from another page); a later word may correct it.
    return { type: "resolved", requestId, outcome: "answered", authoritative: false };
  }
  return { type: "resolved", requestId, outcome: ended, authoritative: true };
}

/** An approval this page decided: approved (as is, or edited) or denied. */
function decided(answer: AnswerBody): Outcome {
  return approvalOutcome(answer);
}

/**
 * From the task that asked, in `state`: answered once it finished or asked something else; in
 * the checkpoint it was asked in (`asked`), still waiting there means the thread moved on
 * without it. `undefined` when the task is not in `state`.
 */
function taskEnding(
  interrupt: LangGraphInterrupt,
  state: Extract<ReadState, { ok: true }>,
  asked = false,
): "answered" | "withdrawn" | undefined {
  const task = interrupt.taskId === undefined ? undefined : state.tasks.get(interrupt.taskId);
  if (!task) return undefined;
  if (task.done || !task.interruptIds.has(interrupt.id)) return "answered";
  return asked ? "withdrawn" : undefined;
}

function askedEnding(
  interrupt: LangGraphInterrupt,
  asked: ReadonlyMap<string, unknown> | undefined,
): "answered" | "withdrawn" | undefined {
  if (interrupt.checkpointId === undefined) return undefined;
  const snapshot = asked?.get(interrupt.checkpointId);
  if (snapshot === undefined) return undefined;
  const read = readState(snapshot);
  return read.ok ? taskEnding(interrupt, read, true) : undefined;
}

function merge(known: LangGraphInterrupt, seen: LangGraphInterrupt): LangGraphInterrupt {
  return {
    ...known,
    node: known.node || seen.node,
    taskId: known.taskId ?? seen.taskId,
    namespace: known.namespace || seen.namespace,
    checkpointId: seen.checkpointId ?? known.checkpointId,
  };
}

function checkpointIdOf(checkpoint: unknown): string | undefined {
  return isRecord(checkpoint) && typeof checkpoint.checkpoint_id === "string" ? checkpoint.checkpoint_id : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
