import { afterEach, describe, expect, it } from "vitest";
import { createTestFetch, createTestSession, type TestSession } from "../../src/testing";

const streams: ReadableStreamDefaultReader<Uint8Array>[] = [];

afterEach(async () => {
  await Promise.all(streams.splice(0).map((reader) => reader.cancel().catch(() => undefined)));
});

function parkedSession(): { session: TestSession; requestId: string; callId: string } {
  const session = createTestSession();
  session.userMessage("pick a cover");
  const ref = session.ask({
    toolName: "pick_media",
    input: {
      prompt: "Pick a cover image",
      ui: { kind: "media", items: [{ id: "a", url: "https://example.com/a.png" }] },
    },
  });
  return { session, ...ref };
}

function post(body: unknown): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** Reads NDJSON lines until the body ends or `count` records arrived. */
async function readLines(
  response: Response,
  count = Number.POSITIVE_INFINITY,
): Promise<{ lines: unknown[]; ended: boolean }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  streams.push(reader);
  const decoder = new TextDecoder();
  const lines: unknown[] = [];
  let buffer = "";
  while (lines.length < count) {
    const chunk = await reader.read();
    if (chunk.done) return { lines, ended: true };
    buffer += decoder.decode(chunk.value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line.length > 0) lines.push(JSON.parse(line));
      newline = buffer.indexOf("\n");
    }
  }
  return { lines, ended: false };
}

describe("createTestFetch: POST /eve/v1/session/:id", () => {
  it("given inputResponses, should answer eve's 202 body and hand the answer to the session", async () => {
    const { session, requestId, callId } = parkedSession();
    const fetch = createTestFetch(session);

    const response = await fetch(
      `/eve/v1/session/${session.sessionId}`,
      post({ inputResponses: [{ requestId, text: "a" }] }),
    );
    const body = await response.json();
    await session.whenIdle();

    expect(response.status).toBe(202);
    expect(response.headers.get("x-eve-session-id")).toBe(session.sessionId);
    expect(body).toEqual({
      ok: true,
      sessionId: session.sessionId,
      status: "accepted",
      deliveryId: expect.any(String),
    });
    expect(session.answers(requestId)).toHaveLength(1);
    expect(session.toolResults(callId)).toHaveLength(1);
    expect(fetch.requests).toMatchObject([
      { method: "POST", route: `/session/${session.sessionId}`, body: { inputResponses: [{ requestId, text: "a" }] } },
    ]);
  });

  it("given an absolute host, a proxy prefix or a named agent, should serve the same route", async () => {
    const { session, requestId } = parkedSession();
    const fetch = createTestFetch(session);

    const responses = await Promise.all(
      [
        `https://agent.example.com/eve/v1/session/${session.sessionId}`,
        `/api/eve/v1/session/${session.sessionId}`,
        `/eve/support/v1/session/${session.sessionId}`,
      ].map((url) => fetch(url, post({ inputResponses: [{ requestId, text: "a" }] }))),
    );

    expect(responses.map((response) => response.status)).toEqual([202, 202, 202]);
  });

  it.each([
    ["an extra key in a response", { inputResponses: [{ requestId: "r", text: "t", value: 1 }] }],
    ["both message and inputResponses", { message: "hi", inputResponses: [{ requestId: "r" }] }],
    ["neither message nor inputResponses", { clientContext: "x" }],
    ["tool stubs", { message: "hi", stubs: [] }],
  ])("given %s, should answer 400 with eve's error body", async (_label, body) => {
    const { session } = parkedSession();
    const before = session.events.length;
    const fetch = createTestFetch(session);

    const response = await fetch(`/eve/v1/session/${session.sessionId}`, post(body));
    await session.whenIdle();

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String), ok: false });
    expect(session.events).toHaveLength(before);
  });

  it("given invalid JSON, should answer 400", async () => {
    const { session } = parkedSession();
    const response = await createTestFetch(session)(`/eve/v1/session/${session.sessionId}`, {
      method: "POST",
      body: "{not json",
    });

    expect(response.status).toBe(400);
  });

  it("given a message, should answer 202 with a delivery id and start the turn", async () => {
    const session = createTestSession();
    const fetch = createTestFetch(session);
    const response = await fetch(`/eve/v1/session/${session.sessionId}`, post({ message: "hello" }));
    const { deliveryId } = await response.json();
    await session.whenIdle();

    expect(response.status).toBe(202);
    expect(session.events[1]).toMatchObject({ type: "turn.started", meta: { deliveryIds: [deliveryId] } });
  });

  it("given an injected HTTP failure, should answer with that status", async () => {
    const { session, requestId } = parkedSession();
    session.failNextRespond({ status: 503 });

    const response = await createTestFetch(session)(
      `/eve/v1/session/${session.sessionId}`,
      post({ inputResponses: [{ requestId, text: "a" }] }),
    );

    expect(response.status).toBe(503);
    expect(session.answers(requestId)).toEqual([]);
  });

  it("given an injected network failure, should reject like a dropped connection", async () => {
    const { session, requestId } = parkedSession();
    session.failNextRespond({ network: true });

    await expect(
      createTestFetch(session)(
        `/eve/v1/session/${session.sessionId}`,
        post({ inputResponses: [{ requestId, text: "a" }] }),
      ),
    ).rejects.toThrow(new TypeError("Failed to fetch"));
  });

  it("given an unknown session or route, should answer 404 JSON", async () => {
    const fetch = createTestFetch(createTestSession());

    const unknownSession = await fetch("/eve/v1/session/nope", post({ message: "hi" }));
    const unknownRoute = await fetch("/eve/v1/nothing-here");

    expect(unknownSession.status).toBe(404);
    expect(await unknownSession.json()).toEqual({ error: "Session not found.", ok: false });
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.headers.get("content-type")).toBe("application/json");
  });
});

