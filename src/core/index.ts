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
  type AnswerResult,
  type Clock,
  createHitlClient,
  type HitlClient,
  type HitlClientOptions,
  type HitlError,
  type LedgerView,
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
  type AnswerContext,
  type AnyKindContract,
  type KindCollectionContract,
  type KindContract,
  type KindSource,
  kindSourceOf,
  parseRequest,
  resolveRequest,
  validateAnswer,
} from "./kind";
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
  type Outcome,
  type ParkedRequest,
  type ParkedRequestInit,
  RESERVED_KINDS,
  type RequestOption,
  type RequestState,
  type SubmitError,
} from "./model";
export {
  createRequestObserver,
  type RawAnswer,
  type RequestObserver,
  type RequestObserverOptions,
  type RequestSnapshot,
} from "./observer";
export {
  type EntryState,
  type FallbackReason,
  MissingCollectionError,
  type RenderableRequest,
  type RenderEntry,
  type RenderOptions,
  type RenderSource,
  type RequestRender,
  renderRequest,
} from "./render";
export {
  ACCEPTED,
  alwaysLive,
  type ChatMessage,
  type ConnectionSource,
  type ConnectionState,
  createConnectionState,
  createTransportEvents,
  errorForHttpStatus,
  type HitlTransport,
  HitlTransportError,
  MessageNotSentError,
  type SendOutcome,
  type TransportAction,
  type TransportConnection,
  type TransportEvents,
  type TransportSink,
  toTransportError,
} from "./transport";
export { type RequestView, viewOf, type WidgetStatus, widgetStatuses } from "./view";
