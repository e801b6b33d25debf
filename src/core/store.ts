import type { AnswerBody } from "./answer";
import {
  createLedger,
  type LedgerAction,
  type LedgerProblem,
  type LedgerState,
  reduceLedger,
  selectRequest,
} from "./ledger";

/** A minimal external store around the ledger, shaped for React's `useSyncExternalStore`. */
export interface LedgerStore {
  getSnapshot(): LedgerState;
  subscribe(listener: () => void): () => void;
  /** Applies actions in order and notifies subscribers once if anything changed. */
  dispatch(...actions: readonly LedgerAction[]): LedgerState;
  /**
   * Locks a request for one submission. Returns `true` only for the caller that moved it from
   * `open` to `submitting`; every other caller (double click, second renderer…) gets `false`.
   */
  beginSubmit(requestId: string, answer: AnswerBody): boolean;
}

export interface LedgerStoreOptions {
  readonly initial?: LedgerState;
  /** Called for each malformed transport event the ledger records. */
  readonly onProblem?: (problem: LedgerProblem) => void;
}

export function createLedgerStore(options: LedgerStoreOptions = {}): LedgerStore {
  let state = options.initial ?? createLedger();
  const listeners = new Set<() => void>();

  const dispatch = (...actions: readonly LedgerAction[]): LedgerState => {
    const before = state;
    for (const action of actions) {
      const problems = state.problems;
      state = reduceLedger(state, action);
      // Problems are appended (the oldest dropped): report the ones this action added.
      if (state.problems !== problems && options.onProblem) {
        for (const problem of state.problems) if (!problems.includes(problem)) options.onProblem(problem);
      }
    }
    if (state !== before) for (const listener of [...listeners]) listener();
    return state;
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch,
    beginSubmit(requestId, answer) {
      if (selectRequest(state, requestId)?.state !== "open") return false;
      dispatch({ type: "submit", requestId, answer });
      return selectRequest(state, requestId)?.state === "submitting";
    },
  };
}
