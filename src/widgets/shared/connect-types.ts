import type { HitlIssue } from "../../core/issues";

/**
 * What every picker's `connect` shares: how the machine is sent an event, and what became of a
 * submit (`useAnswer`'s outcome fits). Each picker names them after itself (`Send<MultiSelectEvent>`, …).
 */

/** Sends the machine an event (the hook's `dispatch`, or a port's own loop). */
export type Send<Event> = (event: Event) => void;

/** What became of a submit: ignored (not interactive), refused or invalid with issues, or sent. */
export type SubmitOutcome<Issue = HitlIssue> =
  | { readonly type: "ignored" }
  | { readonly type: "sent" }
  | { readonly type: "invalid" | "refused"; readonly issues: readonly Issue[] };

/** An issue as the pickers show it: its message. */
export interface MessageIssue {
  readonly message: string;
}

/** What every picker's `connect` is given besides its state: ids, labels and the one submit. */
export interface ConnectContext<Labels, Value = unknown, Issue = MessageIssue> {
  /** A unique base for the parts' ids. */
  readonly id: string;
  readonly labels: Labels;
  /** Validates the value (unless the machine did) and sends it once. */
  readonly submit: (value: Value) => SubmitOutcome<Issue>;
}
