import { describe, expect, it } from "vitest";
import { createTestSession, type TestSession, TestSessionHttpError } from "../../src/testing";
import { dataOf, eventsOfType, eventTypes } from "./helpers";

const colors = [
  { id: "r", label: "Red" },
  { id: "b", label: "Blue" },
];

function askColor(session: TestSession, allowFreeform = false) {
  return session.ask({ toolName: "pick_color", input: { prompt: "Which color?" }, options: colors, allowFreeform });
}

function resolutionsOf(session: TestSession): unknown[] {
  return eventsOfType(session.events, "input.resolved").flatMap(
    (event) => dataOf<{ resolutions: unknown[] }>(event).resolutions,
  );
}

describe("TestSession.respond: eve accepts every answer", () => {
  it("given two concurrent answers to one request, should settle once, give one tool result and turn the loser into a stray message", async () => {
    const session = createTestSession();
    session.userMessage("pick");
    const { requestId, callId } = askColor(session, true);

    const accepted = await Promise.all([
      session.respond([{ requestId, optionId: "r" }]),
      session.respond([{ requestId, optionId: "b" }]),
    ]);
    await session.whenIdle();

    expect(accepted.map((body) => body.status)).toEqual(["accepted", "accepted"]);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(session.answers(requestId).map((answer) => [answer.response.optionId, answer.handling])).toEqual([
      ["r", "settled"],
      ["b", "stray"],
    ]);
    expect(session.strayMessages).toHaveLength(1);
    expect(session.strayMessages[0]).toMatchObject({
      turnId: "turn_1",
      message: "Blue",
      responses: [{ optionId: "b", requestId }],
    });
    expect(session.strayMessages[0]?.modelMessage).toMatch(
      /^The user submitted the following response to an earlier interactive prompt\./,
    );
    expect(eventTypes(session.events)).toContain("turn.started");
    const received = eventsOfType(session.events, "message.received").map((event) => dataOf(event));
    expect(received.at(-1)).toMatchObject({ message: "Blue", turnId: "turn_1" });
  });

  it("given an answer to an already settled request, should still answer 202 and start a new turn with it", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.ask({ toolName: "pick", input: { prompt: "Pick" } });
    await session.respond([{ requestId, text: "first" }]);
    await session.whenIdle();
    const turnsBefore = eventsOfType(session.events, "turn.started").length;

    const accepted = await session.respond([{ requestId, text: "again" }]);
    await session.whenIdle();

    expect(accepted).toMatchObject({ ok: true, status: "accepted", sessionId: session.sessionId });
    expect(eventsOfType(session.events, "turn.started")).toHaveLength(turnsBefore + 1);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(session.strayMessages.map((stray) => stray.message)).toEqual(["again"]);
  });

  it("given an answer to an unknown request, should turn it into a stray message", async () => {
    const session = createTestSession();
    session.userMessage("hello");
    session.reply("hi");

    await session.respond([{ requestId: "wrun_nope-ask-1" }]);
    await session.whenIdle();

    expect(session.strayMessages).toHaveLength(1);
    expect(session.strayMessages[0]?.message).toBe("Response to an earlier interactive prompt");
    expect(session.answers("wrun_nope-ask-1")).toMatchObject([{ handling: "stray", via: "inputResponses" }]);
  });

  it("given a stray approval answer, should describe it to the model as an approval that needs asking again", async () => {
    const session = createTestSession();
    const { requestId } = session.requestApproval({ toolName: "delete_thing", input: {} });
    await session.respond([{ requestId, optionId: "approve" }]);
    await session.respond([{ requestId, optionId: "approve" }]);
    await session.whenIdle();

    const modelMessage = session.strayMessages[0]?.modelMessage ?? "";
    const entries = JSON.parse(modelMessage.slice(modelMessage.indexOf("\n[") + 1));
    expect(entries).toEqual([
      {
        requestId,
        response: { optionId: "approve", selectedOption: { id: "approve", label: "Approve" } },
        prompt: "Approve Delete thing?",
        requestType: "approval",
        toolName: "delete_thing",
      },
    ]);
    expect(session.strayMessages[0]?.message).toBe("Approve");
  });

  it("given two answers for the same request in one body, should keep the last one like eve", async () => {
    const session = createTestSession();
    const { requestId, callId } = askColor(session);
    await session.respond([
      { requestId, optionId: "r" },
      { requestId, optionId: "b" },
    ]);
    await session.whenIdle();

    expect(resolutionsOf(session)).toMatchObject([{ outcome: "answered", response: { optionId: "b" } }]);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(session.answers(requestId).map((answer) => answer.handling)).toEqual(["duplicate", "settled"]);
  });

  it.each([
    ["an extra key", [{ requestId: "x", text: "t", ui: {} }]],
    ["a missing requestId", [{ text: "t" }]],
    ["a non-string text", [{ requestId: "x", text: { selected: ["a"] } }]],
    ["an empty array", []],
    ["an object instead of an array", { requestId: "x" }],
  ])(
    "given a body with %s, should reject it with a 400 like eve's strict schema and process nothing",
    async (_label, body) => {
      const session = createTestSession();
      const { requestId } = session.ask({ toolName: "pick", input: {} });
      const before = session.events.length;

      const failure = await session.respond(body).catch((error: unknown) => error);
      await session.whenIdle();

      expect(failure).toBeInstanceOf(TestSessionHttpError);
      expect((failure as TestSessionHttpError).status).toBe(400);
      expect((failure as TestSessionHttpError).body.ok).toBe(false);
      expect(session.events).toHaveLength(before);
      expect(session.answers(requestId)).toEqual([]);
    },
  );

  it("given latency, should answer 202 first and emit the settlement only after the delay", async () => {
    const session = createTestSession({ latencyMs: 20 });
    const { requestId } = session.ask({ toolName: "pick", input: {} });
    const before = session.events.length;

    await session.respond([{ requestId, text: "x" }]);
    const afterAccept = session.events.length;
    await session.whenIdle();

    expect(afterAccept).toBe(before);
    expect(session.events.length).toBeGreaterThan(before);
    expect(session.requests()[0]?.status).toBe("answered");
  });
});

