import { createTanStackAiConverter, type TanStackChatState } from "../../src/adapters/tanstack-ai/convert";
import { interruptResolution } from "../../src/adapters/tanstack-ai/encode";
import { parkTanStackInterrupt } from "../../src/adapters/tanstack-ai/interrupts";
import type { AnswerBody } from "../../src/core/answer";
import { createLedger, type LedgerAction, type LedgerState, reduceLedger, selectRequests } from "../../src/core/ledger";

/** The converter alone: TanStack AI chat states (`useChat`'s messages and interrupts) in, ledger actions out. */

const ui = { kind: "media", items: [{ id: "a", url: "/a.png" }] };
const input = { prompt: "Pick", ui };

function assistant(...parts: unknown[]) {
  return { id: "m1", role: "assistant", parts };
}

function pickPart(state: string, extra: Record<string, unknown> = {}) {
  return {
    type: "tool-call",
    id: "call-1",
    name: "pick_media",
    arguments: JSON.stringify(input),
    state,
    input,
    ...extra,
  };
}

function approvalPart(approval: Record<string, unknown>, state = "approval-requested") {
  return {
    type: "tool-call",
    id: "call-2",
    name: "delete_file",
    arguments: '{"path":"/x"}',
    state,
    input: { path: "/x" },
    approval: { id: "approval_call-2", needsApproval: true, ...approval },
  };
}

/** A generic interrupt as `useChat()` lists it (a bound snapshot). */
function generic(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    interruptId: id,
    kind: "generic",
    reason: "ask",
    message: "Who?",
    status: "pending",
    canResolve: true,
    ...extra,
  };
}

/**
 * Each state through the converter into a ledger. `answered`: what this page sent, given as the
 * client does (submitted, then accepted) once its request is open in the ledger.
 */
function run(
  states: readonly TanStackChatState[],
  answered: Readonly<Record<string, AnswerBody>> = {},
): { state: LedgerState; actions: (LedgerAction | null)[] } {
  const convert = createTanStackAiConverter();
  let state = createLedger();
  const actions = states.map((chat) => {
    const action = convert(chat);
    if (action) state = reduceLedger(state, action);
    for (const [requestId, answer] of Object.entries(answered)) {
      if (selectRequests(state).find((r) => r.requestId === requestId)?.state !== "open") continue;
      state = reduceLedger(state, { type: "submit", requestId, answer });
      state = reduceLedger(state, { type: "accepted", requestId });
    }
    return action;
  });
  return { state, actions };
}

const requests = (state: LedgerState) =>
  selectRequests(state).map((r) => [r.requestId, r.kind, r.toolName, r.state, r.outcome ?? null]);

