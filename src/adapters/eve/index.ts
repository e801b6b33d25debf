"use client";
/** hitl-kit/adapters/eve — connects the kit to `useEveAgent` from `eve/react`. */
export { eveEventToAction, resolveEveKind } from "./convert";
export { type EveAgentLike, type UseEveHitlOptions, useEveHitl } from "./use-eve-hitl";
