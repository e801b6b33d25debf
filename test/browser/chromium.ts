/**
 * The one place that says how to launch a real Chromium here: Debian's binary (Playwright cannot
 * download browsers on this machine) with the flags from TOOLCHAIN.md. Used by the `storybook` and
 * `browser` Vitest projects in vite.config.ts and by screenshot scripts. Override the binary
 * with `CHROMIUM_PATH=/path/to/chrome`.
 */
export const chromiumExecutablePath: string = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumArgs: readonly string[] = [
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

/** Playwright `launchOptions` (for `playwright({ launchOptions })` and `chromium.launch`). */
export const chromiumLaunchOptions = {
  executablePath: chromiumExecutablePath,
  args: [...chromiumArgs],
};
