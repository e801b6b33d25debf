import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./test/browser/chromium";

/**
 * End-to-end tests in Debian's Chromium against the playground: a real eve server (scripted,
 * network-free model) and the chat page, started once by test/e2e/global-setup.ts.
 * Needs `npm run build` first (the agent imports the kit from dist/). Run: `npx playwright test`.
 */
export default defineConfig({
  testDir: "test/e2e",
  globalSetup: "./test/e2e/global-setup.ts",
  // One eve server, one prompt log: tests read the log from where they started, so they run one at a time.
  workers: 1,
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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
