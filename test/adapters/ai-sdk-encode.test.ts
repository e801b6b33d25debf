import type { UIMessage } from "ai";
import { answerParts, approvalResponse } from "../../src/adapters/ai-sdk/encode";

/** The AI SDK's encode alone: typed answers in, what the chat takes out. */

describe("approvalResponse", () => {
  it("should approve only an approve, and carry a deny's note or a decline's reason", () => {
    expect(approvalResponse("a1", { type: "value", value: { decision: "approve" } })).toEqual({
      id: "a1",
      approved: true,
    });
    expect(approvalResponse("a1", { type: "value", value: { decision: "deny", note: "no" } })).toEqual({
      id: "a1",
      approved: false,
      reason: "no",
    });
    expect(approvalResponse("a1", { type: "declined", reason: " later " })).toEqual({
      id: "a1",
      approved: false,
      reason: "later",
    });
    // Anything that is not a decision denies: an approval never runs by default.
    expect(approvalResponse("a1", { type: "value", value: { approved: true } })).toEqual({ id: "a1", approved: false });
  });
});

describe("answerParts", () => {
  const message = {
    id: "m1",
    role: "assistant",
    parts: [
      { type: "text", text: "Let me ask." },
      { type: "tool-pick", toolCallId: "c1", state: "input-available", input: {} },
      { type: "tool-delete", toolCallId: "c2", state: "approval-requested", input: {}, approval: { id: "a2" } },
      { type: "tool-other", toolCallId: "c3", state: "input-available", input: {} },
    ],
  } as unknown as UIMessage;

  it("should fill only the calls it was given: an output by call id, a denial by approval id", () => {
    const next = answerParts(
      message,
      new Map([["c1", { reply: "the red one" }]]),
      new Map([["a2", { approved: false }]]),
    );
    expect(next.parts.map((part) => ("state" in part ? part.state : part.type))).toEqual([
      "text",
      "output-available",
      "approval-responded",
      "input-available",
    ]);
    expect(next.parts[1]).toMatchObject({ output: { reply: "the red one" } });
    expect(next.parts[2]).toMatchObject({ approval: { id: "a2", approved: false } });
  });

  it("should return the same message when nothing in it is answered, and leave a user's message alone", () => {
    expect(answerParts(message, new Map(), new Map())).toBe(message);
    const user = { ...message, role: "user" } as UIMessage;
    expect(answerParts(user, new Map([["c1", 1]]), new Map())).toBe(user);
  });
});
