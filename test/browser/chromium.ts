/**
 * The one place that says how to launch a real Chromium here: Debian's binary (Playwright cannot
 * download browsers on this machine) with the flags from TOOLCHAIN.md. Used by the `storybook` and
 * `browser` Vitest projects in vite.config.ts and by screenshot scripts. Override the binary
 * with `CHROMIUM_PATH=/path/to/chrome`.
 */
import { chromiumArgs, chromiumExecutablePath } from "../../scripts/chromium.mjs";

export { chromiumArgs, chromiumExecutablePath };

/** Playwright `launchOptions` (for `playwright({ launchOptions })` and `chromium.launch`). */
export const chromiumLaunchOptions = {
  executablePath: chromiumExecutablePath,
  args: [...chromiumArgs],
};
