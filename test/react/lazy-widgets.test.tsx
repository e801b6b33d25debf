import { act, fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prerender } from "react-dom/static";
import { noopJournal } from "../../src/core/journal";
import { renderRequest } from "../../src/core/render";
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
    await renderWith(loader.load);
    await act(async () => {
      loader.fail(new Error("chunk failed to load"));
    });
    expect((await screen.findAllByTestId("fallback")).length).toBeGreaterThan(0);
  });

  it("given a load that brings another kind's widget, should refuse it and fall back", async () => {
    const other = { ...pickKind, kind: "other" } as unknown as typeof pickKind;
    await renderWith(() => Promise.resolve(widget(other, PickWidget)));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect((await screen.findAllByTestId("fallback")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("pick")).toBeNull();
  });

  it("given preload, should load the listed kinds before any request, and resolve at once after", async () => {
    const loader = controlledLoad();
    const registry = createRegistry(lazyWidget<typeof pickKind>("pick", loader.load));
    const preloaded = registry.preload("pick");
    expect(renderRequest(registry, { kind: "pick", payload: { kind: "pick", ids: ["a"] } }).type).toBe("loading");
    loader.finish(widget(pickKind, PickWidget));
    await preloaded;
    expect(renderRequest(registry, { kind: "pick", payload: { kind: "pick", ids: ["a"] } }).type).toBe("widget");
    expect(loader.calls()).toBe(1);
  });

  describe("outside act, as in a browser", () => {
    // React's act flushes a suspended boundary's reveal at once; a page does not, so these run
    // the way a page does and count macrotasks (never wall-clock time).
    const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    beforeEach(() => {
      flag.IS_REACT_ACT_ENVIRONMENT = false;
    });
    afterEach(() => {
      flag.IS_REACT_ACT_ENVIRONMENT = true;
    });

    /** Waits (one macrotask at a time, at most `ticks`) until `done`; says whether it came. */
    async function within(ticks: number, done: () => boolean): Promise<boolean> {
      for (let tick = 0; tick < ticks; tick++) {
        if (done()) return true;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return done();
    }

    it("given a lazy widget that loads after the page hydrated, should show the widget as soon as it has loaded", async () => {
      // Suspending would show the loading shell as a Suspense fallback, and React holds back the
      // reveal of a boundary for up to 300 ms after its fallback showed: thousands of macrotasks.
      const loader = controlledLoad();
      const session = createTestSession();
      askPick(session);
      const container = document.body.appendChild(document.createElement("div"));
      const root = createRoot(container);
      root.render(
        <HitlProvider
          transport={createTestTransport(session)}
          registry={createRegistry(lazyWidget<typeof pickKind>("pick", loader.load))}
          journal={noopJournal}
        >
          <HitlRenderer fallback={TestFallback} />
        </HitlProvider>,
      );
      const shell = () => container.querySelector('[data-slot="widget"][data-state="loading"]');
      expect(await within(50, () => shell() !== null)).toBe(true);
      loader.finish(widget(pickKind, PickWidget));
      expect(await within(20, () => container.querySelector('[data-testid="pick"]') !== null)).toBe(true);
      expect(shell()).toBeNull();
      root.unmount();
      container.remove();
    });

    it("given server HTML with the widget and a client whose widget has not loaded, hydration should keep the widget's markup until it loads, then answer once", async () => {
      const session = createTestSession({ latencyMs: 1 });
      const ref = askPick(session);
      const page = (registry: ReturnType<typeof createRegistry>) => (
        <HitlProvider transport={createTestTransport(session)} registry={registry} journal={noopJournal}>
          <HitlRenderer fallback={TestFallback} />
        </HitlProvider>
      );
      // The server: its own registry (another process), which loads at once.
      const serverRegistry = createRegistry(
        lazyWidget<typeof pickKind>("pick", async () => widget(pickKind, PickWidget)),
      );
      const { prelude } = await prerender(page(serverRegistry));
      const container = document.body.appendChild(document.createElement("div"));
      container.innerHTML = await new Response(prelude).text();
      expect(container.querySelector('[data-testid="pick"]')).not.toBeNull();

      const loader = controlledLoad();
      const recoverable: unknown[] = [];
      // A mismatch is logged too; the one warning expected here is the test's own doing (a server
      // and a client renderer in one process share the context objects).
      const logged: unknown[] = [];
      const error = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
        if (!String(args[0]).startsWith("Detected multiple renderers")) logged.push(args);
      });
      const root = hydrateRoot(container, page(createRegistry(lazyWidget<typeof pickKind>("pick", loader.load))), {
        onRecoverableError: (error) => recoverable.push(error),
      });
      // Hydrating while the widget loads: the server's markup stays (no loading shell swapped in).
      expect(await within(20, () => loader.calls() > 0)).toBe(true);
      expect(container.querySelector('[data-testid="pick"]')).not.toBeNull();
      expect(container.querySelector('[data-state="loading"]')).toBeNull();
      loader.finish(widget(pickKind, PickWidget));
      const button = () => [...container.querySelectorAll("button")].find((b) => b.textContent === "Pick a");
      expect(await within(50, () => button() !== undefined)).toBe(true);
      // Hydrated: the button answers (a click on server HTML alone would do nothing).
      await within(20, () => false);
      button()?.click();
      await session.whenIdle();
      expect(session.answers(ref.requestId)).toHaveLength(1);
      expect(recoverable).toEqual([]);
      expect(logged).toEqual([]);
      error.mockRestore();
      root.unmount();
      container.remove();
    });
  });
});
