/**
 * Starts the playground once for the whole run: an eve server (its own temporary state folder and
 * prompt log), a throwaway Redis, and the chat page from two page servers proxying `/eve` to that
 * eve (each through its own answer guard, both claiming in that Redis), serving the pages built
 * once; opens each page once (its composer must come up: a broken build fails here, not in every
 * test); hands the URLs and the prompt
 * log to the tests through the environment; stops everything (each page's whole process group,
 * Redis) at the end.
 */
import { chromium, expect, type FullConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../browser/chromium";
import { PAGE_URL_ENV, PROMPT_LOG_ENV, SECOND_PAGE_URL_ENV } from "./env";
import { startPlayground } from "./servers";

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const started = performance.now();
  const playground = await startPlayground();
  try {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      for (const baseURL of [playground.pageUrl, playground.secondPageUrl]) {
        const page = await browser.newPage({ baseURL });
        await page.goto("/");
        await expect(page.getByTestId("composer")).toBeEnabled({ timeout: 60_000 });
        await page.waitForLoadState("networkidle");
        await page.close();
      }
    } finally {
      await browser.close();
    }
  } catch (error) {
    await playground.stop();
    throw error;
  }
  process.env[PAGE_URL_ENV] = playground.pageUrl;
  process.env[SECOND_PAGE_URL_ENV] = playground.secondPageUrl;
  process.env[PROMPT_LOG_ENV] = playground.promptLog;
  console.error(
    `[e2e] playground ${playground.pageUrl} and ${playground.secondPageUrl} (eve ${playground.eveUrl}, claims in ${playground.redisUrl}, prompt log ${playground.promptLog}) ready in ${Math.round(performance.now() - started)} ms`,
  );
  return async () => {
    await playground.stop();
  };
}
