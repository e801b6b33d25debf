import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createOutbox,
  type OutboxAnswer,
  type OutboxEffect,
  type OutboxEvent,
  type OutboxPolicy,
  type OutboxState,
  reduceOutbox,
} from "../../src/core/outbox";
import { createOutboxRunner, type OutboxRunnerOptions } from "../../src/core/outbox-runner";

/**
 * The outbox driven by arbitrary schedules against a simulated server: groups (interrupts) of one
 * to three requests; answers and chat messages arriving at random; fresh looks; runs the server
 * takes, refuses for now or fails; another device resuming a group; a look that fails. After every
 * step the trace is checked against what the outbox promises, and at the end the schedule is run
 * to its end (every question answered, every run taken) to check nothing was left behind.
 */

type Op =
  | { op: "answer"; member: number }
  | { op: "message"; replies: number[]; wait: number }
  | { op: "look" }
  | { op: "ran"; result: "accepted" | "again" | "failed" }
  | { op: "elsewhere"; group: number }
  | { op: "look-failed" };

interface Scenario {
  policy: OutboxPolicy;
  groups: number[];
  ops: Op[];
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    policy: fc.constantFrom<OutboxPolicy>("together", "each"),
    groups: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
  })
  .chain(({ policy, groups }) => {
    const members = groups.reduce((a, b) => a + b, 0);
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ op: fc.constant("answer" as const), member: fc.nat(members - 1) }) },
      {
        weight: 1,
        arbitrary: fc.record({
          op: fc.constant("message" as const),
          replies: fc.uniqueArray(fc.nat(members - 1), { maxLength: members }),
          wait: fc.integer({ min: 0, max: 5 }),
        }),
      },
      { weight: 4, arbitrary: fc.constant({ op: "look" as const }) },
      {
        weight: 4,
        arbitrary: fc.record({
          op: fc.constant("ran" as const),
          result: fc.constantFrom("accepted" as const, "accepted" as const, "again" as const, "failed" as const),
        }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant("elsewhere" as const), group: fc.nat(groups.length - 1) }) },
      { weight: 1, arbitrary: fc.constant({ op: "look-failed" as const }) },
    );
    return fc.array(op, { maxLength: 60 }).map((ops) => ({ policy, groups, ops }));
  });

type Wire = string;
type Payload = string;

