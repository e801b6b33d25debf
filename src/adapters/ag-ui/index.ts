"use client";
/** hitl-kit/adapters/ag-ui — AG-UI (`@ag-ui/client` 1.0): frontend tool calls with `ui` as widgets, one `tool` message per call. */
export { type AgUiConverter, createAgUiConverter, MAX_TOOL_ARGS_LENGTH } from "./convert";
export { createToolCallEventFilter, normalizeToolCallEvents, ToolCallEventsMiddleware } from "./middleware";
export { type AgUiHitlOptions, type AgUiHitlTransport, createAgUiTransport } from "./transport";
export { useAgUiHitl } from "./use-ag-ui-hitl";
