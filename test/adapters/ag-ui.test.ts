// @vitest-environment node
import { type AbstractAgent, HttpAgent, verifyEvents } from "@ag-ui/client";
import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { concat, from, lastValueFrom, type Observable, tap, throwError, toArray } from "rxjs";
import { createAgUiConverter } from "../../src/adapters/ag-ui/convert";
import { normalizeToolCallEvents, ToolCallEventsMiddleware } from "../../src/adapters/ag-ui/middleware";
import { createAgUiTransport } from "../../src/adapters/ag-ui/transport";
import { createHitlClient } from "../../src/core/client";
import { createLedger, type LedgerState, reduceLedger, selectRequest, selectRequests } from "../../src/core/ledger";
import { conformanceKind } from "../../src/testing/conformance";
import { type AgUiTestServer, startAgUiServer } from "../support/ag-ui-server";

const ui = { kind: "pick", ids: ["a", "b"] };
const args = JSON.stringify({ prompt: "Pick one", ui });

function ev(type: EventType, fields: Record<string, unknown> = {}): BaseEvent {
  return { type, ...fields } as BaseEvent;
}

function toolCall(id: string, name = "pick", json = args): BaseEvent[] {
  return [
    ev(EventType.TOOL_CALL_START, { toolCallId: id, toolCallName: name }),
    ev(EventType.TOOL_CALL_ARGS, { toolCallId: id, delta: json.slice(0, 10) }),
    ev(EventType.TOOL_CALL_ARGS, { toolCallId: id, delta: json.slice(10) }),
    ev(EventType.TOOL_CALL_END, { toolCallId: id }),
  ];
}

function run(events: readonly unknown[]): LedgerState {
  const convert = createAgUiConverter();
  let state = createLedger();
  for (const event of events) {
    const action = convert.event(event);
    if (action) state = reduceLedger(state, action);
  }
  return state;
}

async function verify(events: readonly BaseEvent[]): Promise<BaseEvent[]> {
  return lastValueFrom(from(events).pipe(verifyEvents(), toArray()));
}

describe("createAgUiConverter", () => {
  it("given a frontend tool call, should park it only once its TOOL_CALL_END arrives, with the assembled arguments", () => {
    const [start, first, second, end] = toolCall("c1");
    expect(selectRequests(run([start, first, second]))).toEqual([]);
    const parked = selectRequests(run([start, first, second, end]));
    expect(parked.map((r) => [r.requestId, r.kind, r.toolName, r.prompt, r.state])).toEqual([
      ["c1", "pick", "pick", "Pick one", "open"],
    ]);
    expect(parked[0]?.payload).toEqual(ui);
  });

  it("given an orphan END, a duplicated END, a duplicated RESULT and the whole stream replayed, should keep one request settled once", () => {
    const result = ev(EventType.TOOL_CALL_RESULT, {
      messageId: "r",
      toolCallId: "c1",
      content: JSON.stringify({ id: "a" }),
    });
    const stream = [
      ev(EventType.TOOL_CALL_END, { toolCallId: "ghost" }),
      ...toolCall("c1"),
      ev(EventType.TOOL_CALL_END, { toolCallId: "c1" }),
      result,
      result,
    ];
    const state = run([...stream, ...stream]);
    expect(selectRequests(state)).toHaveLength(1);
    expect(selectRequest(state, "c1")).toMatchObject({
      state: "settled",
      outcome: "answered",
      resolution: { type: "value", value: { id: "a" } },
    });
  });

  it("given arguments that are not JSON, should report a problem (for a call that looks like the kit's) and never throw", () => {
    const state = run([
      ...toolCall("c2", "pick", '{"prompt":"x","ui":{"kind":'),
      ev(EventType.TOOL_CALL_END, { toolCallId: "c3" }),
    ]);
    expect(selectRequests(state)).toEqual([]);
    expect(state.problems).toHaveLength(1);
    expect(() => run([null, 42, "x", { type: 7 }, ev(EventType.TOOL_CALL_ARGS, { toolCallId: 1 })])).not.toThrow();
  });

  it("given a tool call without ui, should park nothing (it is not the kit's)", () => {
    expect(selectRequests(run(toolCall("w", "weather", '{"city":"Oslo"}')))).toEqual([]);
  });

  it("given a MESSAGES_SNAPSHOT (a reconnect), should rebuild parked and settled requests", () => {
    const convert = createAgUiConverter();
    const action = convert.event(
      ev(EventType.MESSAGES_SNAPSHOT, {
        messages: [
          { id: "u", role: "user", content: "ask a,b" },
          {
            id: "m",
            role: "assistant",
            toolCalls: [
              { id: "c1", type: "function", function: { name: "pick", arguments: args } },
              { id: "c2", type: "function", function: { name: "pick", arguments: args } },
            ],
          },
          { id: "t", role: "tool", toolCallId: "c1", content: JSON.stringify({ declined: true, reason: "no" }) },
        ],
      }),
    );
    const state = action ? reduceLedger(createLedger(), action) : createLedger();
    expect(selectRequest(state, "c1")).toMatchObject({
      state: "settled",
      resolution: { type: "declined", reason: "no" },
    });
    expect(selectRequest(state, "c2")?.state).toBe("open");
  });
});

