"use client";
/**
 * hitl-kit/adapters/assistant-ui — assistant-ui (`@assistant-ui/react` 0.15) over its AI SDK
 * runtime (`@assistant-ui/react-ai-sdk` 1.4): picker tool calls and tool approvals as the
 * thread's tool UIs, answered by the AI SDK adapter's transport (`createAiSdkTransport` and
 * `continueAfterAnswers` from `hitl-kit/adapters/ai-sdk/transport`: each name comes from one
 * entry).
 */
export { HitlToolCall, type HitlToolUIOptions, HitlToolUIs, type HitlToolUIsProps, hitlToolUI } from "./tool-ui";
export { useAssistantUiHitl } from "./use-assistant-ui-hitl";
