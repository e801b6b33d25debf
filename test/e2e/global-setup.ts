/**
 * Starts the playground once for the whole run: an eve server (its own temporary state folder and
 * prompt log) and the chat page proxying `/eve` to it; warms the page up (Vite pre-bundles
 * dependencies on the first visit and may reload then); hands the URL and the prompt log to the
 * tests through the environment; stops both (the page's whole process group) at the end.
 */
import { chromium, expect, type FullConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../browser/chromium";
import { PAGE_URL_ENV, PROMPT_LOG_ENV } from "./env";
import { startPlayground } from "./servers";

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const started = performance.now();
  const playground = await startPlayground();
  try {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage({ baseURL: playground.pageUrl });
      await page.goto("/");
      await expect(page.getByTestId("composer")).toBeEnabled({ timeout: 60_000 });
      await page.waitForLoadState("networkidle");
    } finally {
      await browser.close();
    }
  } catch (error) {
    await playground.stop();
    throw error;
  }
  process.env[PAGE_URL_ENV] = playground.pageUrl;
  process.env[PROMPT_LOG_ENV] = playground.promptLog;
  console.error(
    `[e2e] playground ${playground.pageUrl} (eve ${playground.eveUrl}, prompt log ${playground.promptLog}) ready in ${Math.round(performance.now() - started)} ms`,
  );
  return async () => {
    await playground.stop();
  };
}