describe("createTanStackAiConverter", () => {
  it("given a picker call still streaming, should park it once its input is complete", () => {
    const { state, actions } = run([
      {
        messages: [
          assistant({
            type: "tool-call",
            id: "call-1",
            name: "pick_media",
            arguments: '{"prompt":"Pi',
            state: "input-streaming",
          }),
        ],
      },
      { messages: [assistant(pickPart("input-complete"))] },
    ]);
    expect(actions[0]).toBeNull();
    expect(requests(state)).toEqual([["call-1", "media", "pick_media", "open", null]]);
    expect(selectRequests(state)[0]).toMatchObject({ prompt: "Pick", payload: ui });
    expect(selectRequests(state)[0]?.native).toBeUndefined();
  });

  it("given input only in `arguments`, should read the call from them", () => {
    const { input: _input, ...part } = pickPart("input-complete");
    const { state } = run([{ messages: [assistant(part)] }]);
    expect(requests(state)).toEqual([["call-1", "media", "pick_media", "open", null]]);
  });

  it("given the same state again (a re-render), should report nothing new", () => {
    const messages = [assistant(pickPart("input-complete"))];
    const { actions } = run([{ messages }, { messages: [...messages] }]);
    expect(actions[1]).toBeNull();
  });

  it("given the call's typed output, a decline and an error result, should settle with what the chat holds", () => {
    const answered = run([
      { messages: [assistant(pickPart("input-complete"))] },
      { messages: [assistant(pickPart("complete", { output: { ids: ["a"] } }))] },
    ]);
    expect(selectRequests(answered.state)[0]).toMatchObject({
      state: "settled",
      outcome: "answered",
      resolution: { type: "value", value: { ids: ["a"] } },
    });
    const declined = run([
      {
        messages: [
          assistant(pickPart("input-complete"), {
            type: "tool-result",
            toolCallId: "call-1",
            content: '{"declined":true,"reason":"no"}',
            state: "complete",
          }),
        ],
      },
    ]);
    expect(selectRequests(declined.state)[0]?.resolution).toEqual({ type: "declined", reason: "no" });
    const failed = run([
      {
        messages: [
          assistant(pickPart("input-complete"), {
            type: "tool-result",
            toolCallId: "call-1",
            content: '{"error":"Tool execution cancelled"}',
            state: "error",
            error: "Tool execution cancelled",
          }),
        ],
      },
    ]);
    expect(selectRequests(failed.state)[0]).toMatchObject({ state: "settled", outcome: "withdrawn" });
  });

  it("given a tool awaiting approval, should park a native approval keyed by its approval id, settled by the verdict", () => {
    const { state } = run([
      { messages: [assistant(approvalPart({}))] },
      { messages: [assistant(approvalPart({ approved: false }, "approval-responded"))] },
    ]);
    expect(requests(state)).toEqual([["approval_call-2", "approval", "delete_file", "settled", "denied"]]);
    expect(selectRequests(state)[0]).toMatchObject({
      native: true,
      callId: "call-2",
      payload: { kind: "approval", toolName: "delete_file", input: { path: "/x" } },
      resolution: { type: "value", value: { decision: "deny" } },
    });
  });

  it("given a model-written ui.kind of approval, should not make it a native approval", () => {
    const { state } = run([
      { messages: [assistant(pickPart("input-complete", { input: { prompt: "Ok?", ui: { kind: "approval" } } }))] },
    ]);
    expect(selectRequests(state)[0]).toMatchObject({ kind: "approval" });
    expect(selectRequests(state)[0]?.native).toBeUndefined();
  });

  it("given a call that leaves the list, should withdraw what it left unanswered", () => {
    const { state } = run([{ messages: [assistant(pickPart("input-complete"))] }, { messages: [] }]);
    expect(requests(state)).toEqual([["call-1", "media", "pick_media", "settled", "withdrawn"]]);
  });

  it("given a malformed tool call, should report a problem and never throw", () => {
    const { state } = run([
      { messages: [assistant({ type: "tool-call", id: "call-9", name: 3, state: "nope" })] },
      { messages: "nope" as unknown as unknown[] },
      { messages: [null, { parts: "x" }, assistant(null, 4, { type: "tool-result" })] },
    ]);
    expect(selectRequests(state)).toEqual([]);
    expect(state.problems.map((p) => p.eventType)).toEqual(["tool-call", "messages"]);
    expect(state.problems[0]?.issues[0]?.path.slice(0, 4)).toEqual(["messages", 0, "parts", 0]);
  });

  it("given tool-bound interrupts, should leave them to their tool call parts", () => {
    const clientTool = generic("client_tool_call-1", {
      reason: "tanstack:client_tool_execution",
      metadata: {
        kind: "client_tool",
        toolName: "pick_media",
        input,
        "tanstack:interruptBinding": { kind: "client-tool-execution" },
      },
    });
    const approval = generic("approval_call-2", {
      reason: "tool_call",
      metadata: { kind: "approval", toolName: "x", input: {} },
    });
    const { state } = run([
      { messages: [assistant(pickPart("input-complete"), approvalPart({}))], interrupts: [clientTool, approval] },
    ]);
    expect(requests(state).map(([id]) => id)).toEqual(["call-1", "approval_call-2"]);
  });

  it("given an approval interrupt whose call part lost its approval (restored messages), should park the approval from the interrupt", () => {
    const interrupt = generic("approval_call-2", {
      reason: "tool_call",
      metadata: {
        kind: "approval",
        toolName: "delete_file",
        input: { path: "/x" },
        "tanstack:interruptBinding": { kind: "tool-approval", toolCallId: "call-2", toolName: "delete_file" },
      },
    });
    const part = { ...approvalPart({}, "input-complete"), approval: undefined };
    const approve: AnswerBody = { type: "value", value: { decision: "approve" } };
    const { state } = run(
      [
        { messages: [assistant(part)], interrupts: [interrupt] },
        { messages: [assistant(part)], interrupts: [], resuming: true },
        { messages: [assistant(part)], interrupts: [] },
      ],
      { "approval_call-2": approve },
    );
    expect(requests(state)).toEqual([["approval_call-2", "approval", "delete_file", "settled", "approved"]]);
    // The same interrupt denied here concludes as denied, with the page's note.
    const deny: AnswerBody = { type: "value", value: { decision: "deny", note: "not /x" } };
    const denied = run(
      [
        { messages: [assistant(part)], interrupts: [interrupt] },
        { messages: [assistant(part)], interrupts: [], resuming: true },
        { messages: [assistant(part)], interrupts: [] },
      ],
      { "approval_call-2": deny },
    );
    expect(selectRequests(denied.state)[0]).toMatchObject({ state: "settled", outcome: "denied", resolution: deny });
    expect(selectRequests(state)[0]).toMatchObject({
      native: true,
      callId: "call-2",
      payload: { kind: "approval", toolName: "delete_file", input: { path: "/x" } },
    });
  });

  it("given generic interrupts, should park the kit's payload as its kind, a response schema as a form, else the fallback", () => {
    const { state } = run([
      {
        messages: [],
        interrupts: [
          generic("i-kit", {
            reason: "hitl-kit:media",
            message: "Pick one",
            metadata: { "tanstack:interruptPayload": input },
          }),
          generic("i-form", {
            responseSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
          }),
          generic("i-free", { metadata: { "tanstack:interruptPayload": { note: "x" } } }),
          { id: "i-foreign", kind: "unbound", reason: "workflow", canResolve: false },
        ],
      },
    ]);
    expect(requests(state)).toEqual([
      ["i-kit", "media", "hitl-kit:media", "open", null],
      ["i-form", "form", "ask", "open", null],
      ["i-free", "", "ask", "open", null],
    ]);
    const [kit, form, free] = selectRequests(state);
    expect(kit).toMatchObject({ prompt: "Pick", payload: ui, callId: "interrupt:i-kit", dismissible: true });
    expect(form?.payload).toMatchObject({ kind: "form", fields: [{ name: "name", type: "text", required: true }] });
    expect(free?.issues?.[0]?.message).toMatch(/no kind and no response schema/);
  });

  it("given a resolved interrupt, should keep it open while its batch is sent and settle it with the answer after", () => {
    const interrupt = generic("i-1", { metadata: { "tanstack:interruptPayload": input } });
    const answer: AnswerBody = { type: "value", value: { ids: ["a"] } };
    const { state, actions } = run(
      [
        { messages: [], interrupts: [interrupt] },
        { messages: [], interrupts: [], resuming: true },
        { messages: [], interrupts: [], resuming: false },
      ],
      { "i-1": answer },
    );
    expect(actions[1]).toBeNull();
    expect(selectRequests(state)[0]).toMatchObject({ state: "settled", outcome: "answered", resolution: answer });
  });

  it("given an interrupt that leaves the list unanswered here, should withdraw it", () => {
    const { state } = run([
      { messages: [], interrupts: [generic("i-1", { responseSchema: { type: "object", properties: {} } })] },
      { messages: [], interrupts: [] },
    ]);
    expect(requests(state)).toEqual([["i-1", "form", "ask", "settled", "withdrawn"]]);
  });
});

