import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type MultiSelectRequest, multiSelectKind } from "../../src/kinds/multi-select";
import type { WidgetStatus } from "../../src/react/widget-props";
import { multiSelectAnatomy } from "../../src/widgets/multi-select/anatomy";
import { MultiSelect, type MultiSelectResponse } from "../../src/widgets/multi-select/multi-select";
import { itDeclinesOnce, renderWidget, renderWithLabels } from "./helpers";

function request(input: { options: unknown[]; min?: number; max?: number }): MultiSelectRequest {
  return multiSelectKind.request.parse({ kind: "multi-select", ...input });
}

const fruits = request({
  options: [
    { id: "apple", label: "Apple", group: "Fruits", description: "Crisp and red" },
    { id: "banana", label: "Banana", group: "Fruits" },
    { id: "carrot", label: "Carrot", group: "Vegetables" },
    { id: "durian", label: "Durian", group: "Fruits", disabled: true },
    { id: "eggplant", label: "Eggplant", group: "Vegetables" },
  ],
  min: 1,
  max: 3,
});

/** 20 options: enough for the search box. */
const long = request({
  options: Array.from({ length: 20 }, (_, index) => ({
    id: `o${index}`,
    label: index % 2 === 0 ? `Berry ${index}` : `Nut ${index}`,
    description: index === 3 ? "Tastes like BERRIES" : undefined,
    disabled: index === 4,
  })),
  max: 5,
});

function setup(props: Partial<Parameters<typeof MultiSelect>[0]> = {}) {
  return renderWidget<MultiSelectResponse>(({ onSubmit, onDecline }) => (
    <MultiSelect prompt="Pick some food" payload={fruits} onSubmit={onSubmit} onDecline={onDecline} {...props} />
  ));
}

const submitButton = () => screen.getByRole("button", { name: "Submit" });
const countText = (container: HTMLElement) =>
  container.querySelector('[data-slot="count"] [role="status"]:not([data-slot="notice"])')?.textContent;

