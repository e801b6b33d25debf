/// <reference types="vite/client" />
import "../../src/styles.css";
import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { page, userEvent } from "vitest/browser";
import { LIBRARY_PAGE_SIZE, libraryAlt, searchLibrary } from "../../playground/shared/media-library";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import type { CollectionLoader } from "../../src/react/collections";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";

/**
 * A media picker over the playground's 100,000-image library in real Chromium: real layout and
 * scrolling drive the paging (jsdom has no scroll), the search goes to the loader, loading and
 * failure are announced, and an item from a later page is a valid answer.
 */

let root: Root | undefined;
function mount(ui: ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  flushSync(() => root?.render(ui));
}

afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

/** The library behind a loader that records its calls, can be held (loading) and made to fail. */
function library() {
  const calls: { query: string; cursor: string | undefined }[] = [];
  const control = { fail: false, hold: undefined as Promise<void> | undefined };
  const loader: CollectionLoader = async ({ query, cursor }) => {
    calls.push({ query, cursor });
    if (control.hold) await control.hold;
    if (control.fail) throw new Error("The library answered 503");
    return searchLibrary({ query, cursor });
  };
  return { loader, calls, control };
}

function renderLibraryPicker(loader: CollectionLoader) {
  const session = createTestSession();
  const ref = session.ask({
    toolName: "pick_media",
    input: { prompt: "Pick from the library", ui: { kind: "media", source: { id: "library" }, max: 2 } },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  mount(
    <main style={{ width: 720 }}>
      <HitlProvider
        transport={createTestTransport(session)}
        journal={noopJournal}
        queryClient={queryClient}
        collections={{ library: loader }}
      >
        <HitlRenderer />
      </HitlProvider>
    </main>,
  );
  return { session, ref };
}

const grid = () => page.getByRole("listbox", { name: "Pick from the library" });
const status = () => page.getByRole("status").filter({ hasText: /items|Loading|Couldn't|Searching|Nothing/ });

async function scrollToBottom() {
  const element = grid().element();
  element.scrollTop = element.scrollHeight;
  element.dispatchEvent(new Event("scroll"));
}

describe("a remote collection in Chromium", () => {
  it("given the first page still on its way, should announce loading, then the count", async () => {
    const { loader, control } = library();
    let release = () => {};
    control.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderLibraryPicker(loader);
    await expect.element(status()).toHaveTextContent("Loading…");
    control.hold = undefined;
    release();
    await expect.element(status()).toHaveTextContent(`${LIBRARY_PAGE_SIZE} items, more available`);
  });

  it("given the grid scrolled to its end, should load the next page, and an item from it is a valid answer", async () => {
    const { loader, calls } = library();
    const { session, ref } = renderLibraryPicker(loader);
    await expect.element(status()).toHaveTextContent(`${LIBRARY_PAGE_SIZE} items, more available`);
    expect(calls).toHaveLength(1);
    await scrollToBottom();
    await expect.element(status()).toHaveTextContent(`${LIBRARY_PAGE_SIZE * 2} items, more available`);
    expect(calls[1]).toEqual({ query: "", cursor: String(LIBRARY_PAGE_SIZE) });

    // The first item of page 2, just below what was the end of the grid.
    const name = libraryAlt(LIBRARY_PAGE_SIZE);
    await userEvent.click(grid().getByRole("option", { name }));
    await userEvent.click(page.getByRole("button", { name: "Submit" }));
    await expect.poll(() => session.answers(ref.requestId).length).toBe(1);
    expect(session.answers(ref.requestId)[0]?.response.text).toBe(
      `{"hitl":1,"kind":"media","value":{"selected":["lib-${String(LIBRARY_PAGE_SIZE + 1).padStart(6, "0")}"]}}`,
    );
  });

  it("given a search, should send it to the loader and show only its matches", async () => {
    const { loader, calls } = library();
    renderLibraryPicker(loader);
    await expect.element(status()).toHaveTextContent(`${LIBRARY_PAGE_SIZE} items`);
    await userEvent.fill(page.getByRole("searchbox", { name: "Search" }), "violet glacier");
    await expect.poll(() => calls.at(-1)?.query).toBe("violet glacier");
    await expect.element(grid().getByRole("option").first()).toHaveAccessibleName(/^Violet glacier/);
    const names = grid()
      .getByRole("option")
      .elements()
      .map((option) => option.getAttribute("aria-label") ?? "");
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith("Violet glacier"))).toBe(true);
  });

  it("given a next page that fails, should announce the failure and load it on Retry", async () => {
    const { loader, calls, control } = library();
    renderLibraryPicker(loader);
    await expect.element(status()).toHaveTextContent(`${LIBRARY_PAGE_SIZE} items`);
    control.fail = true;
    await scrollToBottom();
    await expect.element(status()).toHaveTextContent("Couldn't load the items: The library answered 503");
    control.fail = false;
    await userEvent.click(page.getByRole("button", { name: "Retry" }));
    await expect.element(status()).toHaveTextContent(`${LIBRARY_PAGE_SIZE * 2} items, more available`);
    expect(calls.map((call) => call.cursor)).toEqual([undefined, String(LIBRARY_PAGE_SIZE), String(LIBRARY_PAGE_SIZE)]);
  });
});
