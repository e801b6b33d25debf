"use client";
/**
 * hitl-kit/adapters/eve — connects the kit to `useEveAgent` from `eve/react`: the React half.
 * Each name comes from one entry: the transport is `hitl-kit/adapters/eve/transport`, eve's wire
 * (schemas, the answer envelope, the typed-answer mapping) `hitl-kit/adapters/eve/wire`.
 */
export { useEveHitl } from "./use-eve-hitl";
