import {
  createTanStackAiTransport,
  type TanStackChatLike,
  type TanStackInterruptLike,
} from "../../src/adapters/tanstack-ai/transport";
import { createHitlClient } from "../../src/core/client";
import { approvalKind } from "../../src/kinds/native";
import { conformanceKind } from "../../src/testing/conformance";

/**
 * The transport's own decisions on a scripted chat-like object (what the real client does is in
 * `tanstack-ai.test.ts`): which client call an answer becomes, waiting for the run that asked,
 * and what a failing call means.
 */

const pickInput = { prompt: "Pick one", ui: { kind: "pick", ids: ["a", "b"] } };

function pickPart(state: string, extra: Record<string, unknown> = {}) {
  return {
    type: "tool-call",
    id: "call-1",
    name: "pick",
    arguments: JSON.stringify(pickInput),
    input: pickInput,
    state,
    ...extra,
  };
}

function deletePart() {
  return {
    type: "tool-call",
    id: "call-2",
    name: "delete_file",
    arguments: '{"path":"/x"}',
    input: { path: "/x" },
    state: "approval-requested",
    approval: { id: "approval_call-2", needsApproval: true },
  };
}

function fakeChat(parts: unknown[], extra: Partial<TanStackChatLike> = {}) {
  const calls: unknown[] = [];
  const chat = {
    messages: [{ id: "m1", role: "assistant", parts }],
    interrupts: [] as TanStackInterruptLike[],
    isLoading: false,
    resuming: false,
    addToolResult: vi.fn(async (result: unknown) => {
      calls.push(["addToolResult", result]);
    }),
    addToolApprovalResponse: vi.fn(async (response: unknown) => {
      calls.push(["addToolApprovalResponse", response]);
    }),
    ...extra,
  };
  return { chat, calls };
}

const noRetry = { attempts: 1, delayMs: () => 0 };

describe("createTanStackAiTransport", () => {
  it("given an answer while the run still streams, should wait for the run to end and then add one result", async () => {
    const { chat, calls } = fakeChat([pickPart("input-complete")], { isLoading: true });
    const transport = createTanStackAiTransport(chat);
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    expect(client.answer("call-1", { type: "value", value: { id: "a" } }).status).toBe("sent");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    transport.sync({ ...chat, isLoading: false });
    await client.whenIdle();
    expect(calls).toEqual([["addToolResult", { toolCallId: "call-1", tool: "pick", output: { id: "a" } }]]);
    expect(client.getRequest("call-1")?.state).toBe("responded");
  });

  it("given a run that never ends, should give up after waitMs with nothing sent, and reopen the request", async () => {
    const { chat, calls } = fakeChat([pickPart("input-complete")], { isLoading: true });
    const transport = createTanStackAiTransport(chat, { waitMs: 30 });
    const client = createHitlClient({ transport, kinds: [conformanceKind], retry: noRetry });
    client.answer("call-1", { type: "value", value: { id: "a" } });
    await client.whenIdle();
    expect(calls).toEqual([]);
    expect(client.getRequest("call-1")).toMatchObject({ state: "open", error: { kind: "rejected" } });
  });

  it("given a client call that throws, should count the answer as not sent", async () => {
    const { chat } = fakeChat([pickPart("input-complete")], {
      addToolResult: async () => {
        throw new Error("no such call");
      },
    });
    const client = createHitlClient({ transport: createTanStackAiTransport(chat), kinds: [conformanceKind] });
    client.answer("call-1", { type: "value", value: { id: "a" } });
    await client.whenIdle();
    expect(client.getRequest("call-1")).toMatchObject({
      state: "open",
      error: { kind: "rejected", message: "no such call" },
    });
  });

  it("given an approval without an interrupt (a server without them), should answer it with addToolApprovalResponse", async () => {
    const { chat, calls } = fakeChat([deletePart()]);
    const client = createHitlClient({ transport: createTanStackAiTransport(chat), kinds: [approvalKind] });
    client.answer("approval_call-2", { type: "declined", reason: "keep it" });
    await client.whenIdle();
    expect(calls).toEqual([["addToolApprovalResponse", { id: "approval_call-2", approved: false }]]);
  });

  it("given an approval the page registered (a tool-approval interrupt), should answer it through the client's own approval", async () => {
    const resolveInterrupt = vi.fn();
    const { chat, calls } = fakeChat([deletePart()], {
      interrupts: [{ id: "approval_call-2", kind: "tool-approval", status: "pending", resolveInterrupt }],
    });
    const client = createHitlClient({ transport: createTanStackAiTransport(chat), kinds: [approvalKind] });
    client.answer("approval_call-2", { type: "value", value: { decision: "approve" } });
    await client.whenIdle();
    expect(calls).toEqual([["addToolApprovalResponse", { id: "approval_call-2", approved: true }]]);
    expect(resolveInterrupt).not.toHaveBeenCalled();
  });

  it("given an approval whose interrupt is generic (the tool is the server's), should resolve the interrupt once", async () => {
    const resolveInterrupt = vi.fn();
    const { chat, calls } = fakeChat([deletePart()], {
      interrupts: [
        { id: "approval_call-2", kind: "generic", status: "pending", resolveInterrupt, metadata: { kind: "approval" } },
      ],
    });
    const client = createHitlClient({ transport: createTanStackAiTransport(chat), kinds: [approvalKind] });
    client.answer("approval_call-2", { type: "value", value: { decision: "approve" } });
    await client.whenIdle();
    expect(calls).toEqual([]);
    expect(resolveInterrupt.mock.calls).toEqual([[{ approved: true }]]);
  });

  it("given a call whose result is already in the messages, should refuse to add another", async () => {
    const { chat, calls } = fakeChat([pickPart("input-complete")]);
    const transport = createTanStackAiTransport(chat);
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    // Another page's result arrives between the render and the click.
    chat.messages = [
      {
        id: "m1",
        role: "assistant",
        parts: [
          pickPart("input-complete"),
          { type: "tool-result", toolCallId: "call-1", content: '{"id":"b"}', state: "complete" },
        ],
      },
    ];
    client.answer("call-1", { type: "value", value: { id: "a" } });
    await client.whenIdle();
    expect(calls).toEqual([]);
    expect(client.getRequest("call-1")?.error?.kind).toBe("unconfirmed");
  });

  it("given a picker's input streaming in, should announce its kind once, before it parks", () => {
    const streaming = {
      type: "tool-call",
      id: "call-1",
      name: "pick",
      arguments: '{"prompt":"Pick","ui":{"ki',
      state: "input-streaming",
    };
    const { chat } = fakeChat([streaming]);
    const transport = createTanStackAiTransport(chat);
    const expected: string[] = [];
    const delivered: unknown[] = [];
    transport.connect({ deliver: (action) => delivered.push(action), expect: (kind) => expected.push(kind) });
    transport.sync({
      ...chat,
      messages: [
        { id: "m1", role: "assistant", parts: [{ ...streaming, arguments: `${streaming.arguments}nd":"pick","ids"` }] },
      ],
    });
    transport.sync({ ...chat, messages: [{ id: "m1", role: "assistant", parts: [pickPart("input-complete")] }] });
    expect(expected).toEqual(["pick"]);
    expect(delivered).toHaveLength(1);
  });
});
