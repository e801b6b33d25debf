import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { RadioGroup, ToggleRow } from "../../../src/widgets/shared/roving-group";

function Sizes({ initial = null, disabled = [] }: { initial?: string | null; disabled?: string[] }) {
  const [value, setValue] = useState<string | null>(initial);
  const values = ["small", "medium", "large"];
  return (
    <form aria-label="Order" onSubmit={() => setValue("submitted")}>
      <RadioGroup.Root aria-label="Size" values={values} value={value} onValueChange={setValue}>
        {values.map((size) => (
          <RadioGroup.Item key={size} value={size} disabled={disabled.includes(size)}>
            {size}
            <RadioGroup.Indicator value={size} data-testid={`dot-${size}`} />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <output>{value ?? "none"}</output>
    </form>
  );
}

function Tags() {
  const [pressed, setPressed] = useState<string[]>([]);
  const values = ["news", "sport", "travel"];
  return (
    <>
      <ToggleRow.Root aria-label="Tags" values={values} pressed={pressed} onPressedChange={setPressed}>
        {values.map((tag) => (
          <ToggleRow.Item key={tag} value={tag}>
            {tag}
          </ToggleRow.Item>
        ))}
      </ToggleRow.Root>
      <output>{pressed.join(",") || "none"}</output>
    </>
  );
}

describe("RadioGroup", () => {
  it("given nothing checked, should offer one tab stop on the first radio, all unchecked", async () => {
    render(<Sizes />);
    const group = screen.getByRole("radiogroup", { name: "Size" });
    expect(group).toBeInTheDocument();
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual(["false", "false", "false"]);
    expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.tab();
    expect(radios[0]).toHaveFocus();
  });

  it("given a checked value, should put the tab stop and the indicator on it", async () => {
    render(<Sizes initial="medium" />);
    const medium = screen.getByRole("radio", { name: "medium" });
    expect(medium).toHaveAttribute("aria-checked", "true");
    expect(medium).toHaveAttribute("data-state", "checked");
    expect(screen.getByTestId("dot-medium")).toBeInTheDocument();
    expect(screen.queryByTestId("dot-small")).not.toBeInTheDocument();
    await userEvent.tab();
    expect(medium).toHaveFocus();
  });

  it("given the arrows, should move focus and check, wrapping at the ends", async () => {
    render(<Sizes initial="small" />);
    await userEvent.tab();
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: "medium" })).toHaveFocus();
    expect(screen.getByText("medium", { selector: "output" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("radio", { name: "small" })).toHaveFocus();
    expect(screen.getByRole("radio", { name: "small" })).toHaveAttribute("aria-checked", "true");
    await userEvent.keyboard("{ArrowUp}");
    expect(screen.getByRole("radio", { name: "large" })).toHaveAttribute("aria-checked", "true");
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("radio", { name: "small" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getAllByRole("radio").map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);
  });

  it("given a disabled radio, should skip it", async () => {
    render(<Sizes initial="small" disabled={["medium"]} />);
    await userEvent.tab();
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: "large" })).toHaveFocus();
    expect(screen.getByText("large", { selector: "output" })).toBeInTheDocument();
  });

  it("given Space or a click, should check; given Enter, should neither check nor submit the form", async () => {
    render(<Sizes />);
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByText("none", { selector: "output" })).toBeInTheDocument();
    await userEvent.keyboard(" ");
    expect(screen.getByText("small", { selector: "output" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "large" }));
    expect(screen.getByText("large", { selector: "output" })).toBeInTheDocument();
  });
});

describe("ToggleRow", () => {
  it("given a labelled row, should be a group of unpressed toggle buttons with one tab stop", async () => {
    render(<Tags />);
    expect(screen.getByRole("group", { name: "Tags" })).toBeInTheDocument();
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((button) => button.getAttribute("aria-pressed"))).toEqual(["false", "false", "false"]);
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1]);
  });

  it("given the arrows, Home and End, should move focus without toggling, wrapping, and keep the tab stop where focus went", async () => {
    render(<Tags />);
    await userEvent.tab();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "sport" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("button", { name: "news" })).toHaveFocus();
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("button", { name: "travel" })).toHaveFocus();
    expect(screen.getByText("none", { selector: "output" })).toBeInTheDocument();
    expect(screen.getAllByRole("button").map((button) => button.tabIndex)).toEqual([-1, -1, 0]);
  });

  it("given Space, Enter or a click, should toggle the focused button", async () => {
    render(<Tags />);
    await userEvent.tab();
    await userEvent.keyboard(" ");
    expect(screen.getByRole("button", { name: "news" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "news" })).toHaveAttribute("data-state", "on");
    await userEvent.keyboard("{ArrowRight}{Enter}");
    expect(screen.getByText("news,sport", { selector: "output" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "news" }));
    expect(screen.getByText("sport", { selector: "output" })).toBeInTheDocument();
  });
});

describe("asChild", () => {
  function SpanTags() {
    const [pressed, setPressed] = useState<string[]>([]);
    const values = ["red", "blue"];
    return (
      <ToggleRow.Root aria-label="Colours" values={values} pressed={pressed} onPressedChange={setPressed} asChild>
        <ul>
          {values.map((tag) => (
            <ToggleRow.Item key={tag} value={tag} asChild>
              <li>{tag}</li>
            </ToggleRow.Item>
          ))}
        </ul>
      </ToggleRow.Root>
    );
  }

  it("given a toggle row on your elements, should keep one tab stop, move by arrow and toggle by Space and Enter", async () => {
    const user = userEvent.setup();
    render(<SpanTags />);
    expect(screen.getByRole("group", { name: "Colours" }).tagName).toBe("UL");
    const red = screen.getByText("red");
    const blue = screen.getByText("blue");
    expect(red).toHaveAttribute("tabindex", "0");
    expect(blue).toHaveAttribute("tabindex", "-1");
    await user.tab();
    expect(red).toHaveFocus();
    await user.keyboard(" ");
    expect(red).toHaveAttribute("aria-pressed", "true");
    await user.keyboard("{ArrowRight}{Enter}");
    expect(blue).toHaveFocus();
    expect(blue).toHaveAttribute("aria-pressed", "true");
    await user.keyboard(" ");
    expect(blue).toHaveAttribute("aria-pressed", "false");
  });

  it("given a radio on your element, should check it by Space, not Enter", async () => {
    const user = userEvent.setup();
    function One() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <RadioGroup.Root aria-label="Size" values={["s"]} value={value} onValueChange={setValue}>
          <RadioGroup.Item value="s" asChild>
            <span>small</span>
          </RadioGroup.Item>
        </RadioGroup.Root>
      );
    }
    render(<One />);
    const radio = screen.getByRole("radio", { name: "small" });
    expect(radio).not.toHaveAttribute("type");
    await user.tab();
    await user.keyboard("{Enter}");
    expect(radio).not.toBeChecked();
    await user.keyboard(" ");
    expect(radio).toBeChecked();
  });
});
