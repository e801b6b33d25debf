"use client";
/**
 * hitl-kit/adapters/ag-ui — AG-UI (`@ag-ui/client` 1.0): frontend tool calls with `ui` as widgets,
 * one `tool` message per call. Without React: `hitl-kit/adapters/ag-ui/transport`.
 */
export * from "./transport";
export { useAgUiHitl } from "./use-ag-ui-hitl";
