import { type AnswerBody, approvalOutcome } from "./answer";
import type { HitlIssue } from "./issues";
import type { Outcome, ParkedRequest, ParkedRequestInit, SubmitError } from "./model";
import { emptyMap, forEachIn, getIn, type PMap, setIn } from "./persistent-map";

/**
 * The ledger: a pure reducer from transport changes and local actions to the set of parked
 * requests. It is the single owner of "has this client answered this request".
 *
 *   open ──submit──▶ submitting ──accepted──▶ responded ──(server)──▶ settled(outcome)
 *    ▲                 │  │ failed(rejected)        │
 *    └─────────────────┘  └ failed(unconfirmed): stays locked until the stream tells, or `reopen`
 *   open ──(server: cancelled | ignored | withdrawn …)──▶ settled
 *
 * Invariant: `submit` is only taken from `open`. A request leaves `open` on submit and only comes
 * back when the submission definitively did not reach the server (`failed` with kind `rejected`,
 * or `reopen` after catch-up showed the server never received it). Settled is final.
 *
 * Cost: every action touches O(1) requests through persistent maps; events that concern no
 * request return the same state object, so a long replay allocates nothing for them.
 */

/** One thing a transport event says about requests (adapters produce these). */
export type LedgerChange =
  | { readonly type: "requested"; readonly request: ParkedRequestInit }
  | {
      readonly type: "resolved";
      readonly requestId: string;
      readonly outcome: Outcome;
      readonly response?: AnswerBody;
      /**
       * Authoritative resolutions (the server's record of the answer) are final. Provisional ones
       * (an approval's early verdict, a call's result) settle a request but give way to an authoritative one.
       */
      readonly authoritative: boolean;
    }
  /** The tool call finished: whatever it asked and nobody answered is withdrawn. */
  | { readonly type: "call-ended"; readonly callId: string }
  /**
   * The server is done with one request without saying how (TanStack AI: an interrupt left the
   * list once its run resumed): it ended with the answer this client sent, if one went out — the
   * server took nothing else, so that is authoritative — else it was withdrawn. The ledger reads
   * its own record of what was sent, so no transport keeps one. `approval`: the answer is a
   * decision (approved, or denied by a deny).
   */
  | { readonly type: "concluded"; readonly requestId: string; readonly approval?: boolean }
  /** The turn was cancelled or failed: its unanswered requests (except tasks') are withdrawn. */
  | { readonly type: "turn-ended"; readonly turnId: string }
  | { readonly type: "session-ended" }
  /**
   * This client's answer was refused because another device had already answered (a server-side
   * guard said so, with what was chosen): settles the request provisionally with that answer —
   * the server's own resolution still wins when it arrives — and marks it answered elsewhere.
   */
  | { readonly type: "answered-elsewhere"; readonly requestId: string; readonly response?: AnswerBody }
  /**
   * One part of an event failed validation (e.g. one request of several): recorded as a problem
   * while the event's other parts still apply.
   */
  | { readonly type: "problem"; readonly eventType: string; readonly issues: readonly HitlIssue[] };

export type LedgerAction =
  /** One transport event. `eventId` (a stream event id) dedupes replays and reconnects. */
  | { readonly type: "transport"; readonly eventId?: string; readonly changes: readonly LedgerChange[] }
  /** A transport event that failed validation: recorded as a problem, never thrown. */
  | {
      readonly type: "malformed";
      readonly eventId?: string;
      readonly eventType: string;
      readonly issues: readonly HitlIssue[];
    }
  | { readonly type: "submit"; readonly requestId: string; readonly answer: AnswerBody }
  | { readonly type: "accepted"; readonly requestId: string }
  | { readonly type: "failed"; readonly requestId: string; readonly error: SubmitError }
  /** Send the same answer again after a `rejected` failure. */
  | { readonly type: "retry"; readonly requestId: string }
  /** Catch-up showed the server never received this client's answer: it may be answered again. */
  | { readonly type: "reopen"; readonly requestId: string; readonly message?: string }
  /** After a reload: this client was sending `answer` when the page went away (unconfirmed). */
  | { readonly type: "restore"; readonly requestId: string; readonly answer: AnswerBody };

