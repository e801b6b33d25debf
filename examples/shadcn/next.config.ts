import type { NextConfig } from "next";

// No usage reports to Vercel (the npm scripts set it too; this covers `npx next …`).
process.env.NEXT_TELEMETRY_DISABLED = "1";

/**
 * `hitl-kit` is installed as a packed copy (see .npmrc: `install-links=true`), so every file the
 * app uses lives in this folder. Pin both roots here: otherwise Next walks up, finds the
 * repository's own package-lock.json and treats the whole repository as the workspace root.
 */
const appRoot = __dirname;

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root: appRoot },
  outputFileTracingRoot: appRoot,
};

export default nextConfig;