function Controlled({ onValueChange }: { onValueChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>(["carrot"]);
  return (
    <>
      <MultiSelect
        prompt="Pick"
        payload={fruits}
        value={value}
        onValueChange={(next) => {
          onValueChange(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue(["banana"])}>
        Reset
      </button>
    </>
  );
}

describe("MultiSelect", () => {
  describe("given grouped options", () => {
    it("should submit the checked ids once, in option order", async () => {
      const { user, onSubmit } = setup();
      await user.click(screen.getByRole("checkbox", { name: "Eggplant" }));
      await user.click(screen.getByRole("checkbox", { name: "Apple" }));
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["apple", "eggplant"] });
    });

    it("should move with the arrows past disabled options, toggle with Space and keep one tab stop", async () => {
      const { user, onSubmit } = setup();
      await user.tab();
      await user.tab();
      await user.tab();
      expect(screen.getByRole("checkbox", { name: "Apple" })).toHaveFocus();
      await user.keyboard(" ");
      await user.keyboard("{ArrowDown}");
      expect(screen.getByRole("checkbox", { name: "Banana" })).toHaveFocus();
      await user.keyboard(" ");
      expect(screen.getByRole("checkbox", { name: "Banana" })).toBeChecked();
      // The disabled Durian cannot take focus: Down goes on to the next group.
      await user.keyboard("{ArrowDown}");
      expect(screen.getByRole("checkbox", { name: "Carrot" })).toHaveFocus();
      await user.keyboard("{Home}");
      expect(screen.getByRole("checkbox", { name: "Apple" })).toHaveFocus();
      await user.keyboard("e");
      expect(screen.getByRole("checkbox", { name: "Eggplant" })).toHaveFocus();
      // One tab stop: Tab leaves the list.
      await user.tab();
      expect(submitButton()).toHaveFocus();
      await user.keyboard("{Enter}");
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["apple", "banana"] });
    });

    it("should label each group by its visible heading", () => {
      setup();
      const group = screen.getByRole("group", { name: "Fruits" });
      expect(within(group).getByRole("checkbox", { name: "Apple" })).toBeInTheDocument();
      expect(within(group).queryByRole("checkbox", { name: "Carrot" })).not.toBeInTheDocument();
      expect(within(screen.getByRole("group", { name: "Vegetables" })).getAllByRole("checkbox")).toHaveLength(2);
      expect(screen.getByText("Fruits")).toBeVisible();
    });

    it("should describe an option by its description", () => {
      setup();
      expect(screen.getByRole("checkbox", { name: "Apple" })).toHaveAccessibleDescription("Crisp and red");
    });

    it("should not let a disabled option be checked", async () => {
      const { user } = setup();
      const durian = screen.getByRole("checkbox", { name: "Durian" });
      expect(durian).toBeDisabled();
      await user.click(durian);
      await user.click(screen.getByText("Durian"));
      expect(durian).not.toBeChecked();
    });

    it("should show a live count with the bounds", async () => {
      const { user, container } = setup();
      expect(countText(container)).toBe("0 selected — choose 1 to 3");
      await user.click(screen.getByRole("checkbox", { name: "Apple" }));
      await user.click(screen.getByRole("checkbox", { name: "Carrot" }));
      expect(countText(container)).toBe("2 selected — choose 1 to 3");
    });

    it("should refuse checking beyond max with a polite message", async () => {
      const { user, container } = setup();
      for (const name of ["Apple", "Banana", "Carrot"]) await user.click(screen.getByRole("checkbox", { name }));
      await user.click(screen.getByRole("checkbox", { name: "Eggplant" }));
      expect(screen.getByRole("checkbox", { name: "Eggplant" })).not.toBeChecked();
      const notice = container.querySelector('[data-slot="notice"]');
      expect(notice).toHaveAttribute("aria-live", "polite");
      expect(notice).toHaveTextContent("You can choose at most 3. Uncheck one to choose another.");
      await user.click(screen.getByRole("checkbox", { name: "Banana" }));
      expect(notice).toHaveTextContent("");
    });

    it("should refuse fewer than min inline", async () => {
      const { user, onSubmit } = setup();
      await user.click(submitButton());
      expect(screen.getByRole("alert")).toHaveTextContent("Select at least 1 option (got 0)");
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should refuse unknown and disabled ids from a controlled value", async () => {
      const { user, onSubmit } = setup({ value: ["ghost", "durian"] });
      await user.click(submitButton());
      const alert = screen.getByRole("alert");
      expect(alert).toHaveTextContent('Unknown id "ghost"');
      expect(alert).toHaveTextContent('"durian" is disabled');
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should clear the selection", async () => {
      const { user, container } = setup({ defaultValue: ["apple", "carrot"] });
      await user.click(screen.getByRole("button", { name: "Clear" }));
      expect(screen.getByRole("checkbox", { name: "Apple" })).not.toBeChecked();
      expect(countText(container)).toBe("0 selected — choose 1 to 3");
      expect(screen.getByRole("button", { name: "Clear" })).toHaveAttribute("aria-disabled", "true");
    });
  });

  describe("given select all", () => {
    it("should be unavailable and explained when it would exceed max", async () => {
      const { user } = setup();
      const selectAll = screen.getByRole("button", { name: "Select all" });
      expect(selectAll).toHaveAttribute("aria-disabled", "true");
      expect(selectAll).toHaveAccessibleDescription("Select all would choose 4, more than the 3 allowed.");
      await user.click(selectAll);
      expect(screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
    });

    it("should select the enabled options when that stays within max", async () => {
      const { user, onSubmit } = setup({ payload: request({ options: fruits.options, max: 4 }) });
      await user.click(screen.getByRole("button", { name: "Select all" }));
      expect(screen.getByRole("checkbox", { name: "Durian" })).not.toBeChecked();
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["apple", "banana", "carrot", "eggplant"] });
    });

    it("should select only the options the search shows, within max", async () => {
      const { user, onSubmit } = setup({ payload: long });
      const search = screen.getByRole("searchbox", { name: "Search options" });
      await user.type(search, "nut 1");
      expect(await screen.findAllByRole("checkbox")).toHaveLength(6);
      expect(screen.getByRole("button", { name: "Select all" })).toHaveAttribute("aria-disabled", "true");
      await user.clear(search);
      await user.type(search, "berry 1");
      expect(await screen.findAllByRole("checkbox")).toHaveLength(5);
      await user.click(screen.getByRole("button", { name: "Select all" }));
      await user.clear(search);
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["o10", "o12", "o14", "o16", "o18"] });
    });
  });

  describe("given a long list", () => {
    it("should offer no search for a short list", () => {
      setup();
      expect(screen.queryByRole("searchbox")).not.toBeInTheDocument();
    });

    it("should filter by label and description, ignoring case, keeping hidden selections", async () => {
      const { user, onSubmit, container } = setup({ payload: long });
      await user.click(screen.getByRole("checkbox", { name: "Nut 1" }));
      const search = screen.getByRole("searchbox", { name: "Search options" });
      await user.type(search, "BERR");
      const shown = await screen.findAllByRole("checkbox");
      expect(screen.getByRole("checkbox", { name: "Nut 3" })).toBeInTheDocument();
      expect(screen.getByRole("checkbox", { name: "Berry 0" })).toBeInTheDocument();
      expect(screen.queryByRole("checkbox", { name: "Nut 1" })).not.toBeInTheDocument();
      expect(shown).toHaveLength(11);
      expect(screen.getByText("11 of 20 options shown")).toBeInTheDocument();
      expect(countText(container)).toBe("1 selected — choose up to 5");
      await user.type(search, "{Enter}");
      expect(onSubmit).not.toHaveBeenCalled();
      await user.type(search, "zzz");
      expect(await screen.findByText("No options match your search.")).toBeInTheDocument();
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["o1"] });
    });

    it("should render every option of a list that is short enough to need no windowing", () => {
      const payload = request({
        options: Array.from({ length: 45 }, (_, index) => ({ id: `s${index}`, label: `Short ${index}` })),
      });
      const { container } = setup({ payload });
      expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(45);
    });

    it("should mount a bounded window of 10,000 options and keep a choice scrolled out of view", async () => {
      const payload = request({
        options: Array.from({ length: 10_000 }, (_, index) => ({
          id: `id${index}`,
          label: `Option ${index}`,
          group: index < 5_000 ? "First half" : "Second half",
        })),
      });
      const { user, onSubmit, container } = setup({ payload });
      const boxes = () => container.querySelectorAll('input[type="checkbox"]');
      expect(boxes().length).toBeGreaterThan(0);
      expect(boxes().length).toBeLessThan(200);

      await user.click(screen.getByRole("checkbox", { name: "Option 0" }));
      await user.keyboard("{End}");
      const last = await screen.findByRole("checkbox", { name: "Option 9999" });
      expect(last).toHaveFocus();
      expect(screen.getByRole("group", { name: "Second half" })).toContainElement(last);
      await user.keyboard(" ");
      expect(boxes().length).toBeLessThan(200);

      const search = screen.getByRole("searchbox", { name: "Search options" });
      await user.type(search, "option 4242");
      await user.click(await screen.findByRole("checkbox", { name: "Option 4242" }));
      // The earlier choices are no longer rendered, yet still chosen.
      expect(screen.queryByRole("checkbox", { name: "Option 0" })).not.toBeInTheDocument();
      expect(screen.queryByRole("checkbox", { name: "Option 9999" })).not.toBeInTheDocument();
      expect(countText(container)).toBe("3 selected");
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledWith({ selected: ["id0", "id4242", "id9999"] });
    });
  });

  describe("given a decline", () => {
    itDeclinesOnce(setup, "Not hungry");
  });

  describe("given repeated submits", () => {
    it("should submit once on a double click", async () => {
      const { user, onSubmit } = setup({ defaultValue: ["banana"] });
      await user.dblClick(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should submit once on Enter then click", async () => {
      const { user, onSubmit } = setup({ defaultValue: ["banana"] });
      submitButton().focus();
      await user.keyboard("{Enter}");
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });

    it("should submit again once the status changes", async () => {
      const { user, onSubmit, rerender } = setup({ defaultValue: ["banana"] });
      await user.click(submitButton());
      rerender(
        <MultiSelect
          prompt="Pick some food"
          payload={fruits}
          onSubmit={onSubmit}
          status="error"
          defaultValue={["banana"]}
        />,
      );
      await user.click(submitButton());
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });
  });

  describe("given a settled status", () => {
    it("should show the chosen labels when answered, without the list", () => {
      setup({ status: "answered", answer: { selected: ["apple", "carrot"] } });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Apple", "Carrot"]);
      expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["declined", "Declined"],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
    ])("should show a distinct receipt when %s", (status, text) => {
      const { container } = setup({ status, answer: { selected: ["apple"] } });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(screen.queryByText("Apple")).not.toBeInTheDocument();
      expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error and retry once", async () => {
      const onRetry = vi.fn();
      const { user } = setup({ status: "error", error: "Offline", onRetry });
      expect(screen.getByRole("alert")).toHaveTextContent("Couldn't send your answer. Offline");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });

  describe("given controlled mode", () => {
    it("should follow value and report changes in option order", async () => {
      const onValueChange = vi.fn();
      const user = userEvent.setup();
      render(<Controlled onValueChange={onValueChange} />);
      expect(screen.getByRole("checkbox", { name: "Carrot" })).toBeChecked();
      await user.click(screen.getByRole("checkbox", { name: "Apple" }));
      expect(onValueChange).toHaveBeenLastCalledWith(["apple", "carrot"]);
      await user.click(screen.getByRole("button", { name: "Reset" }));
      expect(screen.getByRole("checkbox", { name: "Banana" })).toBeChecked();
      expect(screen.getByRole("checkbox", { name: "Carrot" })).not.toBeChecked();
    });

    it("should keep the owner's value when it ignores a change", async () => {
      const user = userEvent.setup();
      render(<MultiSelect prompt="Pick" payload={fruits} value={[]} onValueChange={() => {}} />);
      await user.click(screen.getByRole("checkbox", { name: "Apple" }));
      expect(screen.getByRole("checkbox", { name: "Apple" })).not.toBeChecked();
    });
  });

  describe("given the shared search rule", () => {
    it("should find every word in any order, whatever the case and accents", async () => {
      const payload = request({
        options: Array.from({ length: 14 }, (_, index) => ({
          id: `d${index}`,
          label: index === 3 ? "Crème brûlée" : index === 7 ? "Brûlé crème caramel" : `Dessert ${index}`,
        })),
      });
      const { user } = setup({ payload });
      const search = screen.getByRole("searchbox", { name: "Search options" });
      expect(search).toHaveAttribute("maxlength", "500");
      await user.type(search, "BRULE creme");
      expect(screen.getAllByRole("checkbox").map((box) => box.getAttribute("value"))).toEqual(["d3", "d7"]);
      expect(screen.getByText("2 of 14 options shown")).toBeInTheDocument();
    });
  });

  describe("given parts of your own", () => {
    it("should render a part as your element with asChild, merging its props", async () => {
      const user = userEvent.setup();
      const onClick = vi.fn();
      render(
        <MultiSelect.Root payload={fruits} defaultValue={["apple"]}>
          <MultiSelect.Body>
            <MultiSelect.Toolbar asChild>
              <section aria-label="Tools">
                <MultiSelect.Clear asChild className="mine">
                  <button type="button" onClick={onClick}>
                    Empty
                  </button>
                </MultiSelect.Clear>
              </section>
            </MultiSelect.Toolbar>
            <MultiSelect.List asChild className="list-of-mine">
              <section aria-label="Food" />
            </MultiSelect.List>
            <MultiSelect.Count>
              <MultiSelect.CountText asChild>
                <output />
              </MultiSelect.CountText>
            </MultiSelect.Count>
          </MultiSelect.Body>
        </MultiSelect.Root>,
      );
      const toolbar = screen.getByRole("region", { name: "Tools" });
      expect(toolbar).toHaveAttribute("data-slot", "toolbar");
      expect(toolbar).toHaveClass("hitl-multi-select-toolbar");
      const list = screen.getByRole("region", { name: "Food" });
      expect(list).toHaveAttribute("data-slot", "list");
      expect(list).toHaveClass("hitl-multi-select-list", "list-of-mine");
      expect(within(list).getAllByRole("checkbox")).toHaveLength(5);
      const count = screen.getByRole("status");
      expect(count.tagName).toBe("OUTPUT");
      expect(count).toHaveTextContent("1 selected — choose 1 to 3");

      const clear = screen.getByRole("button", { name: "Empty" });
      expect(clear).toHaveAttribute("data-slot", "clear");
      expect(clear).toHaveClass("hitl-button", "mine");
      await user.click(clear);
      expect(onClick).toHaveBeenCalledTimes(1);
      expect(screen.getByRole("checkbox", { name: "Apple" })).not.toBeChecked();
      expect(clear).toHaveAttribute("aria-disabled", "true");
      // The list's keys still work on your element.
      act(() => screen.getByRole("checkbox", { name: "Apple" }).focus());
      await user.keyboard("{End}");
      expect(screen.getByRole("checkbox", { name: "Eggplant" })).toHaveFocus();
    });

    it("should run your list key handler first, then the list's", async () => {
      const user = userEvent.setup();
      const seen: string[] = [];
      render(
        <MultiSelect.Root payload={fruits}>
          <MultiSelect.List onKeyDown={(event) => seen.push(event.key)} />
        </MultiSelect.Root>,
      );
      act(() => screen.getByRole("checkbox", { name: "Apple" }).focus());
      await user.keyboard("{ArrowDown}");
      expect(seen).toEqual(["ArrowDown"]);
      expect(screen.getByRole("checkbox", { name: "Banana" })).toHaveFocus();
    });
  });

  describe("given an owner that changes what it is told", () => {
    it("should show the owner's value, and tell each change once, in option order", async () => {
      const user = userEvent.setup();
      const told: string[][] = [];
      function AlwaysCarrot() {
        const [value, setValue] = useState<string[]>([]);
        return (
          <MultiSelect
            prompt="Pick"
            payload={fruits}
            value={value}
            onValueChange={(next) => {
              told.push(next);
              setValue(next.includes("carrot") ? next : [...next, "carrot"]);
            }}
          />
        );
      }
      render(<AlwaysCarrot />);
      await user.click(screen.getByRole("checkbox", { name: "Eggplant" }));
      await user.click(screen.getByRole("checkbox", { name: "Apple" }));
      // The owner's value was ["eggplant", "carrot"]; a choice is put in option order.
      expect(told).toEqual([["eggplant"], ["apple", "carrot", "eggplant"]]);
      for (const name of ["Apple", "Carrot", "Eggplant"]) expect(screen.getByRole("checkbox", { name })).toBeChecked();
    });
  });

  describe("given StrictMode", () => {
    it("should tell each change once and say nothing in the console", async () => {
      const errors = vi.spyOn(console, "error");
      const told: string[][] = [];
      function Owner() {
        const [value, setValue] = useState<string[]>(["banana"]);
        const onValueChange = (next: string[]) => {
          told.push(next);
          setValue(next);
        };
        return <MultiSelect prompt="Pick" payload={fruits} value={value} onValueChange={onValueChange} />;
      }
      const user = userEvent.setup();
      render(
        <StrictMode>
          <Owner />
        </StrictMode>,
      );
      for (const name of ["Apple", "Carrot", "Eggplant", "Banana"]) {
        await user.click(screen.getByRole("checkbox", { name }));
      }
      // Eggplant would be a fourth: refused, so not told.
      expect(told).toEqual([
        ["apple", "banana"],
        ["apple", "banana", "carrot"],
        ["apple", "carrot"],
      ]);
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    });
  });

  describe("given its anatomy", () => {
    it("should give every element it renders a data-slot named in the anatomy", async () => {
      const payload = request({
        options: Array.from({ length: 14 }, (_, index) => ({
          id: `g${index}`,
          label: `Item ${index}`,
          group: index < 7 ? "First" : undefined,
          description: index === 1 ? "The second" : undefined,
        })),
        min: 1,
        max: 2,
      });
      const { user, container } = setup({ payload });
      await user.type(screen.getByRole("searchbox"), "item");
      for (const name of ["Item 0", "Item 1", "Item 2"]) await user.click(screen.getByRole("checkbox", { name }));
      await user.click(screen.getByRole("button", { name: "Clear" }));
      await user.click(submitButton());
      const slots = new Set(
        [...container.querySelectorAll("[data-slot]")].map((element) => element.getAttribute("data-slot")),
      );
      const named = new Set<string | null>(Object.values(multiSelectAnatomy));
      expect([...slots].filter((slot) => !named.has(slot))).toEqual([]);
      // What this state shows: the search's parts, the hint, the notice, the issues, both kinds of list containers.
      for (const slot of [
        "search-input",
        "matches",
        "select-all-hint",
        "notice",
        "issues",
        "group",
        "options",
        "option-description",
      ]) {
        expect(slots).toContain(slot);
      }
    });
  });

  describe("given label overrides", () => {
    it("should use the overridden strings", async () => {
      const user = userEvent.setup();
      const { container } = renderWithLabels(
        { multiSelect: { submit: "Valider", selectAll: "Tout choisir", count: (n: number) => `${n} choisi(s)` } },
        <MultiSelect prompt="Choisir" payload={fruits} />,
      );
      expect(screen.getByRole("button", { name: "Valider" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Tout choisir" })).toBeInTheDocument();
      await user.click(screen.getByRole("checkbox", { name: "Apple" }));
      expect(countText(container)).toBe("1 choisi(s)");
    });
  });
});
