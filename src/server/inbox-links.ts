/**
 * Answer links: a URL that opens one request's widget on any device (sent by email, Slack, a
 * phone notification), signed so it cannot be forged or pointed at another request. The token is
 * `<claims>.<signature>`: base64url JSON `{ r: requestId, o: owner, e: expiresAt }` and its
 * HMAC-SHA-256 under the app's secret (Web Crypto: Node ≥ 20, edge runtimes, Deno, Bun).
 *
 * A link is single-use because its request is: the first answer (by link, by the inbox, from
 * another device) wins, and the link then shows what was answered. It also stops at its own
 * expiry, which is never later than the request's.
 */

export interface LinkClaims {
  readonly requestId: string;
  readonly owner: string;
  /** ms since the epoch. */
  readonly expiresAt: number;
}

export type LinkCheck =
  | { readonly ok: true; readonly claims: LinkClaims }
  /** Not a token this secret signed (edited, truncated, another app's). */
  | { readonly ok: false; readonly reason: "tampered" }
  | { readonly ok: false; readonly reason: "expired"; readonly claims: LinkClaims };

export interface LinkSigner {
  sign(claims: LinkClaims): Promise<string>;
  verify(token: string, now?: number): Promise<LinkCheck>;
}

/** The shortest secret accepted: 32 bytes, HMAC-SHA-256's own output size. */
const MIN_SECRET_BYTES = 32;
const MAX_TOKEN_LENGTH = 2048;

export function createLinkSigner(secret: string): LinkSigner {
  const raw = new TextEncoder().encode(secret);
  if (raw.byteLength < MIN_SECRET_BYTES) {
    throw new TypeError(
      `An answer link secret needs at least ${MIN_SECRET_BYTES} bytes (it has ${raw.byteLength}): ` +
        "e.g. `openssl rand -base64 48`, kept out of the repository.",
    );
  }
  const key = globalThis.crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  return {
    async sign(claims) {
      const body = base64url(
        new TextEncoder().encode(JSON.stringify({ r: claims.requestId, o: claims.owner, e: claims.expiresAt })),
      );
      const signature = await globalThis.crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(body));
      return `${body}.${base64url(new Uint8Array(signature))}`;
    },
    async verify(token, now = Date.now()) {
      const tampered = { ok: false, reason: "tampered" } as const;
      if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return tampered;
      const [body, signature, extra] = token.split(".");
      if (!body || !signature || extra !== undefined) return tampered;
      const signatureBytes = fromBase64url(signature);
      if (!signatureBytes) return tampered;
      // `verify` compares in constant time: no timing tells how much of a forged signature fits.
      const genuine = await globalThis.crypto.subtle.verify(
        "HMAC",
        await key,
        signatureBytes,
        new TextEncoder().encode(body),
      );
      if (!genuine) return tampered;
      const claims = readClaims(fromBase64url(body));
      if (!claims) return tampered;
      return claims.expiresAt <= now ? { ok: false, reason: "expired", claims } : { ok: true, claims };
    },
  };
}

function readClaims(bytes: Uint8Array | undefined): LinkClaims | undefined {
  if (!bytes) return undefined;
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as { r?: unknown; o?: unknown; e?: unknown };
    if (typeof value.r !== "string" || typeof value.o !== "string" || typeof value.e !== "number") return undefined;
    return { requestId: value.r, owner: value.o, expiresAt: value.e };
  } catch {
    return undefined;
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}
