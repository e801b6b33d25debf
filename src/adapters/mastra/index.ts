"use client";
/**
 * hitl-kit/adapters/mastra — a Mastra agent's tool approvals and suspensions (`@mastra/core` 1.x,
 * resumed through `@mastra/client-js`) as widgets. Without React: `hitl-kit/adapters/mastra/transport`.
 */
export * from "./transport";
export { useMastraHitl } from "./use-mastra-hitl";