/** The server, the outbox and a record of everything it promised, checked as it goes. */
function simulate({ policy, groups }: Scenario) {
  const groupIds = groups.map((_, g) => `g${g}`);
  const membersOf = new Map(groups.map((size, g) => [`g${g}`, Array.from({ length: size }, (_, m) => `g${g}/${m}`)]));
  const allMembers = [...membersOf.values()].flat();
  const groupOf = (id: string) => id.split("/")[0] ?? "";
  /** Groups another device resumed, or this outbox did (the server took the run). */
  const over = new Set<string>();
  const waiting = () => new Map([...membersOf].filter(([group]) => !over.has(group)));

  let state: OutboxState<Wire, Payload> = createOutbox(policy);
  let now = 0;
  let nextMessage = 0;
  /** Answers the outbox took, and how each ended (at most once). */
  const taken = new Set<string>();
  const ended = new Map<string, string>();
  const messagesTaken = new Set<number>();
  const messagesEnded = new Set<number>();
  /** Every request the server resumed, by this outbox. */
  const resumedByServer = new Set<string>();
  /** Each look's waiting groups, for the run it decided. */
  let lastLook: ReadonlyMap<string, readonly string[]> = waiting();

  const answerOf = (id: string): OutboxAnswer<Wire> => ({
    id,
    group: groupOf(id),
    answer: { type: "reply", text: id },
    wire: `wire:${id}`,
  });

  const dispatch = (event: OutboxEvent<Wire, Payload>) => {
    const before = state;
    if (event.type === "look") lastLook = event.waiting;
    const [next, effects] = reduceOutbox(state, event);
    state = next;
    check(before, event, effects);
    return effects;
  };

  const check = (
    before: OutboxState<Wire, Payload>,
    event: OutboxEvent<Wire, Payload>,
    effects: readonly OutboxEffect<Wire, Payload>[],
  ) => {
    // An answer taken again after it ended (the person tries again after a failure) starts afresh.
    const take = (id: string) => {
      taken.add(id);
      ended.delete(id);
    };
    if (event.type === "answer") {
      const refused = effects.some((e) => e.type === "refused");
      // Whatever was resumed or is on its way is refused, never taken a second time.
      expect(refused).toBe(resumedByServer.has(event.answer.id) || isPendingIn(before, event.answer.id));
      if (!refused) take(event.answer.id);
    }
    if (event.type === "message") {
      messagesTaken.add(event.message.id);
      for (const reply of event.replies) {
        // A reply is taken unless its request was resumed or already had an answer on its way.
        const wasFree = !before.resumed.has(reply.id) && !isPendingIn(before, reply.id);
        if (wasFree) take(reply.id);
        expect(state.held.has(reply.id) || !wasFree).toBe(true);
      }
    }
    for (const effect of effects) {
      switch (effect.type) {
        case "refused":
          expect(before.resumed.has(effect.id) || isPendingIn(before, effect.id)).toBe(true);
          expect(effect.reason).toBe(before.resumed.has(effect.id) ? "resumed" : "on-its-way");
          break;
        case "settle":
        case "fail":
          expect(ended.has(effect.id), `${effect.id} ended twice`).toBe(false);
          expect(taken.has(effect.id)).toBe(true);
          ended.set(effect.id, effect.type === "fail" ? `fail:${effect.why}` : effect.result);
          if (effect.type === "settle" && effect.result === "gone") {
            expect(lastLook.has(groupOf(effect.id)), "only what no longer waits is gone").toBe(false);
          }
          break;
        case "run": {
          expect(before.running, "one run at a time").toBeUndefined();
          const { run } = effect;
          if (run.type === "start") {
            expect(lastLook.size, "a message's own run only when nothing waits").toBe(0);
            for (const reply of run.message.replies) expect(isPendingIn(state, reply) && reply !== "").toBe(false);
            break;
          }
          const ids = run.batch.map((answer) => answer.id);
          const batchGroups = new Set(run.batch.map((answer) => answer.group));
          for (const group of batchGroups) {
            expect(lastLook.has(group), "a batch resumes waiting groups only").toBe(true);
            for (const member of lastLook.get(group) ?? []) expect(ids, "whole groups only").toContain(member);
          }
          for (const id of ids) expect(resumedByServer.has(id), `${id} resumed twice`).toBe(false);
          if (policy === "together" && !run.message) {
            expect([...batchGroups].sort(), "together: one run for every waiting group").toEqual(
              [...lastLook.keys()].sort(),
            );
          }
          if (run.message) expect(run.message.replies.some((reply) => ids.includes(reply))).toBe(true);
          break;
        }
        case "message-ended":
          expect(messagesEnded.has(effect.id), "a message ends once").toBe(false);
          expect(messagesTaken.has(effect.id)).toBe(true);
          messagesEnded.add(effect.id);
          break;
        case "later":
          break;
        default:
          effect satisfies never;
      }
    }
    // Nothing lost: every answer taken and not ended is held or on its way.
    const pending = new Set([...state.held.keys(), ...runningIds(state)]);
    for (const id of taken) expect(ended.has(id) !== pending.has(id), `${id}: ended xor pending`).toBe(true);
    const open = new Set(state.messages.map((m) => m.id));
    if (state.running?.type === "start") open.add(state.running.message.id);
    for (const id of messagesTaken) expect(messagesEnded.has(id) !== open.has(id)).toBe(true);
  };

  const ran = (result: "accepted" | "again" | "failed") => {
    const run = state.running;
    if (run === undefined) return;
    dispatch({ type: "ran", result });
    if (run.type === "resume" && result === "accepted") {
      for (const answer of run.batch) resumedByServer.add(answer.id);
      for (const group of new Set(run.batch.map((answer) => answer.group))) over.add(group);
    }
  };

  const step = (op: Op) => {
    now += 1;
    switch (op.op) {
      case "answer": {
        const id = allMembers[op.member] ?? "";
        dispatch({ type: "answer", answer: answerOf(id) });
        return;
      }
      case "message":
        dispatch({
          type: "message",
          message: { id: nextMessage++, payload: `m${nextMessage}`, deadline: now + op.wait },
          replies: op.replies.map((index) => answerOf(allMembers[index] ?? "")),
        });
        return;
      case "look":
        dispatch({ type: "look", waiting: waiting(), now });
        return;
      case "ran":
        ran(op.result);
        return;
      case "elsewhere": {
        const group = groupIds[op.group] ?? "";
        // Another device resumes a group, unless a run of this outbox's is resuming it now.
        if (runningIds(state).some((id) => groupOf(id) === group)) return;
        over.add(group);
        return;
      }
      case "look-failed":
        if (state.running === undefined) dispatch({ type: "look-failed" });
        return;
      default:
        op satisfies never;
    }
  };

  /** Runs the schedule to its end: every question answered, every run taken, time moving on. */
  const finish = () => {
    for (let round = 0; round < 50; round++) {
      now += 10;
      ran("accepted");
      for (const id of allMembers) {
        if (!over.has(groupOf(id)) && !state.resumed.has(id) && !isPendingIn(state, id)) {
          dispatch({ type: "answer", answer: answerOf(id) });
        }
      }
      const effects = dispatch({ type: "look", waiting: waiting(), now });
      if (effects.length === 0 && state.running === undefined) break;
    }
    expect(state.running).toBeUndefined();
    expect([...state.held.keys()]).toEqual([]);
    expect(state.messages).toEqual([]);
    for (const id of taken) expect(ended.has(id), `${id} never ended`).toBe(true);
    for (const id of messagesTaken) expect(messagesEnded.has(id), `message ${id} never ended`).toBe(true);
    // Every question was answered exactly once: by a run of this outbox, or by another device.
    for (const group of groupIds) expect(over.has(group)).toBe(true);
  };

  return { step, finish, ended: () => ended };
}

