import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type MultiSelectRequest, multiSelectKind } from "../../src/kinds/multi-select";
import { MultiSelect as Parts } from "../../src/widgets/multi-select/multi-select";

/**
 * The multi-select's list laid out from its leaf parts (a styled item gives each its own class
 * instead of reaching it with descendant selectors): one option's parts repeat per option shown,
 * headings, rows and "no matches" take their classes from `List`, and the checkboxes' names,
 * descriptions, disabled state and keys stay the widget's.
 */

const payload: MultiSelectRequest = multiSelectKind.request.parse({
  kind: "multi-select",
  options: [
    { id: "design", label: "Design", group: "Craft", description: "Visual and interaction" },
    { id: "research", label: "Research", group: "Craft" },
    { id: "legacy", label: "Legacy", disabled: true },
  ],
  max: 2,
});

const classes = (element: Element | null | undefined) => element?.className.split(" ").sort();

/** One option's parts, each with a class of its own (a constant). */
const option = (
  <Parts.Option className="row-option">
    <Parts.OptionControl className="box" />
    <Parts.OptionLabel className="label" />
    <Parts.OptionDescription className="description" />
  </Parts.Option>
);

function Picker({ onSubmit }: { onSubmit: (value: { selected: string[] }) => undefined }) {
  return (
    <Parts.Root payload={payload} onSubmit={onSubmit}>
      <Parts.Body>
        <Parts.Search />
        <Parts.List className="list" rowClassName="row" headingClassName="heading" emptyClassName="empty">
          {option}
        </Parts.List>
        <Parts.Submit />
      </Parts.Body>
    </Parts.Root>
  );
}

describe("the multi-select's option parts", () => {
  it("given one option's parts, should render them per option with your classes, named, described and disabled as before", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(value: { selected: string[] }) => undefined>();
    render(<Picker onSubmit={onSubmit} />);
    expect(screen.getByText("Craft")).toHaveClass("heading", "hitl-multi-select-group-heading");
    const design = screen.getByRole("checkbox", { name: "Design" });
    expect(classes(design)).toEqual(["box", "hitl-checkbox"]);
    expect(design).toHaveAccessibleDescription("Visual and interaction");
    const row = design.closest("[data-slot=option]");
    expect(classes(row)).toEqual(["hitl-multi-select-option", "row-option"]);
    expect(row?.parentElement).toHaveClass("row", "hitl-multi-select-row");
    expect(screen.getByText("Design", { selector: "label" })).toHaveClass("label", "hitl-multi-select-option-label");
    expect(screen.getByText("Visual and interaction")).toHaveClass("description");
    // Only a described option has the description.
    expect(
      screen.getByRole("checkbox", { name: "Research" }).closest("[data-slot=option]")?.querySelector("p"),
    ).toBeNull();
    // A disabled option: its row says so, its checkbox cannot be checked.
    const legacy = screen.getByRole("checkbox", { name: "Legacy" });
    expect(legacy).toBeDisabled();
    expect(legacy.closest("[data-slot=option]")).toHaveAttribute("data-disabled");

    await user.click(design);
    await user.click(screen.getByText("Research", { selector: "label" }));
    expect(design.closest("[data-slot=option]")).toHaveAttribute("data-state", "checked");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ selected: ["design", "research"] });
  });

  it("given a search that matches nothing, should say so with emptyClassName", async () => {
    const user = userEvent.setup();
    // Only a long list offers a search.
    const long = multiSelectKind.request.parse({
      kind: "multi-select",
      options: Array.from({ length: 30 }, (_, n) => ({ id: `o${n}`, label: `Option ${n}` })),
    });
    render(
      <Parts.Root payload={long}>
        <Parts.Body>
          <Parts.Search />
          <Parts.List emptyClassName="empty">{option}</Parts.List>
        </Parts.Body>
      </Parts.Root>,
    );
    await user.type(screen.getByRole("searchbox", { name: "Search options" }), "zzz");
    expect(screen.getByText("No options match your search.")).toHaveClass("empty", "hitl-help");
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
