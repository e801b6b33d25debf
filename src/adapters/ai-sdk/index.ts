"use client";
/**
 * hitl-kit/adapters/ai-sdk — the AI SDK's `useChat` (`ai` 7, `@ai-sdk/react` 4): picker tool calls
 * and tool approvals as widgets. This entry is the React half; the transport and its codecs,
 * without React, come from `hitl-kit/adapters/ai-sdk/transport` (each name from one entry).
 */
export { useAiSdkHitl } from "./use-ai-sdk-hitl";
