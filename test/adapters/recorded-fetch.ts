import type { RecordedEvent } from "../fixtures/eve";

/**
 * Serves a recorded eve stream the way eve's server does, for the real `useEveAgent`:
 * NDJSON with `x-eve-stream-version: 26`, `x-eve-stream-tail-index` when asked, `startIndex`
 * honoured, a catch-up read that ends at the tail and follow reads that stay open. Only
 * `released` events are visible; `POST /eve/v1/session/:id` records the body, answers 202 and
 * releases the next chunk of the recording (what the real server did after that answer).
 */
export function recordedFetch(events: readonly RecordedEvent[], chunks: readonly number[]) {
  let released = chunks[0] ?? events.length;
  let next = 1;
  const posts: unknown[] = [];
  const followers = new Set<() => void>();
  const encoder = new TextEncoder();
  const line = (event: RecordedEvent) => encoder.encode(`${JSON.stringify(event)}\n`);

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://eve.test",
    );
    const method = init?.method ?? "GET";
    const match = url.pathname.match(/\/eve\/v1\/session\/([^/]+)(\/stream)?$/);
    if (!match) return Response.json({ ok: false, error: "not found" }, { status: 404 });
    const sessionId = match[1]!;
    if (method === "POST") {
      posts.push(JSON.parse(String(init?.body)));
      released = chunks[next++] ?? events.length;
      queueMicrotask(() => {
        for (const wake of [...followers]) wake();
      });
      return Response.json(
        { ok: true, sessionId, status: "accepted", deliveryId: `delivery-${posts.length}` },
        { status: 202 },
      );
    }
    const start = Number(url.searchParams.get("startIndex") ?? "0");
    const headers = new Headers({
      "content-type": "application/x-ndjson; charset=utf-8",
      "x-eve-stream-version": "26",
    });
    if (url.searchParams.get("includeTailIndex") === "1") {
      headers.set("x-eve-stream-tail-index", String(released - 1));
      const body = events
        .slice(start, released)
        .map((e) => JSON.stringify(e))
        .join("\n");
      return new Response(body ? `${body}\n` : "", { headers });
    }
    let cursor = start;
    let wake: (() => void) | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        wake = () => {
          while (cursor < released) controller.enqueue(line(events[cursor++]!));
        };
        followers.add(wake);
        wake();
        init?.signal?.addEventListener("abort", () => {
          if (wake) followers.delete(wake);
          try {
            controller.close();
          } catch {
            // already closed
          }
        });
      },
      cancel() {
        if (wake) followers.delete(wake);
      },
    });
    return new Response(stream, { headers });
  };
  return { fetch, posts };
}
