import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import type { FallbackProps } from "../../src/react/widget-props";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { createLazyFallback } from "../../src/widgets/fallback/lazy";
import { TestFallback } from "./harness";

/** A fallback whose loading the test finishes or fails, attempt by attempt. */
function controlledLoads() {
  const attempts: { finish: () => void; fail: () => void }[] = [];
  const load = () =>
    new Promise<ComponentType<FallbackProps>>((resolve, reject) => {
      attempts.push({ finish: () => resolve(TestFallback), fail: () => reject(new Error("chunk failed to load")) });
    });
  return { load, attempts };
}

function askUnknown() {
  const session = createTestSession({ latencyMs: 1 });
  const ref = session.ask({ toolName: "pick_thing", input: { prompt: "Pick a thing", ui: { kind: "unheard-of" } } });
  return { session, ref };
}

/** A renderer whose fallback loads as the test says, over a request of a kind nobody knows. */
async function renderUnknown() {
  const { session, ref } = askUnknown();
  const { load, attempts } = controlledLoads();
  const lazy = createLazyFallback(load);
  await act(async () => {
    render(
      <HitlProvider transport={createTestTransport(session)} journal={noopJournal}>
        <HitlRenderer fallback={lazy.Fallback} />
      </HitlProvider>,
    );
  });
  return { session, ref, attempts };
}

describe("the built-in fallback, loaded on first use", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("given a request that falls back before the fallback has loaded, should show its prompt and Decline, send one decline, then show the fallback", async () => {
    const { session, ref, attempts } = await renderUnknown();
    const shell = document.querySelector('[data-slot="widget"][data-state="loading"]');
    expect(shell).toHaveAttribute("data-kind", "unheard-of");
    expect(screen.getByText("Pick a thing")).toBeInTheDocument();
    expect(screen.queryByTestId("fallback")).toBeNull();
    const decline = screen.getByRole("button", { name: "Decline" });
    await act(async () => {
      fireEvent.click(decline);
      fireEvent.click(decline);
    });
    await act(() => session.whenIdle());
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(JSON.parse(session.answers(ref.requestId)[0]?.response.text ?? "")).toMatchObject({ declined: true });
    expect(attempts).toHaveLength(1);
    await act(async () => {
      attempts[0]?.finish();
    });
    expect(await screen.findByTestId("fallback")).toHaveAttribute("data-state", "declined");
  });

  it("given a load that fails (offline), should keep the answerable shell and try again, later and later, until it loads", async () => {
    vi.useFakeTimers();
    const { attempts } = await renderUnknown();
    await act(async () => {
      attempts[0]?.fail();
    });
    expect(screen.getByRole("button", { name: "Decline" })).toBeInTheDocument();
    // The first retry after 2 s, the next 4 s after that.
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(attempts).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(attempts).toHaveLength(2);
    await act(async () => {
      attempts[1]?.fail();
    });
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(attempts).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(attempts).toHaveLength(3);
    await act(async () => {
      attempts[2]?.finish();
    });
    expect(screen.getByTestId("fallback")).toHaveAttribute("data-state", "open");
  });

  it("given the default renderer, should load the built-in fallback once mounted, before any request falls back", async () => {
    // The fallback tells a developer why a request fell back; said once, checked here.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const session = createTestSession();
    await act(async () => {
      render(
        <HitlProvider transport={createTestTransport(session)} journal={noopJournal}>
          <HitlRenderer />
        </HitlProvider>,
      );
    });
    // A request that falls back now shows the real fallback at once (no shell in between).
    await act(async () => {
      session.ask({ toolName: "pick_thing", input: { prompt: "Pick a thing", ui: { kind: "unheard-of" } } });
    });
    expect(document.querySelector('[data-state="loading"]')).toBeNull();
    expect(screen.getByRole("textbox", { name: "Your answer" })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
