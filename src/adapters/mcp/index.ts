"use client";
/**
 * hitl-kit/adapters/mcp — MCP elicitation (`elicitation/create`) answered through the kit's
 * widgets. This entry is the React half; the transport and its codecs, without React, come from
 * `hitl-kit/adapters/mcp/transport` (each name from one entry).
 */
export { useMcpHitl } from "./use-mcp-hitl";
