import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./test/browser/chromium";

/**
 * End-to-end tests in Debian's Chromium against the playground: a real eve server (scripted,
 * network-free model) and the chat pages (built once by test/e2e/global-setup.ts), one whole
 * playground per worker (the `playground` fixture of test/e2e/fixtures.ts).
 * Needs `npm run build` first (the agent imports the kit from dist/). Run: `npx playwright test`.
 */
export default defineConfig({
  testDir: "test/e2e",
  globalSetup: "./test/e2e/global-setup.ts",
  // Each worker has its own playground (eve, prompt log, page servers, Redis): tests in two workers
  // never see each other's prompts. A worker mostly waits (on eve's turns, the page servers,
  // Chromium): one used 0.64 of a core on average (547 CPU-s over 854 s). On this two-core
  // machine two workers ran the same 142 tests in 690 s where one took 799–854; at least two,
  // then one per two cores. HITL_E2E_WORKERS overrides. Files stay whole (in order, one worker).
  workers: Number(process.env.HITL_E2E_WORKERS ?? Math.max(2, Math.floor(availableParallelism() / 2))),
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/e2e",
  use: {
    ...devices["Desktop Chrome"],
    // Tall: the taller widgets (media, form) fit the message list, so element screenshots are whole.
    viewport: { width: 1280, height: 2000 },
    launchOptions: chromiumLaunchOptions,
    // Off unless asked for (HITL_E2E_TRACE=1): recording a trace of every test (kept or not) made
    // each a third slower here (a two-device race 11.9 s → 7.9 s), and CI keeps only the log.
    trace: process.env.HITL_E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
});
