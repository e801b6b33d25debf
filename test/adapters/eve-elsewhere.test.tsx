import "../setup-eve";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useEveAgent } from "eve/react";
import { encodeAnswer } from "../../src/adapters/eve/envelope";
import { useEveHitl } from "../../src/adapters/eve/use-eve-hitl";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { createTestFetch } from "../../src/testing/fetch";
import { createTestSession } from "../../src/testing/session";

/**
 * Two devices, one request: device A answered; device B's stream lags (it still shows the
 * request open) and B answers too. B's answer goes through the cross-device guard, which
 * refuses it; B's page shows "answered elsewhere" with what A chose, and eve got one answer.
 * B runs the real `useEveAgent`; its stream is frozen at the moment A answers.
 */
function Chat({ sessionId }: { sessionId: string }) {
  const agent = useEveAgent({ initialSession: { sessionId, streamIndex: 0 }, resume: true });
  const transport = useEveHitl(agent, { reconnect: false });
  return (
    <HitlProvider transport={transport} journal={noopJournal}>
      <p data-testid="status">{agent.status}</p>
      <HitlRenderer settled="all" />
    </HitlProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it("given another device answered while this page's stream lagged, should show 'answered elsewhere' with that answer", {
  timeout: 20_000,
}, async () => {
  const session = createTestSession();
  session.userMessage("pick tags");
  const ref = session.ask({
    toolName: "pick_tags",
    input: {
      prompt: "Which labels?",
      ui: {
        kind: "multi-select",
        options: [
          { id: "bug", label: "Bug" },
          { id: "docs", label: "Docs" },
        ],
      },
    },
  });
  const eve = createTestFetch(session);
  const guard = createEveAnswerGuard({ eveUrl: "http://eve.local", fetch: eve });
  let frozen = false;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://app.local");
    const path = url.pathname;
    if (init?.method === "POST" && /\/session\/[^/]+$/.test(path)) {
      return guard(new Request(url, { method: "POST", headers: init.headers ?? {}, body: init.body ?? null }));
    }
    const response = await eve(input, init);
    if (!path.endsWith("/stream") || !response.body) return response;
    // The lag: once frozen, this page's streams deliver nothing more (and never end).
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (frozen) return new Promise<void>(() => {});
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  });
  render(<Chat sessionId={session.sessionId} />);
  const bug = await screen.findByRole("checkbox", { name: "Bug" }, { timeout: 5_000 });
  await waitFor(() => expect(screen.getByTestId("status")).not.toHaveTextContent("resuming"));

  // Device A answers (straight to eve); this page's stream has stopped and does not see it.
  frozen = true;
  await session.respond([{ requestId: ref.requestId, text: encodeAnswer("multi-select", { selected: ["docs"] }) }]);
  await session.whenIdle();
  expect(screen.getByRole("checkbox", { name: "Bug" })).toBeEnabled();

  // Device B answers: the guard refuses it, and the page says so, with A's choice.
  fireEvent.click(bug);
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
  });
  const widget = await waitFor(
    () => {
      const element = document.querySelector('[data-slot="widget"]');
      expect(element).toHaveAttribute("data-state", "answered-elsewhere");
      return element as HTMLElement;
    },
    { timeout: 5_000 },
  );
  expect(widget).toHaveTextContent("Answered elsewhere");
  expect(widget).toHaveTextContent("Docs");
  expect(session.answers(ref.requestId)).toHaveLength(1);
  expect(session.strayMessages).toEqual([]);
});
