import { act, fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider } from "../../src/react/provider";
import { createRegistry, lazyWidget, type WidgetEntry, widget } from "../../src/react/registry";
import { HitlRenderer } from "../../src/react/renderer";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { askPick, PickWidget, pickKind, settle, TestFallback } from "./harness";

/** A lazy widget whose loading the test finishes (or fails) when it chooses. */
function controlledLoad() {
  let finish!: (entry: WidgetEntry<typeof pickKind>) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<WidgetEntry<typeof pickKind>>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let calls = 0;
  const load = () => {
    calls++;
    return promise;
  };
  return { load, finish, fail, calls: () => calls };
}

/** Rendered inside an awaited `act`: React only retries a render that suspended in one. */
async function renderWith(load: () => Promise<WidgetEntry<typeof pickKind>>) {
  const session = createTestSession({ latencyMs: 5 });
  const ref = askPick(session);
  const registry = createRegistry(lazyWidget<typeof pickKind>("pick", load));
  await act(async () => {
    render(
      <StrictMode>
        <HitlProvider transport={createTestTransport(session)} registry={registry} journal={noopJournal}>
          <HitlRenderer fallback={TestFallback} />
          <HitlRenderer fallback={TestFallback} />
        </HitlProvider>
      </StrictMode>,
    );
  });
  return { session, ref, registry };
}

describe("lazy widgets", () => {
  it("given a kind whose widget has not loaded, should show an answerable loading shell, load once, then the widget", async () => {
    const loader = controlledLoad();
    const { registry } = await renderWith(loader.load);
    // Two renderers, StrictMode: one shell each, the prompt, a status, and no fallback.
    const shells = document.querySelectorAll('[data-slot="widget"][data-state="loading"]');
    expect(shells).toHaveLength(2);
    expect(shells[0]).toHaveAttribute("aria-busy", "true");
    expect(screen.getAllByText("Pick one")).toHaveLength(2);
    expect(screen.getAllByRole("status").some((s) => s.textContent === "Loading…")).toBe(true);
    expect(screen.queryByTestId("fallback")).toBeNull();
    expect(registry.get("pick")).toBeUndefined();
    await act(async () => {
      loader.finish(widget(pickKind, PickWidget));
    });
    expect(await screen.findAllByTestId("pick")).toHaveLength(2);
    expect(document.querySelector('[data-state="loading"]')).toBeNull();
    expect(loader.calls()).toBe(1);
    expect(registry.get("pick")?.kind).toBe(pickKind);
  });

  it("given Decline while the widget loads, should send one decline and the widget should show it once loaded", async () => {
    const loader = controlledLoad();
    const { session, ref } = await renderWith(loader.load);
    const [decline] = screen.getAllByRole("button", { name: "Decline" });
    await act(async () => {
      fireEvent.click(decline as HTMLElement);
      fireEvent.click(decline as HTMLElement);
    });
    await settle(session);
    expect(session.answers(ref.requestId)).toHaveLength(1);
    expect(JSON.parse(session.answers(ref.requestId)[0]?.response.text ?? "")).toMatchObject({ declined: true });
    await act(async () => {
      loader.finish(widget(pickKind, PickWidget));
    });
    for (const pick of await screen.findAllByTestId("pick")) expect(pick).toHaveAttribute("data-state", "declined");
  });

  it("given a widget that fails to load, should fall back to the answerable fallback", async () => {
    const loader = controlledLoad();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderWith(loader.load);
    await act(async () => {
      loader.fail(new Error("chunk failed to load"));
    });
    expect((await screen.findAllByTestId("fallback")).length).toBeGreaterThan(0);
    error.mockRestore();
  });

  it("given a load that brings another kind's widget, should refuse it and fall back", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const other = { ...pickKind, kind: "other" } as unknown as typeof pickKind;
    await renderWith(() => Promise.resolve(widget(other, PickWidget)));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect((await screen.findAllByTestId("fallback")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("pick")).toBeNull();
    error.mockRestore();
  });

  it("given preload, should load the listed kinds before any request, and resolve at once after", async () => {
    const loader = controlledLoad();
    const registry = createRegistry(lazyWidget<typeof pickKind>("pick", loader.load));
    const preloaded = registry.preload("pick");
    expect(registry.resolve({ kind: "pick", payload: { kind: "pick", ids: ["a"] } }).type).toBe("loading");
    loader.finish(widget(pickKind, PickWidget));
    await preloaded;
    expect(registry.resolve({ kind: "pick", payload: { kind: "pick", ids: ["a"] } }).type).toBe("widget");
    expect(loader.calls()).toBe(1);
  });
});
