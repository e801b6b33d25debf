import { createAiSdkConverter } from "../../src/adapters/ai-sdk/convert";
import { createLedger, type LedgerAction, type LedgerState, reduceLedger, selectRequests } from "../../src/core/ledger";

/** The converter alone: `useChat`'s message lists in, ledger actions out. */

const ui = { kind: "media", items: [{ id: "a", url: "/a.png" }] };

function assistant(...parts: unknown[]) {
  return { id: "m1", role: "assistant", parts };
}

function pickPart(state: string, extra: Record<string, unknown> = {}) {
  return { type: "tool-pick_media", toolCallId: "call-1", state, input: { prompt: "Pick", ui }, ...extra };
}

function run(lists: readonly unknown[][]): { state: LedgerState; actions: (LedgerAction | null)[] } {
  const convert = createAiSdkConverter();
  let state = createLedger();
  const actions = lists.map((messages) => {
    const action = convert(messages);
    if (action) state = reduceLedger(state, action);
    return action;
  });
  return { state, actions };
}

describe("createAiSdkConverter", () => {
  it("given streaming input, should park nothing until the input is complete", () => {
    const { state, actions } = run([
      [assistant({ type: "tool-pick_media", toolCallId: "call-1", state: "input-streaming", input: { prompt: "Pi" } })],
      [assistant(pickPart("input-available"))],
    ]);
    expect(actions[0]).toBeNull();
    expect(selectRequests(state).map((r) => [r.requestId, r.kind, r.toolName, r.prompt, r.state])).toEqual([
      ["call-1", "media", "pick_media", "Pick", "open"],
    ]);
    expect(selectRequests(state)[0]?.native).toBeUndefined();
  });

  it("given the same list again (a re-render), should report nothing new", () => {
    const list = [assistant(pickPart("input-available"))];
    const { actions } = run([list, [...list]]);
    expect(actions[1]).toBeNull();
  });

  it("given a typed output, a decline and an error, should settle with what the server holds", () => {
    const answered = run([
      [assistant(pickPart("input-available"))],
      [assistant(pickPart("output-available", { output: { selected: ["a"] } }))],
    ]);
    expect(selectRequests(answered.state)[0]).toMatchObject({
      state: "settled",
      outcome: "answered",
      resolution: { type: "value", value: { selected: ["a"] } },
    });
    const declined = run([[assistant(pickPart("output-available", { output: { declined: true, reason: "no" } }))]]);
    expect(selectRequests(declined.state)[0]?.resolution).toEqual({ type: "declined", reason: "no" });
    const failed = run([[assistant(pickPart("output-error", { errorText: "boom" }))]]);
    expect(selectRequests(failed.state)[0]).toMatchObject({ state: "settled", outcome: "withdrawn" });
  });

  it("given a tool approval, should park a native approval keyed by the approval id, and settle it from the response", () => {
    const part = (state: string, approval: Record<string, unknown>) => ({
      type: "tool-delete_file",
      toolCallId: "call-2",
      state,
      input: { path: "a.txt" },
      approval,
    });
    const { state } = run([
      [assistant(part("approval-requested", { id: "ap-1" }))],
      [assistant(part("approval-responded", { id: "ap-1", approved: false, reason: "keep it" }))],
    ]);
    expect(selectRequests(state).map((r) => [r.requestId, r.callId, r.kind, r.native, r.outcome])).toEqual([
      ["ap-1", "call-2", "approval", true, "denied"],
    ]);
    expect(selectRequests(state)[0]?.resolution).toEqual({
      type: "value",
      value: { decision: "deny", note: "keep it" },
    });
  });

  it("given an automatic approval, should park nothing (no person decides it)", () => {
    const { state } = run([
      [
        assistant({
          type: "tool-delete_file",
          toolCallId: "c",
          state: "approval-requested",
          input: {},
          approval: { id: "x", isAutomatic: true },
        }),
      ],
    ]);
    expect(selectRequests(state)).toEqual([]);
  });

  it("given an automatic approval decided (AI SDK 7 policy), should park it already settled: a receipt, never open", () => {
    const { state } = run([
      [
        assistant({
          type: "tool-delete_file",
          toolCallId: "c",
          state: "output-available",
          input: { path: "tmp/a" },
          output: { deleted: "tmp/a" },
          approval: { id: "x", approved: true, isAutomatic: true },
        }),
      ],
    ]);
    expect(selectRequests(state)).toMatchObject([
      { requestId: "x", kind: "approval", state: "settled", outcome: "approved", payload: { automatic: true } },
    ]);
  });

  it("given a model-written ui.kind of approval, should park a non-native request (the fallback, never an approval card)", () => {
    const { state } = run([
      [
        assistant({
          type: "tool-pick_media",
          toolCallId: "c",
          state: "input-available",
          input: { prompt: "p", ui: { kind: "approval" } },
        }),
      ],
    ]);
    expect(selectRequests(state)[0]).toMatchObject({ kind: "approval" });
    expect(selectRequests(state)[0]?.native).toBeUndefined();
  });

  it("given a tool part that disappears (regenerate), should withdraw its request", () => {
    const { state } = run([
      [assistant(pickPart("input-available"))],
      [{ id: "u", role: "user", parts: [{ type: "text", text: "hi" }] }],
    ]);
    expect(selectRequests(state)[0]).toMatchObject({ state: "settled", outcome: "withdrawn" });
  });

  it("given malformed messages and parts, should report problems and never throw", () => {
    const { state } = run([
      "not a list" as never,
      [
        null,
        42,
        { parts: "nope" },
        assistant({ type: "tool-x", state: "weird" }, { type: "dynamic-tool", toolCallId: 7 }),
      ],
    ]);
    expect(state.problems.length).toBeGreaterThanOrEqual(2);
    expect(selectRequests(state)).toEqual([]);
  });

  it("given a tool call that is not a picker, should park nothing", () => {
    const { state } = run([
      [assistant({ type: "tool-weather", toolCallId: "w", state: "input-available", input: { city: "Oslo" } })],
    ]);
    expect(selectRequests(state)).toEqual([]);
  });
});
