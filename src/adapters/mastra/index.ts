"use client";
/**
 * hitl-kit/adapters/mastra — a Mastra agent's tool approvals and suspensions (`@mastra/core` 1.x,
 * resumed through `@mastra/client-js`) as widgets. This entry is the React half; the transport and
 * its codecs, without React, come from `hitl-kit/adapters/mastra/transport` (each name from one
 * entry).
 */
export { useMastraHitl } from "./use-mastra-hitl";
