"use client";
/**
 * hitl-kit/adapters/mcp — MCP elicitation (`elicitation/create`) answered through the kit's widgets.
 * Without React (a Node process, a CLI): `hitl-kit/adapters/mcp/transport`.
 */
export * from "./transport";
export { useMcpHitl } from "./use-mcp-hitl";
