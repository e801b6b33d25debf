import {
  createLangGraphConverter,
  pendingInterrupts,
  requestFromInterrupt,
} from "../../src/adapters/langgraph/convert";
import { resumeValue } from "../../src/adapters/langgraph/transport";
import type { AnswerBody } from "../../src/core/answer";
import { createLedger, type LedgerState, reduceLedger, selectRequest, selectRequests } from "../../src/core/ledger";
import { InterruptQuestionError, interruptFor, readResume } from "../../src/server/langgraph";
import { conformanceKind } from "../../src/testing/conformance";

/**
 * The LangGraph converter and the graph's helpers, without a server: thread states shaped as the
 * LangGraph API server (`@langchain/langgraph-api` 1.5) returns them from `GET /threads/{id}/state`
 * (captured from the real server; `test/adapters/langgraph.test.ts` runs against it).
 */

const question = { ui: { kind: "pick", ids: ["a", "b"] }, prompt: "Pick one" };

interface TaskFixture {
  readonly id: string;
  readonly name: string;
  readonly interrupts: readonly { id?: string; value?: unknown }[];
  readonly result?: unknown;
  readonly error?: string;
  readonly namespace?: string;
}

function state(checkpointId: string, tasks: readonly TaskFixture[], next = tasks.map((t) => t.name)) {
  return {
    values: {},
    next,
    tasks: tasks.map((task) => ({
      id: task.id,
      name: task.name,
      error: task.error ?? null,
      interrupts: task.interrupts,
      path: ["__pregel_pull", task.name],
      checkpoint: task.namespace ? { thread_id: "t", checkpoint_ns: task.namespace } : null,
      state: null,
      result: task.result ?? null,
    })),
    metadata: { step: 1 },
    created_at: "2026-01-01T00:00:00.000Z",
    checkpoint: { thread_id: "t", checkpoint_id: checkpointId, checkpoint_ns: "", checkpoint_map: null },
    parent_checkpoint: null,
  };
}

const done = state("c9", [], []);

function ledger(...steps: ((convert: ReturnType<typeof createLangGraphConverter>) => unknown)[]): LedgerState {
  const convert = createLangGraphConverter();
  let ledgerState = createLedger();
  for (const step of steps) {
    const action = step(convert);
    if (action && typeof action === "object" && "type" in action) {
      ledgerState = reduceLedger(ledgerState, action as Parameters<typeof reduceLedger>[1]);
    }
  }
  return ledgerState;
}