/** A converted transport event: what an adapter's converter makes of one event. */
export type TransportAction = Extract<LedgerAction, { type: "transport" | "malformed" }>;

export interface LedgerProblem {
  readonly eventId?: string;
  readonly eventType: string;
  readonly issues: readonly HitlIssue[];
}

interface Settlement {
  readonly outcome: Outcome;
  readonly response?: AnswerBody;
  readonly authoritative: boolean;
}

/** What arrived for a request before the request itself (replays, interleaving, reload). */
interface EarlyNews {
  readonly settlement?: Settlement;
  readonly restored?: AnswerBody;
}

interface Entry {
  readonly request: ParkedRequest;
  /** Whether the settlement (if any) came from an authoritative source. */
  readonly authoritative: boolean;
}

export interface LedgerState {
  /** @internal */ readonly entries: PMap<Entry>;
  /** @internal */ readonly early: PMap<EarlyNews>;
  /** @internal */ readonly seen: PMap<true>;
  /** @internal requestIds by tool call (own `callId` and a relayed request's serving call). */
  readonly byCall: PMap<readonly string[]>;
  /** @internal */ readonly byTurn: PMap<readonly string[]>;
  /** @internal calls and turns already over, for requests that show up after the fact. */
  readonly ended: PMap<true>;
  readonly sessionEnded: boolean;
  readonly nextSeq: number;
  /** The most recent problems (bounded), newest last. */
  readonly problems: readonly LedgerProblem[];
}

export const MAX_PROBLEMS = 50;

export function createLedger(): LedgerState {
  return {
    entries: emptyMap(),
    early: emptyMap(),
    seen: emptyMap(),
    byCall: emptyMap(),
    byTurn: emptyMap(),
    ended: emptyMap(),
    sessionEnded: false,
    nextSeq: 0,
    problems: [],
  };
}

export function reduceLedger(state: LedgerState, action: LedgerAction): LedgerState {
  switch (action.type) {
    case "transport": {
      if (action.eventId !== undefined && getIn(state.seen, action.eventId)) return state;
      let next = state;
      for (const change of action.changes) {
        next =
          change.type === "problem"
            ? addProblem(next, {
                ...(action.eventId !== undefined ? { eventId: action.eventId } : {}),
                eventType: change.eventType,
                issues: change.issues,
              })
            : applyChange(next, change);
      }
      if (action.eventId === undefined) return next;
      return { ...next, seen: setIn(next.seen, action.eventId, true) };
    }
    case "malformed": {
      // The same as an event whose one change is a problem: recorded once, deduped by id.
      const { eventType, issues } = action;
      return reduceLedger(state, {
        type: "transport",
        ...(action.eventId !== undefined ? { eventId: action.eventId } : {}),
        changes: [{ type: "problem", eventType, issues }],
      });
    }
    case "submit":
      return updateRequest(state, action.requestId, (r) =>
        r.state === "open" ? { ...withoutError(r), state: "submitting", submitted: action.answer } : r,
      );
    case "accepted":
      return updateRequest(state, action.requestId, (r) => {
        if (r.state === "submitting") return { ...withoutError(r), state: "responded" };
        // Settled while it was on its way: taken, so this client's answer is the one that counted.
        return r.unconfirmedAnswer ? { ...r, unconfirmedAnswer: false } : r;
      });
    case "failed":
      return updateRequest(state, action.requestId, (r) => {
        if (r.state !== "submitting") return r;
        return action.error.kind === "rejected"
          ? { ...r, state: "open", error: action.error }
          : { ...r, error: action.error };
      });
    case "retry":
      return updateRequest(state, action.requestId, (r) =>
        r.state === "open" && r.error !== undefined && r.submitted !== undefined
          ? { ...withoutError(r), state: "submitting" }
          : r,
      );
    case "reopen":
      return updateRequest(state, action.requestId, (r) =>
        r.state === "submitting" || r.state === "responded"
          ? {
              ...r,
              state: "open",
              error: { kind: "rejected", message: action.message ?? "The server never received the answer." },
            }
          : r,
      );
    case "restore": {
      const entry = getIn(state.entries, action.requestId);
      if (entry === undefined) {
        return mergeEarly(state, action.requestId, { restored: action.answer });
      }
      return updateRequest(state, action.requestId, (r) => (r.state === "open" ? restored(r, action.answer) : r));
    }
    default:
      return action satisfies never;
  }
}

