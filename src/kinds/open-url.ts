import { z } from "zod";
import { defineKind } from "./define-kind";
import { MAX_URL_LENGTH } from "./limits";
import { tooLong } from "./schema-parts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS = /[\u0000-\u001f\u007f\u2028\u2029\s]/;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a URL may be offered for a person to open: `https:` anywhere, `http:` only on this
 * machine (localhost, 127.0.0.1, [::1]). Refused: any other scheme (`javascript:`, `data:`,
 * `file:`…), credentials in the URL (`https://bank.example@evil.example/` shows one host and
 * opens another), whitespace and control characters, unparseable text. Pure: no DOM.
 */
export function isSafeNavigationUrl(url: string): boolean {
  if (typeof url !== "string" || url.length === 0 || url.length > MAX_URL_LENGTH || CONTROL_CHARS.test(url)) {
    return false;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== "" || parsed.password !== "" || parsed.hostname === "") return false;
  if (parsed.protocol === "https:") return true;
  return parsed.protocol === "http:" && LOOPBACK.has(parsed.hostname);
}

/** The host a person should read before opening a URL (punycode stays punycode: no look-alikes). */
export function urlDomain(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

/**
 * Consent to open a link out of band (MCP's URL-mode elicitation: sign in, pay, authorize). A
 * native kind: only a transport parks it. The widget shows the full URL and its domain, never
 * opens it by itself, and answers `{ opened: true }` once the person opens it.
 */
export const openUrlKind = defineKind({
  kind: "open-url",
  request: z.object({
    url: z
      .string()
      .max(MAX_URL_LENGTH, tooLong(MAX_URL_LENGTH))
      .refine(isSafeNavigationUrl, "Only https: links (or http: on localhost), without credentials, can be offered"),
  }),
  response: z.strictObject({ opened: z.literal(true) }),
});

export type OpenUrlRequest = z.output<typeof openUrlKind.request>;
export type OpenUrlResponse = z.output<typeof openUrlKind.response>;
