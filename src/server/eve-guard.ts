import { createEveConverter } from "../adapters/eve/transport";
import type { AnswerBody } from "../core/answer";
import { createLedger, type LedgerState, reduceLedger, selectRequest } from "../core/ledger";

/**
 * A guard in front of eve's answer route (`POST /eve/v1/session/:id`) for answers from several
 * devices. No client can stop two browsers from both answering one request, and eve accepts a
 * second answer and turns it into a stray user message and a new turn. The guard asks eve's own
 * session state — the session's stream, read through the kit's ledger — and refuses an answer
 * to a request that is already settled with `409` and what it was answered with, so the losing
 * device can show "answered elsewhere". It keeps no state of its own: any number of app
 * instances behind a load balancer can run it.
 *
 * What it cannot close: two answers posted in the same instant (before eve settled either).
 * eve has no compare-and-set on answers, so both guards read "open" and both answers pass; the
 * kit's cross-tab claim covers that case within one browser. (A test shows it.)
 *
 *   // Next.js App Router: app/eve/[...path]/route.ts
 *   const guard = createEveAnswerGuard({ eveUrl: process.env.EVE_URL! });
 *   export const POST = (request: Request) => guard(request);
 */

export interface EveAnswerGuardOptions {
  /** eve's origin, e.g. `http://127.0.0.1:3031`; requests are forwarded to the same path there. */
  readonly eveUrl: string;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Request headers forwarded to eve (auth, cookies). @default ["authorization", "cookie"] */
  readonly forwardHeaders?: readonly string[];
}

/** The body of the guard's refusal. */
export interface AlreadyAnsweredBody {
  readonly ok: false;
  readonly code: "HITL_ALREADY_ANSWERED";
  readonly error: string;
  readonly requestId: string;
  readonly outcome: string;
  /** What the request was answered with, read back from eve (when eve recorded it). */
  readonly response?: AnswerBody;
}

const ANSWER_ROUTE = /\/eve(?:\/[a-z0-9][a-z0-9_-]*)?\/v1\/session\/([^/?#]+)$/u;

export function createEveAnswerGuard(options: EveAnswerGuardOptions): (request: Request) => Promise<Response> {
  const fetcher = options.fetch ?? globalThis.fetch;
  const base = options.eveUrl.replace(/\/+$/u, "");
  const forwarded = (options.forwardHeaders ?? ["authorization", "cookie"]).map((name) => name.toLowerCase());

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
    const requestIds = match && body !== undefined ? answeredIds(body) : [];
    if (!match?.[1] || requestIds.length === 0) return forward();

    const state = await readSession(fetcher, `${base}${url.pathname}`, headersOf(request));
    for (const requestId of requestIds) {
      const parked = state && selectRequest(state, requestId);
      if (parked?.state !== "settled") continue;
      const refusal: AlreadyAnsweredBody = {
        ok: false,
        code: "HITL_ALREADY_ANSWERED",
        error: "This request was already answered elsewhere; your answer was not sent.",
        requestId,
        outcome: parked.outcome ?? "answered",
        ...(parked.resolution ? { response: parked.resolution } : {}),
      };
      return Response.json(refusal, { status: 409 });
    }
    return forward();
  };
}

/** The request ids an answer POST answers; none for anything else (a chat message). */
function answeredIds(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || !("inputResponses" in parsed)) return [];
    const responses = parsed.inputResponses;
    if (!Array.isArray(responses)) return [];
    return responses.flatMap((response: unknown) =>
      typeof response === "object" &&
      response !== null &&
      "requestId" in response &&
      typeof response.requestId === "string"
        ? [response.requestId]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * The session as eve records it: its whole stream (`follow=false` ends at the tail), through the
 * same converter and ledger the browser uses. `undefined` when eve cannot say (the answer is
 * then forwarded: the guard never blocks an answer on its own failure).
 */
async function readSession(
  fetcher: typeof fetch,
  sessionUrl: string,
  headers: Headers,
): Promise<LedgerState | undefined> {
  try {
    const response = await fetcher(`${sessionUrl}/stream?startIndex=0&follow=false`, {
      headers,
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return undefined;
    const convert = createEveConverter();
    let state = createLedger();
    for (const line of (await response.text()).split("\n")) {
      if (line.trim() === "") continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue;
      }
      const action = convert(event);
      if (action) state = reduceLedger(state, action);
    }
    return state;
  } catch {
    return undefined;
  }
}
