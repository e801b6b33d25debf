"use client";
/**
 * hitl-kit/adapters/inbox — requests parked on a server (`createInbox` in `hitl-kit/server`),
 * answered from a page: `<HitlInbox>` / `useHitlInbox`, every request waiting for a person in one
 * list. This entry is the React half; the transport and its codecs, without React, come from
 * `hitl-kit/adapters/inbox/transport` (each name from one entry).
 */
export {
  HitlInbox,
  type HitlInboxProps,
  type HitlInboxState,
  inboxLabels,
  type UseHitlInboxOptions,
  useHitlInbox,
} from "./inbox";
export { groupKey, type InboxGroup, type InboxView, type InboxViewOptions, inboxView } from "./view";
