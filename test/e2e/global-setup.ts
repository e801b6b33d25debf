/**
 * Builds the playground's chat pages once for the whole run (`playground/web/dist`). Each worker
 * then starts a playground of its own that serves them (the `playground` fixture in `fixtures.ts`).
 */
import type { FullConfig } from "@playwright/test";
import { buildPages } from "./servers";

export default async function globalSetup(_config: FullConfig): Promise<void> {
  const started = performance.now();
  await buildPages();
  console.error(`[e2e] chat pages built in ${Math.round(performance.now() - started)} ms`);
}
