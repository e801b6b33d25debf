/**
 * How the scripts launch a real Chromium here: Debian's binary (Playwright cannot download
 * browsers on this machine; override with `CHROMIUM_PATH`) and the flags from TOOLCHAIN.md. The
 * same list the test suite uses (`test/browser/chromium.ts`, which TypeScript imports); this copy
 * is for the plain-Node scripts (`bench/chromium.mjs`, `scripts/compare-look.mjs`).
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
