import type { NextConfig } from "next";

// No usage reports to Vercel (the npm scripts set it too; this covers `npx next …`).
process.env.NEXT_TELEMETRY_DISABLED = "1";

/**
 * `hitl-kit` is installed as a packed copy (see .npmrc: `install-links=true`), so every file the
 * app uses lives in this folder. Pin both roots here: otherwise Next walks up, finds the
 * repository's own package-lock.json and treats the whole repository as the workspace root.
 * (With a symlinked `file:` install instead, both roots would have to be the repository root,
 * which contains the link target.)
 */
const appRoot = __dirname;

/**
 * Optional same-origin mode: with `EVE_PROXY_TARGET=http://127.0.0.1:3900` (at build and start)
 * Next proxies `/eve/*` to that eve server; build with `NEXT_PUBLIC_EVE_HOST=` (empty) so the
 * browser calls `/eve/v1/…` on the page's own origin. See README.md.
 */
const eveProxyTarget = process.env.EVE_PROXY_TARGET?.replace(/\/+$/, "");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root: appRoot },
  outputFileTracingRoot: appRoot,
  ...(eveProxyTarget
    ? { rewrites: async () => [{ source: "/eve/:path*", destination: `${eveProxyTarget}/eve/:path*` }] }
    : {}),
};

export default nextConfig;
