import type { AnswerBody } from "./answer";

/**
 * The outbox: when a transport whose server resumes several questions with one run (LangGraph's
 * `Command({ resume })`, AG-UI's resume array) sends what it holds. Pure: a reducer over answers,
 * chat messages, fresh looks at what the server waits on and the outcome of each run, returning
 * the effects a transport carries out (send this batch, start this message, settle that answer).
 * No timers, no I/O, no promises: the transport keeps those, and a property test drives this
 * with arbitrary schedules (`test/core/outbox.property.test.ts`).
 *
 * What it guarantees:
 * - an answer resumed (its run accepted) is never resumed again, and an answer already held or
 *   on its way is refused rather than sent twice;
 * - a batch holds whole groups only (a group — an interrupt — resumes when every request it
 *   asked has its answer), of groups the server still waits on; an answer to a group no longer
 *   waiting never goes (it settles as `gone`: the client's ledger says how it ended);
 * - `"together"`: nothing resumes until every waiting group is complete (ONE run for all), unless
 *   a chat message carries the replies; `"each"`: every complete group goes at once;
 * - one run at a time;
 * - a chat message goes as a run of its own, after the run that resumes its replies, and only
 *   when nothing waits; one that waits past its deadline ends `stuck`, with its replies;
 * - every answer it took ends in exactly one `settle` or `fail` effect.
 */

/** One answer waiting to go. */
export interface OutboxAnswer<W = unknown> {
  /** The request's id. */
  readonly id: string;
  /** What resumes with it in one piece (an interrupt: all the requests it asked). */
  readonly group: string;
  readonly answer: AnswerBody;
  /** The answer in the transport's wire form. */
  readonly wire: W;
}

/** A chat message waiting to go as a run of its own. */
export interface OutboxMessage<M = unknown> {
  readonly id: number;
  readonly payload: M;
  /** Its replies not yet resumed: it goes after their run. */
  readonly replies: readonly string[];
  /** When it stops waiting for a question someone else is answering (ms, the `look`'s clock). */
  readonly deadline: number;
}

export type OutboxPolicy = "together" | "each";

/** The run on its way: a resume of `batch` (carrying `message`'s replies), or a message's own run. */
export type OutboxRun<W, M> =
  | { readonly type: "resume"; readonly batch: readonly OutboxAnswer<W>[]; readonly message?: OutboxMessage<M> }
  | { readonly type: "start"; readonly message: OutboxMessage<M> };

export interface OutboxState<W = unknown, M = unknown> {
  readonly policy: OutboxPolicy;
  /** Answers waiting to go, by request id. */
  readonly held: ReadonlyMap<string, OutboxAnswer<W>>;
  /** What each request was resumed with (never resumed again). */
  readonly resumed: ReadonlyMap<string, AnswerBody>;
  /** Chat messages waiting, in the order they go. */
  readonly messages: readonly OutboxMessage<M>[];
  readonly running: OutboxRun<W, M> | undefined;
}

/** Why something failed: the fresh look before a run, the run itself, or a message left waiting too long. */
export type OutboxFailure = "look" | "run" | "stuck";

export type OutboxEvent<W = unknown, M = unknown> =
  /** An answer to send. */
  | { readonly type: "answer"; readonly answer: OutboxAnswer<W> }
  /** A chat message, with the replies it gives the questions that wait (sent first). */
  | {
      readonly type: "message";
      readonly message: Omit<OutboxMessage<M>, "replies">;
      readonly replies: readonly OutboxAnswer<W>[];
    }
  /** A fresh look at the server: the groups it waits on, each with its requests. Decides the next run. */
  | { readonly type: "look"; readonly waiting: ReadonlyMap<string, readonly string[]>; readonly now: number }
  /** The fresh look failed: nothing was sent, everything held may go again (from the person). */
  | { readonly type: "look-failed" }
  /**
   * How the run on its way went: the server took it; refused it for now (busy, or a strict
   * server's refusal of an interrupt someone else answered) — it goes again after a fresh look;
   * or failed.
   */
  | { readonly type: "ran"; readonly result: "accepted" | "again" | "failed" };

export type OutboxEffect<W = unknown, M = unknown> =
  /** The answer was not taken: its request was resumed already, or an answer to it is on its way. */
  | { readonly type: "refused"; readonly id: string; readonly reason: "resumed" | "on-its-way" }
  /** The answer went (`accepted`), or never will because its question no longer waits (`gone`). */
  | { readonly type: "settle"; readonly id: string; readonly result: "accepted" | "gone" }
  | { readonly type: "fail"; readonly id: string; readonly why: OutboxFailure }
  /** Start this run now (the state has it as `running` until a `ran` event). */
  | { readonly type: "run"; readonly run: OutboxRun<W, M> }
  /** The message went (no `why`), or never will. */
  | { readonly type: "message-ended"; readonly id: number; readonly why?: OutboxFailure }
  /** Look again after a while (something waits for someone else, or the server was busy). */
  | { readonly type: "later" };

export function createOutbox<W, M>(policy: OutboxPolicy = "together"): OutboxState<W, M> {
  return { policy, held: new Map(), resumed: new Map(), messages: [], running: undefined };
}

/** Whether an answer to `id` is held or in the run on its way. */
export function isPending(state: OutboxState<unknown, unknown>, id: string): boolean {
  return state.held.has(id) || (state.running?.type === "resume" && state.running.batch.some((a) => a.id === id));
}

