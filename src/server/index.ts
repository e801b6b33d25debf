/** hitl-kit/server — no React: picker tool schemas, typed-answer readers (any transport; eve's `ctx.ask`; LangGraph interrupts), a transcript guard. */

import { RE2JS } from "re2js";
import { registerPatternEngine } from "../kinds/pattern-engine";

// Server code parses form payloads synchronously: the pattern engine is there from the start
// (a browser loads it only for a form with patterns).
registerPatternEngine(RE2JS);

export type { McpRoundClient } from "../wire/mcp-rounds";
export { fromToolOutput, type ToolOutput, toToolOutput } from "../wire/tool-output";
export { dedupeToolResults, type PickerTool, pickerOutputSchema, pickerTool, readToolOutput } from "./ai-sdk";
export {
  AskUserQuestionError,
  type AskUserQuestionInput,
  type AskUserQuestionResult,
  askUserQuestionInputSchema,
  askUserQuestionRequest,
  askUserQuestionResult,
  type GeminiAskUserParams,
  type GeminiAskUserResult,
  geminiAskUserParamsSchema,
  geminiAskUserRequest,
  geminiAskUserResult,
} from "./ask-user-question";
export {
  type AnswerClaimStore,
  type ClaimRedisClient,
  type ClaimResult,
  createMemoryClaimStore,
  createRedisClaimStore,
  type MemoryClaimStoreOptions,
  type RedisClaimStoreOptions,
} from "./claim-store";
export {
  type ClaudeCanUseTool,
  type ClaudeCanUseToolOptions,
  type ClaudePermissionContext,
  type ClaudePermissionResult,
  type ClaudePermissionUpdate,
  claudeCanUseTool,
  claudePermissionRequest,
} from "./claude-agent";
export {
  type AlreadyAnsweredBody,
  type ClaimsUnavailableBody,
  createEveAnswerGuard,
  type EveAnswerGuardOptions,
} from "./eve-guard";
export {
  EveInboxError,
  type EveInboxTarget,
  type EveSinkOptions,
  eveSink,
  type ParkEveOptions,
  parkEveSession,
} from "./eve-inbox";
export {
  createInbox,
  createMemoryInbox,
  type Inbox,
  type InboxAnswerResult,
  type InboxEntry,
  type InboxEntryState,
  InboxError,
  type InboxOptions,
  type InboxParkOptions,
  type MemoryInboxOptions,
  sinkBySource,
} from "./inbox";
export { createLinkSigner, type LinkCheck, type LinkClaims, type LinkSigner } from "./inbox-links";
export {
  createMemoryInboxStore,
  type DeliverOptions,
  type DeliverReport,
  deliverSettled,
  type InboxAnswerInput,
  type InboxClaim,
  type InboxDeliveryLease,
  type InboxPage,
  type InboxParkInput,
  type InboxQuery,
  type InboxRecord,
  type InboxRecordState,
  type InboxStore,
  type MemoryInboxStoreOptions,
} from "./inbox-store";
export { createRedisInboxStore, type RedisInboxStoreOptions } from "./inbox-store-redis";
export {
  createSqliteInboxStore,
  type SqliteDatabase,
  type SqliteInboxStoreOptions,
  type SqliteStatement,
} from "./inbox-store-sqlite";
export {
  type InterruptQuestion,
  InterruptQuestionError,
  type InterruptUi,
  interruptFor,
  readResume,
} from "./langgraph";
export {
  type LangGraphInboxClient,
  type LangGraphSinkOptions,
  type LangGraphThreadLike,
  langGraphSink,
  type ParkLangGraphOptions,
  parkLangGraphInterrupts,
  ReviewIncompleteError,
} from "./langgraph-inbox";
export {
  type MastraRunLike,
  type MastraSinkOptions,
  mastraSink,
  type ParkMastraOptions,
  parkMastraRuns,
} from "./mastra-inbox";
export { type ElicitationFor, type ElicitationParams, elicitationFor, readElicitResult } from "./mcp";
export {
  type McpInboxOptions,
  type McpInboxStep,
  type McpSinkOptions,
  mcpSink,
  type StartMcpInboxCallOptions,
  startMcpInboxCall,
} from "./mcp-inbox";
export {
  type AskAnswer,
  type AskContext,
  askPicker,
  type PickerInput,
  type PickerResult,
  type PickerToolDefinition,
  pickerInputSchema,
  pickerToolDefinition,
  readAnswer,
  readEveAnswer,
} from "./picker";
export {
  type InterruptResolutionLike,
  type PickerClientTool,
  type PickerInterruptInput,
  type PickerInterruptOptions,
  pickerClientTool,
  pickerInterruptInput,
  pickerInterruptOptions,
  readInterruptResolution,
} from "./tanstack-ai";
export { checkTranscript, countToolResults, type TranscriptProblem } from "./transcript";
export {
  type VerifyWebhookOptions,
  type VerifyWebhookResult,
  verifyWebhook,
  type WebhookDelivery,
  WebhookDeliveryError,
  type WebhookSinkOptions,
  webhookSink,
} from "./webhook-sink";
