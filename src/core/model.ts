import type { AnswerBody } from "./answer";
import type { HitlIssue } from "./issues";

/**
 * The transport-neutral model of a parked request. Adapters (`src/adapters/*`) translate
 * their own events into these shapes; the ledger and everything above it only know these.
 */

/** A choice the transport itself offers (an approval's approve/deny, a select question's options). */
export interface RequestOption {
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly style?: "danger" | "default" | "primary";
}

/** What an adapter knows about a request when it first sees it. `payload` is not parsed yet. */
export interface ParkedRequestInit {
  readonly requestId: string;
  /** The tool call this request belongs to (the call that gets exactly one result). */
  readonly callId: string;
  readonly toolName: string;
  readonly prompt: string;
  /**
   * The registry key: `ui.kind` for typed pickers, or a native kind (`approval`, `question`,
   * `text`) for requests the transport itself marks as such (`native`).
   */
  readonly kind: string;
  /**
   * The transport itself asked (a tool-approval gate, its own question), not a model-written
   * payload. Only such requests may use the reserved native kind names: a model that writes
   * `ui.kind: "approval"` must not get an approval card (see `RESERVED_KINDS`).
   */
  readonly native?: boolean;
  /**
   * The transport has an answer for "closed without deciding" (MCP's `cancel`): the renderer
   * offers a close button and Escape, which send `{ type: "dismissed" }`.
   */
  readonly dismissible?: boolean;
  /**
   * The adapter could not turn the request into a widget safely (e.g. a schema outside what it
   * supports): the registry renders the fallback with these issues instead of any widget.
   */
  readonly issues?: readonly HitlIssue[];
  /** The kind's request payload as received; the registry parses it with the kind's schema. */
  readonly payload: unknown;
  readonly options?: readonly RequestOption[];
  readonly allowFreeform?: boolean;
  /**
   * Requests asked together (one step's parallel tool calls, one interrupt's actions): two or
   * more open approvals of one batch get an "Approve all" that still sends one answer per request.
   */
  readonly batch?: string;
  /** The turn that asked: its end withdraws what it left unanswered (unless a task asked). */
  readonly turnId?: string;
  readonly taskId?: string;
  /** A relayed request's serving call (a sub-agent's request relayed by its parent), when it differs. */
  readonly parentCallId?: string;
}

/** This client's view of a request's lifecycle (see the ledger for the transitions). */
export type RequestState = "open" | "submitting" | "responded" | "settled";

/** How a settled request ended. `withdrawn`: its call, turn or session ended without an answer. */
export type Outcome = "answered" | "approved" | "denied" | "cancelled" | "ignored" | "invalid" | "withdrawn";

/** Why a submission did not go through. */
export interface SubmitError {
  readonly message: string;
  /**
   * `rejected`: the transport definitively did not take it (the request reopens);
   * `unconfirmed`: it may have reached the server (the request stays locked until the stream tells).
   */
  readonly kind: "rejected" | "unconfirmed";
  readonly issues?: readonly HitlIssue[];
}

/** One request as the ledger tracks it. Immutable: a change produces a new object. */
export interface ParkedRequest extends ParkedRequestInit {
  /** Arrival order in this session; the renderer queues oldest first. */
  readonly seq: number;
  readonly state: RequestState;
  /** Set once `state` is `settled`. */
  readonly outcome?: Outcome;
  /** The answer the server recorded, when it told us (read back by the adapter). */
  readonly resolution?: AnswerBody;
  /** The answer this client submitted (kept for retry and for the receipt). */
  readonly submitted?: AnswerBody;
  readonly error?: SubmitError;
  /** Another device answered it first; `resolution` holds what was chosen there, when told. */
  readonly answeredElsewhere?: true;
  /**
   * It settled, without saying with which answer, while this client's answer was still on its
   * way: whether `submitted` is the answer that counted is not known until the send's result
   * (taken: it was; refused: another device's was). Until then no answer is shown as recorded.
   */
  readonly unconfirmedAnswer?: boolean;
}

/**
 * Kind names reserved for requests the transport marks `native`. A payload-declared kind with one
 * of these names renders the fallback instead of the native widget.
 */
export const RESERVED_KINDS: readonly string[] = ["approval", "question", "text", "open-url"];

/**
 * Whether a request's payload borrowed a kind name reserved for the transport's own requests: it
 * is then neither rendered nor judged by that kind (a model writing `ui.kind: "approval"` must not
 * get an approval card). The one statement of the rule: the render decision and the client read it.
 */
export function usesReservedKind(request: { readonly kind: string; readonly native?: boolean | undefined }): boolean {
  return request.native !== true && RESERVED_KINDS.includes(request.kind);
}