describe("TestSession.sendMessage while a request is open", () => {
  it("given a message matching an option label, should answer the question with that option and consume the message", async () => {
    const session = createTestSession();
    session.userMessage("pick");
    const { requestId, callId } = askColor(session);
    const receivedBefore = eventsOfType(session.events, "message.received").length;

    const accepted = await session.sendMessage("  blue ");
    await session.whenIdle();

    expect(resolutionsOf(session)).toEqual([
      { kind: "question", outcome: "answered", requestId, response: { optionId: "b", requestId } },
    ]);
    expect(session.answers(requestId)).toEqual([
      { response: { optionId: "b", requestId }, deliveryId: accepted.deliveryId, via: "message", handling: "settled" },
    ]);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(eventsOfType(session.events, "message.received")).toHaveLength(receivedBefore);
    expect(eventTypes(session.events).at(-1)).toBe("session.waiting");
  });

  it("given a message that is an option's 1-based index, should answer with that option", async () => {
    const session = createTestSession();
    const { requestId } = askColor(session);
    await session.sendMessage("2");
    await session.whenIdle();

    expect(resolutionsOf(session)).toMatchObject([{ outcome: "answered", requestId, response: { optionId: "b" } }]);
  });

  it("given a message that matches no option on a freeform question, should answer with the text", async () => {
    const session = createTestSession();
    const { requestId } = askColor(session, true);
    await session.sendMessage("teal please");
    await session.whenIdle();

    expect(resolutionsOf(session)).toEqual([
      { kind: "question", outcome: "answered", requestId, response: { requestId, text: "teal please" } },
    ]);
  });

  it("given a message that matches no option and no freeform, should cancel the question and keep the message in the open turn", async () => {
    const session = createTestSession();
    session.userMessage("pick");
    const { requestId, callId } = askColor(session);
    await session.sendMessage("actually, never mind");
    await session.whenIdle();

    expect(resolutionsOf(session)).toEqual([{ kind: "question", outcome: "cancelled", requestId }]);
    expect(dataOf<{ result: { output: unknown } }>(session.toolResults(callId)[0]).result.output).toEqual({
      status: "cancelled",
    });
    expect(dataOf(eventsOfType(session.events, "message.received").at(-1))).toMatchObject({
      message: "actually, never mind",
      turnId: "turn_0",
    });
    expect(eventsOfType(session.events, "turn.started")).toHaveLength(1);
    expect(session.requests()[0]?.status).toBe("cancelled");
  });

  it("given a message that is no approval option, should resolve the approval ignored and reject the call", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.requestApproval({ toolName: "delete_thing", input: {} });
    await session.sendMessage("what does that do?");
    await session.whenIdle();

    expect(resolutionsOf(session)).toEqual([{ kind: "tool-approval", outcome: "ignored", requestId }]);
    expect(eventsOfType(session.events, "approval.settled")).toHaveLength(0);
    expect(dataOf(session.toolResults(callId)[0])).toMatchObject({
      status: "rejected",
      error: { code: "TOOL_EXECUTION_DENIED", message: "Ignored because the user continued without responding." },
    });
    expect(dataOf(eventsOfType(session.events, "message.received").at(-1))).toMatchObject({
      message: "what does that do?",
    });
  });

  it("given a typed 'approve' while an approval is open, should approve it like eve's resolveTypedApproval", async () => {
    const session = createTestSession();
    const { requestId } = session.requestApproval({ toolName: "delete_thing", input: {} });
    await session.sendMessage("Approve");
    await session.whenIdle();

    expect(resolutionsOf(session)).toMatchObject([
      { outcome: "approved", requestId, response: { optionId: "approve" } },
    ]);
  });

  it("given two open questions, should resolve only the oldest and keep the turn waiting for the other", async () => {
    const session = createTestSession();
    const [first, second] = session.askAll([
      { toolName: "pick_a", input: { prompt: "A?" } },
      { toolName: "pick_b", input: { prompt: "B?" } },
    ]);
    await session.sendMessage("hello");
    await session.whenIdle();

    expect(session.requests().map((request) => [request.requestId, request.status])).toEqual([
      [first?.requestId, "answered"],
      [second?.requestId, "open"],
    ]);
    expect(dataOf(session.events.at(-1))).toMatchObject({ on: "input" });
  });

  it("given no open request, should start a new turn and let the model reply", async () => {
    const session = createTestSession();
    const accepted = await session.sendMessage("hi there");
    await session.whenIdle();

    expect(eventTypes(session.events)).toEqual([
      "session.started",
      "turn.started",
      "message.received",
      "step.started",
      "message.appended",
      "message.completed",
      "step.completed",
      "turn.completed",
      "session.waiting",
    ]);
    expect(session.events.every((event) => event.meta.deliveryIds?.includes(accepted.deliveryId))).toBe(true);
  });

  it("given a message that answers an open request, should stamp the turn's next events with its delivery id", async () => {
    const session = createTestSession();
    session.userMessage("pick");
    askColor(session);
    const before = session.events.length;
    const accepted = await session.sendMessage("red");
    await session.whenIdle();

    const stamped = session.events
      .slice(before)
      .filter((event) => event.meta.deliveryIds?.includes(accepted.deliveryId));
    expect(eventTypes(stamped)).toContain("session.waiting");
  });
});

