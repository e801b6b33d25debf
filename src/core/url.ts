/**
 * Relative URLs are resolved against this placeholder origin only to read their scheme; it is never
 * fetched. `.invalid` is reserved (RFC 2606), so it cannot be anyone's host.
 */
const SAME_ORIGIN_BASE = "https://same-origin.invalid/";

const SAFE_PROTOCOLS = new Set(["https:", "http:", "blob:"]);

// C0 controls, DEL, and the line/paragraph separators: the URL parser silently strips some of
// these ("java\tscript:" parses as "javascript:"), so a string carrying them is refused outright.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * Whether a URL from a payload may be used as the `src` of an image, video or audio element (or a
 * poster): only `https:`, `http:`, `blob:` and `data:image/*` (scheme case-insensitive). Anything
 * else (`javascript:`, `data:text/html`, `file:`, `vbscript:`, unparseable text) is refused and the
 * widget shows the item as broken. `data:image/svg+xml` is allowed: inside `<img>` an SVG's
 * scripts never run.
 *
 * Relative URLs starting with "/" are allowed: they are same-origin (an app serving its own media,
 * e.g. "/media/a.jpg"). They are resolved like `new URL(url, origin)`, so a protocol-relative
 * "//cdn.example/x.png" is allowed too: it inherits the page's http(s) scheme. Other relative forms
 * ("a.jpg", "./a.jpg") are refused: nothing in a payload should depend on the current page path.
 *
 * Pure: no DOM, no network.
 */
export function isSafeMediaUrl(url: string): boolean {
  if (typeof url !== "string" || url.length === 0) return false;
  // Leading/trailing spaces would be trimmed by the parser (" javascript:"); refuse them instead.
  if (url !== url.trim() || CONTROL_CHARS.test(url)) return false;
  const parsed = parse(url);
  if (!parsed) return false;
  if (SAFE_PROTOCOLS.has(parsed.protocol)) return true;
  // `data:` pathname is "<mediatype>[;params],<data>"; only image media types render in <img>.
  return parsed.protocol === "data:" && /^image\/[a-z0-9.+-]+[;,]/i.test(parsed.pathname);
}

function parse(url: string): URL | undefined {
  try {
    return url.startsWith("/") ? new URL(url, SAME_ORIGIN_BASE) : new URL(url);
  } catch {
    return undefined;
  }
}
