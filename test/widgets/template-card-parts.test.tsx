import { QueryClient } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler } from "react";
import { describe, expect, it, vi } from "vitest";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider } from "../../src/index";
import { templateKind } from "../../src/kinds/template";
import type { CollectionLoader } from "../../src/react/collections";
import { createTestSession } from "../../src/testing/session";
import { createTestTransport } from "../../src/testing/transport";
import { TemplatePicker as Parts } from "../../src/widgets/template-picker/template-picker";

/**
 * The template picker's cards laid out from their leaf parts (a styled item gives each its own
 * class instead of reaching it with descendant selectors): one card's parts repeat per card shown,
 * and the radio group's names, descriptions, keys, error, Load more and empty state stay the widget's.
 */

const payload = templateKind.request.parse({
  kind: "template",
  templates: [
    {
      id: "launch",
      name: "Product launch",
      description: "Announce a new product",
      tags: ["marketing", "email"],
      previewUrl: "https://cdn.example.com/launch.png",
    },
    { id: "bare", name: "Blank page" },
  ],
});

const classes = (element: Element | null | undefined) => element?.className.split(" ").sort();

/** One card's parts, each with a class of its own, as a styled item writes them (a constant). */
const card = (
  <Parts.Card className="card">
    <Parts.CardPreview className="preview" />
    <Parts.CardName className="name" />
    <Parts.CardDetails className="details">
      <Parts.CardDescription className="description" />
      <Parts.CardTags className="tags" tagClassName="tag" />
    </Parts.CardDetails>
  </Parts.Card>
);

const cards = (
  <Parts.Cards
    className="grid"
    wrapperClassName="wrapper"
    rowClassName="row"
    error={<Parts.TemplateError className="error" />}
    loadMore={<Parts.LoadMore className="more" />}
    empty={
      <Parts.Empty className="empty">
        <Parts.EmptyText className="empty-text" />
        <Parts.ClearFilters className="clear" />
      </Parts.Empty>
    }
  >
    {card}
  </Parts.Cards>
);