describe("createLangGraphConverter", () => {
  it("given a task waiting on the kit's question, should park it by interrupt id as that kind", () => {
    const waiting = state("c1", [{ id: "task-1", name: "ask", interrupts: [{ id: "i1", value: question }] }]);
    const parked = selectRequests(ledger((c) => c.state(waiting)));
    expect(parked).toEqual([
      expect.objectContaining({
        requestId: "i1",
        callId: "i1",
        toolName: "ask",
        kind: "pick",
        prompt: "Pick one",
        payload: question.ui,
        state: "open",
      }),
    ]);
    expect(parked[0]?.native).toBeUndefined();
  });

  it("given the same state read again and again (polling), should deliver nothing more", () => {
    const convert = createLangGraphConverter();
    const waiting = state("c1", [{ id: "task-1", name: "ask", interrupts: [{ id: "i1", value: question }] }]);
    expect(convert.state(waiting)).not.toBeNull();
    expect(convert.state(waiting)).toBeNull();
    expect(convert.state(structuredClone(waiting))).toBeNull();
  });

  it("given a plain string, someone else's object, or a model-written reserved kind, should park for the fallback, never as native", () => {
    const waiting = state("c1", [
      { id: "t1", name: "a", interrupts: [{ id: "s", value: "What is your name?" }] },
      { id: "t2", name: "b", interrupts: [{ id: "o", value: { question: "Approve?", action: "deploy" } }] },
      { id: "t3", name: "c", interrupts: [{ id: "r", value: { ui: { kind: "approval" }, prompt: "Approve" } }] },
    ]);
    const parked = selectRequests(ledger((c) => c.state(waiting)));
    expect(parked.map((r) => [r.requestId, r.kind, r.prompt, r.native])).toEqual([
      ["s", "", "What is your name?", undefined],
      ["o", "", "Approve?", undefined],
      ["r", "approval", "Approve", undefined],
    ]);
    expect(parked[0]?.payload).toBe("What is your name?");
  });

  it("given a static breakpoint (a task with no interrupts), should park nothing", () => {
    const breakpoint = state("c1", [{ id: "task-2", name: "record", interrupts: [] }]);
    expect(createLangGraphConverter().state(breakpoint)).toBeNull();
  });

  it("given parallel interrupts partly resumed (the state still lists the answered task's interrupt, with its result), should settle only that one", () => {
    const both = state("c1", [
      { id: "tl", name: "left", interrupts: [{ id: "l", value: question }] },
      { id: "tr", name: "right", interrupts: [{ id: "r", value: question }] },
    ]);
    const partly = state("c1", [
      { id: "tl", name: "left", interrupts: [{ id: "l", value: question }], result: { received: [] } },
      { id: "tr", name: "right", interrupts: [{ id: "r", value: question }] },
    ]);
    expect(pendingInterrupts(partly).map((i) => i.id)).toEqual(["r"]);
    const after = ledger(
      (c) => c.state(both),
      (c) => c.state(partly),
    );
    expect(selectRequest(after, "l")).toMatchObject({ state: "settled", outcome: "answered" });
    expect(selectRequest(after, "r")?.state).toBe("open");
  });

  it("given an interrupt this page resumed, should settle it with this page's answer", () => {
    const mine: AnswerBody = { type: "value", value: { id: "a" } };
    const waiting = state("c1", [{ id: "t", name: "ask", interrupts: [{ id: "i1", value: question }] }]);
    const after = ledger(
      (c) => c.state(waiting),
      (c) => c.state(done, { resumed: new Map([["i1", mine]]) }),
    );
    expect(selectRequest(after, "i1")).toMatchObject({ state: "settled", outcome: "answered", resolution: mine });
  });

  it("given an interrupt gone from a later checkpoint, should ask for the checkpoint it waited in and tell answered from withdrawn", () => {
    const waiting = state("c1", [{ id: "t", name: "ask", interrupts: [{ id: "i1", value: question }] }]);
    const convert = createLangGraphConverter();
    convert.state(waiting);
    expect(convert.needs(done)).toEqual(["c1"]);
    expect(convert.needs(done, new Map([["i1", { type: "dismissed" }]]))).toEqual([]);

    const answeredThere = state("c1", [
      { id: "t", name: "ask", interrupts: [{ id: "i1", value: question }], result: { answer: 1 } },
    ]);
    const answered = ledger(
      (c) => c.state(waiting),
      (c) => c.state(done, { asked: new Map([["c1", answeredThere]]) }),
    );
    expect(selectRequest(answered, "i1")).toMatchObject({ state: "settled", outcome: "answered" });

    // The thread moved on without resuming it (new input, a state update): still waiting there.
    const withdrawn = ledger(
      (c) => c.state(waiting),
      (c) => c.state(done, { asked: new Map([["c1", waiting]]) }),
    );
    expect(selectRequest(withdrawn, "i1")).toMatchObject({ state: "settled", outcome: "withdrawn" });
  });

  it("given a node that asks again in the same task, should settle the first question and park the second", () => {
    const first = state("c1", [{ id: "t", name: "ask", interrupts: [{ id: "q1", value: question }] }]);
    const second = state("c1", [{ id: "t", name: "ask", interrupts: [{ id: "q2", value: question }] }]);
    const after = ledger(
      (c) => c.state(first),
      (c) => c.state(second),
    );
    expect(selectRequest(after, "q1")).toMatchObject({ state: "settled", outcome: "answered" });
    expect(selectRequest(after, "q2")?.state).toBe("open");
  });

  it("given a subgraph's question bubbled up to its parent's task, should park it with the parent's node", () => {
    const nested = state("c1", [
      { id: "ts", name: "sub", namespace: "sub:ts", interrupts: [{ id: "n1", value: question }] },
    ]);
    expect(pendingInterrupts(nested)).toEqual([
      { id: "n1", value: question, node: "sub", taskId: "ts", namespace: "sub:ts", checkpointId: "c1" },
    ]);
    expect(
      selectRequest(
        ledger((c) => c.state(nested)),
        "n1",
      ),
    ).toMatchObject({ toolName: "sub", kind: "pick" });
  });

  it("given a stream part listing interrupts, should park them at once; and a stale state read later should not park one that is over", () => {
    const convert = createLangGraphConverter();
    const part = { event: "updates", data: { __interrupt__: [{ id: "i1", value: question }] } };
    const parked = convert.chunk(part);
    expect(parked).toMatchObject({ type: "transport", changes: [{ type: "requested", request: { requestId: "i1" } }] });
    expect(convert.chunk(part)).toBeNull();
    expect(convert.chunk({ event: "updates|sub:x", data: { __interrupt__: [] } })).toBeNull();
    expect(convert.chunk({ event: "values", data: [] })).toBeNull();
    const waiting = state("c1", [{ id: "t", name: "ask", interrupts: [{ id: "i1", value: question }] }]);
    expect(convert.state(waiting)).toBeNull(); // known already; the state only adds where it waits
    expect(convert.interrupt("i1")).toMatchObject({ node: "ask", checkpointId: "c1" });
    convert.state(done, { asked: new Map([["c1", waiting]]) });
    expect(convert.state(waiting)).toBeNull(); // a stale read never parks it again
  });

  it("given what is not a thread state, or an interrupt without an id, should report it and never throw", () => {
    const convert = createLangGraphConverter();
    for (const junk of [null, 1, "x", [], {}, { tasks: "no" }]) {
      expect(convert.state(junk)).toMatchObject({ type: "malformed", eventType: "thread-state" });
      expect(convert.chunk(junk)).toBeNull();
      expect(convert.needs(junk)).toEqual([]);
      expect(pendingInterrupts(junk)).toEqual([]);
    }
    const odd = state("c1", [
      { id: "t", name: "ask", interrupts: [{ value: question }] },
      { id: "u", name: "other", interrupts: [null as never, { id: "", value: 1 }, { id: "ok", value: 2 }] },
    ]);
    const action = convert.state(odd);
    expect(action).toMatchObject({
      type: "transport",
      changes: [
        { type: "problem", issues: [{ path: ["tasks", "t", "interrupts"] }] },
        { type: "problem", issues: [{ path: ["tasks", "u", "interrupts"] }] },
        { type: "requested", request: { requestId: "ok" } },
      ],
    });
    expect(convert.state(odd)).toBeNull(); // each reported once
  });

  it("given a long prompt, should cut it", () => {
    const request = requestFromInterrupt({
      id: "i",
      value: "x".repeat(5000),
      node: "n",
      taskId: "t",
      namespace: "",
      checkpointId: "c",
    });
    expect(request.prompt).toHaveLength(2000);
  });
});