describe("createTestFetch: POST /eve/v1/session (create) and /cancel", () => {
  it("given a create with a message, should hand out the unused session and answer without a delivery id, like eve", async () => {
    const session = createTestSession();
    const fetch = createTestFetch(session);

    const response = await fetch("/eve/v1/session", post({ message: "hi" }));
    await session.whenIdle();

    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, sessionId: session.sessionId, status: "accepted" });
    expect(session.events.map((event) => event.type).slice(0, 3)).toEqual([
      "session.started",
      "turn.started",
      "message.received",
    ]);
  });

  it("given every supplied session in use, should build a new one with createSession", async () => {
    const made = createTestSession({ sessionId: "made" });
    const fetch = createTestFetch([], { createSession: () => made });

    const response = await fetch("/eve/v1/session", post({ message: "hi" }));

    expect((await response.json()).sessionId).toBe("made");
    expect(fetch.sessions).toEqual([made]);
  });

  it("given a cancel while a turn is open, should cancel it; with none, should report no_active_turn", async () => {
    const { session } = parkedSession();
    const fetch = createTestFetch(session);

    const first = await fetch(`/eve/v1/session/${session.sessionId}/cancel`, post({}));
    const second = await fetch(`/eve/v1/session/${session.sessionId}/cancel`, post({}));

    expect(first.status).toBe(202);
    expect(await second.json()).toEqual({ ok: true, status: "no_active_turn" });
    expect(session.events.map((event) => event.type)).toContain("turn.cancelled");
  });
});

describe("createTestFetch: GET /eve/v1/session/:id/stream", () => {
  it("given includeTailIndex=1, should send the backlog as NDJSON with eve's headers and end at the tail", async () => {
    const { session } = parkedSession();
    const response = await createTestFetch(session)(
      `/eve/v1/session/${session.sessionId}/stream?streamControlVersion=1&includeTailIndex=1`,
    );

    expect(response.status).toBe(200);
    expect(response.headers.get("x-eve-stream-version")).toBe("26");
    expect(response.headers.get("x-eve-stream-tail-index")).toBe(String(session.events.length - 1));
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const { lines, ended } = await readLines(response);
    expect(ended).toBe(true);
    expect(lines).toEqual(session.events);
  });

  it("given startIndex, should start there; given a negative one, should count from the tail", async () => {
    const { session } = parkedSession();
    const fetch = createTestFetch(session);

    const fromFive = await readLines(
      await fetch(`/eve/v1/session/${session.sessionId}/stream?startIndex=5&includeTailIndex=1`),
    );
    const lastTwo = await readLines(
      await fetch(`/eve/v1/session/${session.sessionId}/stream?startIndex=-2&includeTailIndex=1`),
    );

    expect(fromFive.lines).toEqual(session.events.slice(5));
    expect(lastTwo.lines).toEqual(session.events.slice(-2));
  });

  it("given a start past the tail with includeTailIndex, should end at once", async () => {
    const { session } = parkedSession();
    const response = await createTestFetch(session)(
      `/eve/v1/session/${session.sessionId}/stream?startIndex=${session.events.length}&includeTailIndex=1`,
    );

    expect(await readLines(response)).toEqual({ lines: [], ended: true });
  });

  it("given a follow stream, should stay open and push new events as the session emits them, without a tail header", async () => {
    const { session, requestId } = parkedSession();
    const response = await createTestFetch(session)(
      `/eve/v1/session/${session.sessionId}/stream?streamControlVersion=1`,
    );
    const backlog = session.events.length;

    expect(response.headers.get("x-eve-stream-tail-index")).toBeNull();
    await session.respond([{ requestId, text: "a" }]);
    await session.whenIdle();
    const { lines, ended } = await readLines(response, session.events.length);

    expect(ended).toBe(false);
    expect(lines).toEqual(session.events);
    expect(session.events.length).toBeGreaterThan(backlog);
  });

  it("given a lease that runs out, should end the stream with eve's lease-ended control record", async () => {
    const { session } = parkedSession();
    const response = await createTestFetch(session, { leaseMs: 10 })(
      `/eve/v1/session/${session.sessionId}/stream?streamControlVersion=1&startIndex=${session.events.length}`,
    );

    expect(await readLines(response)).toEqual({ lines: [{ $eve: "stream.lease-ended", version: 1 }], ended: true });
  });

  it("given a reader that cancels, should stop following the session", async () => {
    const { session, requestId } = parkedSession();
    const response = await createTestFetch(session)(`/eve/v1/session/${session.sessionId}/stream`);
    await (response.body as ReadableStream<Uint8Array>).cancel();

    await session.respond([{ requestId, text: "a" }]);
    await expect(session.whenIdle()).resolves.toBeUndefined();
  });

  it("given an aborted request signal, should error the body", async () => {
    const { session } = parkedSession();
    const controller = new AbortController();
    const response = await createTestFetch(session)(`/eve/v1/session/${session.sessionId}/stream`, {
      signal: controller.signal,
    });
    const reading = readLines(response);
    controller.abort();

    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
  });

  it("given a malformed startIndex, should answer 400", async () => {
    const { session } = parkedSession();
    const response = await createTestFetch(session)(`/eve/v1/session/${session.sessionId}/stream?startIndex=abc`);

    expect(response.status).toBe(400);
  });
});
