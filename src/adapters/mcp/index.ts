"use client";
/** hitl-kit/adapters/mcp — MCP elicitation (`elicitation/create`) answered through the kit's widgets. */
export {
  type ContentValue,
  type ElicitContent,
  MAX_ELICIT_PROPERTIES,
  type RequestedSchema,
  readRequestedSchema,
  toContent,
  toFormFields,
  validateContent,
} from "./form-schema";
export { builtInMappings, type ElicitationMapping, HITL_REASON_META_KEY, HITL_UI_META_KEY, mappingFor } from "./hint";
export { createMcpTransport, type McpHitlOptions, type McpHitlTransport } from "./transport";
export { useMcpHitl } from "./use-mcp-hitl";
