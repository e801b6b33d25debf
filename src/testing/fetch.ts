import { parseInputResponses, type TestSession, type TestSessionEvent, TestSessionHttpError } from "./session";

/**
 * A `fetch` that serves eve 0.80.1's session routes from in-memory `TestSession`s, so the real
 * `eve/client` and `useEveAgent` from `eve/react` run unchanged in jsdom or a story. Routes, query
 * parameters, headers and bodies are the ones eve's client sends and eve's `eveChannel` answers.
 */

export interface TestFetchOptions {
  /** Builds the session for `POST /eve/v1/session` once every supplied session is in use. */
  readonly createSession?: () => TestSession;
  /** A blank line every so often keeps eve's client from timing out an idle stream (15 s). @default 10_000 */
  readonly heartbeatMs?: number;
  /** eve ends each follow stream after this long with `{"$eve":"stream.lease-ended","version":1}`. @default 60_000 */
  readonly leaseMs?: number;
}

export interface TestFetchRequest {
  readonly method: string;
  /** The eve route, from `/eve/v1` on (any host, proxy prefix or agent segment removed). */
  readonly route: string;
  readonly search: string;
  readonly sessionId?: string;
  /** The parsed JSON body of a POST. */
  readonly body?: unknown;
}

/**
 * `fetch`'s input, spelled out: DOM's `RequestInfo` alias is absent from a Node project without
 * the DOM lib (`types: ["node"]`), where the published declarations must typecheck too.
 */
type FetchInput = string | URL | Request;

export type TestFetch = ((input: FetchInput, init?: RequestInit) => Promise<Response>) & {
  /** Every request received, in order. */
  readonly requests: readonly TestFetchRequest[];
  /** The sessions it serves, supplied or created. */
  readonly sessions: readonly TestSession[];
};

const STREAM_VERSION = "26";
const LEASE_ENDED = `${JSON.stringify({ $eve: "stream.lease-ended", version: 1 })}\n`;
const ROUTE = /\/eve(?:\/[a-z0-9][a-z0-9_-]*)?\/v1(\/[^?#]*)$/u;
const SESSION_ROUTE = /^\/session(?:\/([^/]+)(?:\/([a-z]+))?)?$/u;

class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(error);
  }
}

export function createTestFetch(
  target: TestSession | readonly TestSession[],
  options: TestFetchOptions = {},
): TestFetch {
  const sessions: TestSession[] = Array.isArray(target) ? [...target] : [target as TestSession];
  const claimed = new Set<TestSession>();
  const requests: TestFetchRequest[] = [];
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 60_000;

  const findSession = (sessionId: string) => sessions.find((session) => session.sessionId === sessionId);

  const claimNewSession = (): TestSession | undefined => {
    let session = sessions.find((candidate) => candidate.events.length === 0 && !claimed.has(candidate));
    if (session === undefined && options.createSession !== undefined) {
      session = options.createSession();
      sessions.push(session);
    }
    if (session !== undefined) claimed.add(session);
    return session;
  };

  const handle = async (input: FetchInput, init?: RequestInit): Promise<Response> => {
    const request = await readRequest(input, init);
    request.signal?.throwIfAborted();
    const url = new URL(request.url, "http://eve.local");
    const route = ROUTE.exec(url.pathname)?.[1];
    const sessionMatch = route === undefined ? null : SESSION_ROUTE.exec(route);
    const rawSessionId = sessionMatch?.[1];
    const sessionId = rawSessionId === undefined ? undefined : decodeURIComponent(rawSessionId);
    const parsed = request.method === "POST" ? parseJsonBody(request.body) : { ok: true as const, value: undefined };
    const body = parsed.ok ? parsed.value : request.body;
    requests.push({
      method: request.method,
      route: route ?? url.pathname,
      search: url.search,
      ...(sessionId !== undefined && { sessionId }),
      ...(body !== undefined && { body }),
    });
    if (!parsed.ok) return json(400, { error: "Invalid JSON body.", ok: false });

    if (route === "/health" && request.method === "GET") {
      return json(200, { ok: true, status: "ready", workflowId: "hitl-kit-test" });
    }
    if (sessionMatch === null || sessionMatch === undefined) return json(404, { error: "Not found.", ok: false });
    const action = sessionMatch[2];

    if (sessionId === undefined) {
      if (request.method !== "POST") return json(404, { error: "Not found.", ok: false });
      return await createSessionRoute(body, claimNewSession);
    }
    const session = findSession(sessionId);
    if (action === "stream" && request.method === "GET") {
      if (session === undefined) return json(404, { error: "Session not found.", ok: false });
      return streamRoute(session, url.searchParams, request.signal, heartbeatMs, leaseMs);
    }
    if (request.method !== "POST" || (action !== undefined && action !== "cancel")) {
      return json(404, { error: "Not found.", ok: false });
    }
    if (session === undefined) return json(404, { error: "Session not found.", ok: false });
    if (action === "cancel") {
      return session.cancelTurn()
        ? json(202, { ok: true, sessionId: session.sessionId, status: "accepted" })
        : json(200, { ok: true, status: "no_active_turn" });
    }
    return await sessionMessageRoute(session, body);
  };

  const testFetch = async (input: FetchInput, init?: RequestInit): Promise<Response> => {
    try {
      return await handle(input, init);
    } catch (error) {
      if (error instanceof RouteError) return json(error.status, { error: error.error, ok: false });
      if (error instanceof TestSessionHttpError) return json(error.status, error.body);
      throw error;
    }
  };
  return Object.assign(testFetch, {
    get requests() {
      return requests;
    },
    get sessions() {
      return sessions;
    },
  }) as TestFetch;
}

