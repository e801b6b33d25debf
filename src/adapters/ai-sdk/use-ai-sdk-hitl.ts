"use client";
import { useTransport } from "../../react/use-transport";
import { type AiSdkChatLike, type AiSdkHitlOptions, type AiSdkHitlTransport, createAiSdkTransport } from "./transport";

/**
 * The kit over the AI SDK's `useChat()` (`@ai-sdk/react` 4):
 *
 *   const chat = useChat({ transport: new DefaultChatTransport({ api: "/api/chat" }),
 *                          sendAutomaticallyWhen: continueAfterAnswers });
 *   const hitl = useAiSdkHitl(chat);
 *   <HitlProvider transport={hitl} registry={registry}><HitlRenderer /></HitlProvider>
 *   // the chat box: hitl.sendMessage({ text }) — answers a waiting picker first
 *
 * Picker tool calls (no `execute`, input `{ prompt, ui }`) and tool approvals render as widgets;
 * each gets exactly one result through `addToolOutput` / `addToolApprovalResponse`.
 */
export function useAiSdkHitl(chat: AiSdkChatLike, options: AiSdkHitlOptions = {}): AiSdkHitlTransport {
  // One transport per chat id; the messages already there are fed at creation, so the first
  // render (server or client) shows the requests and hydration matches.
  return useTransport(
    chat.id,
    options,
    (latest) => createAiSdkTransport(chat, { onProblem: (problem) => latest.current.onProblem?.(problem) }),
    (transport) => transport.sync(chat),
  );
}
