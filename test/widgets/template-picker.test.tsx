import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { type TemplateResponse, templateKind } from "../../src/kinds/template";
import type { WidgetStatus } from "../../src/react/widget-props";
import {
  type TemplateDraft,
  TemplatePicker,
  type TemplatePickerProps,
} from "../../src/widgets/template-picker/template-picker";
import { itDeclinesOnce, renderWidget, renderWithLabels } from "./helpers";

const payload = templateKind.request.parse({
  kind: "template",
  templates: [
    {
      id: "launch",
      name: "Product launch",
      description: "Announce a new product",
      tags: ["marketing", "email"],
      previewUrl: "https://cdn.example.com/launch.png",
      variables: [
        { name: "product", label: "Product name", required: true, placeholder: "e.g. Gizmo" },
        { name: "tone", label: "Tone", default: "friendly" },
        { name: "body", label: "Body", multiline: true, maxLength: 50 },
      ],
    },
    {
      id: "news",
      name: "Weekly newsletter",
      description: "Digest of the week",
      tags: ["email"],
      previewUrl: "javascript:alert(1)",
    },
    { id: "bug", name: "Bug report", description: "File an issue", tags: ["engineering"] },
    { id: "notes", name: "Release notes", description: "What shipped", tags: ["engineering", "marketing"] },
  ],
});

function renderPicker(props: Partial<TemplatePickerProps> = {}) {
  return renderWidget<TemplateResponse>((handlers) => (
    <TemplatePicker payload={payload} prompt="Pick a template" {...handlers} {...props} />
  ));
}

const cardNames = () => screen.queryAllByRole("radio").map((radio) => radio.getAttribute("value"));
const submitButton = () => screen.getByRole("button", { name: "Submit" });

function Controlled({ changes }: { changes: TemplateDraft[] }) {
  const [draft, setDraft] = useState<TemplateDraft>({ templateId: "launch", variables: { product: "Widget" } });
  return (
    <TemplatePicker
      payload={payload}
      prompt="Pick"
      value={draft}
      onValueChange={(next) => {
        changes.push(next);
        setDraft(next);
      }}
    />
  );
}

