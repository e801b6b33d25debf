import { type EveRequestShape, fromEveResponse } from "../adapters/eve/wire";
import type { AnswerBody } from "../core/answer";
import { type LedgerState, selectRequest } from "../core/ledger";
import { type AnswerClaimStore, type ClaimResult, createMemoryClaimStore } from "./claim-store";
import { readEveSession } from "./eve-session";

/**
 * A guard in front of eve's answer route (`POST /eve/v1/session/:id`) for answers from several
 * devices. No client can stop two browsers from both answering one request, and eve accepts a
 * second answer and turns it into a stray user message and a new turn. The guard asks eve's own
 * session state — the session's stream, read through the kit's ledger — and refuses an answer
 * to a request that is already settled with `409` and what it was answered with, so the losing
 * device can show "answered elsewhere".
 *
 * eve has no compare-and-set on answers, so two answers posted in the same instant both read
 * "open" there. The guard closes that with a claim per (session, request) in `claims`: the first
 * answer takes it and is forwarded, the others wait for eve to record it and get the same `409`
 * with the winner's answer. A claim is a short lease while its answer is on the way (a page server
 * killed mid-forward frees it within `leaseMs`), given back when eve refuses the answer (so a
 * retry can win), and kept `claimTtlMs` once eve took it (by then eve's own record has the
 * answer). When the claim store fails the answer is refused with `503` (`whenClaimsFail`), never
 * let through unguarded. What holds under each fault is in SECURITY.md. The claim is the guard's only state:
 * every instance that can receive an answer must share one store — the default memory store
 * covers one instance; several behind a load balancer need `createRedisClaimStore`.
 *
 *   // Next.js App Router: app/eve/[...path]/route.ts
 *   const guard = createEveAnswerGuard({
 *     eveUrl: process.env.EVE_URL!,
 *     claims: createRedisClaimStore({ command: (name, args) => redis.sendCommand([name, ...args]) }),
 *   });
 *   export const POST = (request: Request) => guard(request);
 */

export interface EveAnswerGuardOptions {
  /** eve's origin, e.g. `http://127.0.0.1:3031`; requests are forwarded to the same path there. */
  readonly eveUrl: string;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Request headers forwarded to eve (auth, cookies). @default ["authorization", "cookie"] */
  readonly forwardHeaders?: readonly string[];
  /**
   * Where the first answer to a request takes its claim. Shared by every instance that can
   * receive an answer for the same sessions. @default a memory store of this guard's own
   */
  readonly claims?: AnswerClaimStore;
  /**
   * How long a forwarded answer's claim lives once eve took it. It must outlast the time eve takes
   * to record an answer in the session stream: from then on the guard's read of that record
   * refuses later answers by itself. @default 30_000
   */
  readonly claimTtlMs?: number;
  /**
   * How long a claim holds while its answer is on its way to eve, renewed every third of it for
   * as long as the forward lasts. A page server that dies between its claim and eve's answer
   * stops renewing, and its claim frees itself after this long: the device's retry (or the other
   * device, still waiting) then takes it, so the request is not left claimed by an answer eve
   * never got. @default 10_000
   */
  readonly leaseMs?: number;
  /**
   * What to do with an answer when the claim store fails (Redis restarting, unreachable):
   * `"refuse"` answers `503` `HITL_CLAIM_UNAVAILABLE` with `retry-after`, and nothing reaches eve
   * (the device sends the answer again later; two devices can never both get through);
   * `"forward"` sends it to eve unclaimed, as before claims existed (always delivered, but two
   * devices answering during the outage can both reach eve). @default "refuse"
   */
  readonly whenClaimsFail?: "refuse" | "forward";
}

/** The body of the guard's `503` while its claim store fails (`whenClaimsFail: "refuse"`). */
export interface ClaimsUnavailableBody {
  readonly ok: false;
  readonly code: "HITL_CLAIM_UNAVAILABLE";
  readonly error: string;
}

