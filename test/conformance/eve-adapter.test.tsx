import "../setup-eve";
import { act, renderHook } from "@testing-library/react";
import { useEveAgent } from "eve/react";
import { useMemo, useState } from "react";
import type { EveAgentLike } from "../../src/adapters/eve/transport";
import { useEveHitl } from "../../src/adapters/eve/use-eve-hitl";
import type { HitlTransport } from "../../src/core/transport";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { type ConformanceDriver, runTransportConformance } from "../../src/testing/conformance";
import { eveSessionServerSide } from "../../src/testing/eve-server-side";
import { createTestFetch } from "../../src/testing/fetch";
import { createTestSession, type TestSession } from "../../src/testing/session";

/**
 * The eve adapter through the conformance suite: `useEveHitl` over the REAL `useEveAgent` from
 * `eve/react`, whose HTTP calls `createTestFetch` serves from an in-memory eve 0.80.1 session.
 * Each `connect()` is a page (its own `useEveAgent`, stream and ledger). A replay hands the
 * adapter the whole event list again, as a stream that reconnects from the start does; a
 * paused page stops seeing new events, as a lagging tab does.
 */

// React runs here as in a browser, not in an act environment: the state updates come from eve's
// client (its stream, its timers, the POSTs the framework-free suite makes through the adapter),
// never from a test's interaction, and the suite awaits their result by polling (as waitFor
// does, which also leaves the act environment while it waits). Set per test: Testing Library
// turns the flag on in its own beforeAll, so a module-level `false` would never apply.
const reactFlags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  reactFlags.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  reactFlags.IS_REACT_ACT_ENVIRONMENT = true;
});

interface Page {
  agent: EveAgentLike;
  transport: HitlTransport;
  replay(): void;
  pause(): void;
}

function usePage(sessionId: string): Page {
  const agent = useEveAgent({ initialSession: { sessionId, streamIndex: 0 }, resume: true });
  const [replays, setReplays] = useState<readonly (readonly unknown[])[]>([]);
  const [frozen, setFrozen] = useState<readonly unknown[] | undefined>(undefined);
  // What this page's adapter sees: earlier deliveries of the stream, then the live one.
  const events = useMemo(() => frozen ?? [...replays.flat(), ...agent.events], [frozen, replays, agent.events]);
  const transport = useEveHitl({ ...agent, events });
  return {
    agent,
    transport,
    replay: () => setReplays((previous) => [...previous, agent.events]),
    pause: () => setFrozen(events),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * eve's routes as a page reaches them through an app that mounts the kit's answer guard (one
 * claim store for the app) in front of eve's answer route: the guard reads eve's record and
 * claims each answer before forwarding it.
 */
function guardedFetch(session: TestSession): typeof fetch {
  const eve = createTestFetch(session);
  const guard = createEveAnswerGuard({ eveUrl: "http://eve.test", fetch: eve });
  return (input, init) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), "http://eve.test"), init);
    return request.method === "POST" && /\/v1\/session\/[^/]+$/.test(new URL(request.url).pathname)
      ? guard(request)
      : eve(input, init);
  };
}

const driver: ConformanceDriver = {
  name: "useEveHitl over the real useEveAgent (eve 0.80.1 routes, in-memory session, behind the answer guard)",
  graceMs: 300,
  skip: { replyInTwoTabs: "eve has no client-side reply path: the server itself resolves what a chat message answers" },
  createServer() {
    const session: TestSession = createTestSession({ latencyMs: 5 });
    session.userMessage("pick something");
    vi.stubGlobal("fetch", guardedFetch(session));
    const pages: { current: () => Page; live: boolean; unmount(): void }[] = [];
    const caughtUp = (page: Page) => page.agent.events.length >= session.events.length;
    return {
      ...eveSessionServerSide(session),
      guarded: true,
      async connect() {
        const { result, unmount } = renderHook(() => usePage(session.sessionId));
        const entry = { current: () => result.current, live: true, unmount };
        pages.push(entry);
        await until(
          () => result.current.agent.status !== "resuming" && caughtUp(result.current),
          "the page to resume the session",
        );
        return {
          transport: result.current.transport,
          replay: async () => {
            await act(async () => result.current.replay());
          },
          pause: () => {
            entry.live = false;
            act(() => result.current.pause());
          },
          close: () => {
            entry.live = false;
            unmount();
          },
        };
      },
      async idle() {
        await session.whenIdle();
        await until(() => pages.every((page) => !page.live || caughtUp(page.current())), "every page to catch up");
      },
      close() {
        for (const page of pages) if (page.live) page.unmount();
        vi.unstubAllGlobals();
      },
    };
  },
};

runTransportConformance({ describe, it }, driver);
