import {
  answerInput,
  inputRequestId,
  isInputRequired,
  MCP_ROUND_LIMITS,
  nextRound,
  openKeys,
  readContinuation,
  retryParams,
  startCall,
} from "../../src/wire/mcp-rounds";

/** MCP 2026-07-28's rounds as data: what a server's interim result becomes, and the one retry it gets. */

const call = startCall("call-1", "tools/call", { name: "plan_event", arguments: { title: "Offsite" } });
const form = (message: string) => ({
  method: "elicitation/create",
  params: { mode: "form", message, requestedSchema: { type: "object", properties: { a: { type: "string" } } } },
});
const interim = (inputRequests: unknown, requestState?: unknown) => ({
  resultType: "input_required",
  inputRequests,
  ...(requestState !== undefined ? { requestState } : {}),
});

function round1() {
  const reading = nextRound(call, interim({ details: form("Details?"), catering: form("Catering?") }, "state-1"));
  if (!reading.ok) throw new Error(JSON.stringify(reading.issues));
  return reading.continuation;
}

describe("MCP rounds", () => {
  it("reads an interim result into round 1, keys in the order asked, nothing answered", () => {
    const continuation = round1();
    expect(continuation).toMatchObject({
      version: 1,
      id: "call-1",
      method: "tools/call",
      round: 1,
      requestState: "state-1",
    });
    expect(continuation.params).toEqual({ name: "plan_event", arguments: { title: "Offsite" } });
    expect(openKeys(continuation)).toEqual(["details", "catering"]);
    expect(isInputRequired({ resultType: "input_required" })).toBe(true);
    expect(isInputRequired({ content: [] })).toBe(false);
  });

  it("builds the one retry only once every key is answered: inputResponses keyed as asked, the state echoed unchanged", () => {
    let continuation = round1();
    continuation = answerInput(continuation, "catering", { action: "decline" });
    expect(() => retryParams(continuation)).toThrow(/still waits for details/);
    continuation = answerInput(continuation, "details", { action: "accept", content: { a: "Town Hall" } });
    expect(openKeys(continuation)).toEqual([]);
    expect(retryParams(continuation)).toEqual({
      name: "plan_event",
      arguments: { title: "Offsite" },
      inputResponses: { catering: { action: "decline" }, details: { action: "accept", content: { a: "Town Hall" } } },
      requestState: "state-1",
    });
  });

  it("keeps the first answer of a key and ignores a key the round did not ask", () => {
    const first = answerInput(round1(), "details", { action: "cancel" });
    expect(answerInput(first, "details", { action: "accept", content: { a: "x" } })).toBe(first);
    expect(answerInput(first, "payment", { action: "accept" })).toBe(first);
  });

  it("starts a call without what only a retry carries, and counts rounds on from the continuation", () => {
    expect(startCall("c", "prompts/get", { name: "p", inputResponses: {}, requestState: "s" }).params).toEqual({
      name: "p",
    });
    const reading = nextRound(
      round1(),
      interim({ payment: { method: "elicitation/create", params: { mode: "url" } } }),
    );
    expect(reading.ok && reading.continuation.round).toBe(2);
    expect(reading.ok && reading.continuation.requestState).toBeUndefined();
    expect(reading.ok && inputRequestId(reading.continuation, "payment")).toBe("mcp-round:call-1:2:payment");
  });

  it.each([
    ["a final result", { content: [] }, /resultType/],
    ["no requests", interim({}), /asks for nothing/],
    ["requests that are not an object", interim([form("x")]), /asks for nothing/],
    ["an entry without a method", interim({ a: { params: {} } }), /needs a method/],
    [
      "a method the kit does not answer",
      interim({ a: { method: "sampling/createMessage" } }),
      /not "sampling\/createMessage"/,
    ],
    ["a state that is not a string", interim({ a: form("x") }, 42), /must be a string/],
    ["a state over the bound", interim({ a: form("x") }, "s".repeat(MCP_ROUND_LIMITS.requestState + 1)), /over the/],
    [
      "more requests than one round may hold",
      interim(
        Object.fromEntries(Array.from({ length: MCP_ROUND_LIMITS.inputRequests + 1 }, (_, i) => [`k${i}`, form("x")])),
      ),
      /input requests in one round/,
    ],
    ["a key over the bound", interim({ ["k".repeat(MCP_ROUND_LIMITS.key + 1)]: form("x") }), /1 to/],
  ])("refuses %s with an issue, never throwing", (_, result, message) => {
    const reading = nextRound(call, result);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.issues.map((issue) => issue.message).join("\n")).toMatch(message);
  });

  it("refuses a round past the bound on rounds", () => {
    const reading = nextRound({ ...call, round: MCP_ROUND_LIMITS.rounds }, interim({ a: form("x") }));
    expect(!reading.ok && reading.issues[0]?.message).toMatch(/more than 10 times/);
  });

  it("reads back a stored continuation (through JSON) equal to the one stored, answers and all", () => {
    const stored = JSON.parse(
      JSON.stringify(answerInput(round1(), "details", { action: "accept", content: { a: "x" } })),
    );
    const reading = readContinuation(stored);
    expect(reading.ok && reading.continuation).toEqual(stored);
    expect(reading.ok && openKeys(reading.continuation)).toEqual(["catering"]);
  });

  it.each([
    ["not a continuation", { version: 2 }, /version 1/],
    ["without an id", { ...round1(), id: "" }, /needs an id/],
    ["an unknown method", { ...round1(), method: "tools/list" }, /method must be one of/],
    ["a round of 0", { ...round1(), round: 0 }, /whole number/],
    ["an answer to a key not asked", { ...round1(), answers: { other: { action: "accept" } } }, /did not ask/],
    [
      "an answer that is not an ElicitResult",
      { ...round1(), answers: { details: { action: "maybe" } } },
      /ElicitResult/,
    ],
    [
      "content a form cannot hold",
      { ...round1(), answers: { details: { action: "accept", content: { a: { nested: true } } } } },
      /ElicitResult/,
    ],
    [
      "requests over the bound",
      { ...round1(), requestState: "s".repeat(MCP_ROUND_LIMITS.requestState + 1) },
      /over the/,
    ],
  ])("refuses a stored value that is %s", (_, stored, message) => {
    const reading = readContinuation(stored);
    expect(!reading.ok && reading.issues.map((issue) => issue.message).join("\n")).toMatch(message);
  });
});
