import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from "react";
import { type MultiSelectRequest, multiSelectKind } from "../../src/kinds/multi-select";
import { MultiSelect } from "../../src/widgets/multi-select/multi-select";
import type { OptionItemProps } from "../../src/widgets/multi-select/option-item";

/**
 * What toggling one option renders again. Each part sits in a React Profiler that counts its
 * update commits; the rows (inside the list) are counted by wrapping the memoized row with the
 * same comparison, since a Profiler cannot wrap them from outside.
 */

const rowRenders = vi.hoisted(() => new Map<string, number>());
vi.mock("../../src/widgets/multi-select/option-item", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/widgets/multi-select/option-item")>();
  const { memo } = await import("react");
  const { sameProps } = await import("../../src/widgets/shared/create-widget-context");
  const render = (actual.OptionItem as unknown as { type: (props: OptionItemProps) => ReactNode }).type;
  const Counted = (props: OptionItemProps) => {
    rowRenders.set(props.option.id, (rowRenders.get(props.option.id) ?? 0) + 1);
    return render(props);
  };
  return { ...actual, OptionItem: memo(Counted, sameProps) };
});

const payload: MultiSelectRequest = multiSelectKind.request.parse({
  kind: "multi-select",
  options: Array.from({ length: 30 }, (_, index) => ({ id: `o${index}`, label: `Option ${index}` })),
  max: 10,
});

const commits = new Map<string, number>();
const onRender: ProfilerOnRenderCallback = (id, phase) => {
  if (phase !== "mount") commits.set(id, (commits.get(id) ?? 0) + 1);
};
function Part({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Profiler id={id} onRender={onRender}>
      {children}
    </Profiler>
  );
}

function Widget() {
  return (
    <MultiSelect.Root payload={payload} onSubmit={() => undefined}>
      <Part id="prompt">
        <MultiSelect.Prompt>Pick</MultiSelect.Prompt>
      </Part>
      <MultiSelect.Body>
        <Part id="search">
          <MultiSelect.Search />
        </Part>
        <Part id="toolbar">
          <MultiSelect.Toolbar />
        </Part>
        <Part id="list">
          <MultiSelect.List />
        </Part>
        <Part id="count">
          <MultiSelect.Count />
        </Part>
        <Part id="issues">
          <MultiSelect.Issues />
        </Part>
        <MultiSelect.Actions>
          <Part id="submit">
            <MultiSelect.Submit />
          </Part>
          <Part id="decline">
            <MultiSelect.Decline />
          </Part>
        </MultiSelect.Actions>
      </MultiSelect.Body>
    </MultiSelect.Root>
  );
}

/** The parts that read the machine: each renders once per change (they share one context). */
const SELECTION_PARTS = { search: 1, toolbar: 1, list: 1, count: 1, issues: 1, submit: 1 };
const twice = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).map(([part, count]) => [part, count * 2]));

function reset() {
  commits.clear();
  rowRenders.clear();
}

describe("MultiSelect renders", () => {
  it("given a toggle, should render again only the rows whose props changed, and the parts that show the selection", async () => {
    const user = userEvent.setup();
    render(<Widget />);
    expect(rowRenders.size).toBe(30);

    // Space on the focused option: one commit, one row. (The first change also marks the root
    // `data-touched`: the fieldset renders, but the shell's parts — prompt, Decline — read a
    // context that did not change, so they do not.)
    act(() => screen.getByRole("checkbox", { name: "Option 0" }).focus());
    reset();
    await user.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: "Option 0" })).toBeChecked();
    expect(Object.fromEntries(rowRenders)).toEqual({ o0: 1 });
    expect(Object.fromEntries(commits)).toEqual(SELECTION_PARTS);

    // Again: the shell stays as it is; the selection's parts and the one row render.
    reset();
    await user.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: "Option 0" })).not.toBeChecked();
    expect(Object.fromEntries(rowRenders)).toEqual({ o0: 1 });
    expect(Object.fromEntries(commits)).toEqual(SELECTION_PARTS);

    // A click elsewhere: the tab stop moves (focus: two rows), then the option is checked (one row).
    reset();
    await user.click(screen.getByRole("checkbox", { name: "Option 7" }));
    expect(Object.fromEntries(rowRenders)).toEqual({ o0: 1, o7: 2 });
    expect(Object.fromEntries(commits)).toEqual(twice(SELECTION_PARTS));
  });

  it("given a search, should render the rows it shows and leave the selection's rows be", async () => {
    const user = userEvent.setup();
    render(<Widget />);
    reset();
    await user.type(screen.getByRole("searchbox"), "2");
    // "Option 2", "Option 12", "Option 20"…"Option 29": moved rows render again, with new positions.
    expect(screen.getAllByRole("checkbox")).toHaveLength(12);
    expect(rowRenders.has("o0")).toBe(false);
  });
});
