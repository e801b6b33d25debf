import { act, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createLangGraphTransport } from "../../src/adapters/langgraph/transport";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { captureKitWarnings } from "../support/kit-warnings";

/**
 * A client follows its transport only while mounted: created in a render (the provider's), it
 * reads what the transport already knows and starts nothing. So a server render, or a render
 * React throws away (StrictMode renders twice and keeps one), leaves no poll, timer or listener
 * behind — checked here on the real LangGraph transport, whose following is a poll of the thread.
 */

const waiting = {
  values: {},
  next: ["ask"],
  tasks: [
    {
      id: "task-1",
      name: "ask",
      error: null,
      interrupts: [{ id: "i1", value: { ui: { kind: "nothing-registered" }, prompt: "Pick a colour" } }],
      path: ["__pregel_pull", "ask"],
      checkpoint: null,
      state: null,
      result: null,
    },
  ],
  metadata: { step: 1 },
  created_at: "2026-01-01T00:00:00.000Z",
  checkpoint: { thread_id: "t", checkpoint_id: "c1", checkpoint_ns: "", checkpoint_map: null },
  parent_checkpoint: null,
};

/** A LangGraph SDK client that counts the thread reads (each poll is one) and never resolves a run. */
function countingClient() {
  const reads = { count: 0 };
  return {
    reads,
    client: {
      threads: {
        getState: async () => {
          reads.count += 1;
          return waiting;
        },
      },
      runs: {
        stream: () => {
          throw new Error("no run is started in this test");
        },
      },
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("when a client follows its transport", () => {
  it("given a server render, should show what the transport knows and leave no poll behind", async () => {
    const { client, reads } = countingClient();
    const transport = createLangGraphTransport({
      client,
      assistantId: "agent",
      threadId: "t",
      pollIntervalMs: 10,
      initialState: waiting,
    });
    const html = renderToString(
      <HitlProvider transport={transport} journal={noopJournal}>
        <HitlRenderer />
      </HitlProvider>,
    );
    expect(html).toContain("Pick a colour");
    await pause(80);
    expect(reads.count).toBe(0);
  });

  it("given StrictMode's discarded render and remount, should follow once while mounted and stop after unmount", async () => {
    // The request's kind has no widget on purpose (the fallback is enough here): said once, kept off the log.
    const warnings = captureKitWarnings();
    const { client, reads } = countingClient();
    const transport = createLangGraphTransport({
      client,
      assistantId: "agent",
      threadId: "t",
      pollIntervalMs: 20,
      initialState: waiting,
    });
    // How many sinks follow the transport right now.
    let following = 0;
    const connect = transport.connect;
    transport.connect = (sink) => {
      following += 1;
      const stop = connect(sink);
      return () => {
        following -= 1;
        stop();
      };
    };
    const view = render(
      <StrictMode>
        <HitlProvider transport={transport} journal={noopJournal}>
          <HitlRenderer />
        </HitlProvider>
      </StrictMode>,
    );
    expect(screen.getByText("Pick a colour")).toBeInTheDocument();
    expect(following).toBe(1);
    await act(() => pause(60));
    expect(reads.count).toBeGreaterThan(0);
    view.unmount();
    expect(following).toBe(0);
    const after = reads.count;
    await pause(80);
    expect(reads.count).toBe(after);
    expect(warnings()).toEqual([expect.stringContaining('"nothing-registered" shown as the fallback')]);
  });
});