describe("interruptResolution", () => {
  const kit = parkTanStackInterrupt(generic("i-kit", { metadata: { "tanstack:interruptPayload": input } }));
  const form = parkTanStackInterrupt(
    generic("i-form", {
      responseSchema: { type: "object", properties: { name: { type: "string" }, age: { type: "number" } } },
    }),
  );

  it("given the kit's interrupt, should resolve with the kind's typed result and cancel only a dismissal", () => {
    if (!kit) throw new Error("not parked");
    expect(interruptResolution("i-kit", { type: "value", value: { ids: ["a"] } }, kit.answering)).toEqual({
      status: "resolved",
      payload: { ids: ["a"] },
    });
    expect(interruptResolution("i-kit", { type: "declined", reason: "no" }, kit.answering)).toEqual({
      status: "resolved",
      payload: { declined: true, reason: "no" },
    });
    expect(interruptResolution("i-kit", { type: "dismissed" }, kit.answering)).toEqual({ status: "cancelled" });
  });

  it("given a schema interrupt, should resolve with the form's content and cancel anything else", () => {
    if (!form) throw new Error("not parked");
    const values = { values: { name: "Ann", age: 3 } };
    expect(interruptResolution("i-form", { type: "value", value: values }, form.answering)).toEqual({
      status: "resolved",
      payload: { name: "Ann", age: 3 },
    });
    expect(interruptResolution("i-form", { type: "declined" }, form.answering)).toEqual({ status: "cancelled" });
    // The server checks the payload against the schema: the person's words cannot be one.
    expect(interruptResolution("i-form", { type: "reply", text: "later" }, form.answering)).toEqual({
      status: "cancelled",
    });
  });

  it("given an interrupt without a schema, should resolve with the person's words as the typed marker", () => {
    const free = parkTanStackInterrupt(generic("i-free", { metadata: { "tanstack:interruptPayload": { note: "x" } } }));
    if (!free) throw new Error("not parked");
    expect(interruptResolution("i-free", { type: "reply", text: "later" }, free.answering)).toEqual({
      status: "resolved",
      payload: { reply: "later" },
    });
    expect(interruptResolution("i-free", { type: "declined" }, free.answering)).toEqual({ status: "cancelled" });
  });
});
