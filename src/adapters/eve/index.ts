"use client";
/**
 * hitl-kit/adapters/eve — connects the kit to `useEveAgent` from `eve/react`. Without React:
 * `hitl-kit/adapters/eve/transport` (and eve's wire in `hitl-kit/adapters/eve/wire`).
 */
export * from "./transport";
export { useEveHitl } from "./use-eve-hitl";