describe("TestSession.failNextRespond", () => {
  it("given an injected HTTP status, should reject with it and process nothing, then accept the retry", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.ask({ toolName: "pick", input: {} });
    session.failNextRespond({ status: 503 });

    const failure = await session.respond([{ requestId, text: "x" }]).catch((error: unknown) => error);
    await session.whenIdle();

    expect(failure).toBeInstanceOf(TestSessionHttpError);
    expect((failure as TestSessionHttpError).status).toBe(503);
    expect(session.answers(requestId)).toEqual([]);
    expect(session.requests()[0]?.status).toBe("open");

    await session.respond([{ requestId, text: "x" }]);
    await session.whenIdle();
    expect(session.toolResults(callId)).toHaveLength(1);
  });

  it("given no details, should fail the next respond with a 500", async () => {
    const session = createTestSession();
    const { requestId } = session.ask({ toolName: "pick", input: {} });
    session.failNextRespond();

    await expect(session.respond([{ requestId, text: "x" }])).rejects.toMatchObject({ status: 500 });
  });

  it("given a network failure, should reject like fetch and process nothing", async () => {
    const session = createTestSession();
    const { requestId } = session.ask({ toolName: "pick", input: {} });
    session.failNextRespond({ network: true });

    await expect(session.respond([{ requestId, text: "x" }])).rejects.toThrow(new TypeError("Failed to fetch"));
    await session.whenIdle();
    expect(session.answers(requestId)).toEqual([]);
    expect(session.requests()[0]?.status).toBe("open");
  });

  it("given a failure after accept, should process the answer and still reject, so a blind retry becomes a stray", async () => {
    const session = createTestSession();
    const { requestId, callId } = session.ask({ toolName: "pick", input: {} });
    session.failNextRespond({ afterAccept: true });

    await expect(session.respond([{ requestId, text: "x" }])).rejects.toBeInstanceOf(TypeError);
    expect(session.requests()[0]?.status).toBe("answered");
    expect(session.toolResults(callId)).toHaveLength(1);

    await session.respond([{ requestId, text: "x" }]);
    await session.whenIdle();
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(session.strayMessages).toHaveLength(1);
  });

  it("given one injected failure, should only fail the next call", async () => {
    const session = createTestSession();
    const { requestId } = session.ask({ toolName: "pick", input: {} });
    session.failNextRespond({ status: 502 });
    await session.respond([{ requestId, text: "x" }]).catch(() => undefined);

    await expect(session.respond([{ requestId, text: "x" }])).resolves.toMatchObject({ status: "accepted" });
  });
});

