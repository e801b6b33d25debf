"use client";
/** hitl-kit/adapters/ai-sdk — the AI SDK's `useChat` (`ai` 7, `@ai-sdk/react` 4): picker tool calls and tool approvals as widgets. */
export { chatLike, connectChat, continueAfterAnswers } from "./chat";
export { createAiSdkConverter } from "./convert";
export {
  type AiSdkChatLike,
  type AiSdkHitlOptions,
  type AiSdkHitlTransport,
  createAiSdkTransport,
  REPLIED_IN_CHAT_REASON,
} from "./transport";
export { useAiSdkHitl } from "./use-ai-sdk-hitl";
