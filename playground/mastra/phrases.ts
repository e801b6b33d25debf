/**
 * What the Mastra page's scripted model reacts to (`agent.ts`), shared with the page's chips.
 * Plain data: the page imports it without the agent's server code.
 */
export const MASTRA_PHRASES = [
  "pick media",
  "pick template",
  "pick aspect ratio",
  "pick tags",
  "fill form",
  "ask questions",
  "delete file",
  "ask city",
  "delete then ask",
] as const;