/** The body of the guard's refusal. */
export interface AlreadyAnsweredBody {
  readonly ok: false;
  readonly code: "HITL_ALREADY_ANSWERED";
  readonly error: string;
  readonly requestId: string;
  readonly outcome: string;
  /** What the request was answered with: eve's record, or the answer that won the claim. */
  readonly response?: AnswerBody;
}

/** One entry of an answer POST's `inputResponses`, as far as the guard reads it. */
interface PostedAnswer {
  readonly requestId: string;
  readonly optionId?: string;
  readonly text?: string;
}

/** What a claim stores: a unique id, so a release never frees another answer's claim, and the answer. */
interface ClaimValue {
  readonly id: string;
  readonly response: AnswerBody;
}

const ANSWER_ROUTE = /\/eve(?:\/[a-z0-9][a-z0-9_-]*)?\/v1\/session\/([^/?#]+)$/u;

export function createEveAnswerGuard(options: EveAnswerGuardOptions): (request: Request) => Promise<Response> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const base = options.eveUrl.replace(/\/+$/u, "");
  const forwarded = (options.forwardHeaders ?? ["authorization", "cookie"]).map((name) => name.toLowerCase());
  const claims = options.claims ?? createMemoryClaimStore();
  const claimTtlMs = options.claimTtlMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 10_000;
  const refuseWhenClaimsFail = (options.whenClaimsFail ?? "refuse") === "refuse";

  const headersOf = (request: Request): Headers => {
    const headers = new Headers();
    for (const name of forwarded) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return headers;
  };

  return async (request) => {
    const url = new URL(request.url);
    const match = ANSWER_ROUTE.exec(url.pathname);
    const target = `${base}${url.pathname}${url.search}`;
    const body = request.method === "POST" ? await request.text() : undefined;
    const forward = () => {
      const headers = headersOf(request);
      if (body !== undefined) headers.set("content-type", request.headers.get("content-type") ?? "application/json");
      return fetcher(target, { method: request.method, headers, ...(body !== undefined ? { body } : {}) });
    };
    const answers = match && body !== undefined ? postedAnswers(body) : [];
    if (!match?.[1] || answers.length === 0) return forward();
    const sessionId = decodeSegment(match[1]);
    const readState = async () => (await readEveSession(fetcher, `${base}${url.pathname}`, headersOf(request)))?.state;

    // A lost claim is not yet an answer in eve: its holder may still be forwarding it, eve may
    // refuse it, or its page server may have died holding it. So the loser waits (bounded: a dead
    // holder's lease runs out within `leaseMs`) until eve records an answer — then the 409 says
    // what eve has — or the claim frees and this answer takes it.
    const deadline = Date.now() + leaseMs + Math.min(leaseMs, LOSER_GRACE_MS);
    for (let wait = LOSER_POLL_MS; ; wait = Math.min(wait * 2, LOSER_POLL_MAX_MS)) {
      const state = await readState();
      for (const { requestId } of answers) {
        const parked = state && selectRequest(state, requestId);
        if (parked?.state !== "settled") continue;
        return alreadyAnswered(requestId, parked.outcome ?? "answered", parked.resolution);
      }

      const claimed = await claimAll(claims, sessionId, state, answers, leaseMs, refuseWhenClaimsFail);
      const won = claimed.filter((claim) => claim.result?.won === true);
      const lost = claimed.find((claim) => claim.result?.won === false);
      if (!lost && claimed.some((claim) => claim.result === undefined) && refuseWhenClaimsFail) {
        await releaseAll(claims, won);
        return claimsUnavailable();
      }
      if (!lost) return forwardClaimed(claims, won, forward, readState, { leaseMs, claimTtlMs });
      // All or nothing: the refusal sends none of the POST's answers, so the claims it won must
      // not keep another device from answering those requests.
      await releaseAll(claims, won);
      if (Date.now() >= deadline) {
        const winner = lost.result?.won === false ? readClaimValue(lost.result.value) : undefined;
        return alreadyAnswered(lost.requestId, "answered", winner?.response);
      }
      await sleep(Math.min(wait, Math.max(0, deadline - Date.now())));
    }
  };
}

/**
 * How soon a device that lost a claim looks again at eve and the claim: 100 ms, doubling to 1 s.
 * Each look reads the session's whole stream, so a long hold on a long session reads it some
 * fifteen times rather than a hundred.
 */
const LOSER_POLL_MS = 100;
const LOSER_POLL_MAX_MS = 1_000;
/** Beyond the lease, how long a loser waits for the winner's answer to show in eve. */
const LOSER_GRACE_MS = 2_000;

/**
 * Forwards the answers this POST claimed, renewing their lease while eve has not answered.
 * eve took them: their claims live `claimTtlMs` (until eve's record refuses later answers by
 * itself). eve refused them: released, so a retry can win.
 */
async function forwardClaimed(
  claims: AnswerClaimStore,
  won: readonly Claim[],
  forward: () => Promise<Response>,
  readState: () => Promise<LedgerState | undefined>,
  times: { readonly leaseMs: number; readonly claimTtlMs: number },
): Promise<Response> {
  const renew =
    won.length === 0 ? undefined : setInterval(() => void extendAll(claims, won, times.leaseMs), times.leaseMs / 3);
  let response: Response;
  try {
    response = await forward();
  } catch (error) {
    // A dropped connection does not say whether eve took the answer. Ask eve: a request it
    // shows settled keeps its claim (and the settled check refuses later answers anyway); one
    // it still shows open is released, or the same device's retry (sent once its client's
    // grace period is over) would be refused as "answered elsewhere" for an answer eve never
    // got — and the tool call would wait for a result nobody sends.
    const after = await readState();
    const open = won.filter((claim) => !after || selectRequest(after, claim.requestId)?.state !== "settled");
    await releaseAll(claims, open);
    throw error;
  } finally {
    clearInterval(renew);
  }
  if (response.ok) await extendAll(claims, won, times.claimTtlMs);
  else await releaseAll(claims, won);
  return response;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function claimsUnavailable(): Response {
  const refusal: ClaimsUnavailableBody = {
    ok: false,
    code: "HITL_CLAIM_UNAVAILABLE",
    error: "The answer could not be checked against other devices right now; it was not sent. Try again.",
  };
  return Response.json(refusal, { status: 503, headers: { "retry-after": "1" } });
}

function alreadyAnswered(requestId: string, outcome: string, response: AnswerBody | undefined): Response {
  const refusal: AlreadyAnsweredBody = {
    ok: false,
    code: "HITL_ALREADY_ANSWERED",
    error: "This request was already answered elsewhere; your answer was not sent.",
    requestId,
    outcome,
    ...(response ? { response } : {}),
  };
  return Response.json(refusal, { status: 409 });
}

interface Claim {
  readonly requestId: string;
  readonly key: string;
  readonly value: string;
  /** `undefined` when the store failed. */
  readonly result: ClaimResult | undefined;
}

/**
 * One claim per distinct request of the POST (the same request twice would lose against its own
 * first claim), holding the answer eve keeps: the last one (eve drops the earlier ones).
 *
 * Taken one at a time in key order, stopping at the first lost. In any other order (the POST's
 * own, or all at once where the keys live on different Redis nodes) two devices that answer the
 * same requests in one POST each could win one and lose the other: both refused, neither answer
 * sent. In one order both contend for the same first key, and only the one that lost it stops.
 *
 * A store that fails counts as neither won nor lost (`result` undefined): by default the POST is
 * refused with 503 and sent again by the device; with `whenClaimsFail: "forward"` it goes to eve
 * unclaimed, and the failure is reported, since that answer is no longer protected from a race.
 */
async function claimAll(
  claims: AnswerClaimStore,
  sessionId: string,
  state: LedgerState | undefined,
  answers: readonly PostedAnswer[],
  ttlMs: number,
  refuse: boolean,
): Promise<Claim[]> {
  const distinct = new Map<string, PostedAnswer>();
  for (const answer of answers) distinct.set(answer.requestId, answer);
  const ordered = [...distinct.values()]
    .map((answer) => ({ answer, key: `hitl:${sessionId}:${answer.requestId}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const claimed: Claim[] = [];
  for (const { answer, key } of ordered) {
    const value = JSON.stringify({
      id: crypto.randomUUID(),
      response: responseOf(state, answer),
    } satisfies ClaimValue);
    let result: ClaimResult | undefined;
    try {
      result = await claims.claim(key, value, ttlMs);
    } catch (error) {
      const then = refuse ? "refusing the answer with 503" : "forwarding the answer unclaimed";
      console.warn(`hitl-kit: the answer claim for ${key} failed; ${then}`, error);
    }
    claimed.push({ requestId: answer.requestId, key, value, result });
    if (result?.won === false) break;
  }
  return claimed;
}

/** An extension that fails leaves the claim to its lease: eve's own record refuses later answers. */
async function extendAll(claims: AnswerClaimStore, won: readonly Claim[], ttlMs: number): Promise<void> {
  await Promise.all(
    won.map(async ({ key, value }) => {
      try {
        await claims.extend(key, value, ttlMs);
      } catch {
        // Reported by the next claim that fails; nothing to undo here.
      }
    }),
  );
}

/** A release that fails leaves the claim to expire: the answer it guarded was refused anyway. */
async function releaseAll(claims: AnswerClaimStore, won: readonly Claim[]): Promise<void> {
  await Promise.all(
    won.map(async ({ key, value }) => {
      try {
        await claims.release(key, value);
      } catch (error) {
        console.warn(`hitl-kit: releasing the answer claim for ${key} failed; it expires by itself`, error);
      }
    }),
  );
}

/**
 * The answer as the 409 reports it, read the way the ledger reads eve's record of it (the same
 * `fromEveResponse`, with the request's kind when eve's stream has the request), so a loser of
 * the claim sees the same value as a loser to eve's own record.
 */
function responseOf(state: LedgerState | undefined, answer: PostedAnswer): AnswerBody {
  const parked = state && selectRequest(state, answer.requestId);
  const shape: EveRequestShape = parked
    ? { kind: parked.kind, native: parked.native === true }
    : { kind: "", native: false };
  return fromEveResponse(answer, shape);
}

/** A claim's stored value; `undefined` for one the guard did not write (the 409 then omits it). */
function readClaimValue(value: string | undefined): ClaimValue | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null || !("response" in parsed)) return undefined;
    const response = parsed.response;
    if (typeof response !== "object" || response === null || !("type" in response)) return undefined;
    return parsed as ClaimValue;
  } catch {
    return undefined;
  }
}

/** The session id as eve reads it: `%2F`-style escapes name the same session as the plain form. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The answers an answer POST carries; none for anything else (a chat message). */
function postedAnswers(body: string): PostedAnswer[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("inputResponses" in parsed)) return [];
    const responses = parsed.inputResponses;
    if (!Array.isArray(responses)) return [];
    return responses.flatMap((response: unknown): PostedAnswer[] => {
      if (typeof response !== "object" || response === null) return [];
      if (!("requestId" in response) || typeof response.requestId !== "string") return [];
      const optionId = "optionId" in response && typeof response.optionId === "string" ? response.optionId : undefined;
      const text = "text" in response && typeof response.text === "string" ? response.text : undefined;
      return [
        {
          requestId: response.requestId,
          ...(optionId !== undefined ? { optionId } : {}),
          ...(text !== undefined ? { text } : {}),
        },
      ];
    });
  } catch {
    return [];
  }
}
