"use client";
/**
 * hitl-kit/adapters/inbox — requests parked on a server (`createInbox` in `hitl-kit/server`),
 * answered from a page: the inbox transport, and `<HitlInbox>` / `useHitlInbox`, every request
 * waiting for a person in one list. Without React: `hitl-kit/adapters/inbox/transport`.
 */
export {
  HitlInbox,
  type HitlInboxProps,
  type HitlInboxState,
  inboxLabels,
  type UseHitlInboxOptions,
  useHitlInbox,
} from "./inbox";
export * from "./transport";
export { groupKey, type InboxGroup, type InboxView, type InboxViewOptions, inboxView } from "./view";
