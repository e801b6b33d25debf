"use client";
/**
 * hitl-kit/adapters/ai-sdk — the AI SDK's `useChat` (`ai` 7, `@ai-sdk/react` 4): picker tool calls
 * and tool approvals as widgets. Without React: `hitl-kit/adapters/ai-sdk/transport`.
 */
export * from "./transport";
export { useAiSdkHitl } from "./use-ai-sdk-hitl";
