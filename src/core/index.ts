/**
 * hitl-kit/core — no React, no DOM: wire schemas, the ledger, its store and the answer envelope.
 */
export {
  type AnswerDecoder,
  type DecodedAnswer,
  decodeAnswer,
  ENVELOPE_VERSION,
  type Envelope,
  encodeAnswer,
  encodeDecline,
  envelopeSchema,
  MAX_ANSWER_TEXT_LENGTH,
  MAX_REASON_LENGTH,
  validateResponse,
} from "./envelope";
export {
  type EveEvent,
  type EveInputRequest,
  type EveInputResponse,
  eveEventDataSchemas,
  eveEventSchema,
  eveInputOptionSchema,
  eveInputRequestSchema,
  eveInputResponseSchema,
} from "./eve-wire";
export { formatIssues, fromZodIssues, type HitlIssue, type Validated } from "./issues";
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
  type AnswerPayload,
  type ApprovalCandidate,
  answerPayloadSchema,
  type Outcome,
  outcomeSchema,
  type ParkedRequest,
  type ParkedRequestInit,
  type RequestOption,
  type RequestOrigin,
  type RequestState,
  requestOptionSchema,
  requestStateSchema,
  type SubmitError,
  type TransportAnswer,
} from "./model";
export { createLedgerStore, type LedgerStore, type LedgerStoreOptions } from "./store";
