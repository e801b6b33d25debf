/**
 * What the TanStack AI page's scripted model reacts to (`route.ts`), shared with the page's chips.
 * Plain data: the page imports it without the route's server code.
 */
export const TANSTACK_PHRASES = [
  "pick media",
  "pick template",
  "pick aspect ratio",
  "pick tags",
  "fill form",
  "pick voice",
  "delete file",
  "ask by interrupt",
] as const;

export type TanStackPhrase = (typeof TANSTACK_PHRASES)[number];