function runningIds(state: OutboxState<Wire, Payload>): string[] {
  return state.running?.type === "resume" ? state.running.batch.map((answer) => answer.id) : [];
}

function isPendingIn(state: OutboxState<Wire, Payload>, id: string): boolean {
  return state.held.has(id) || runningIds(state).includes(id);
}

describe("the outbox under arbitrary schedules", () => {
  it("never resumes twice, sends whole waiting groups one run at a time, ends every answer and message once, leaves nothing behind", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const sim = simulate(s);
        for (const op of s.ops) sim.step(op);
        sim.finish();
      }),
      { numRuns: 500 },
    );
  });
});

describe("the outbox, by example", () => {
  const answer = (id: string, group = id): OutboxAnswer<string> => ({
    id,
    group,
    answer: { type: "reply", text: id },
    wire: id,
  });
  const waiting = (...groups: [string, string[]][]) => new Map(groups);

  it('"together" holds a complete group until every waiting group is complete, then resumes them in one run', () => {
    let state = createOutbox<string, string>("together");
    [state] = reduceOutbox(state, { type: "answer", answer: answer("a") });
    let effects: OutboxEffect<string, string>[];
    [state, effects] = reduceOutbox(state, { type: "look", waiting: waiting(["a", ["a"]], ["b", ["b"]]), now: 0 });
    expect(effects).toEqual([]);
    [state] = reduceOutbox(state, { type: "answer", answer: answer("b") });
    [state, effects] = reduceOutbox(state, { type: "look", waiting: waiting(["a", ["a"]], ["b", ["b"]]), now: 0 });
    expect(
      effects.map((e) => (e.type === "run" && e.run.type === "resume" ? e.run.batch.map((x) => x.id) : e.type)),
    ).toEqual([["a", "b"]]);
  });

  it('"each" resumes a complete group at once; a group of two waits for both', () => {
    let state = createOutbox<string, string>("each");
    [state] = reduceOutbox(state, { type: "answer", answer: answer("i/0", "i") });
    let effects: OutboxEffect<string, string>[];
    const look = waiting(["i", ["i/0", "i/1"]], ["j", ["j"]]);
    [state, effects] = reduceOutbox(state, { type: "look", waiting: look, now: 0 });
    expect(effects).toEqual([]);
    [state] = reduceOutbox(state, { type: "answer", answer: answer("j") });
    [state, effects] = reduceOutbox(state, { type: "look", waiting: look, now: 0 });
    expect(effects).toEqual([{ type: "run", run: { type: "resume", batch: [answer("j")] } }]);
  });

  it("a chat message goes after the run that resumes its replies, ahead of a message typed meanwhile", () => {
    let state = createOutbox<string, string>("together");
    let effects: OutboxEffect<string, string>[];
    [state] = reduceOutbox(state, {
      type: "message",
      message: { id: 1, payload: "first", deadline: 100 },
      replies: [answer("a")],
    });
    [state] = reduceOutbox(state, {
      type: "message",
      message: { id: 2, payload: "second", deadline: 100 },
      replies: [],
    });
    // "b" waits too, unanswered: the message carries "a" regardless.
    [state, effects] = reduceOutbox(state, { type: "look", waiting: waiting(["a", ["a"]], ["b", ["b"]]), now: 0 });
    expect(effects).toMatchObject([{ type: "run", run: { type: "resume", message: { id: 1 } } }]);
    [state, effects] = reduceOutbox(state, { type: "ran", result: "accepted" });
    expect(effects).toEqual([{ type: "settle", id: "a", result: "accepted" }]);
    // "b" still waits: the message waits for it (someone else answers), then goes first.
    [state, effects] = reduceOutbox(state, { type: "look", waiting: waiting(["b", ["b"]]), now: 1 });
    expect(effects).toEqual([{ type: "later" }]);
    [state, effects] = reduceOutbox(state, { type: "look", waiting: waiting(), now: 2 });
    expect(effects).toMatchObject([{ type: "run", run: { type: "start", message: { id: 1, replies: [] } } }]);
    [, effects] = reduceOutbox(state, { type: "ran", result: "accepted" });
    expect(effects).toEqual([{ type: "message-ended", id: 1 }]);
  });

  it("a message left waiting past its deadline ends stuck, failing its replies still held", () => {
    const [held] = reduceOutbox(createOutbox<string, string>("together"), {
      type: "message",
      message: { id: 7, payload: "hi", deadline: 5 },
      replies: [answer("x/0", "x")],
    });
    const [state, effects] = reduceOutbox(held, { type: "look", waiting: waiting(["x", ["x/0", "x/1"]]), now: 6 });
    expect(effects).toEqual([
      { type: "fail", id: "x/0", why: "stuck" },
      { type: "message-ended", id: 7, why: "stuck" },
    ]);
    expect(state.held.size).toBe(0);
  });

  it("a refused run puts its batch back; an answer to a resumed request is refused", () => {
    let state = createOutbox<string, string>("each");
    let effects: OutboxEffect<string, string>[];
    [state] = reduceOutbox(state, { type: "answer", answer: answer("a") });
    [state] = reduceOutbox(state, { type: "look", waiting: waiting(["a", ["a"]]), now: 0 });
    [state, effects] = reduceOutbox(state, { type: "answer", answer: answer("a") });
    expect(effects).toEqual([{ type: "refused", id: "a", reason: "on-its-way" }]);
    [state, effects] = reduceOutbox(state, { type: "ran", result: "again" });
    expect(effects).toEqual([{ type: "later" }]);
    expect(state.held.has("a")).toBe(true);
    [state] = reduceOutbox(state, { type: "look", waiting: waiting(["a", ["a"]]), now: 1 });
    [state] = reduceOutbox(state, { type: "ran", result: "accepted" });
    [, effects] = reduceOutbox(state, { type: "answer", answer: answer("a") });
    expect(effects).toEqual([{ type: "refused", id: "a", reason: "resumed" }]);
  });
});