export function reduceOutbox<W, M>(
  state: OutboxState<W, M>,
  event: OutboxEvent<W, M>,
): [OutboxState<W, M>, OutboxEffect<W, M>[]] {
  switch (event.type) {
    case "answer": {
      const { answer } = event;
      const refused = refusal(state, answer.id);
      if (refused) return [state, [{ type: "refused", id: answer.id, reason: refused }]];
      return [{ ...state, held: new Map(state.held).set(answer.id, answer) }, []];
    }
    case "message": {
      const held = new Map(state.held);
      // A reply to a request already resumed or on its way is not this message's to give.
      const replies = event.replies.filter((answer) => !refusal(state, answer.id));
      for (const answer of replies) held.set(answer.id, answer);
      const message = { ...event.message, replies: replies.map((answer) => answer.id) };
      return [{ ...state, held, messages: [...state.messages, message] }, []];
    }
    case "look":
      return state.running ? [state, []] : decide(state, event.waiting, event.now);
    case "look-failed": {
      const effects: OutboxEffect<W, M>[] = [];
      for (const id of state.held.keys()) effects.push({ type: "fail", id, why: "look" });
      for (const message of state.messages) effects.push({ type: "message-ended", id: message.id, why: "look" });
      return [{ ...state, held: new Map(), messages: [] }, effects];
    }
    case "ran":
      return ran(state, event.result);
    default:
      return event satisfies never;
  }
}

function refusal(state: OutboxState<unknown, unknown>, id: string): "resumed" | "on-its-way" | undefined {
  if (state.resumed.has(id)) return "resumed";
  return isPending(state, id) ? "on-its-way" : undefined;
}

/** With a fresh look and no run on its way: settles what no longer waits, then picks the next run. */
function decide<W, M>(
  state: OutboxState<W, M>,
  waiting: ReadonlyMap<string, readonly string[]>,
  now: number,
): [OutboxState<W, M>, OutboxEffect<W, M>[]] {
  const effects: OutboxEffect<W, M>[] = [];
  const held = new Map(state.held);
  for (const answer of state.held.values()) {
    if (waiting.has(answer.group)) continue;
    held.delete(answer.id);
    effects.push({ type: "settle", id: answer.id, result: "gone" });
  }
  const complete = (group: string) => (waiting.get(group) ?? []).every((id) => held.has(id));
  const batch = [...held.values()].filter((answer) => complete(answer.group));
  // The chat message whose replies these are goes with them (the first typed, if several).
  const message = state.messages.find((m) => batch.some((answer) => m.replies.includes(answer.id)));

  if (batch.length === 0) {
    const [first] = state.messages;
    const next = { ...state, held };
    if (!first) return [next, effects];
    // A message with no reply of this page's to carry: its own run once nothing waits. A question
    // someone else is answering is answered in a moment; one nobody answers keeps it back, then ends it.
    if (waiting.size === 0) {
      const run: OutboxRun<W, M> = { type: "start", message: first };
      return [{ ...next, running: run }, [...effects, { type: "run", run }]];
    }
    if (now <= first.deadline) return [next, [...effects, { type: "later" }]];
    const [afterStuck, failed] = endMessage(next, first.id, "stuck");
    return [afterStuck, [...effects, ...failed]];
  }
  // The rest are not answered yet (a chat message does not wait for them: they stay waiting).
  if (state.policy === "together" && !message && [...waiting.keys()].some((group) => !complete(group))) {
    return [{ ...state, held }, effects];
  }
  for (const answer of batch) held.delete(answer.id);
  const run: OutboxRun<W, M> = { type: "resume", batch, ...(message ? { message } : {}) };
  return [{ ...state, held, running: run }, [...effects, { type: "run", run }]];
}

function ran<W, M>(
  state: OutboxState<W, M>,
  result: "accepted" | "again" | "failed",
): [OutboxState<W, M>, OutboxEffect<W, M>[]] {
  const run = state.running;
  if (!run) return [state, []];
  const idle = { ...state, running: undefined };
  if (run.type === "start") {
    if (result === "again") return [idle, [{ type: "later" }]];
    return endMessage(idle, run.message.id, result === "accepted" ? undefined : "run");
  }
  const { batch, message } = run;
  switch (result) {
    case "accepted": {
      const resumed = new Map(state.resumed);
      for (const answer of batch) resumed.set(answer.id, answer.answer);
      const effects = batch.map(
        (answer): OutboxEffect<W, M> => ({ type: "settle", id: answer.id, result: "accepted" }),
      );
      // Its replies are in: the message goes next (ahead of one typed while they were on their way).
      const messages = message
        ? [{ ...message, replies: [] }, ...state.messages.filter((m) => m.id !== message.id)]
        : state.messages;
      return [{ ...idle, resumed, messages }, effects];
    }
    case "again": {
      const held = new Map(state.held);
      for (const answer of batch) held.set(answer.id, answer);
      return [{ ...idle, held }, [{ type: "later" }]];
    }
    case "failed": {
      const effects = batch.map((answer): OutboxEffect<W, M> => ({ type: "fail", id: answer.id, why: "run" }));
      if (!message) return [idle, effects];
      const [next, ended] = endMessage(idle, message.id, "run");
      return [next, [...effects, ...ended]];
    }
    default:
      return result satisfies never;
  }
}

/** The message went (no `why`) or never will: its replies still held never go without it. */
function endMessage<W, M>(
  state: OutboxState<W, M>,
  id: number,
  why: OutboxFailure | undefined,
): [OutboxState<W, M>, OutboxEffect<W, M>[]] {
  const message = state.messages.find((m) => m.id === id);
  if (!message) return [state, []];
  const messages = state.messages.filter((m) => m !== message);
  if (why === undefined) return [{ ...state, messages }, [{ type: "message-ended", id }]];
  const held = new Map(state.held);
  const effects: OutboxEffect<W, M>[] = [];
  for (const reply of message.replies) {
    if (!held.delete(reply)) continue;
    effects.push({ type: "fail", id: reply, why });
  }
  effects.push({ type: "message-ended", id, why });
  return [{ ...state, held, messages }, effects];
}