function addProblem(state: LedgerState, problem: LedgerProblem): LedgerState {
  return { ...state, problems: [...state.problems.slice(-(MAX_PROBLEMS - 1)), problem] };
}

function applyChange(state: LedgerState, change: Exclude<LedgerChange, { type: "problem" }>): LedgerState {
  switch (change.type) {
    case "requested":
      return addRequest(state, change.request);
    case "resolved": {
      const settlement: Settlement = {
        outcome: change.outcome,
        authoritative: change.authoritative,
        ...(change.response !== undefined ? { response: change.response } : {}),
      };
      if (getIn(state.entries, change.requestId) === undefined) {
        const early = getIn(state.early, change.requestId)?.settlement;
        if (early && (early.authoritative || !settlement.authoritative)) return state;
        return mergeEarly(state, change.requestId, { settlement });
      }
      return settle(state, change.requestId, settlement);
    }
    case "answered-elsewhere": {
      const marked = updateRequest(state, change.requestId, (r) =>
        r.answeredElsewhere ? r : { ...r, answeredElsewhere: true },
      );
      return settle(marked, change.requestId, {
        outcome: "answered",
        authoritative: false,
        ...(change.response !== undefined ? { response: change.response } : {}),
      });
    }
    case "call-ended":
      return withdrawAll(markEnded(state, `call:${change.callId}`), getIn(state.byCall, change.callId));
    case "concluded": {
      const request = getIn(state.entries, change.requestId)?.request;
      const sent = request?.state === "open" ? undefined : request?.submitted;
      return settle(
        state,
        change.requestId,
        sent
          ? {
              outcome: change.approval ? approvalOutcome(sent) : "answered",
              response: sent,
              authoritative: true,
            }
          : WITHDRAWN,
      );
    }
    case "turn-ended": {
      // A task's questions belong to its run, not the turn: they stay open (the server resolves them).
      const ids = getIn(state.byTurn, change.turnId)?.filter(
        (id) => getIn(state.entries, id)?.request.taskId === undefined,
      );
      return withdrawAll(markEnded(state, `turn:${change.turnId}`), ids);
    }
    case "session-ended": {
      // Rare and final, so one pass over the requests is fine here.
      const ids: string[] = [];
      forEachIn(state.entries, (entry, id) => {
        if (entry.request.state !== "settled") ids.push(id);
      });
      return withdrawAll({ ...state, sessionEnded: true }, ids);
    }
    default:
      return change satisfies never;
  }
}

const WITHDRAWN: Settlement = { outcome: "withdrawn", authoritative: false };

function addRequest(state: LedgerState, init: ParkedRequestInit): LedgerState {
  // A duplicate `input.requested` (replay, reconnect, a second stream) changes nothing.
  if (getIn(state.entries, init.requestId) !== undefined) return state;
  const early = getIn(state.early, init.requestId);
  let request: ParkedRequest = { ...init, seq: state.nextSeq, state: "open" };
  if (early?.restored) request = restored(request, early.restored);
  let next: LedgerState = {
    ...state,
    entries: setIn(state.entries, init.requestId, { request, authoritative: false }),
    nextSeq: state.nextSeq + 1,
    byCall: appendIndex(appendIndex(state.byCall, init.callId, init.requestId), init.parentCallId, init.requestId),
    byTurn: appendIndex(state.byTurn, init.turnId, init.requestId),
  };
  if (early?.settlement) next = settle(next, init.requestId, early.settlement);
  else if (
    state.sessionEnded ||
    getIn(state.ended, `call:${init.callId}`) ||
    (init.turnId !== undefined && init.taskId === undefined && getIn(state.ended, `turn:${init.turnId}`))
  ) {
    next = settle(next, init.requestId, WITHDRAWN);
  }
  return next;
}