describe("the template picker's card parts", () => {
  it("given a card laid out from its parts, should render them per card with your classes, the radio named and described by them", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Parts.Root payload={payload} onSubmit={onSubmit}>
        <Parts.Body>
          {cards}
          <Parts.Submit />
        </Parts.Body>
      </Parts.Root>,
    );
    const group = screen.getByRole("radiogroup", { name: "Templates" });
    expect(classes(group)).toEqual(["grid", "hitl-template-cards"]);
    expect(group.closest("[data-slot=cards-wrapper]")).toHaveClass("wrapper", "hitl-template-cards-wrapper");
    expect(group.querySelector("[data-slot=cards-row]")).toHaveClass("row", "hitl-template-cards-row");

    const launch = screen.getByRole("radio", { name: "Product launch" });
    // Browsers keep the separators' spaces; jsdom's accessible-name code trims each text node.
    expect(launch).toHaveAccessibleDescription(/^Announce a new product\s?,\s?marketing\s?,\s?email$/);
    const launchCard = launch.closest("label");
    expect(classes(launchCard)).toEqual(["card", "hitl-template-card"]);
    expect(launchCard).toHaveAttribute("data-state", "unchecked");
    const parts = within(launchCard as HTMLElement);
    expect(classes(parts.getByText("Product launch"))).toEqual(["hitl-template-name", "name"]);
    expect(parts.getByText("Announce a new product")).toHaveClass("description", "hitl-template-description");
    expect(parts.getByText("Announce a new product").closest("[data-slot=card-details]")).toHaveClass("details");
    expect(parts.getByText("Announce a new product").nextElementSibling).toHaveClass("tags", "hitl-template-tags");
    const tags = launchCard?.querySelectorAll("[data-slot=card-tag]") ?? [];
    expect([...tags].map((tag) => [tag.textContent, classes(tag)])).toEqual([
      [", marketing", ["hitl-tag", "tag"]],
      [", email", ["hitl-tag", "tag"]],
    ]);
    expect(launchCard?.querySelector("[data-slot=preview]")).toHaveClass("preview", "hitl-template-preview");
    expect(launchCard?.querySelector("img")).toHaveAttribute("src", "https://cdn.example.com/launch.png");

    // A template without description or tags: no details, so the radio has no description.
    const bare = screen.getByRole("radio", { name: "Blank page" });
    expect(bare).not.toHaveAttribute("aria-describedby");
    expect(bare.closest("label")?.querySelector("[data-slot=card-details]")).toBeNull();

    // Sent without a choice: the error shows with your class, tied to the group.
    expect(screen.queryByText(/choose a template/i)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const error = await screen.findByText(/choose a template/i);
    expect(classes(error)).toEqual(["error", "hitl-field-error"]);
    expect(group).toHaveAttribute("aria-errormessage", error.id);
    expect(onSubmit).not.toHaveBeenCalled();

    // A click anywhere on a card checks its radio (the card is its label).
    await user.click(parts.getByText("Announce a new product"));
    expect(launch).toBeChecked();
    expect(launchCard).toHaveAttribute("data-state", "checked");
    expect(screen.queryByText(/choose a template/i)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ templateId: "launch", variables: {} });
  });

  it("given a search that matches nothing, should show the empty state from its parts, whose Clear filters brings the cards back", async () => {
    const user = userEvent.setup();
    render(
      <Parts.Root payload={payload}>
        <Parts.Body>
          <Parts.Search />
          {cards}
        </Parts.Body>
      </Parts.Root>,
    );
    await user.type(screen.getByRole("searchbox", { name: "Search templates" }), "zzz");
    expect(screen.queryByRole("radiogroup")).toBeNull();
    const text = screen.getByText("No templates match");
    expect(classes(text)).toEqual(["empty-text", "hitl-template-empty-text"]);
    expect(text.closest("[data-slot=empty]")).toHaveClass("empty", "hitl-template-empty");
    const clear = screen.getByRole("button", { name: "Clear filters" });
    expect(classes(clear)).toEqual(["clear", "hitl-button"]);
    await user.click(clear);
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("searchbox", { name: "Search templates" })).toHaveValue("");
  });

  it("given a remote catalogue with more pages, should show Load more with your class, which loads the next page", async () => {
    const user = userEvent.setup();
    const loader: CollectionLoader = async ({ cursor }) => {
      const start = Number(cursor ?? 0);
      const items = [start, start + 1].map((n) => ({ id: `t${n}`, name: `Brief ${n}` }));
      return { items, nextCursor: start === 0 ? "2" : undefined };
    };
    render(
      <HitlProvider
        transport={createTestTransport(createTestSession())}
        journal={noopJournal}
        collections={{ remote: loader }}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Parts.Root payload={templateKind.request.parse({ kind: "template", source: { id: "remote" } })}>
          <Parts.Body>{cards}</Parts.Body>
        </Parts.Root>
      </HitlProvider>,
    );
    const more = await screen.findByRole("button", { name: "Load more" });
    expect(classes(more)).toEqual(["hitl-button", "hitl-template-load-more", "more"]);
    await user.click(more);
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(4));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("given an answer, should give the receipt's thumbnail previewClassName", () => {
    render(
      <Parts.Root payload={payload} status="answered" answer={{ templateId: "launch", variables: {} }}>
        <Parts.Receipt summary={<Parts.Summary previewClassName="thumb" />} />
      </Parts.Root>,
    );
    const chosen = screen.getByText(/Product launch/).closest("[data-slot=receipt-template]");
    expect(chosen?.querySelector("[data-slot=preview]")).toHaveClass("thumb", "hitl-template-thumbnail");
  });
  it("given one card's parts in a constant, should render again only the cards whose choice changed when one is chosen", async () => {
    const user = userEvent.setup();
    // A Profiler inside each card reports each commit in which the card's parts rendered again.
    const renders = { count: 0 };
    const counted = (
      <Parts.Card>
        <Profiler
          id="card"
          onRender={(_, phase) => {
            if (phase !== "mount") renders.count += 1;
          }}
        >
          <Parts.CardName />
        </Profiler>
      </Parts.Card>
    );
    const many = templateKind.request.parse({
      kind: "template",
      templates: Array.from({ length: 8 }, (_, n) => ({ id: `t${n}`, name: `Template ${n}` })),
    });
    render(
      <Parts.Root payload={many}>
        <Parts.Body>
          <Parts.Cards>{counted}</Parts.Cards>
        </Parts.Body>
      </Parts.Root>,
    );
    expect(screen.getAllByRole("radio")).toHaveLength(8);
    const shown = renders.count;
    await user.click(screen.getByText("Template 3"));
    expect(screen.getByRole("radio", { name: "Template 3" })).toBeChecked();
    // A click is two commits — focus moves the tab stop, then the choice checks the card — each
    // rendering again the cards whose state changed: the first card (the tab stop until now) and
    // the chosen one. Every card again would be 8 per commit.
    const afterFirst = renders.count - shown;
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThanOrEqual(3);
    await user.click(screen.getByText("Template 5"));
    expect(screen.getByRole("radio", { name: "Template 5" })).toBeChecked();
    // The card left and the card chosen, in each of the two commits.
    expect(renders.count - shown - afterFirst).toBeLessThanOrEqual(4);
  });
});
