import { describe, expect, it } from "vitest";
import { createTestSession, type TestSession } from "../../src/testing";
import { approvalTraceEvents, mainTraceEvents } from "../fixtures/eve";
import { dataOf, eventsOfType, eventTypes, normalizeStream, scriptedModelReply } from "./helpers";

const mediaInput = {
  prompt: "Pick a cover image",
  ui: { kind: "media", items: [{ id: "a", url: "https://example.com/a.png" }], max: 1 },
};

/** Replays the recorded main trace: a media picker question answered with `{"selected":["a"]}`. */
async function playMainTrace(): Promise<{ session: TestSession; requestId: string; callId: string }> {
  const session = createTestSession({
    agentName: "eve-e2e",
    onToolResults: ({ results }, self) => self.reply(scriptedModelReply(results)),
  });
  session.userMessage("please pick a cover [main-1795327692490]");
  const { requestId, callId } = session.ask({
    toolName: "pick_media",
    input: mediaInput,
    toolResult: (answer) =>
      answer.status === "answered" ? { status: "answered", value: JSON.parse(answer.text ?? "null") } : answer,
  });
  await session.respond([{ requestId, text: '{"selected":["a"]}' }]);
  await session.whenIdle();
  return { session, requestId, callId };
}

/** Replays the recorded approval trace: `delete_thing` denied with the note "no". */
async function playApprovalTrace(): Promise<{ session: TestSession; requestId: string; callId: string }> {
  const session = createTestSession({
    agentName: "eve-e2e",
    onToolResults: ({ results }, self) => self.reply(scriptedModelReply(results)),
  });
  session.userMessage("please delete it [appr-1795327653984]");
  const { requestId, callId } = session.requestApproval({ toolName: "delete_thing", input: { thingId: "t-42" } });
  await session.respond([{ requestId, optionId: "cancel", text: "no" }]);
  await session.whenIdle();
  return { session, requestId, callId };
}

