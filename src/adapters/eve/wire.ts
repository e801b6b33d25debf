/**
 * hitl-kit/adapters/eve/wire — eve's wire format without React: its event and answer schemas,
 * the kit's answer envelope, and the typed-answer mapping. For servers, tests and tools.
 */
export {
  APPROVE_OPTION_ID,
  DENY_OPTION_ID,
  type EveRequestShape,
  fromEveResponse,
  toEveInputResponse,
} from "./answers";
export { createEveConverter, type EveRequestIndex, eveEventToAction, resolveEveKind } from "./convert";
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
