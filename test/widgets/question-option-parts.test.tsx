import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { questionKind } from "../../src/kinds/native";
import { Question } from "../../src/widgets/question/question";

/**
 * The question's options laid out from their leaf parts (a styled item gives each its own class
 * instead of reaching it with descendant selectors): the parts repeat per option, and the radio
 * group's names, descriptions, keys and Submit stay the widget's.
 */

const buttons = questionKind.request.parse({
  kind: "question",
  options: [
    { id: "yes", label: "Yes", style: "primary" },
    { id: "no", label: "No", style: "danger" },
  ],
});
const radios = questionKind.request.parse({
  kind: "question",
  options: [
    { id: "keep", label: "Keep", description: "Leave the file as it is" },
    { id: "drop", label: "Drop" },
    { id: "move", label: "Move" },
  ],
});

const classes = (element: Element | null | undefined) => element?.className.split(" ").sort();

describe("the question's option parts", () => {
  it("given option buttons laid out from their part, should render one per option with your class and answer once", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Question.Root payload={buttons} onSubmit={onSubmit}>
        <Question.Options
          buttons={
            <Question.OptionButtons className="list" rowClassName="row">
              <Question.OptionButton className="choice" />
            </Question.OptionButtons>
          }
        />
      </Question.Root>,
    );
    const yes = screen.getByRole("button", { name: "Yes" });
    const no = screen.getByRole("button", { name: "No" });
    expect(classes(yes)).toEqual(["choice", "hitl-button", "hitl-button-primary"]);
    expect(classes(no)).toEqual(["choice", "hitl-button", "hitl-button-danger"]);
    expect(no).toHaveAttribute("data-style", "danger");
    expect(classes(yes.parentElement)).toEqual(["hitl-question-buttons-row", "row"]);
    expect(yes.closest("[data-slot=option-buttons]")).toHaveClass("list");
    await user.dblClick(no);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ optionId: "no" });
  });

  it("given the radio group laid out from its parts, should keep names, descriptions, keys and state on your elements", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Question.Root payload={radios} onSubmit={onSubmit}>
        <Question.Options
          radios={
            <Question.OptionRadios className="form">
              <Question.OptionGroup className="group">
                <Question.OptionRow className="row">
                  <Question.OptionRadio className="radio">
                    <Question.OptionIndicator className="dot" />
                  </Question.OptionRadio>
                  <Question.OptionLabel className="label" />
                  <Question.OptionDescription className="description" />
                </Question.OptionRow>
              </Question.OptionGroup>
              <Question.OptionIssues className="issues" />
              <Question.OptionSubmit className="submit">Use it</Question.OptionSubmit>
            </Question.OptionRadios>
          }
        />
      </Question.Root>,
    );
    expect(screen.getByRole("radiogroup")).toHaveClass("group", "hitl-question-options");
    const keep = screen.getByRole("radio", { name: "Keep" });
    expect(classes(keep)).toEqual(["hitl-radio", "radio"]);
    expect(keep).toHaveAccessibleDescription("Leave the file as it is");
    expect(classes(document.getElementById(keep.getAttribute("aria-describedby") ?? ""))).toEqual([
      "description",
      "hitl-help",
      "hitl-question-option-description",
    ]);
    // One row per option; an option without a description renders none.
    expect(document.querySelectorAll(".row")).toHaveLength(3);
    expect(document.querySelectorAll(".description")).toHaveLength(1);

    // Nothing chosen: refused, said in your issues element.
    await user.click(screen.getByRole("button", { name: "Use it" }));
    expect(screen.getByRole("alert")).toHaveClass("issues");
    expect(onSubmit).not.toHaveBeenCalled();

    // Click a label, then an arrow key: the rows' state follows, the dot shows in the checked one.
    await user.click(screen.getByText("Keep"));
    await user.keyboard("{ArrowDown}");
    const move = screen.getByRole("radio", { name: "Drop" });
    expect(move).toBeChecked();
    expect(move.closest(".row")).toHaveAttribute("data-state", "checked");
    expect(keep.closest(".row")).toHaveAttribute("data-state", "unchecked");
    expect(move.querySelector(".dot")).not.toBeNull();
    expect(keep.querySelector(".dot")).toBeNull();
    await user.dblClick(screen.getByRole("button", { name: "Use it" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ optionId: "drop" });
  });

  it("given an option part outside the options, should say where it belongs", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      render(
        <Question.Root payload={buttons}>
          <Question.OptionButton />
        </Question.Root>,
      ),
    ).toThrow("<OptionButton> must be inside a question's OptionButtons or OptionGroup");
    vi.mocked(console.error).mockRestore();
  });
});
