/**
 * hitl-kit/adapters/eve/wire — eve's wire format without React: its event and answer schemas,
 * the kit's answer envelope, and the typed-answer mapping. For servers, tests and tools.
 */
export {
  createEveConverter,
  type EveRequestIndex,
  eveEventToAction,
  fromEveResponse,
  resolveEveKind,
} from "./convert";
export { APPROVE_OPTION_ID, DENY_OPTION_ID, type EveRequestShape, toEveInputResponse } from "./encode";
export {
  type AnswerDecoder,
  type DecodedAnswer,
  decodeAnswer,
  ENVELOPE_VERSION,
  type Envelope,
  encodeAnswer,
  encodeDecline,
  envelopeSchema,
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
} from "./schemas";
