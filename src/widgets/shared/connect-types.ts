import type { HitlIssue } from "../../core/issues";

/**
 * What every picker's `connect` shares: how the machine is sent an event, and what became of a
 * submit (`useAnswer`'s outcome fits). Each picker names them after itself (`MultiSelectSend`, …).
 */

/** Sends the machine an event (the hook's `dispatch`, or a port's own loop). */
export type Send<Event> = (event: Event) => void;

/** What became of a submit: ignored (not interactive), refused or invalid with issues, or sent. */
export type SubmitOutcome<Issue = HitlIssue> =
  | { readonly type: "ignored" }
  | { readonly type: "sent" }
  | { readonly type: "invalid" | "refused"; readonly issues: readonly Issue[] };