describe("TemplatePicker", () => {
  describe("given templates", () => {
    it("should show every card in a labelled radio group with a count", () => {
      renderPicker();
      const group = screen.getByRole("radiogroup", { name: "Templates" });
      expect(within(group).getAllByRole("radio")).toHaveLength(4);
      expect(screen.getByText("4 templates")).toBeInTheDocument();
      // Browsers keep the separators' spaces; jsdom's accessible-name code trims each text node.
      expect(screen.getByRole("radio", { name: "Product launch" })).toHaveAccessibleDescription(
        /^Announce a new product\s?,\s?marketing\s?,\s?email$/,
      );
    });

    it("should load safe previews lazily and show refused ones as broken, never in src", () => {
      const { container } = renderPicker();
      const images = container.querySelectorAll("img");
      expect(images).toHaveLength(1);
      expect(images[0]).toHaveAttribute("src", "https://cdn.example.com/launch.png");
      expect(images[0]).toHaveAttribute("loading", "lazy");
      expect(container.innerHTML).not.toContain("javascript:");
      expect(container.querySelectorAll('[data-slot="preview"][data-state="broken"]')).toHaveLength(1);
    });

    it("should show a placeholder when a preview fails to load", async () => {
      const { container } = renderPicker();
      const image = container.querySelector("img");
      if (image) fireEvent.error(image);
      await screen.findAllByText("Preview unavailable").then((found) => expect(found).toHaveLength(2));
      expect(container.querySelector("img")).toBeNull();
    });
  });

  describe("given a search and tag filters", () => {
    it("should narrow the cards by text, case-insensitively, across name, description and tags", async () => {
      const { user } = renderPicker();
      const search = screen.getByRole("searchbox", { name: "Search templates" });
      await user.type(search, "NEWS");
      expect(cardNames()).toEqual(["news"]);
      expect(screen.getByText("1 template")).toBeInTheDocument();
      await user.clear(search);
      await user.type(search, "engineering");
      expect(cardNames()).toEqual(["bug", "notes"]);
      await user.clear(search);
      await user.type(search, "what shipped");
      expect(cardNames()).toEqual(["notes"]);
    });

    it("should keep only templates carrying every pressed tag, combined with the search", async () => {
      const { user } = renderPicker();
      const marketing = screen.getByRole("button", { name: "marketing" });
      await user.click(marketing);
      expect(marketing).toHaveAttribute("aria-pressed", "true");
      expect(cardNames()).toEqual(["launch", "notes"]);
      await user.click(screen.getByRole("button", { name: "engineering" }));
      expect(cardNames()).toEqual(["notes"]);
      await user.click(screen.getByRole("button", { name: "engineering" }));
      await user.type(screen.getByRole("searchbox", { name: "Search templates" }), "launch");
      expect(cardNames()).toEqual(["launch"]);
      expect(screen.getByText("1 template")).toBeInTheDocument();
    });

    it("should say when nothing matches and clear the filters on request", async () => {
      const { user } = renderPicker();
      await user.type(screen.getByRole("searchbox", { name: "Search templates" }), "zzz");
      expect(screen.getByText("No templates match")).toBeInTheDocument();
      expect(screen.getByText("0 templates")).toBeInTheDocument();
      expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Clear filters" }));
      expect(cardNames()).toHaveLength(4);
      expect(screen.getByRole("searchbox", { name: "Search templates" })).toHaveFocus();
    });

    it("should not submit when Enter is pressed in the search box", async () => {
      const { user, onSubmit } = renderPicker();
      await user.type(screen.getByRole("searchbox", { name: "Search templates" }), "bug{Enter}");
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    });
  });

  describe("given the keyboard", () => {
    it("should move the choice between cards with arrow keys and submit with Enter", async () => {
      const { user, onSubmit } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Weekly newsletter" }));
      await user.keyboard("{ArrowDown}");
      expect(screen.getByRole("radio", { name: "Bug report" })).toBeChecked();
      expect(screen.getByRole("radio", { name: "Bug report" })).toHaveFocus();
      await user.keyboard("{Enter}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ templateId: "bug", variables: {} });
    });

    it("should move to and choose the next card whose name starts with a typed letter", async () => {
      const { user } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Weekly newsletter" }));
      await user.keyboard("b");
      expect(screen.getByRole("radio", { name: "Bug report" })).toHaveFocus();
      expect(screen.getByRole("radio", { name: "Bug report" })).toBeChecked();
      // One tab stop: only the chosen card is in the tab order.
      expect(screen.getAllByRole("radio").filter((radio) => radio.tabIndex === 0)).toEqual([
        screen.getByRole("radio", { name: "Bug report" }),
      ]);
    });
  });

  describe("given a template with variables", () => {
    it("should show its fields with defaults, placeholder, multiline and maxLength", async () => {
      const { user } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Product launch" }));
      const group = screen.getByRole("group", { name: "Fill in “Product launch”" });
      const product = within(group).getByRole("textbox", { name: "Product name" });
      expect(product).toBeRequired();
      expect(product).toHaveAttribute("placeholder", "e.g. Gizmo");
      expect(within(group).getByRole("textbox", { name: "Tone" })).toHaveValue("friendly");
      const body = within(group).getByRole("textbox", { name: "Body" });
      expect(body.tagName).toBe("TEXTAREA");
      expect(body).toHaveAttribute("maxlength", "50");
    });

    it("should refuse a missing required variable inline, focus it and not submit", async () => {
      const { user, onSubmit } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Product launch" }));
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      const product = screen.getByRole("textbox", { name: "Product name" });
      expect(product).toHaveFocus();
      expect(product).toHaveAttribute("aria-invalid", "true");
      expect(product).toHaveAccessibleDescription("Required");
      expect(screen.getByRole("alert")).toHaveTextContent("Product name: Required");
    });

    it("should submit once with the variables filled", async () => {
      const { user, onSubmit } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Product launch" }));
      await user.type(screen.getByRole("textbox", { name: "Product name" }), "Gizmo");
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({
        templateId: "launch",
        variables: { product: "Gizmo", tone: "friendly", body: "" },
      });
    });

    it("should not show a variable's error while it is first typed in, only once it is left", async () => {
      const { user } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Product launch" }));
      const product = screen.getByRole("textbox", { name: "Product name" });
      await user.type(product, " ");
      expect(product).not.toHaveAttribute("aria-invalid");
      await user.tab();
      expect(product).toHaveAttribute("aria-invalid", "true");
    });
  });

  describe("given no template chosen", () => {
    it("should ask for a choice, focus the cards and not submit", async () => {
      const { user, onSubmit } = renderPicker();
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      const group = screen.getByRole("radiogroup", { name: "Templates" });
      expect(group).toHaveAttribute("aria-invalid", "true");
      expect(group).toHaveAccessibleDescription("Choose a template");
      expect(screen.getByRole("radio", { name: "Product launch" })).toHaveFocus();
    });

    it("should refuse an unknown template id from a controlled draft", async () => {
      const { user, onSubmit } = renderPicker({ value: { templateId: "gone", variables: {} } });
      await user.click(submitButton());
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole("alert")).toHaveTextContent('Unknown template "gone"');
    });
  });

  describe("given a valid choice submitted twice", () => {
    it("should call onSubmit once on a double click", async () => {
      const { user, onSubmit } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Bug report" }));
      await user.dblClick(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should call onSubmit once on Enter then click", async () => {
      const { user, onSubmit } = renderPicker();
      await user.click(screen.getByRole("radio", { name: "Product launch" }));
      await user.type(screen.getByRole("textbox", { name: "Product name" }), "Gizmo{Enter}");
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });
  });

  describe("given Decline", () => {
    itDeclinesOnce(renderPicker, "None fit");
  });

  describe("given a settled request", () => {
    const answer = { templateId: "launch", variables: { product: "Gizmo", tone: "formal", body: "" } };

    it("should show the chosen template, its thumbnail and variables, without controls", () => {
      const { container } = renderPicker({ status: "answered", answer });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      const receipt = container.querySelector('[data-slot="receipt-template"]') as HTMLElement;
      expect(receipt).toHaveTextContent("Product launch");
      expect(receipt.querySelector("img")).toHaveAttribute("src", "https://cdn.example.com/launch.png");
      const rows = within(receipt)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(rows).toEqual([
        ["Product name", "Gizmo"],
        ["Tone", "formal"],
        ["Body", "—"],
      ]);
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
      expect(screen.queryByRole("searchbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
      ["declined", "Declined"],
    ])("given status %s, should show its own receipt and no choice", (status, text) => {
      const { container } = renderPicker({ status, answer });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(container.querySelector('[data-slot="receipt-template"]')).toBeNull();
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error and call onRetry once on Retry", async () => {
      const { user, onRetry } = renderPicker({ status: "error", error: "Network down" });
      expect(screen.getByRole("alert")).toHaveTextContent("Couldn't send your answer. Network down");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });

  describe("given a controlled draft", () => {
    it("should show value and report choices and variables through onValueChange", async () => {
      const user = userEvent.setup();
      const changes: TemplateDraft[] = [];
      render(<Controlled changes={changes} />);
      expect(screen.getByRole("radio", { name: "Product launch" })).toBeChecked();
      expect(screen.getByRole("textbox", { name: "Product name" })).toHaveValue("Widget");
      await user.type(screen.getByRole("textbox", { name: "Product name" }), "s");
      expect(changes.at(-1)).toEqual({ templateId: "launch", variables: { product: "Widgets" } });
      await user.click(screen.getByRole("radio", { name: "Bug report" }));
      expect(changes.at(-1)).toEqual({ templateId: "bug", variables: {} });
      expect(screen.getByRole("radio", { name: "Bug report" })).toBeChecked();
    });

    it("should not change when the parent ignores onValueChange", async () => {
      const user = userEvent.setup();
      const onValueChange = vi.fn();
      render(
        <TemplatePicker payload={payload} prompt="Pick" value={{ variables: {} }} onValueChange={onValueChange} />,
      );
      await user.click(screen.getByRole("radio", { name: "Bug report" }));
      expect(onValueChange).toHaveBeenCalledWith({ templateId: "bug", variables: {} });
      expect(screen.getByRole("radio", { name: "Bug report" })).not.toBeChecked();
    });
  });

  describe("given label overrides", () => {
    it("should use them", async () => {
      const user = userEvent.setup();
      renderWithLabels(
        { template: { search: "Find", count: (n: number) => `${n} modèles`, chooseTemplate: "Pick one first" } },
        <TemplatePicker payload={payload} prompt="Pick" onSubmit={vi.fn()} />,
      );
      expect(screen.getByRole("searchbox", { name: "Find" })).toBeInTheDocument();
      expect(screen.getByText("4 modèles")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(screen.getByRole("radiogroup")).toHaveAccessibleDescription("Pick one first");
    });
  });

  describe("given 10,000 templates", () => {
    const many = () =>
      templateKind.request.parse({
        kind: "template",
        templates: Array.from({ length: 10_000 }, (_, i) => ({
          id: `t${i}`,
          name: `Template ${i}`,
          tags: [`group-${i % 40}`],
          previewUrl: `https://cdn.example.com/${i}.png`,
        })),
      });

    it("should mount a bounded window of cards, reach the last by keyboard and narrow them by search", async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn(() => undefined);
      const { container } = render(<TemplatePicker payload={many()} prompt="Pick" onSubmit={onSubmit} />);
      // Counted by selector: role queries over thousands of cards measure jsdom, not the widget.
      const radios = () => container.querySelectorAll('[data-slot="cards"] input[type="radio"]');
      expect(radios().length).toBeGreaterThan(0);
      expect(radios().length).toBeLessThan(200);
      const tags = container.querySelector<HTMLElement>('[data-slot="tags"]');
      expect(tags && within(tags).getAllByRole("button", { pressed: false })).toHaveLength(24);
      expect(tags && within(tags).getByRole("button", { name: "16 more tags" })).toBeInTheDocument();

      await user.click(screen.getByRole("radio", { name: "Template 1" }));
      await user.keyboard("{End}");
      const last = screen.getByRole("radio", { name: "Template 9999" });
      expect(last).toHaveFocus();
      expect(last).toBeChecked();
      expect(last).toHaveAttribute("aria-posinset", "10000");
      expect(last).toHaveAttribute("aria-setsize", "10000");
      expect(radios().length).toBeLessThan(200);

      await user.click(screen.getByRole("searchbox", { name: "Search templates" }));
      await user.paste("template 1999");
      expect(screen.getAllByRole("radio")).toHaveLength(1);
      expect(screen.getByText("1 template")).toBeInTheDocument();
      // The choice is filtered out of view, yet still the answer.
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledWith({ templateId: "t9999", variables: {} });
    });
  });
});
