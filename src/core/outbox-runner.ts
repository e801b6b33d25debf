import {
  createOutbox,
  isPending,
  type OutboxAnswer,
  type OutboxEffect,
  type OutboxEvent,
  type OutboxFailure,
  type OutboxPolicy,
  type OutboxRun,
  type OutboxState,
  reduceOutbox,
} from "./outbox";
import { ACCEPTED, HitlTransportError, MessageNotSentError, type SendOutcome } from "./transport";

/**
 * The outbox's effects carried out, for a transport whose server resumes several questions with
 * one run: promises for `send` and `sendMessage`, one look-and-run at a time, a growing wait
 * after the server refused a run for now. The transport brings the I/O — how to look at what the
 * server waits on, and how to carry out a run — and keeps no record of its own of what was
 * answered or resumed: the reducer (`outbox.ts`) decides all of that.
 */
export interface OutboxRunnerOptions<W, M> {
  readonly policy?: OutboxPolicy;
  /**
   * A fresh look at the server, right before a run: the groups it waits on, each with its
   * requests; or the error (a `HitlTransportError`) that fails everything held (nothing was sent).
   */
  look(): Promise<
    | { readonly ok: true; readonly waiting: ReadonlyMap<string, readonly string[]> }
    | { readonly ok: false; readonly error: HitlTransportError }
  >;
  /** Whether a run may start (nothing streams on the server's side). */
  idle(): boolean;
  /**
   * Carries out a run. Call `ran` once the server said how it took it (`failed` with the error
   * that fails its answers); the runner starts no other run until this resolves.
   */
  carryOut(run: OutboxRun<W, M>, ran: (result: "accepted" | "again" | HitlTransportError) => void): Promise<void>;
  /** What a chat message left waiting too long rejects with. */
  readonly stuck?: HitlTransportError;
  /** How long a chat message waits for a question someone else is answering. @default 15000 */
  readonly messageWaitMs?: number;
  readonly report: (error: unknown) => void;
}

export interface OutboxRunner<W, M> {
  /** Holds an answer; settles once it went (`accepted`), its question no longer waits (`gone`) or it failed. */
  send(answer: OutboxAnswer<W>): Promise<SendOutcome>;
  /**
   * Holds a chat message and the replies it gives first; resolves with the replies that went
   * once the message went. A message that failed after some replies went throws `MessageNotSentError`.
   */
  sendMessage(payload: M, replies: readonly OutboxAnswer<W>[]): Promise<ReadonlySet<string>>;
  /** Looks and runs, if anything is held and the server is idle. */
  flush(): void;
  /** The outbox as it is now (what was resumed, what is held). */
  state(): OutboxState<W, M>;
  /** Whether an answer to `id` went already or is on its way (not to be encoded again). */
  taken(id: string): boolean;
}

