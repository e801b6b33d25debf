"use client";
/**
 * hitl-kit/adapters/tanstack-ai — TanStack AI (`@tanstack/ai` 0.58 `chat()`, `@tanstack/ai-react`'s
 * `useChat`): picker tool calls, tool approvals and generic interrupts as widgets. Without React:
 * `hitl-kit/adapters/tanstack-ai/transport` (each name from one entry).
 */
export { useTanStackAiHitl } from "./use-tanstack-ai-hitl";
