/**
 * How everything here launches a real Chromium: Debian's binary (Playwright cannot download
 * browsers on this machine; override with `CHROMIUM_PATH`) and the flags from TOOLCHAIN.md. Plain
 * Node, so the scripts (`bench/chromium.mjs`, `scripts/compare-look.mjs`) read it as it is; the
 * test suite's configs through `test/browser/chromium.ts`.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  // Without these Chromium keeps dialling out (and is refused: the machine has no such network).
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