describe("createTestSession against recorded eve 0.80.1 streams", () => {
  it("given an ask answered by respond, should emit the event types of main-trace.json in the same order", async () => {
    const { session } = await playMainTrace();

    expect(eventTypes(session.events)).toEqual(eventTypes(mainTraceEvents));
  });

  it("given an ask answered by respond, should reproduce main-trace.json byte for byte apart from ids and times", async () => {
    const { session } = await playMainTrace();

    expect(normalizeStream(session.events)).toBe(normalizeStream(mainTraceEvents));
  });

  it("given an ask, should park it like eve: input.requested carries the action with ui intact and the call id", async () => {
    const session = createTestSession();
    session.userMessage("pick");
    const { requestId, callId } = session.ask({ toolName: "pick_media", input: mediaInput });

    const requested = dataOf(eventsOfType(session.events, "input.requested")[0]);
    expect(requested).toEqual({
      requests: [
        {
          action: { callId, input: mediaInput, kind: "tool-call", toolName: "pick_media" },
          kind: "question",
          prompt: "Pick a cover image",
          requestId,
          allowFreeform: true,
        },
      ],
      sequence: 0,
      stepIndex: 0,
      turnId: "turn_0",
      callId,
    });
    expect(requestId).toMatch(/^wrun_[0-9A-HJKMNP-TV-Z]{26}-ask-1$/);
    expect(callId).toMatch(/^call_[0-9a-z]{8}$/);
    expect(eventTypes(session.events).slice(-2)).toEqual(["input.requested", "turn.waiting"]);
    expect(dataOf(session.events.at(-1))).toMatchObject({ on: "input", turnId: "turn_0" });
  });

  it("given an ask without a user message first, should open the turn itself", async () => {
    const session = createTestSession();
    session.ask({ toolName: "pick_media", input: mediaInput });

    expect(eventTypes(session.events).slice(0, 4)).toEqual([
      "session.started",
      "turn.started",
      "message.received",
      "step.started",
    ]);
  });

  it("given an answered ask, should emit input.resolved and exactly one action.result with the tool's output", async () => {
    const { session, requestId, callId } = await playMainTrace();

    expect(dataOf(eventsOfType(session.events, "input.resolved")[0])).toEqual({
      resolutions: [
        {
          kind: "question",
          outcome: "answered",
          requestId,
          response: { requestId, text: '{"selected":["a"]}' },
        },
      ],
      sequence: 0,
      stepIndex: 0,
      turnId: "turn_0",
    });
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(dataOf(session.toolResults(callId)[0])).toEqual({
      result: {
        callId,
        kind: "tool-result",
        output: { status: "answered", value: { selected: ["a"] } },
        toolName: "pick_media",
      },
      sequence: 0,
      status: "completed",
      stepIndex: 0,
      turnId: "turn_0",
    });
    expect(session.requests()[0]?.status).toBe("answered");
  });

  it("given no toolResult, should return the answer's text and option id as the tool output", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.ask({ toolName: "pick", input: { prompt: "Pick" } });
    await session.respond([{ requestId, optionId: "b", text: "B" }]);
    await session.whenIdle();

    expect(dataOf<{ result: { output: unknown } }>(session.toolResults(callId)[0]).result.output).toEqual({
      text: "B",
      optionId: "b",
    });
  });

  it("given an approval denied with a note, should emit the event types of approval-trace.json in the same order", async () => {
    const { session } = await playApprovalTrace();

    expect(eventTypes(session.events)).toEqual(eventTypes(approvalTraceEvents));
  });

  it("given an approval denied with a note, should reproduce approval-trace.json byte for byte apart from ids and times", async () => {
    const { session } = await playApprovalTrace();

    expect(normalizeStream(session.events)).toBe(normalizeStream(approvalTraceEvents));
  });

  it("given an approval request, should offer eve's fixed approve/cancel confirmation without freeform", () => {
    const session = createTestSession();
    const { requestId, callId } = session.requestApproval({ toolName: "delete_thing", input: { thingId: "t-42" } });

    const requested = dataOf(eventsOfType(session.events, "input.requested")[0]);
    expect(requested).toEqual({
      requests: [
        {
          action: { callId, input: { thingId: "t-42" }, kind: "tool-call", toolName: "delete_thing" },
          allowFreeform: false,
          display: "confirmation",
          kind: "tool-approval",
          options: [
            { id: "approve", label: "Approve" },
            { id: "cancel", label: "Cancel" },
          ],
          prompt: "Approve Delete thing?",
          requestId,
        },
      ],
      sequence: 0,
      stepIndex: 0,
      turnId: "turn_0",
    });
    expect(requestId).toMatch(/^aitxt-[0-9A-Za-z]{24}$/);
  });

  it("given an approval denied, should reject the call with TOOL_EXECUTION_DENIED quoting the note", async () => {
    const { session, requestId, callId } = await playApprovalTrace();

    expect(dataOf(eventsOfType(session.events, "approval.settled")[0])).toMatchObject({
      outcome: "cancelled",
      requestId,
    });
    expect(dataOf(eventsOfType(session.events, "input.resolved")[0])).toMatchObject({
      resolutions: [
        {
          kind: "tool-approval",
          outcome: "denied",
          requestId,
          response: { optionId: "cancel", requestId, text: "no" },
        },
      ],
    });
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(dataOf(session.toolResults(callId)[0])).toMatchObject({
      status: "rejected",
      error: {
        code: "TOOL_EXECUTION_DENIED",
        message: 'Tool execution was denied. The person who denied it wrote: "no"',
      },
    });
  });

  it("given an approval approved, should settle it approved and complete the call with the tool's output", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.requestApproval({
      toolName: "delete_thing",
      input: { thingId: "t-42" },
      toolResult: () => ({ deleted: "t-42" }),
    });
    await session.respond([{ requestId, optionId: "approve" }]);
    await session.whenIdle();

    const types = eventTypes(session.events);
    expect(types.slice(types.indexOf("input.requested"))).toEqual([
      "input.requested",
      "turn.waiting",
      "approval.settled",
      "input.resolved",
      "action.result",
      "step.started",
      "message.appended",
      "message.completed",
      "step.completed",
      "turn.completed",
      "session.waiting",
    ]);
    expect(dataOf(eventsOfType(session.events, "approval.settled")[0])).toMatchObject({ outcome: "approved" });
    expect(dataOf(session.toolResults(callId)[0])).toMatchObject({
      status: "completed",
      result: { callId, output: { deleted: "t-42" } },
    });
    expect(session.requests()[0]?.status).toBe("approved");
  });

  it("given an approval answered with an unknown option, should resolve it invalid and not run the tool", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.requestApproval({ toolName: "delete_thing", input: { thingId: "t-42" } });
    await session.respond([{ requestId, optionId: "maybe" }]);
    await session.whenIdle();

    expect(eventsOfType(session.events, "approval.settled")).toHaveLength(0);
    expect(dataOf(eventsOfType(session.events, "input.resolved")[0])).toMatchObject({
      resolutions: [{ outcome: "invalid", requestId }],
    });
    expect(dataOf(session.toolResults(callId)[0])).toMatchObject({ status: "rejected" });
  });
});

