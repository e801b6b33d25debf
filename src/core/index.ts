/**
 * hitl-kit/core — no React, no DOM, no transport's names: the ledger and its store, the client
 * that owns exactly-once, the transport contract and the typed answers that cross it.
 */
export {
  type AnswerBody,
  type AnswerValidator,
  answerBodySchema,
  answerProblem,
  declined,
  MAX_ANSWER_TEXT_LENGTH,
  MAX_REASON_LENGTH,
  type TransportAnswer,
  validateResponse,
} from "./answer";
export {
  type Clock,
  createHitlClient,
  type HitlClient,
  type HitlClientOptions,
  type HitlError,
  RECONNECTING,
  type RetryPolicy,
  type SubmitResult,
} from "./client";
export {
  capIssues,
  countIssues,
  formatIssues,
  fromZodIssues,
  type HitlIssue,
  MAX_ISSUE_MESSAGE_LENGTH,
  MAX_ISSUE_PATH_LENGTH,
  MAX_ISSUES,
  type Validated,
} from "./issues";
export {
  createBrowserJournal,
  createStorageJournal,
  type JournalLocks,
  type JournalStorage,
  noopJournal,
  type StorageJournalOptions,
  type SubmissionJournal,
} from "./journal";
export {
  canSubmit,
  createLedger,
  type LedgerAction,
  type LedgerChange,
  type LedgerProblem,
  type LedgerState,
  MAX_PROBLEMS,
  reduceLedger,
  selectRequest,
  selectRequests,
} from "./ledger";
export {
  type ApprovalCandidate,
  type Outcome,
  type ParkedRequest,
  type ParkedRequestInit,
  RESERVED_KINDS,
  type RequestOption,
  type RequestOrigin,
  type RequestState,
  type SubmitError,
} from "./model";
export { createLedgerStore, type LedgerStore, type LedgerStoreOptions } from "./store";
export {
  alwaysLive,
  type ConnectionSource,
  createTransportState,
  errorForHttpStatus,
  type HitlTransport,
  HitlTransportError,
  type TransportConnection,
  type TransportState,
  toTransportError,
} from "./transport";