function settle(state: LedgerState, requestId: string, settlement: Settlement): LedgerState {
  const entry = getIn(state.entries, requestId);
  if (entry === undefined) return state;
  const { request } = entry;
  // First authoritative resolution wins; a provisional one never overrides any settlement.
  if (request.state === "settled" && (entry.authoritative || !settlement.authoritative)) return state;
  const settled: ParkedRequest = {
    ...withoutError(request),
    state: "settled",
    outcome: settlement.outcome,
    ...(settlement.response !== undefined ? { resolution: settlement.response } : {}),
    // Ended without saying how while this client's answer was in flight: two devices may have
    // answered at once, and the server's word on which won comes with the send's result.
    ...(settlement.response === undefined &&
      request.state === "submitting" &&
      !request.error && { unconfirmedAnswer: true }),
  };
  return {
    ...state,
    entries: setIn(state.entries, requestId, { request: settled, authoritative: settlement.authoritative }),
  };
}

function withdrawAll(state: LedgerState, requestIds: readonly string[] | undefined): LedgerState {
  let next = state;
  for (const id of requestIds ?? []) next = settle(next, id, WITHDRAWN);
  return next;
}

function updateRequest(
  state: LedgerState,
  requestId: string,
  update: (request: ParkedRequest) => ParkedRequest,
): LedgerState {
  const entry = getIn(state.entries, requestId);
  if (entry === undefined) return state;
  const updated = update(entry.request);
  if (updated === entry.request) return state;
  return { ...state, entries: setIn(state.entries, requestId, { ...entry, request: updated }) };
}

function mergeEarly(state: LedgerState, requestId: string, news: EarlyNews): LedgerState {
  const previous = getIn(state.early, requestId);
  return { ...state, early: setIn(state.early, requestId, { ...previous, ...news }) };
}

function markEnded(state: LedgerState, key: string): LedgerState {
  return getIn(state.ended, key) ? state : { ...state, ended: setIn(state.ended, key, true) };
}

function appendIndex(index: PMap<readonly string[]>, key: string | undefined, id: string): PMap<readonly string[]> {
  if (key === undefined) return index;
  const ids = getIn(index, key) ?? [];
  return ids.includes(id) ? index : setIn(index, key, [...ids, id]);
}

/** A submission from before a reload: it may or may not have reached the server. */
function restored(request: ParkedRequest, answer: AnswerBody): ParkedRequest {
  return { ...request, state: "submitting", submitted: answer, error: UNCONFIRMED_AFTER_RELOAD };
}

const UNCONFIRMED_AFTER_RELOAD: SubmitError = {
  kind: "unconfirmed",
  message: "Your answer was being sent when the page reloaded; checking whether it arrived.",
};

function withoutError(request: ParkedRequest): ParkedRequest {
  if (request.error === undefined) return request;
  const { error: _error, ...rest } = request;
  return rest;
}

// ── Selectors ────────────────────────────────────────────────────────────────

export function selectRequest(state: LedgerState, requestId: string): ParkedRequest | undefined {
  return getIn(state.entries, requestId)?.request;
}

const listCache = new WeakMap<PMap<Entry>, readonly ParkedRequest[]>();

/** Every known request, oldest first. Memoized per ledger version, so renders don't re-sort. */
export function selectRequests(state: LedgerState): readonly ParkedRequest[] {
  const cached = listCache.get(state.entries);
  if (cached) return cached;
  const list: ParkedRequest[] = [];
  forEachIn(state.entries, (entry) => {
    list.push(entry.request);
  });
  list.sort((a, b) => a.seq - b.seq);
  listCache.set(state.entries, list);
  return list;
}

/** Whether this client may submit an answer for the request now (the ledger's invariant). */
export function canSubmit(state: LedgerState, requestId: string): boolean {
  return selectRequest(state, requestId)?.state === "open";
}