describe("createTestSession event identity", () => {
  it("given a whole conversation, should give every event a unique, strictly increasing meta.id", async () => {
    const { session } = await playMainTrace();
    session.requestApproval({ toolName: "delete_thing", input: {} });
    const ids = session.events.map((event) => event.meta.id);

    expect(new Set(ids).size).toBe(ids.length);
    for (const [index, id] of ids.entries()) {
      expect(id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
      if (index > 0) expect(id > (ids[index - 1] as string)).toBe(true);
    }
  });

  it("given a frozen clock, should keep ids increasing and stamp every event with that time", () => {
    const frozen = new Date("2026-01-01T00:00:00.000Z");
    const session = createTestSession({ now: () => frozen });
    session.ask({ toolName: "pick", input: { prompt: "Pick" } });
    const ids = session.events.map((event) => event.meta.id);

    expect([...ids].sort()).toEqual(ids);
    expect(new Set(session.events.map((event) => event.meta.at))).toEqual(new Set([frozen.toISOString()]));
  });

  it("given a replay from 0, should return the very same events as the stream", async () => {
    const { session } = await playMainTrace();

    expect(session.replay(0)).toEqual(session.events);
    expect(JSON.stringify(session.replay())).toBe(JSON.stringify(session.events));
    expect(session.replay(5)[0]).toBe(session.events[5]);
    expect(session.replay(-2)).toEqual(session.events.slice(-2));
  });

  it("given a subscriber, should deliver each new event once, in order, with its index", () => {
    const session = createTestSession();
    const seen: Array<[string, number]> = [];
    const unsubscribe = session.subscribe((event, index) => seen.push([event.meta.id, index]));
    session.ask({ toolName: "pick", input: { prompt: "Pick" } });
    unsubscribe();
    session.userMessage("after");

    expect(seen).toEqual(session.events.slice(0, seen.length).map((event, index) => [event.meta.id, index]));
    expect(seen.length).toBeLessThan(session.events.length);
  });

  it("given a subscriber that emits while being notified, should still deliver events to everyone in stream order", () => {
    const session = createTestSession({ onUserMessage: () => undefined });
    const order: number[] = [];
    session.subscribe((event) => {
      if (event.type === "message.received" && session.requests().length === 0)
        session.ask({ toolName: "p", input: {} });
    });
    session.subscribe((_event, index) => order.push(index));
    session.userMessage("hi");

    expect(order).toEqual(session.events.map((_event, index) => index));
  });

  it("given events, should freeze them so a consumer cannot rewrite history", () => {
    const session = createTestSession();
    session.ask({ toolName: "pick", input: { prompt: "Pick" } });

    expect(Object.isFrozen(session.events[0])).toBe(true);
    expect(Object.isFrozen(session.events[0]?.meta)).toBe(true);
  });
});
