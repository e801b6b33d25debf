"use client";
/** hitl-kit/adapters/eve — connects the kit to `useEveAgent` from `eve/react`. */
export { APPROVE_OPTION_ID, DENY_OPTION_ID, fromEveResponse, toEveInputResponse } from "./answers";
export { createEveConverter, eveEventToAction, resolveEveKind } from "./convert";
export { type EveAgentLike, type UseEveHitlOptions, useEveHitl } from "./use-eve-hitl";