describe("TestSession agent side", () => {
  it("given a withdrawn question, should resolve it cancelled, give the call its one result and complete the turn", () => {
    const session = createTestSession();
    const { requestId, callId } = session.ask({ toolName: "pick", input: {} });
    session.withdraw(requestId);

    expect(resolutionsOf(session)).toEqual([{ kind: "question", outcome: "cancelled", requestId }]);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(eventTypes(session.events).at(-1)).toBe("session.waiting");
    expect(() => session.withdraw(requestId)).toThrow(/not open/);
  });

  it("given a cancelled turn, should withdraw its open requests and emit turn.cancelled", () => {
    const session = createTestSession();
    const { callId } = session.ask({ toolName: "pick", input: {} });

    expect(session.cancelTurn()).toBe(true);
    expect(eventTypes(session.events).slice(-4)).toEqual([
      "input.resolved",
      "action.result",
      "turn.cancelled",
      "session.waiting",
    ]);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(session.cancelTurn()).toBe(false);
  });

  it("given askAll, should request both calls in one step and continue only once both are answered", async () => {
    const session = createTestSession();
    session.userMessage("pick two");
    const [first, second] = session.askAll([
      { toolName: "pick_a", input: { prompt: "A?" } },
      { toolName: "pick_b", input: { prompt: "B?" } },
    ]);

    expect(eventsOfType(session.events, "step.started")).toHaveLength(1);
    expect(dataOf<{ actions: unknown[] }>(eventsOfType(session.events, "actions.requested")[0]).actions).toHaveLength(
      2,
    );
    expect(eventsOfType(session.events, "input.requested")).toHaveLength(2);

    await session.respond([{ requestId: first?.requestId, text: "a" }]);
    await session.whenIdle();
    expect(eventTypes(session.events).slice(-3)).toEqual(["input.resolved", "action.result", "turn.waiting"]);
    expect(eventsOfType(session.events, "step.started")).toHaveLength(1);

    await session.respond([{ requestId: second?.requestId, text: "b" }]);
    await session.whenIdle();
    expect(eventsOfType(session.events, "step.started")).toHaveLength(2);
    expect(eventTypes(session.events).at(-1)).toBe("session.waiting");
  });

  it("given a second ask while the first waits, should add the call to the waiting step instead of starting a new one", () => {
    const session = createTestSession();
    session.ask({ toolName: "pick_a", input: {} });
    session.ask({ toolName: "pick_b", input: {} });

    expect(eventsOfType(session.events, "step.started")).toHaveLength(1);
    expect(eventsOfType(session.events, "input.requested").map((event) => dataOf(event).stepIndex)).toEqual([0, 0]);
    expect(session.requests().filter((request) => request.status === "open")).toHaveLength(2);
  });

  it("given an onUserMessage script that asks, should park the client's message turn on a question", async () => {
    const session = createTestSession({
      onUserMessage: (_message, self) => {
        self.ask({ toolName: "pick", input: { prompt: "Which one?" } });
      },
    });
    await session.sendMessage("help me pick");
    await session.whenIdle();

    expect(session.requests()).toMatchObject([{ status: "open", turnId: "turn_0" }]);
    expect(eventTypes(session.events).at(-1)).toBe("turn.waiting");
  });

  it("given an onToolResults script that asks again, should take a new step in the same turn", async () => {
    let followUps = 0;
    const session = createTestSession({
      onToolResults: (_results, self) => {
        followUps += 1;
        if (followUps === 1) self.ask({ toolName: "pick", input: { prompt: "Question 2" } });
        else self.reply("done");
      },
    });
    const { requestId } = session.ask({ toolName: "pick", input: { prompt: "Question 1" } });
    await session.respond([{ requestId, text: "x" }]);
    await session.whenIdle();

    expect(session.requests()[1]).toMatchObject({ status: "open", stepIndex: 1, turnId: "turn_0" });
    expect(eventsOfType(session.events, "turn.started")).toHaveLength(1);
  });

  it("given reply while a tool call waits, should refuse: eve cannot take a model step before every tool result", () => {
    const session = createTestSession();
    session.ask({ toolName: "pick", input: {} });

    expect(() => session.reply("done")).toThrow(/wait for results/);
  });

  it("given a script that throws, should surface the error from whenIdle", async () => {
    const session = createTestSession({
      onUserMessage: () => {
        throw new Error("script broke");
      },
    });
    await session.sendMessage("hi");

    await expect(session.whenIdle()).rejects.toThrow("script broke");
  });
});