describe("ToolCallEventsMiddleware / normalizeToolCallEvents", () => {
  const tanstack = [
    ev(EventType.RUN_STARTED, { threadId: "t", runId: "r" }),
    ...toolCall("server-1", "lookup", "{}"),
    ev(EventType.TOOL_CALL_RESULT, { messageId: "m1", toolCallId: "server-1", content: "42" }),
    ev(EventType.TOOL_CALL_END, { toolCallId: "server-1" }),
    ev(EventType.TOOL_CALL_RESULT, { messageId: "m1", toolCallId: "server-1", content: "42" }),
    ev(EventType.TOOL_CALL_ARGS, { toolCallId: "nobody", delta: "{}" }),
    ev(EventType.RUN_FINISHED, { threadId: "t", runId: "r" }),
  ];

  it("given a stream with an orphan END, a repeated RESULT and stray ARGS, should be refused by verifyEvents raw and accepted normalised", async () => {
    await expect(verify(tanstack)).rejects.toThrow(/TOOL_CALL_END/);
    const normalised = normalizeToolCallEvents(tanstack);
    expect(normalised.map((e) => e.type)).toEqual([
      "RUN_STARTED",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "TOOL_CALL_RESULT",
      "RUN_FINISHED",
    ]);
    await expect(verify(normalised)).resolves.toHaveLength(normalised.length);
  });

  it("given a well-formed stream, should pass every event through untouched", () => {
    const clean = [
      ev(EventType.RUN_STARTED, { threadId: "t", runId: "r" }),
      ...toolCall("c1"),
      ev(EventType.RUN_FINISHED, { threadId: "t", runId: "r" }),
    ];
    expect(normalizeToolCallEvents(clean)).toEqual(clean);
  });

  it("given a result for a call the run's input holds, should keep it; for a call nobody made, drop it", () => {
    const result = (id: string) =>
      ev(EventType.TOOL_CALL_RESULT, { messageId: `m-${id}`, toolCallId: id, content: "x" });
    expect(
      normalizeToolCallEvents([result("earlier"), result("ghost")], ["earlier"]).map(
        (e) => (e as unknown as { toolCallId: string }).toolCallId,
      ),
    ).toEqual(["earlier"]);
    expect(new ToolCallEventsMiddleware()).toBeInstanceOf(ToolCallEventsMiddleware);
  });

  const started = (runId = "r") => ev(EventType.RUN_STARTED, { threadId: "t", runId });
  const finished = (finishReason?: string) =>
    ev(EventType.RUN_FINISHED, { threadId: "t", runId: "r", ...(finishReason ? { finishReason } : {}) });
  const result = (id: string) =>
    ev(EventType.TOOL_CALL_RESULT, { messageId: `m-${id}`, toolCallId: id, content: "42" });

  it("given a run's result after its RUN_FINISHED, should fold it into the run before the finish; the next RUN_STARTED opens the next run", async () => {
    const stream = [
      started("r1"),
      ...toolCall("s1", "lookup", "{}"),
      finished("tool_calls"),
      result("s1"),
      started("r2"),
      finished("stop"),
    ];
    await expect(verify(stream)).rejects.toThrow(/already finished/);
    const normalised = normalizeToolCallEvents(stream);
    expect(normalised).toEqual([
      started("r1"),
      ...toolCall("s1", "lookup", "{}"),
      result("s1"),
      finished("tool_calls"),
      started("r2"),
      finished("stop"),
    ]);
    await expect(verify(normalised)).resolves.toHaveLength(normalised.length);
  });

  it("given a second RUN_FINISHED with no RUN_STARTED between, should end the run once, at the last", async () => {
    const last = finished("stop");
    const stream = [started(), ...toolCall("s1", "lookup", "{}"), finished("tool_calls"), result("s1"), last];
    const normalised = normalizeToolCallEvents(stream);
    expect(normalised.map((e) => e.type)).toEqual([
      "RUN_STARTED",
      ...toolCall("s1").map((e) => e.type),
      "TOOL_CALL_RESULT",
      "RUN_FINISHED",
    ]);
    expect(normalised.at(-1)).toBe(last);
    await expect(verify(normalised)).resolves.toHaveLength(normalised.length);
  });

  it("given a RUN_ERROR after a finished run, or well-formed runs, should keep the server's order", () => {
    const error = ev(EventType.RUN_ERROR, { message: "boom" });
    expect(normalizeToolCallEvents([started(), finished(), error])).toEqual([started(), finished(), error]);
    const runs = [started("r1"), ...toolCall("c1"), finished(), started("r2"), result("c1"), finished()];
    expect(normalizeToolCallEvents(runs)).toEqual(runs);
  });

  it("given the middleware, should emit a held RUN_FINISHED when the stream ends, and before an error that breaks it", async () => {
    const input: RunAgentInput = { threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {} };
    const agent = (events: Observable<BaseEvent>) => ({ run: () => events }) as unknown as AbstractAgent;
    const through = (events: Observable<BaseEvent>) => new ToolCallEventsMiddleware().run(input, agent(events));
    const ended = await lastValueFrom(through(from([started(), finished()])).pipe(toArray()));
    expect(ended.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    const seen: string[] = [];
    const broken = concat(
      from([started(), finished()]),
      throwError(() => new Error("socket closed")),
    );
    await expect(lastValueFrom(through(broken).pipe(tap((e) => seen.push(e.type))))).rejects.toThrow("socket closed");
    expect(seen).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
  });
});

describe("createAgUiTransport over a real HttpAgent and a local AG-UI endpoint", () => {
  let server: AgUiTestServer;
  beforeEach(async () => {
    server = await startAgUiServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("given a picker answered twice, should add one tool message, run once and give the agent one typed result", async () => {
    const agent = new HttpAgent({ url: server.url, threadId: "t1" });
    const transport = createAgUiTransport(agent);
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    client.mount();
    agent.addMessage({ id: "u1", role: "user", content: "ask a,b" });
    await agent.runAgent();
    const request = selectRequests(client.store.getSnapshot())[0];
    expect(request).toMatchObject({ requestId: "call-1", kind: "pick", state: "open" });
    client.answer("call-1", { type: "value", value: { id: "a" } });
    client.answer("call-1", { type: "value", value: { id: "b" } });
    await client.whenIdle();
    await server.idle();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.received("call-1").map((m) => (m.role === "tool" ? JSON.parse(String(m.content)) : null))).toEqual([
      { id: "a" },
    ]);
    expect(agent.messages.filter((m) => m.role === "tool")).toHaveLength(1);
    expect(server.runs).toHaveLength(2);
    expect(server.refusals).toEqual([]);
    expect(selectRequest(client.store.getSnapshot(), "call-1")).toMatchObject({
      state: "settled",
      outcome: "answered",
    });
    expect(agent.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: 'Done. Tool results: ["{\\"id\\":\\"a\\"}"]',
    });
  });

  it("given two calls in one turn, should continue only once both have their result", async () => {
    const agent = new HttpAgent({ url: server.url, threadId: "t2" });
    const transport = createAgUiTransport(agent);
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    client.mount();
    agent.addMessage({ id: "u1", role: "user", content: "ask a,b" });
    await agent.runAgent();
    // A second call in the same turn (as a model calling two pickers in one step).
    const assistant = agent.messages.find((m) => m.role === "assistant" && m.toolCalls?.length);
    agent.addMessage({
      id: "a2",
      role: "assistant",
      toolCalls: [{ id: "call-x", type: "function", function: { name: "pick", arguments: args } }],
    });
    expect(assistant).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    client.answer("call-1", { type: "value", value: { id: "a" } });
    await client.whenIdle();
    await server.idle();
    expect(server.runs).toHaveLength(1);
    client.answer("call-x", { type: "declined", reason: "later" });
    await client.whenIdle();
    await server.idle();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.runs).toHaveLength(2);
    expect(server.refusals).toEqual([]);
    expect(server.received("call-x").map((m) => (m.role === "tool" ? JSON.parse(String(m.content)) : null))).toEqual([
      { declined: true, reason: "later" },
    ]);
  });

  it("given two transports on one agent (two providers), should share one gate and add one tool message per call", async () => {
    const agent = new HttpAgent({ url: server.url, threadId: "t3" });
    const first = createHitlClient({ transport: createAgUiTransport(agent), kinds: [conformanceKind] });
    const second = createHitlClient({ transport: createAgUiTransport(agent), kinds: [conformanceKind] });
    first.mount();
    second.mount();
    agent.addMessage({ id: "u1", role: "user", content: "ask a,b" });
    await agent.runAgent();
    // One ledger for the agent: the second provider's answer meets the first's at the gate.
    expect(first.answer("call-1", { type: "value", value: { id: "a" } }).status).toBe("sent");
    expect(second.answer("call-1", { type: "value", value: { id: "b" } }).status).toBe("already-answered");
    await Promise.all([first.whenIdle(), second.whenIdle()]);
    await server.idle();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(agent.messages.filter((m) => m.role === "tool")).toHaveLength(1);
    expect(server.received("call-1")).toHaveLength(1);
    expect(server.runs).toHaveLength(2);
  });
});
