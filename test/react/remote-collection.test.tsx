import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { searchLibrary } from "../../playground/shared/media-library";
import { type CollectionSource, mediaItemSchema } from "../../src/kinds";
import type { CollectionLoader } from "../../src/react/collections";
import { MissingCollectionError } from "../../src/react/collections";
import { HitlProvider } from "../../src/react/provider";
import { createRegistry } from "../../src/react/registry";
import { useRemoteCollection } from "../../src/react/use-remote-collection";
import { createTestSession, createTestTransport } from "../../src/testing";

/** The playground's 100,000-item library behind a loader that records every call. */
function libraryLoader(pageSize = 5) {
  const calls: { query: string; cursor: string | undefined }[] = [];
  const loader: CollectionLoader = async ({ query, cursor }) => {
    calls.push({ query, cursor });
    return searchLibrary({ query, cursor, pageSize });
  };
  return { loader, calls };
}

function Library({
  source,
  loader,
  debounceMs = 0,
  label = "Library",
}: {
  source: CollectionSource | undefined;
  loader?: CollectionLoader;
  debounceMs?: number;
  label?: string;
}) {
  const remote = useRemoteCollection({
    source,
    item: mediaItemSchema,
    itemId: (item) => item.id,
    scope: "media",
    debounceMs,
    ...(loader ? { loader } : {}),
  });
  return (
    <section aria-label={label}>
      <input aria-label="Search" value={remote.query} onChange={(event) => remote.setQuery(event.target.value)} />
      <p role="status">
        {remote.status}
        {remote.searching ? " searching" : ""}
        {remote.error ? `: ${remote.error.message}` : ""}
      </p>
      <ul>
        {remote.items.map((item) => (
          <li key={item.id}>{item.alt}</li>
        ))}
      </ul>
      <button type="button" onClick={remote.loadMore} disabled={!remote.hasMore}>
        More
      </button>
      <button type="button" onClick={remote.retry}>
        Retry
      </button>
      <p data-testid="issues">{remote.issues.map((issue) => issue.message).join(" | ")}</p>
      <p data-testid="known">{remote.known("lib-000001")?.alt ?? "unknown"}</p>
    </section>
  );
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const source = { id: "library" };

describe("useRemoteCollection", () => {
  it("given a source, should load the first page, then the next one when asked", async () => {
    const { loader, calls } = libraryLoader();
    renderWith(<Library source={source} loader={loader} />);
    expect(screen.getByRole("status")).toHaveTextContent("loading");
    expect(await screen.findByText("Amber fox at dawn, no. 1", { selector: "li" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    await userEvent.click(screen.getByRole("button", { name: "More" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(10));
    expect(calls).toEqual([
      { query: "", cursor: undefined },
      { query: "", cursor: "5" },
    ]);
  });

  it("given a search, should send it to the loader once the person pauses, not per keystroke", async () => {
    const { loader, calls } = libraryLoader();
    // A pause longer than any gap between keystrokes on a busy machine (a 50 ms one flaked in CI
    // load: the cleared box's "" went out between the clear and the first letter).
    renderWith(<Library source={{ id: "library", query: "owl" }} loader={loader} debounceMs={400} />);
    await screen.findByText("Amber owl at dawn, no. 25", { selector: "li" });
    const search = screen.getByRole("textbox", { name: "Search" });
    expect(search).toHaveValue("owl");
    await userEvent.clear(search);
    await userEvent.type(search, "kite");
    await waitFor(() => expect(screen.getAllByRole("listitem")[0]).toHaveTextContent("kite"), { timeout: 3000 });
    expect(screen.getAllByRole("listitem").every((item) => item.textContent?.includes("kite"))).toBe(true);
    expect(calls.map((call) => call.query)).toEqual(["owl", "kite"]);
  });

  it("given two widgets on the same source and search, should load each page once (shared cache)", async () => {
    const { loader, calls } = libraryLoader();
    renderWith(
      <>
        <Library source={source} loader={loader} label="First" />
        <Library source={source} loader={loader} label="Second" />
      </>,
    );
    const second = within(screen.getByRole("region", { name: "Second" }));
    expect(await second.findByText("Amber fox at dawn, no. 1", { selector: "li" })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("given HitlProviders and no QueryClient anywhere, should share one cache per provider, created when first needed", async () => {
    const { loader, calls } = libraryLoader();
    const provider = (children: ReactNode) => (
      <HitlProvider
        transport={createTestTransport(createTestSession())}
        registry={createRegistry()}
        collections={{ library: loader }}
      >
        {children}
      </HitlProvider>
    );
    render(
      <>
        {provider(
          <>
            <Library source={source} label="First" />
            <Library source={source} label="Second" />
          </>,
        )}
        {provider(<Library source={source} label="Other chat" />)}
      </>,
    );
    for (const name of ["First", "Second", "Other chat"]) {
      const region = within(screen.getByRole("region", { name }));
      expect(await region.findByText("Amber fox at dawn, no. 1", { selector: "li" })).toBeInTheDocument();
    }
    // One load for the two widgets of the first provider, one for the second provider's own cache.
    expect(calls).toHaveLength(2);
  });

  it("given hostile items, should drop them with an issue and keep the rest", async () => {
    const loader: CollectionLoader = async () => ({
      items: [
        { id: "ok", url: "data:image/png;base64,AA", alt: "Fine" },
        { id: "bad", url: 42 },
        "not an item",
        { id: "ok", url: "data:image/png;base64,AA", alt: "Repeat" },
      ],
    });
    renderWith(<Library source={source} loader={loader} />);
    expect(await screen.findByText("Fine", { selector: "li" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    const issues = screen.getByTestId("issues").textContent ?? "";
    expect(issues.split(" | ")).toHaveLength(3);
    expect(issues).toContain('Dropped a repeat of "ok"');
  });

  it("given a malformed page, should show the error, never crash", async () => {
    const loader: CollectionLoader = async () => JSON.parse('{"items":"nope"}');
    renderWith(<Library source={source} loader={loader} />);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^error: .*malformed page/));
  });

  it("given a failing loader, should show the error, and the retry should load the page", async () => {
    let fail = true;
    const { loader: library } = libraryLoader();
    const loader: CollectionLoader = async (params) => {
      if (fail) throw new Error("503 Service Unavailable");
      return library(params);
    };
    renderWith(<Library source={source} loader={loader} />);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("error: 503 Service Unavailable"));
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Amber fox at dawn, no. 1", { selector: "li" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("ready");
  });

  it("given a next page that fails, should keep the loaded items and retry only that page", async () => {
    const { loader: library, calls } = libraryLoader();
    let fail = false;
    const loader: CollectionLoader = async (params) => {
      if (fail) throw new Error("timeout");
      return library(params);
    };
    renderWith(<Library source={source} loader={loader} />);
    await screen.findByText("Amber fox at dawn, no. 1", { selector: "li" });
    fail = true;
    await userEvent.click(screen.getByRole("button", { name: "More" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("error: timeout"));
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(10));
    expect(calls.map((call) => call.cursor)).toEqual([undefined, "5"]);
  });

  it("given a source with no loader, should fail with a MissingCollectionError naming it", async () => {
    renderWith(<Library source={{ id: "nowhere" }} />);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent('No loader for the collection "nowhere"'));
    expect(new MissingCollectionError("nowhere")).toMatchObject({ type: "missing-collection", sourceId: "nowhere" });
  });

  it("given items from an earlier search, should still know them after a new search", async () => {
    const { loader } = libraryLoader();
    renderWith(<Library source={source} loader={loader} />);
    await screen.findByText("Amber fox at dawn, no. 1", { selector: "li" });
    await userEvent.type(screen.getByRole("textbox", { name: "Search" }), "kite");
    await waitFor(() => expect(screen.getAllByRole("listitem")[0]).toHaveTextContent("kite"));
    expect(screen.getByTestId("known")).toHaveTextContent("Amber fox at dawn, no. 1");
  });

  it("given no source (inline items), should stay idle and call no loader", async () => {
    const { loader, calls } = libraryLoader();
    renderWith(<Library source={undefined} loader={loader} />);
    await act(async () => {});
    expect(screen.getByRole("status")).toHaveTextContent("idle");
    expect(calls).toEqual([]);
  });
});