export function createOutboxRunner<W, M>(options: OutboxRunnerOptions<W, M>): OutboxRunner<W, M> {
  let outbox = createOutbox<W, M>(options.policy);
  const answers = new Map<string, Deferred<SendOutcome>>();
  const messages = new Map<number, Deferred<void>>();
  let nextMessage = 0;
  /** What each kind of failure rejects with: set just before the event that may fail things. */
  const failures: Record<OutboxFailure, unknown> = {
    look: undefined,
    run: undefined,
    stuck:
      options.stuck ??
      new HitlTransportError("The server still waits on a question; the message was not sent.", "rejected"),
  };

  const dispatch = (event: OutboxEvent<W, M>) => {
    const [next, effects] = reduceOutbox(outbox, event);
    outbox = next;
    for (const effect of effects) apply(effect);
    return effects;
  };
  const apply = (effect: OutboxEffect<W, M>) => {
    switch (effect.type) {
      case "settle":
        answers.get(effect.id)?.resolve(effect.result === "accepted" ? ACCEPTED : GONE);
        answers.delete(effect.id);
        return;
      case "fail":
        answers.get(effect.id)?.reject(failures[effect.why]);
        answers.delete(effect.id);
        return;
      case "message-ended":
        if (effect.why === undefined) messages.get(effect.id)?.resolve();
        else messages.get(effect.id)?.reject(failures[effect.why]);
        messages.delete(effect.id);
        return;
      case "later":
        return later();
      case "refused":
      case "run":
        return; // their callers read them
      default:
        return effect satisfies never;
    }
  };

  let flushing = false;
  let dirty = false;
  let attempts = 0;
  /** After a refusal, nothing goes before this (a poll's flush included): later()'s timer flushes then. */
  let heldUntil = 0;
  const later = () => {
    attempts += 1;
    const delay = Math.min(250 * 2 ** (attempts - 1), 4000);
    heldUntil = Date.now() + delay;
    setTimeout(flush, delay);
  };

  const lookAndRun = async () => {
    const look = await options.look();
    if (!look.ok) {
      failures.look = look.error;
      dispatch({ type: "look-failed" });
      return;
    }
    const decided = dispatch({ type: "look", waiting: look.waiting, now: Date.now() });
    const run = decided.find((effect) => effect.type === "run")?.run;
    if (!run) return;
    let said = false;
    try {
      await options.carryOut(run, (result) => {
        said = true;
        if (result === "accepted") attempts = 0;
        else if (result !== "again") failures.run = result;
        dispatch({ type: "ran", result: result === "accepted" || result === "again" ? result : "failed" });
      });
    } finally {
      // A transport that threw, or never said how the run went: its answers fail rather than wait
      // forever behind a run the outbox still counts as on its way.
      if (!said) {
        failures.run = new HitlTransportError("The run's outcome is unknown.", "unconfirmed");
        dispatch({ type: "ran", result: "failed" });
      }
    }
  };

  const flush = () => {
    if (outbox.held.size === 0 && outbox.messages.length === 0) return;
    if (flushing || !options.idle()) {
      dirty = true;
      return;
    }
    if (Date.now() < heldUntil) return;
    flushing = true;
    dirty = false;
    void lookAndRun()
      .catch(options.report)
      .finally(() => {
        flushing = false;
        if (dirty) flush();
      });
  };

  const taken = (id: string) => outbox.resumed.has(id) || isPending(outbox, id);
  const hold = (answer: OutboxAnswer<W>) =>
    new Promise<SendOutcome>((resolve, reject) => answers.set(answer.id, { resolve, reject }));

  return {
    send(answer) {
      const refused = dispatch({ type: "answer", answer }).find((effect) => effect.type === "refused");
      if (refused) return Promise.reject(new HitlTransportError(REFUSALS[refused.reason], "unconfirmed"));
      const outcome = hold(answer);
      queueMicrotask(flush);
      return outcome;
    },
    async sendMessage(payload, replies) {
      const mine = replies.filter((answer) => !taken(answer.id));
      const id = nextMessage++;
      const outcomes = Promise.allSettled(mine.map(hold));
      const went = new Promise<void>((resolve, reject) => messages.set(id, { resolve, reject }));
      const deadline = Date.now() + (options.messageWaitMs ?? 15_000);
      dispatch({ type: "message", message: { id, payload, deadline }, replies: mine });
      queueMicrotask(flush);
      const replied = async () =>
        new Set(
          (await outcomes).flatMap((outcome, index) =>
            outcome.status === "fulfilled" && outcome.value.type === "accepted" ? [mine[index]?.id ?? ""] : [],
          ),
        );
      try {
        await went;
      } catch (error) {
        // The replies may have gone before the message's own run failed (a question the resumed
        // run asked next kept it back): those stay answered, only the message failed.
        const sent = await replied();
        if (sent.size === 0) throw error;
        throw new MessageNotSentError(error instanceof Error ? error.message : String(error), sent);
      }
      return replied();
    },
    flush,
    state: () => outbox,
    taken,
  };
}

const REFUSALS = {
  resumed: "This page already sent its answer to it.",
  "on-its-way": "An answer to it is already on its way.",
} as const;

/** Nothing was sent: the question no longer waits; the client's ledger says how it ended. */
const GONE: SendOutcome = { type: "gone" };

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}
