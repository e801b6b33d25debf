"use client";
/**
 * hitl-kit/adapters/ag-ui — AG-UI (`@ag-ui/client` 1.0): frontend tool calls with `ui` as widgets,
 * one `tool` message per call. This entry is the React half; the transport and its codecs, without
 * React, come from `hitl-kit/adapters/ag-ui/transport` (each name from one entry).
 */
export { useAgUiHitl } from "./use-ag-ui-hitl";
