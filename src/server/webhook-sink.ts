import { z } from "zod";
import { type AnswerBody, answerBodySchema } from "../core/answer";
import type { Outcome } from "../core/model";
import type { InboxRecord } from "./inbox-store";

/**
 * A sink for `deliverSettled` that hands each settled record to a workflow engine through the
 * app's own route: Vercel Workflow (`resumeHook`), Trigger.dev (wait tokens), Inngest
 * (`waitForEvent`), Cloudflare Workflows (`waitForApproval`). It POSTs the record as JSON
 * (`WebhookDelivery`), signed with a shared secret; `verifyWebhook` checks it on the receiving side.
 *
 * What it guarantees, and what the receiver must do:
 * - At least once: the outbox leases a record to one deliverer at a time, and a deliverer that
 *   dies mid-POST leaves a lease that runs out, after which the same record is POSTed again. A
 *   non-2xx answer, a network error or a timeout throws `WebhookDeliveryError`, and
 *   `deliverSettled` tries the record again once its lease runs out.
 * - The `idempotency-key` header is the record's id (the request id, `delivery.id` in the signed
 *   body). A repeat carries the same key, so the receiver must dedupe by it: resume its engine
 *   once per id, and treat a second POST of an id as done.
 * - 409 (Conflict: "I have this one already") and 410 (Gone: "nothing waits on this any more",
 *   e.g. the run finished or was cancelled) count as delivered, so a redelivery after a crash is
 *   harmless. Any other status is an error, a 3xx included: redirects are never followed (the
 *   signed answer goes to the configured URL only).
 * - Each POST is signed: `x-hitl-timestamp` (ms since the epoch) and `x-hitl-signature`
 *   (`v1=` + hex HMAC-SHA256 of `${timestamp}.${body}`). WebCrypto only, so both sides run on
 *   Node, edge runtimes and workers.
 *
 * A receiving route (Next.js, Vercel Workflow; the workflow created its hook with the request id
 * as its token, `createHook({ token: requestId })`, and awaits it once):
 *
 * ```ts
 * import { resumeHook } from "workflow/api";
 * import { HookNotFoundError } from "workflow/errors";
 * import { verifyWebhook } from "hitl-kit/server";
 *
 * export async function POST(request: Request) {
 *   const verified = await verifyWebhook(request, { secret: process.env.HITL_WEBHOOK_SECRET! });
 *   if (!verified.ok) return new Response(verified.reason, { status: verified.reason === "malformed" ? 400 : 401 });
 *   const { delivery } = verified;
 *   // Dedupe by the idempotency key (`delivery.id`): here the hook's token is that id, and a hook
 *   // awaited once is gone after its first payload. An app whose engine takes a payload twice
 *   // keeps its own record of the ids it resumed, and answers 409 for one it has seen.
 *   try {
 *     await resumeHook(delivery.id, delivery);
 *   } catch (error) {
 *     // Resumed already (this POST is a redelivery), or the run is over: nothing to resume.
 *     if (HookNotFoundError.is(error)) return new Response(null, { status: 410 });
 *     throw error; // a 500: the sink tries again later
 *   }
 *   return new Response(null, { status: 204 });
 * }
 * ```
 */

/** What the sink POSTs: the settled record, without what the receiver has no use for. */
export interface WebhookDelivery {
  readonly type: "hitl.answer";
  /** The request id: the idempotency key. */
  readonly id: string;
  readonly source: string;
  readonly conversation?: string;
  readonly owner: string;
  readonly state: "answered" | "expired";
  /** How it ended (an expired request reads as "withdrawn"). */
  readonly outcome?: Outcome;
  /** The one answer; an expired record carries none. */
  readonly answer?: AnswerBody;
  readonly request: {
    readonly requestId: string;
    readonly callId: string;
    readonly toolName: string;
    readonly kind: string;
  };
  /** When it was answered or expired (ms since the epoch). */
  readonly settledAt: number;
}

export interface WebhookSinkOptions {
  /** Where to POST: one URL, or one per record (e.g. by its `source`). */
  readonly url: string | ((record: InboxRecord) => string);
  /** The shared secret the POSTs are signed with: at least 32 characters. */
  readonly secret: string;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** How long one POST may take, response headers included. @default 10000 */
  readonly timeoutMs?: number;
  /** Extra headers (e.g. a bearer token for the receiving route); they cannot replace the signed ones. */
  readonly headers?: Record<string, string>;
}

