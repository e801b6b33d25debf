"use client";
import { useAISDKChat } from "@assistant-ui/react-ai-sdk";
import type { AiSdkChatLike, AiSdkHitlOptions, AiSdkHitlTransport } from "../ai-sdk/transport";
import { useAiSdkHitl } from "../ai-sdk/use-ai-sdk-hitl";

/**
 * The kit over assistant-ui's AI SDK runtime (`useChatRuntime`, or `useAISDKRuntime(useChat())`,
 * from `@assistant-ui/react-ai-sdk`), under its `AssistantRuntimeProvider`: the AI SDK adapter's
 * transport for the chat behind the runtime, so each answer goes out once, through the kit's
 * gate, as `addToolOutput` / `addToolApprovalResponse` — never through a tool UI's `addResult`.
 *
 *   const hitl = useAssistantUiHitl();
 *   <HitlProvider transport={hitl}><HitlToolUIs toolNames={["pick_media"]} /><Thread /></HitlProvider>
 */
export function useAssistantUiHitl(options: AiSdkHitlOptions = {}): AiSdkHitlTransport {
  // `useChatRuntime` mounts its thread after the first render: until then there is no chat, and
  // no tool call to answer.
  const chat: AiSdkChatLike | undefined = useAISDKChat();
  return useAiSdkHitl(chat ?? noChat, options);
}

const notMounted = () => Promise.reject(new Error("hitl-kit: assistant-ui's thread is not mounted yet"));

/** The chat before assistant-ui's thread is there: no messages, so nothing to answer. */
const noChat: AiSdkChatLike = {
  id: "assistant-ui:no-thread",
  messages: [],
  setMessages() {},
  sendMessage: notMounted,
  addToolOutput: notMounted,
  addToolApprovalResponse: notMounted,
};