describe("the outbox runner", () => {
  const answer = (id: string): OutboxAnswer<string> => ({
    id,
    group: id,
    answer: { type: "reply", text: id },
    wire: id,
  });
  const runner = (carryOut: OutboxRunnerOptions<string, string>["carryOut"]) =>
    createOutboxRunner<string, string>({
      policy: "each",
      idle: () => true,
      look: async () => ({ ok: true, waiting: new Map([["a", ["a"]]]) }),
      carryOut,
      report: () => {},
    });

  it("settles an answer once its run is accepted, and refuses a second answer to it", async () => {
    const outbox = runner(async (_run, ran) => ran("accepted"));
    await expect(outbox.send(answer("a"))).resolves.toEqual({ type: "accepted" });
    await expect(outbox.send(answer("a"))).rejects.toMatchObject({ kind: "unconfirmed" });
    expect(outbox.state().resumed.has("a")).toBe(true);
  });

  it("fails the answers of a run whose transport threw before it said how the run went, and is free for the next", async () => {
    let calls = 0;
    const outbox = runner(async (_run, ran) => {
      calls += 1;
      if (calls === 1) throw new Error("the transport broke");
      ran("accepted");
    });
    await expect(outbox.send(answer("a"))).rejects.toMatchObject({ kind: "unconfirmed" });
    expect(outbox.state().running).toBeUndefined();
    await expect(outbox.send(answer("a"))).resolves.toEqual({ type: "accepted" });
  });
});