interface ReadRequest {
  readonly url: string;
  readonly method: string;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
}

async function readRequest(input: FetchInput, init: RequestInit | undefined): Promise<ReadRequest> {
  let url: string;
  let method = init?.method;
  let rawBody: unknown = init?.body ?? undefined;
  let signal = init?.signal ?? undefined;
  if (typeof input === "string") url = input;
  else if (input instanceof URL) url = input.href;
  else {
    url = input.url;
    method ??= input.method;
    signal ??= input.signal;
    if (rawBody === undefined && input.body !== null) rawBody = await input.text();
  }
  let body: string | undefined;
  if (typeof rawBody === "string") body = rawBody;
  else if (rawBody !== undefined && rawBody !== null) body = await new Response(rawBody as BodyInit).text();
  return { url, method: (method ?? "GET").toUpperCase(), body, signal };
}

function parseJsonBody(
  text: string | undefined,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  if (text === undefined || text.trim().length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "cache-control": "no-store", "content-type": "application/json", ...headers },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** eve's `parseMessageField`, keeping only text (the test session has no attachments). */
function parseMessageField(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value.length > 0 ? value : undefined;
  if (!Array.isArray(value))
    throw new RouteError(400, "Expected 'message' to be a string or an array of text/file parts.");
  const texts: string[] = [];
  for (const part of value) {
    if (!isRecord(part)) throw new RouteError(400, "Expected each message part to be an object.");
    if (part.type === "text") {
      if (typeof part.text !== "string" || part.text.length === 0) {
        throw new RouteError(400, "Text parts require a non-empty 'text' string.");
      }
      texts.push(part.text);
    }
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}

async function createSessionRoute(body: unknown, claim: () => TestSession | undefined): Promise<Response> {
  const payload = body ?? {};
  if (!isRecord(payload)) throw new RouteError(400, "Expected a JSON object.");
  if ("continuationToken" in payload) throw new RouteError(400, "Session-ID routes do not accept 'continuationToken'.");
  if (payload.inputResponses !== undefined) {
    throw new RouteError(400, "'inputResponses' is only accepted for an existing session.");
  }
  const message = parseMessageField(payload.message);
  const session = claim();
  if (session === undefined) throw new RouteError(500, "Failed to create the session.");
  if (message !== undefined) await session.sendMessage(message);
  // eve's create route returns no delivery id: the client reads the new session's stream from index 0.
  return json(
    202,
    { ok: true, sessionId: session.sessionId, status: "accepted" },
    { "x-eve-session-id": session.sessionId },
  );
}

/** `POST /eve/v1/session/:id`: exactly one of `message` or `inputResponses`, as eve's `parseSessionMessageBody`. */
async function sessionMessageRoute(session: TestSession, body: unknown): Promise<Response> {
  if (!isRecord(body)) throw new RouteError(400, body === undefined ? "Invalid JSON body." : "Expected a JSON object.");
  if (Object.hasOwn(body, "stubs")) throw new RouteError(400, "Tool stubs are fixed at session creation.");
  if ("continuationToken" in body) throw new RouteError(400, "Session-ID routes do not accept 'continuationToken'.");
  const message = parseMessageField(body.message);
  const inputResponses = body.inputResponses === undefined ? undefined : parseInputResponses(body.inputResponses);
  if (message === undefined && inputResponses === undefined) {
    throw new RouteError(400, "Expected a non-empty 'message' or a non-empty 'inputResponses' array.");
  }
  if (message !== undefined && inputResponses !== undefined) {
    throw new RouteError(400, "'message' and 'inputResponses' are mutually exclusive.");
  }
  const accepted =
    message !== undefined ? await session.sendMessage(message) : await session.respond(body.inputResponses);
  return json(202, accepted, { "x-eve-session-id": accepted.sessionId });
}

/**
 * eve's `createSessionStreamResponse`: NDJSON from `startIndex` (negative = from the tail), a blank
 * line first, then events as they happen. With `includeTailIndex=1` (or `follow=false`) it reports
 * the last index in `x-eve-stream-tail-index` and ends the body there: eve's client reconnects after
 * a short sleep to follow on. With `streamControlVersion=1` it sends heartbeats and ends each lease
 * with the lease-ended control line, after which the client reconnects at once.
 */
function streamRoute(
  session: TestSession,
  params: URLSearchParams,
  signal: AbortSignal | undefined,
  heartbeatMs: number,
  leaseMs: number,
): Response {
  const rawStart = params.get("startIndex");
  if (rawStart !== null && (!/^-?\d+$/u.test(rawStart) || !Number.isSafeInteger(Number(rawStart)))) {
    return json(400, { error: "Expected startIndex to be an integer.", ok: false });
  }
  const followParam = params.get("follow");
  const follow = followParam !== "0" && followParam !== "false";
  const tailParam = params.get("includeTailIndex");
  const includeTail = !follow || tailParam === "1" || tailParam === "true";
  const controlled = params.get("streamControlVersion") === "1";
  const tailIndex = session.events.length - 1;
  const requested = rawStart === null ? 0 : Number(rawStart);
  const start = requested < 0 ? Math.max(0, session.events.length + requested) : requested;
  const limit = includeTail ? Math.max(0, tailIndex - start + 1) : undefined;
  const encoder = new TextEncoder();

  let stop: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let sent = 0;
      let heartbeat: ReturnType<typeof setTimeout> | undefined;
      let lease: ReturnType<typeof setTimeout> | undefined;
      let unsubscribe: (() => void) | undefined;
      const onAbort = () => {
        if (closed) return;
        cleanup();
        controller.error(signal?.reason ?? new DOMException("This operation was aborted", "AbortError"));
      };
      const cleanup = () => {
        closed = true;
        unsubscribe?.();
        clearTimeout(heartbeat);
        clearTimeout(lease);
        signal?.removeEventListener("abort", onAbort);
      };
      const close = () => {
        if (closed) return;
        cleanup();
        controller.close();
      };
      const scheduleHeartbeat = () => {
        clearTimeout(heartbeat);
        heartbeat = unrefTimer(
          setTimeout(() => {
            if (closed) return;
            controller.enqueue(encoder.encode("\n"));
            scheduleHeartbeat();
          }, heartbeatMs),
        );
      };
      const push = (event: TestSessionEvent) => {
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        sent += 1;
        if (
          (limit !== undefined && sent >= limit) ||
          event.type === "session.completed" ||
          event.type === "session.failed"
        ) {
          close();
        } else if (controlled) {
          scheduleHeartbeat();
        }
      };
      stop = cleanup;
      signal?.addEventListener("abort", onAbort, { once: true });
      controller.enqueue(encoder.encode("\n"));
      if (limit === 0) {
        close();
        return;
      }
      if (controlled) {
        scheduleHeartbeat();
        lease = unrefTimer(
          setTimeout(() => {
            if (closed) return;
            controller.enqueue(encoder.encode(LEASE_ENDED));
            close();
          }, leaseMs),
        );
      }
      const backlog = session.replay(start);
      for (const event of backlog) {
        if (closed) return;
        push(event);
      }
      if (closed) return;
      // Subscribing after the synchronous replay leaves no gap: the session only emits synchronously.
      unsubscribe = session.subscribe((event, index) => {
        if (!closed && index >= start) push(event);
      });
    },
    cancel() {
      stop?.();
    },
  });
  const headers: Record<string, string> = {
    "cache-control": "no-store, no-transform",
    "content-type": "application/x-ndjson; charset=utf-8",
    "x-accel-buffering": "no",
    "x-eve-session-id": session.sessionId,
    "x-eve-stream-format": "ndjson",
    "x-eve-stream-version": STREAM_VERSION,
  };
  if (includeTail) headers["x-eve-stream-tail-index"] = String(tailIndex);
  return new Response(body, { status: 200, headers });
}

function unrefTimer<T>(timer: T): T {
  // A forgotten stream must not keep a Node test process alive.
  if (typeof timer === "object" && timer !== null && "unref" in timer && typeof timer.unref === "function")
    timer.unref();
  return timer;
}
