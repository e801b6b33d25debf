import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { searchLibrary } from "../../playground/shared/media-library";
import type { CollectionLoader } from "../../src/react/collections";
import type { HitlError } from "../../src/react/provider";
import type { TestSession } from "../../src/testing/session";
import { captureKitWarnings } from "../support/kit-warnings";
import { askPicker, renderWithCollections, settle } from "./remote-helpers";

/** The playground's library, 8 items a page, behind a loader that records its calls. */
function library(options: { fail?: () => boolean } = {}) {
  const calls: { query: string; cursor: string | undefined }[] = [];
  const loader: CollectionLoader = async ({ query, cursor }) => {
    calls.push({ query, cursor });
    if (options.fail?.()) throw new Error("The library answered 503");
    return searchLibrary({ query, cursor, pageSize: 8 });
  };
  return { loader, calls };
}

const ask = (session: TestSession, ui: Record<string, unknown>) => askPicker(session, "media", ui);
const setup = renderWithCollections;

describe("media picker over a remote collection", () => {
  it("given a request naming a source, should show the loader's first page and announce the count", async () => {
    const { loader, calls } = library();
    const session = setup({ library: loader });
    ask(session, { source: { id: "library" }, max: 2 });
    const grid = await screen.findByRole("listbox", { name: "Pick from the library" });
    expect(await within(grid).findByRole("option", { name: "Amber fox at dawn, no. 1" })).toBeInTheDocument();
    // Pages follow until the rows in view (and a couple ahead) are filled, then stop.
    const status = await screen.findByText(/^\d+ items, more available$/);
    expect(status).toHaveAttribute("role", "status");
    expect(calls[0]).toEqual({ query: "", cursor: undefined });
    const loaded = calls.length;
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(loaded);
    expect(status).toHaveTextContent(`${loaded * 8} items, more available`);
  });

  it("given the end of the grid reached by keyboard, should load the next page", async () => {
    const user = userEvent.setup();
    const { loader, calls } = library();
    const session = setup({ library: loader });
    ask(session, { source: { id: "library" } });
    const grid = await screen.findByRole("listbox");
    await user.click(await within(grid).findByRole("option", { name: "Amber fox at dawn, no. 1" }));
    await screen.findByText(/^\d+ items, more available$/);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = calls.length;
    await user.keyboard("{End}");
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
    expect(calls[before]?.cursor).toBe(String(before * 8));
    expect(await screen.findByText(`${calls.length * 8} items, more available`)).toBeInTheDocument();
  });

  it("given a search, should ask the loader for it and show only its matches", async () => {
    const user = userEvent.setup();
    const { loader, calls } = library();
    const session = setup({ library: loader });
    ask(session, { source: { id: "library", query: "owl" } });
    const search = await screen.findByRole("searchbox", { name: "Search" });
    expect(search).toHaveValue("owl");
    await user.click(await screen.findByRole("option", { name: "Golden owl at dawn, no. 28" }));
    await user.clear(search);
    await user.type(search, "glacier");
    await waitFor(() => expect(calls.at(-1)?.query).toBe("glacier"));
    const grid = screen.getByRole("listbox");
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole("option")
          .every((option) => /glacier/.test(option.getAttribute("aria-label") ?? "")),
      ).toBe(true),
    );
    // New results start at their first item: it is the grid's tab stop.
    expect(within(grid).getByRole("option", { name: "Amber glacier at dawn, no. 65" })).toHaveAttribute(
      "tabindex",
      "0",
    );
  });

  it("given a failing loader, should announce the error and load again on Retry", async () => {
    const user = userEvent.setup();
    let failing = true;
    const { loader } = library({ fail: () => failing });
    const session = setup({ library: loader });
    ask(session, { source: { id: "library" } });
    expect(await screen.findByText("Couldn't load the items: The library answered 503")).toHaveAttribute(
      "role",
      "status",
    );
    failing = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("option", { name: "Amber fox at dawn, no. 1" })).toBeInTheDocument();
  });

  it("given a loaded item chosen and submitted, should send it as the answer", async () => {
    const user = userEvent.setup();
    const { loader } = library();
    const session = setup({ library: loader });
    const ref = ask(session, { source: { id: "library" } });
    await user.click(await screen.findByRole("option", { name: "Azure fox at dawn, no. 2" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await settle(session);
    expect(session.answers(ref.requestId)[0]?.response.text).toBe(
      '{"hitl":1,"kind":"media","value":{"selected":["lib-000002"]}}',
    );
  });

  it("given a request naming a collection with no loader, should show the answerable fallback and report a typed error", async () => {
    const user = userEvent.setup();
    const warnings = captureKitWarnings();
    const errors: HitlError[] = [];
    const session = setup({}, (error) => errors.push(error));
    const ref = ask(session, { source: { id: "nowhere" } });
    expect(await screen.findByText(/No loader for the collection "nowhere"/)).toBeInTheDocument();
    expect(errors).toContainEqual(expect.objectContaining({ type: "missing-collection", sourceId: "nowhere" }));
    // …and the developer sees it on the console, with why the request fell back.
    // (Each once; the report goes when the renderer subscribes, so after the render's own warning.)
    expect([...warnings()].sort()).toEqual([
      expect.stringMatching(/^\[hitl-kit\] .*: No loader for the collection "nowhere"/),
      expect.stringMatching(/^hitl-kit: request of kind "media" shown as the fallback \(missing-collection\)/),
    ]);
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await user.click(await screen.findByRole("button", { name: "Send decline" }));
    await settle(session);
    expect(session.answers(ref.requestId)).toHaveLength(1);
  });
});
