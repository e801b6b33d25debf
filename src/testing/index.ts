/**
 * hitl-kit/testing — an in-memory, protocol-faithful eve 0.80.1 session and a `fetch` serving its HTTP
 * routes, for users' own tests and stories. No React, no DOM.
 */

export { createManualClock } from "./clock";
export {
  type ConformanceConnection,
  type ConformanceDriver,
  ConformanceError,
  type ConformanceFailure,
  type ConformanceRef,
  type ConformanceRunner,
  type ConformanceScenario,
  type ConformanceServer,
  conformanceKind,
  runTransportConformance,
} from "./conformance";
export { eveSessionServerSide } from "./eve-server-side";
export {
  createTestFetch,
  type TestFetch,
  type TestFetchOptions,
  type TestFetchRequest,
} from "./fetch";
export { createMemoryLocks, createMemoryStorage } from "./memory";
export {
  createTestSession,
  type EveInputOption,
  type EveInputResolutionOutcome,
  eveDisplayTitle,
  eveResolveTextToResponse,
  type TestApprovalOptions,
  type TestAskAnswer,
  type TestAskOptions,
  type TestRequestRef,
  type TestRespondFailure,
  type TestSession,
  type TestSessionAccepted,
  type TestSessionAnswer,
  type TestSessionEvent,
  TestSessionHttpError,
  type TestSessionOptions,
  type TestSessionRequest,
  type TestStrayMessage,
  type TestToolResult,
  type TestToolResultsContext,
  type TestUserMessageContext,
} from "./session";
export { createTestTransport, type TestTransport, type TestTransportOptions } from "./transport";