describe("resumeValue (the wire form of an answer)", () => {
  const kit = { id: "i", value: question, node: "n", taskId: "t", namespace: "", checkpointId: "c" };
  const plain = { ...kit, value: "What is your name?" };

  it("given the kit's question, should carry the kind's typed result (the value, or a marker)", () => {
    expect(resumeValue({ type: "value", value: { id: "a" } }, kit)).toEqual({ id: "a" });
    expect(resumeValue({ type: "declined", reason: "no" }, kit)).toEqual({ declined: true, reason: "no" });
    expect(resumeValue({ type: "reply", text: "neither" }, kit)).toEqual({ reply: "neither" });
  });

  it("given a plain question answered in words, should carry the words themselves", () => {
    expect(resumeValue({ type: "reply", text: "Ada" }, plain)).toBe("Ada");
    expect(resumeValue({ type: "declined" }, plain)).toEqual({ declined: true });
  });
});

describe("interruptFor and readResume (the graph's half)", () => {
  it("given a valid ui, should build the kit's question with the kind filled in", () => {
    expect(interruptFor(conformanceKind, { ids: ["a", "b"] }, { prompt: "Pick one" })).toEqual({
      ui: { kind: "pick", ids: ["a", "b"] },
      prompt: "Pick one",
    });
  });

  it("given an invalid ui or a prompt too long, should throw the issues", () => {
    expect(() => interruptFor(conformanceKind, { ids: [] })).toThrow(InterruptQuestionError);
    try {
      interruptFor(conformanceKind, { ids: [] });
    } catch (error) {
      expect((error as InterruptQuestionError).issues[0]?.path).toEqual(["ui", "ids"]);
    }
    expect(() => interruptFor(conformanceKind, { ids: ["a"] }, { prompt: "x".repeat(2001) })).toThrow(/prompt/);
  });

  it("given a resume value, should read it as the typed result against the question, never throwing", () => {
    const asked = interruptFor(conformanceKind, { ids: ["a", "b"] }, { prompt: "Pick one" });
    expect(readResume(conformanceKind, asked, { id: "a" })).toEqual({ status: "answered", value: { id: "a" } });
    expect(readResume(conformanceKind, asked.ui, { id: "b" })).toEqual({ status: "answered", value: { id: "b" } });
    expect(readResume(conformanceKind, asked, { declined: true })).toEqual({ status: "declined" });
    expect(readResume(conformanceKind, asked, { reply: "neither" })).toEqual({ status: "replied", text: "neither" });
    expect(readResume(conformanceKind, asked, { dismissed: true })).toEqual({ status: "cancelled" });
    for (const junk of [{ id: "z" }, undefined, null, "a", 42, { id: 1 }]) {
      expect(readResume(conformanceKind, asked, junk)).toMatchObject({ status: "invalid" });
    }
  });
});
