// @vitest-environment node
import { Chat } from "@ai-sdk/react";
import { chatRoute } from "@mastra/ai-sdk";
import { DefaultChatTransport, type UIMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MastraPlaygroundServer, startMastraServer } from "../../playground/mastra/agent";
import { connectChat, continueAfterAnswers } from "../../src/adapters/ai-sdk/chat";
import { createAiSdkConverter } from "../../src/adapters/ai-sdk/convert";
import { createHitlClient } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import { builtInKinds } from "../../src/kinds";
import { until } from "../support/until";

/**
 * mastra#14818 — "the approval never reaches the UI": Mastra streams an agent to AI SDK UIs through
 * `@mastra/ai-sdk`'s `chatRoute`, whose default stream (`version: "v5"`) carries a tool approval only
 * as Mastra's own data part (`data-tool-call-approval`), never as the AI SDK's approval request.
 * A real `Chat` (`@ai-sdk/react`) on a real Mastra server shows it: the tool part stays
 * `input-available`, so nothing an AI SDK UI renders for approvals appears (the kit's AI SDK
 * converter parks nothing either). With `chatRoute({ version: "v7" })` Mastra also streams the
 * AI SDK's own `tool-approval-request`; the kit's AI SDK adapter parks it as the approval card
 * (keyed by Mastra's `<runId>::<toolCallId>`), and its one answer — `addToolApprovalResponse`,
 * continued with `continueAfterAnswers` — resumes exactly that call, once. (The Mastra adapter,
 * over `@mastra/client-js`, reads the same approval from Mastra's own stream: `mastra.test.ts`.)
 */

let mastra: MastraPlaygroundServer;
beforeAll(async () => {
  mastra = await startMastraServer({
    apiRoutes: [chatRoute({ path: "/chat/:agentId" }), chatRoute({ path: "/chat-v7/:agentId", version: "v7" })],
  });
});
afterAll(() => mastra.stop());

function chatOn(path: string, id: string) {
  return new Chat<UIMessage>({
    id,
    transport: new DefaultChatTransport({
      api: `${mastra.url}${path}/hitl-agent`,
      body: { memory: { thread: id, resource: "tester" } },
    }),
    sendAutomaticallyWhen: continueAfterAnswers,
  });
}

const toolParts = (chat: Chat<UIMessage>) =>
  chat.messages.flatMap((m) => m.parts).filter((part) => part.type === "tool-delete_file") as {
    state: string;
    toolCallId: string;
  }[];

describe("mastra#14818: an approval streamed to an AI SDK UI", () => {
  it("given Mastra's default chatRoute stream, without the kit the approval is only a data part: no approval request reaches the chat", async () => {
    const chat = chatOn("/chat", "v5-thread");
    await chat.sendMessage({ text: "delete file" });
    const parts = chat.messages.flatMap((m) => m.parts);
    expect(parts.map((part) => part.type)).toContain("data-tool-call-approval");
    expect(toolParts(chat).map((part) => part.state)).toEqual(["input-available"]);
    expect(parts.some((part) => "state" in part && part.state === "approval-requested")).toBe(false);
    // What an AI SDK UI (and the kit's AI SDK converter) reads: no approval to show.
    const action = createAiSdkConverter()(chat.messages);
    const requested = action?.type === "transport" ? action.changes.filter((c) => c.type === "requested") : [];
    expect(requested).toEqual([]);
    // And the tool waits, unrun, on an approval nobody was shown.
    const listing = await mastra.mastra.getAgent("hitlAgent").listSuspendedRuns({ threadId: "v5-thread" });
    expect(listing.runs.flatMap((run) => run.toolCalls.map((call) => call.toolName))).toEqual(["delete_file"]);
  });

  it("given chatRoute's AI SDK 7 stream, with the kit the approval is a card, and a double click approves that call once", async () => {
    const chat = chatOn("/chat-v7", "v7-thread");
    const transport = connectChat(chat);
    const client = createHitlClient({ transport, kinds: Object.values(builtInKinds), journal: noopJournal });
    const unmount = client.mount();
    await chat.sendMessage({ text: "delete file" });
    const [request] = selectRequests(client.store.getSnapshot());
    expect(request).toMatchObject({ kind: "approval", toolName: "delete_file", state: "open" });
    const toolCallId = toolParts(chat)[0]?.toolCallId ?? "";
    expect(request?.requestId).toMatch(new RegExp(`::${toolCallId}$`));
    const approve = { type: "value", value: { decision: "approve" } } as const;
    expect(client.answer(request?.requestId ?? "", approve).status).toBe("sent");
    expect(client.answer(request?.requestId ?? "", approve).status).toBe("already-answered");
    await until(() => toolParts(chat).at(-1)?.state === "output-available", "the tool's output");
    await until(() => chat.status === "ready", "the chat to finish");
    expect(client.getRequest(request?.requestId ?? "")).toMatchObject({ state: "settled", outcome: "approved" });
    expect(mastra.record.executions.get(`delete_file:${toolCallId}`)).toBe(1);
    const listing = await mastra.mastra.getAgent("hitlAgent").listSuspendedRuns({ threadId: "v7-thread" });
    expect(listing.runs).toEqual([]);
    unmount();
    transport.close();
  });
});