/** A POST that did not get the record delivered; `status` when the receiver answered at all. */
export class WebhookDeliveryError extends Error {
  override readonly name = "WebhookDeliveryError";
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface VerifyWebhookOptions {
  readonly secret: string;
  /** How far the timestamp may be from now, either way. @default 300000 (5 minutes) */
  readonly toleranceMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
}

export type VerifyWebhookResult =
  | { readonly ok: true; readonly delivery: WebhookDelivery }
  | { readonly ok: false; readonly reason: "signature" | "stale" | "malformed" };

const MIN_SECRET_LENGTH = 32;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_TOLERANCE_MS = 5 * 60_000;
const SIGNATURE_VERSION = "v1=";

/** Signs and POSTs each settled record; throws `WebhookDeliveryError` on anything but 2xx, 409 and 410. */
export function webhookSink(options: WebhookSinkOptions): (record: InboxRecord) => Promise<void> {
  checkSecret(options?.secret);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(`The webhook sink's timeoutMs must be a positive number of milliseconds, not ${timeoutMs}`);
  }
  const key = hmacKey(options.secret);
  return async (record) => {
    const body = JSON.stringify(deliveryOf(record));
    const timestamp = String(Date.now());
    const signature = toHex(await crypto.subtle.sign("HMAC", await key, encode(`${timestamp}.${body}`)));
    const url = typeof options.url === "function" ? options.url(record) : options.url;
    // A Headers object: an extra header spelled in another case cannot sit beside a signed one.
    const headers = new Headers(options.headers);
    headers.set("content-type", "application/json");
    headers.set("idempotency-key", record.id);
    headers.set("x-hitl-timestamp", timestamp);
    headers.set("x-hitl-signature", `${SIGNATURE_VERSION}${signature}`);
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new WebhookDeliveryError(`The webhook for ${record.id} was not delivered (${why})`, undefined, {
        cause: error,
      });
    }
    // Nothing in the body is read: let the connection go.
    await response.body?.cancel().catch(() => {});
    const { status } = response;
    if ((status >= 200 && status < 300) || status === 409 || status === 410) return;
    // A browser's manual redirect is an opaque response with status 0.
    const what = status === 0 || (status >= 300 && status < 400) ? "a redirect, which is not followed" : status;
    throw new WebhookDeliveryError(
      `The webhook for ${record.id} was not delivered: the receiver answered ${what}`,
      status === 0 ? undefined : status,
    );
  };
}

/**
 * Checks a POST from `webhookSink` on the receiving route: its timestamp is within `toleranceMs`
 * of now, its signature is the secret's (compared in constant time), and its body is a
 * `WebhookDelivery` (and its `idempotency-key` header, when present, is the body's id). Reads the
 * request's body.
 */
export async function verifyWebhook(request: Request, options: VerifyWebhookOptions): Promise<VerifyWebhookResult> {
  checkSecret(options?.secret);
  const toleranceMs = options.toleranceMs ?? DEFAULT_TOLERANCE_MS;
  const now = options.now ?? Date.now;
  const timestampHeader = request.headers.get("x-hitl-timestamp");
  const signatureHeader = request.headers.get("x-hitl-signature");
  if (timestampHeader === null || signatureHeader === null) return { ok: false, reason: "signature" };
  if (!/^\d{1,16}$/.test(timestampHeader)) return { ok: false, reason: "signature" };
  if (Math.abs(now() - Number(timestampHeader)) > toleranceMs) return { ok: false, reason: "stale" };
  const signature = fromHex(
    signatureHeader.startsWith(SIGNATURE_VERSION) ? signatureHeader.slice(SIGNATURE_VERSION.length) : "",
  );
  if (!signature) return { ok: false, reason: "signature" };
  let body: string;
  try {
    body = await request.text();
  } catch {
    return { ok: false, reason: "malformed" };
  }
  // `verify` compares in constant time: no byte-by-byte early exit to time.
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(options.secret),
    signature,
    encode(`${timestampHeader}.${body}`),
  );
  if (!valid) return { ok: false, reason: "signature" };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = deliverySchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  const key = request.headers.get("idempotency-key");
  if (key !== null && key !== parsed.data.id) return { ok: false, reason: "malformed" };
  // zod types `value: z.unknown()` as optional; the parse requires the key all the same.
  return { ok: true, delivery: parsed.data as WebhookDelivery };
}

// ------------------------------------------------------------------ the body

const OUTCOMES = [
  "answered",
  "approved",
  "denied",
  "cancelled",
  "ignored",
  "invalid",
  "withdrawn",
] as const satisfies readonly Outcome[];
// Compiles only while OUTCOMES lists every `Outcome`.
const everyOutcome: Exclude<Outcome, (typeof OUTCOMES)[number]> extends never ? true : never = true;
void everyOutcome;

const text = z.string().min(1);

const deliverySchema = z
  .object({
    type: z.literal("hitl.answer"),
    id: text,
    source: text,
    conversation: text.optional(),
    owner: text,
    state: z.enum(["answered", "expired"]),
    outcome: z.enum(OUTCOMES).optional(),
    answer: answerBodySchema.optional(),
    request: z.object({ requestId: text, callId: z.string(), toolName: z.string(), kind: z.string() }),
    settledAt: z.number().finite(),
  })
  .refine((delivery) => delivery.request.requestId === delivery.id)
  // An answered record carries its answer; an expired one none.
  .refine((delivery) => (delivery.state === "answered") === (delivery.answer !== undefined));

function deliveryOf(record: InboxRecord): WebhookDelivery {
  const { state } = record;
  if (state !== "answered" && state !== "expired") {
    throw new TypeError(`The record ${record.id} is ${state}: only answered and expired records are delivered`);
  }
  if (state === "answered" && record.answer === undefined) {
    throw new TypeError(`The record ${record.id} is answered but holds no answer`);
  }
  const { requestId, callId, toolName, kind } = record.request;
  return {
    type: "hitl.answer",
    id: record.id,
    source: record.source,
    ...(record.conversation !== undefined ? { conversation: record.conversation } : {}),
    owner: record.owner,
    state,
    ...(record.outcome !== undefined ? { outcome: record.outcome } : {}),
    ...(state === "answered" ? { answer: record.answer } : {}),
    request: { requestId, callId, toolName, kind },
    // Every settled record has its time; the fallback only keeps the body's shape.
    settledAt: record.settledAt ?? Date.now(),
  };
}

// ------------------------------------------------------------------ signing

function checkSecret(secret: unknown): void {
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) {
    throw new TypeError(`The webhook secret must be a string of at least ${MIN_SECRET_LENGTH} characters`);
  }
}

const encode = (value: string) => new TextEncoder().encode(value);

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** 32 bytes from 64 hex digits; `undefined` for anything else. */
function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
