/** Types of `chromium.mjs` (plain Node for the scripts; the test suite's TypeScript imports it too). */
export declare const chromiumExecutablePath: string;
export declare const chromiumArgs: readonly string[];
