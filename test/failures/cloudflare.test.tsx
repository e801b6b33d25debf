import { Chat } from "@ai-sdk/react";
import { act, render, screen, waitFor } from "@testing-library/react";
import { convertToModelMessages, DefaultChatTransport, type UIMessage } from "ai";
import { createChatRoute, tools } from "../../playground/ai-sdk/route";
import { chatLike } from "../../src/adapters/ai-sdk/chat";
import { createAiSdkTransport } from "../../src/adapters/ai-sdk/transport";
import { createHitlClient } from "../../src/core/client";
import { approvalKind } from "../../src/kinds/native";
import { checkTranscript } from "../../src/server/transcript";
import {
  type AiSdkChatLike,
  ChatPage,
  expectOneResultPerCall,
  say,
  toolResultOutputs,
  waitForReady,
} from "../support/ai-sdk-page";

/**
 * Cloudflare: `@cloudflare/ai-chat` left a denied approval in `approval-responded`; the AI SDK
 * version it used produced no tool result for it, and the next provider call failed with
 * "tool_use ids were found without tool_result blocks". `ai` 7 now turns a denied
 * `approval-responded` into a result (checked below), but the same class of failure is still
 * easy to reach in a `useChat` app. Each case first fails without the kit, then holds with it.
 */

const user = (id: string, text: string): UIMessage => ({ id, role: "user", parts: [{ type: "text", text }] });

function approvalResponded(approved: boolean, reason?: string): UIMessage {
  return {
    id: "a1",
    role: "assistant",
    parts: [
      { type: "step-start" },
      {
        type: "tool-delete_file",
        toolCallId: "call-del",
        state: "approval-responded",
        input: { path: "notes/old.md" },
        approval: { id: "ap-1", approved, ...(reason ? { reason } : {}) },
      },
    ],
  } as UIMessage;
}

function chatOn(route: ReturnType<typeof createChatRoute>, messages: UIMessage[]) {
  return new Chat({
    messages,
    transport: new DefaultChatTransport({
      api: "http://chat.test/api/chat",
      fetch: (input, init) => route.POST(new Request(String(input), init as RequestInit)),
    }),
  });
}

describe("cloudflare: a tool call left without a result", () => {
  it("given the Cloudflare-shaped history (a denied call with no result), should be flagged by checkTranscript; ai 7 now converts it with a result", async () => {
    // What the older AI SDK made of a denied `approval-responded`: the call, and nothing after it.
    const cloudflare = [
      { role: "user", content: [{ type: "text", text: "delete notes/old.md" }] },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "call-del", toolName: "delete_file", input: {} }],
      },
      { role: "user", content: [{ type: "text", text: "why did nothing happen?" }] },
    ];
    expect(checkTranscript(cloudflare)).toEqual([{ type: "missing-result", toolCallId: "call-del" }]);
    const converted = await convertToModelMessages([user("u1", "delete file"), approvalResponded(false, "no")], {
      tools,
    });
    expect(checkTranscript(converted)).toEqual([]);
  });

  it("given a picker still waiting when the person types in the chat (no kit), should send a call without a result and fail", async () => {
    const route = createChatRoute();
    render(<ChatPage route={route} raw />);
    say("pick media");
    await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 });
    await waitForReady();
    say("actually, use the lighthouse");
    await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent("error"), { timeout: 5000 });
    // The AI SDK refuses the prompt before any provider sees it: the call had no result.
    expect(route.model.doStreamCalls).toHaveLength(1);
    expect(String(route.errors[0])).toMatch(/Tool result is missing for tool call/);
  });

  it("given a picker still waiting when the person types in the chat (kit), should answer it 'replied in chat' first and go on", async () => {
    const route = createChatRoute();
    let chat: AiSdkChatLike | undefined;
    render(<ChatPage route={route} onChat={(c) => (chat = c)} />);
    say("pick media");
    await screen.findByRole("option", { name: /alpine lake/ }, { timeout: 5000 });
    await waitForReady();
    say("actually, use the lighthouse");
    await waitFor(() => expect(route.model.doStreamCalls).toHaveLength(2), { timeout: 5000 });
    await waitForReady();
    expect(toolResultOutputs(route)).toEqual([{ type: "json", value: { reply: "actually, use the lighthouse" } }]);
    await expectOneResultPerCall(route, chat?.messages ?? []);
    // The picker is over: no widget is left to answer (its one result is the reply).
    expect(screen.queryByRole("option", { name: /alpine lake/ })).toBeNull();
  });

  it("given a reload between an approval and the tool's execution, then a new message (no kit), should fail: the approved call has no result", async () => {
    const route = createChatRoute();
    const chat = chatOn(route, [user("u1", "delete file"), approvalResponded(true)]);
    await chat.sendMessage({ text: "is it done?" });
    expect(chat.status).toBe("error");
    expect(String(route.errors[0])).toMatch(/Tool result is missing for tool call call-del/);
    expect(route.model.doStreamCalls).toHaveLength(0);
  });

  it("given a reload between an approval and the tool's execution, then a new message (kit), should run the tool once, then send the message", async () => {
    const route = createChatRoute();
    const chat = chatOn(route, [user("u1", "delete file"), approvalResponded(true)]);
    const client = createHitlClient({ transport: createAiSdkTransport(chatLike(chat)), kinds: [approvalKind] });
    // After the reload the approval shows as given; nothing is open to answer.
    expect(client.store.getSnapshot().problems).toEqual([]);
    await act(async () => {
      await client.sendMessage({ text: "is it done?" });
    });
    expect(chat.status).toBe("ready");
    expect(route.model.doStreamCalls).toHaveLength(2);
    const prompt = route.model.doStreamCalls.at(-1)?.prompt ?? [];
    expect(checkTranscript(prompt)).toEqual([]);
    const results = prompt.flatMap((m) => (m.role === "tool" ? m.content.filter((p) => p.type === "tool-result") : []));
    expect(results.map((r) => [r.toolCallId, r.output])).toEqual([
      ["call-del", { type: "json", value: { deleted: "notes/old.md" } }],
    ]);
    expect(prompt.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "is it done?" }] });
  });
});
