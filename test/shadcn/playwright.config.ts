import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../browser/chromium";

/**
 * The shadcn example with the registry installed (test/shadcn/run.sh builds it in a scratch copy and
 * passes its folder): `next start` there on the port run.sh picked, and pickers.spec.ts in Debian's
 * Chromium. Run through run.sh, not on its own.
 */
const appDir = process.env.SHADCN_APP_DIR;
if (!appDir) throw new Error("test/shadcn: SHADCN_APP_DIR is not set — run `bash test/shadcn/run.sh`");
const port = Number(process.env.SHADCN_PORT || 3310);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: ".",
  testMatch: "pickers.spec.ts",
  // Each test loads the page afresh (its own agents, in the page) and answers one card: independent,
  // so two workers share the one `next start` (the step took 55 s with one, 44 s with two, here).
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: "../../test-results/shadcn",
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    viewport: { width: 1280, height: 1600 },
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `npx --no-install next start -H 127.0.0.1 -p ${port}`,
    cwd: appDir,
    url: baseURL,
    timeout: 60_000,
    reuseExistingServer: false,
    env: { NEXT_TELEMETRY_DISABLED: "1" },
  },
});
