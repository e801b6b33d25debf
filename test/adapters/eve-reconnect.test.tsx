import "../setup-eve";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEveAgent } from "eve/react";
import { StrictMode } from "react";
import type { EveAgentLike } from "../../src/adapters/eve/transport";
import { useEveHitl } from "../../src/adapters/eve/use-eve-hitl";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider } from "../../src/react/provider";
import { HitlRenderer } from "../../src/react/renderer";
import { createTestFetch } from "../../src/testing/fetch";
import { createTestSession } from "../../src/testing/session";
import { askPick, registry, TestFallback } from "../react/harness";

/**
 * A dropped network with the real `useEveAgent`: while "offline", every fetch fails the way a
 * browser's does (TypeError). The agent's stream fails and its status turns to `error`; when the
 * network is back, `useEveHitl` resumes the session by itself (on `online`), the replayed stream
 * shows what happened meanwhile, and the widgets stay answerable.
 */
function Chat({ sessionId, reconnect }: { sessionId: string; reconnect?: boolean }) {
  const agent = useEveAgent({ initialSession: { sessionId, streamIndex: 0 }, resume: true });
  const transport = useEveHitl(agent, reconnect === undefined ? {} : { reconnect });
  return (
    <HitlProvider transport={transport} registry={registry} journal={noopJournal}>
      <p data-testid="status">{agent.status}</p>
      <HitlRenderer fallback={TestFallback} settled="all" />
    </HitlProvider>
  );
}

/**
 * The network as eve's client meets it when a connection drops: open streams break, and new
 * stream requests fail the way a captive portal or a dead proxy answers them (a 400, which eve's
 * client does not retry, so the page reaches its `error` state at once instead of after its own
 * ~40 s of retries). Other requests fail like an offline browser's (TypeError).
 */
function flakyNetwork(session: ReturnType<typeof createTestSession>) {
  const served = createTestFetch(session, { heartbeatMs: 50 });
  let offline = false;
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const stream = url.includes("/stream");
    if (offline) {
      if (stream) return new Response(JSON.stringify({ ok: false, error: "offline" }), { status: 400 });
      throw new TypeError("Failed to fetch");
    }
    const response = await served(input, init);
    if (!stream || !response.body) return response;
    // Pass the body through a stream this network can break.
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.add(controller);
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            open.delete(controller);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          open.delete(controller);
          controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return {
    fetch,
    setOffline(value: boolean) {
      offline = value;
      if (value) {
        for (const controller of open) controller.error(new TypeError("network error"));
        open.clear();
      } else {
        window.dispatchEvent(new Event("online"));
      }
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("useEveHitl after a network drop", { timeout: 20_000 }, () => {
  it("given the stream fails while offline, should resume by itself when back online and keep the widget answerable", async () => {
    const session = createTestSession();
    session.userMessage("pick something");
    const network = flakyNetwork(session);
    vi.stubGlobal("fetch", network.fetch);
    render(<Chat sessionId={session.sessionId} />);
    await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent(/streaming|ready/), { timeout: 5_000 });

    network.setOffline(true);
    await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent("error"), { timeout: 5_000 });
    // Meanwhile the agent asks something: the page cannot see it yet.
    const ref = askPick(session);
    expect(screen.queryByRole("button", { name: "Pick a" })).toBeNull();

    act(() => network.setOffline(false));
    await waitFor(() => expect(screen.getByRole("button", { name: "Pick a" })).toBeInTheDocument(), { timeout: 5_000 });
    await waitFor(() => expect(screen.getByTestId("status")).not.toHaveTextContent(/error|resuming/));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
    });
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered"), {
      timeout: 5_000,
    });
    expect(session.answers(ref.requestId)).toHaveLength(1);
  });

  it("given reconnect turned off, should leave the session in error (the app's choice)", async () => {
    const session = createTestSession();
    session.userMessage("pick something");
    const network = flakyNetwork(session);
    vi.stubGlobal("fetch", network.fetch);
    render(<Chat sessionId={session.sessionId} reconnect={false} />);
    await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent(/streaming|ready/), { timeout: 5_000 });
    network.setOffline(true);
    await waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent("error"), { timeout: 5_000 });
    act(() => network.setOffline(false));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(screen.getByTestId("status")).toHaveTextContent("error");
  });
});

describe("useEveHitl in StrictMode", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("given a resume that fails with no new snapshot, should try again after StrictMode's unmount and mount", async () => {
    // The hook closed its transport in an effect's cleanup: StrictMode's simulated unmount
    // stopped reconnecting for good, so the first failed resume was the last.
    vi.useFakeTimers();
    const resume = vi.fn(() => Promise.reject(new Error("stream lost")));
    const agent: EveAgentLike = {
      events: [],
      status: "error",
      session: { sessionId: "wrun_strict" },
      conversation: { inputs: {} },
      respond: async () => {},
      resume,
    };
    function Page() {
      const transport = useEveHitl(agent);
      return (
        <HitlProvider transport={transport} registry={registry} journal={noopJournal}>
          <HitlRenderer fallback={TestFallback} />
        </HitlProvider>
      );
    }
    const view = render(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(resume).toHaveBeenCalledTimes(2);
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(resume).toHaveBeenCalledTimes(2);
  });
});
