import { encodeAnswer, encodeDecline } from "../../src/adapters/eve/envelope";
import { mediaKind } from "../../src/kinds/media";
import { type AskAnswer, askPicker, pickerInputSchema } from "../../src/server/picker";
import { checkTranscript, countToolResults } from "../../src/server/transcript";
import secondPrompt from "../fixtures/eve-0.80.1/second-model-prompt.json";

const ui = {
  kind: "media",
  items: [
    { id: "a", url: "/a.png" },
    { id: "b", url: "/b.png" },
  ],
  max: 2,
};
const ctx = (answer: AskAnswer) => ({ ask: vi.fn(async () => answer) });

describe("askPicker", () => {
  it("given an answer in the envelope, should return the typed value after the kind's check", async () => {
    const context = ctx({ status: "answered", text: encodeAnswer("media", { selected: ["b", "a"] }) });
    await expect(askPicker(context, mediaKind, { prompt: "Pick", ui })).resolves.toEqual({
      status: "answered",
      value: { selected: ["b", "a"] },
    });
    expect(context.ask).toHaveBeenCalledWith({ prompt: "Pick", allowFreeform: true });
  });

  it("given each other outcome, should return one result the model can read", async () => {
    const cases: [AskAnswer, unknown][] = [
      [
        { status: "answered", text: encodeDecline("media", "none fit") },
        { status: "declined", reason: "none fit" },
      ],
      [
        { status: "answered", text: "the second one" },
        { status: "replied", text: "the second one" },
      ],
      [{ status: "cancelled" }, { status: "cancelled" }],
      [{ status: "unavailable" }, { status: "unavailable" }],
    ];
    for (const [answer, expected] of cases) {
      await expect(askPicker(ctx(answer), mediaKind, { prompt: "Pick", ui })).resolves.toEqual(expected);
    }
  });

  it("given an answer that fails the kind's check, should return invalid with readable issues", async () => {
    const result = await askPicker(
      ctx({ status: "answered", text: encodeAnswer("media", { selected: ["zzz"] }) }),
      mediaKind,
      {
        prompt: "Pick",
        ui,
      },
    );
    expect(result.status).toBe("invalid");
    if (result.status === "invalid") expect(result.message).toMatch(/^The answer could not be used:\nvalue\.selected/);
  });

  it("given a malformed ui from the model, should not ask and should say what is wrong", async () => {
    const context = ctx({ status: "cancelled" });
    const result = await askPicker(context, mediaKind, { prompt: "Pick", ui: { kind: "media", items: "nope" } });
    expect(result).toMatchObject({ status: "invalid", issues: [{ path: ["ui", "items"] }] });
    expect(context.ask).not.toHaveBeenCalled();
  });

  it("given the tool input schema, should accept a prompt with a valid ui and refuse a missing prompt", () => {
    expect(pickerInputSchema(mediaKind).safeParse({ prompt: "Pick", ui }).success).toBe(true);
    expect(pickerInputSchema(mediaKind).safeParse({ ui }).success).toBe(false);
  });
});

describe("transcript guard", () => {
  it("given the real model prompt after an answer, should find exactly one result and no problem", () => {
    expect(countToolResults(secondPrompt)).toEqual(new Map([["call_mwrfr5qd", 1]]));
    expect(checkTranscript(secondPrompt)).toEqual([]);
  });

  it("given duplicated, missing and orphan results, should name each", () => {
    const call = (id: string) => ({ role: "assistant", content: [{ type: "tool-call", toolCallId: id }] });
    const result = (id: string) => ({ role: "tool", content: [{ type: "tool-result", toolCallId: id }] });
    const problems = checkTranscript([call("a"), result("a"), result("a"), call("b"), result("c")]);
    expect(problems).toEqual([
      { type: "duplicate-result", toolCallId: "a" },
      { type: "missing-result", toolCallId: "b" },
      { type: "orphan-result", toolCallId: "c" },
    ]);
  });
});
