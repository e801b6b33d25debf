/**
 * Development-only diagnostics. Bundlers replace `process.env.NODE_ENV` at build time; the
 * `typeof` guard keeps unbundled browser ESM (no `process`) working.
 */
export function isDevelopment(): boolean {
  return typeof process !== "undefined" && process.env?.NODE_ENV !== "production";
}
