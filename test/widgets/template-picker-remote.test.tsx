import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CollectionLoader } from "../../src/react/collections";
import { askPicker, renderWithCollections, settle } from "./remote-helpers";

/** A catalogue of 25 templates served 10 a page; "Brief n" needs its `topic` filled in. */
function catalogue() {
  const templates = Array.from({ length: 25 }, (_, index) => ({
    id: `t${index + 1}`,
    name: `${index % 2 === 0 ? "Brief" : "Recap"} ${index + 1}`,
    variables: [{ name: "topic", label: "Topic", required: true }],
  }));
  const calls: { query: string; cursor: string | undefined }[] = [];
  const loader: CollectionLoader = async ({ query, cursor }) => {
    calls.push({ query, cursor });
    const matching = templates.filter((template) => template.name.toLowerCase().includes(query.toLowerCase()));
    const start = Number(cursor ?? 0);
    const next = start + 10;
    return { items: matching.slice(start, next), nextCursor: next < matching.length ? String(next) : undefined };
  };
  return { loader, calls };
}

describe("template picker over a remote catalogue", () => {
  it("given a source, should list the first page, and Load more should add the next", async () => {
    const user = userEvent.setup();
    const { loader, calls } = catalogue();
    const session = renderWithCollections({ catalogue: loader });
    askPicker(session, "template", { source: { id: "catalogue" } }, "Which template?");
    expect(await screen.findByRole("radio", { name: "Brief 1" })).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(10);
    expect(screen.getByText("10 items, more available")).toHaveAttribute("role", "status");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(20));
    expect(calls.map((call) => call.cursor)).toEqual([undefined, "10"]);
  });

  it("given a search, should send it to the loader instead of filtering the loaded page", async () => {
    const user = userEvent.setup();
    const { loader, calls } = catalogue();
    const session = renderWithCollections({ catalogue: loader });
    askPicker(session, "template", { source: { id: "catalogue" } }, "Which template?");
    await screen.findByRole("radio", { name: "Brief 1" });
    await user.type(screen.getByRole("searchbox", { name: "Search templates" }), "recap");
    await waitFor(() => expect(calls.at(-1)?.query).toBe("recap"));
    // Recap 12 was never in the first page: only the loader's search can have found it.
    expect(await screen.findByRole("radio", { name: "Recap 12" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Brief 1" })).toBeNull();
  });

  it("given a loaded template chosen and its variable filled, should send it, checked against the loaded record", async () => {
    const user = userEvent.setup();
    const { loader } = catalogue();
    const session = renderWithCollections({ catalogue: loader });
    const ref = askPicker(session, "template", { source: { id: "catalogue" } }, "Which template?");
    await user.click(await screen.findByRole("radio", { name: "Recap 2" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    // The loaded record says `topic` is required: nothing is sent without it.
    expect(await screen.findAllByText("Required")).not.toHaveLength(0);
    expect(session.answers(ref.requestId)).toEqual([]);
    await user.type(screen.getByRole("textbox", { name: /Topic/ }), "Q3");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await settle(session);
    expect(session.answers(ref.requestId)[0]?.response.text).toBe(
      '{"hitl":1,"kind":"template","value":{"templateId":"t2","variables":{"topic":"Q3"}}}',
    );
  });
});
