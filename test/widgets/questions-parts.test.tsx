import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { questionsKind } from "../../src/kinds/questions";
import { Questions as Parts, type QuestionsResponse } from "../../src/widgets/questions/questions";
import { pressArrow } from "./helpers";

/**
 * The question set laid out from its leaf parts (a styled item gives each its own class instead
 * of reaching it with descendant selectors): one question's parts repeat per question and one
 * option's per option, and the names, descriptions, keys (a radio group's arrows, the checkboxes'
 * roving focus) and answers stay the widget's.
 */

const set = questionsKind.request.parse({
  kind: "questions",
  questions: [
    {
      id: "db",
      header: "Database",
      prompt: "Which database?",
      optional: true,
      options: [
        { id: "pg", label: "PostgreSQL", description: "Relational", recommended: true },
        { id: "sqlite", label: "SQLite" },
      ],
    },
    {
      id: "features",
      prompt: "Which features?",
      options: [
        { id: "auth", label: "Auth" },
        { id: "billing", label: "Billing" },
      ],
      multiple: true,
      max: 2,
      other: true,
    },
    { id: "notes", prompt: "Anything else?", other: true, optional: true },
  ],
});

const classes = (element: Element | null | undefined) => element?.className.split(" ").sort();

const option = (
  <Parts.QuestionOption className="row">
    <Parts.OptionControl className="control" indicatorClassName="dot" />
    <Parts.OptionText className="text">
      <Parts.OptionLabel className="label" />
      <Parts.OptionRecommended className="recommended" />
    </Parts.OptionText>
    <Parts.OptionDescription className="description" />
  </Parts.QuestionOption>
);
const question = (
  <Parts.Question className="question">
    <Parts.QuestionLegend className="legend">
      <Parts.QuestionHeader className="header" />
      <Parts.QuestionPrompt className="prompt" />
      <Parts.QuestionOptional className="optional" />
    </Parts.QuestionLegend>
    <Parts.QuestionBounds className="bounds" />
    <Parts.QuestionOptions className="options">{option}</Parts.QuestionOptions>
    <Parts.OtherInput className="other" />
    <Parts.QuestionNotice className="notice" />
    <Parts.QuestionIssue className="issue" />
    <Parts.QuestionClear className="clear" />
  </Parts.Question>
);

function QuestionSet({ onSubmit }: { onSubmit: (value: QuestionsResponse) => undefined }) {
  return (
    <Parts.Root payload={set} onSubmit={onSubmit}>
      <Parts.Body>
        <Parts.QuestionList className="list">{question}</Parts.QuestionList>
        <Parts.Progress className="progress">
          <Parts.ProgressText className="progress-text" />
          <Parts.ProgressPending className="pending" />
        </Parts.Progress>
        <Parts.Submit />
      </Parts.Body>
    </Parts.Root>
  );
}

describe("the question set's parts", () => {
  it("given one question's and one option's parts, should render them per question and option with your classes, named and described as before", () => {
    render(<QuestionSet onSubmit={vi.fn()} />);
    const db = screen.getByRole("group", { name: "Database Which database? Optional" });
    expect(classes(db)).toEqual(["hitl-questions-question", "question"]);
    expect(db.closest("[data-slot=questions]")).toHaveClass("list");
    expect(within(db).getByText("Database")).toHaveClass("header", "hitl-questions-chip");
    expect(within(db).getByText("Which database?")).toHaveClass("prompt");
    expect(db.querySelector("legend")).toHaveClass("legend", "hitl-questions-legend");

    const radios = within(db).getByRole("radiogroup");
    expect(radios).toHaveClass("options", "hitl-questions-options");
    const pg = within(radios).getByRole("radio", { name: "PostgreSQL" });
    expect(pg).toHaveClass("control", "hitl-radio");
    expect(pg).toHaveAccessibleDescription("Recommended Relational");
    const row = pg.closest("[data-slot=option]");
    expect(classes(row)).toEqual(["hitl-questions-option", "row"]);
    expect(row?.querySelector("[data-slot=option-text]")).toHaveClass("text");
    expect(within(row as HTMLElement).getByText("PostgreSQL")).toHaveClass("label", "hitl-questions-option-label");
    expect(within(row as HTMLElement).getByText("Recommended")).toHaveClass("recommended");
    expect(within(row as HTMLElement).getByText("Relational")).toHaveClass("description");
    // Only the recommended option has the chip; only a described one the description.
    const sqlite = within(radios).getByRole("radio", { name: "SQLite" }).closest("[data-slot=option]");
    expect(sqlite?.querySelector("[data-slot=recommended-chip]")).toBeNull();
    expect(sqlite?.querySelector("[data-slot=option-description]")).toBeNull();

    const features = screen.getAllByRole("group", { name: "Which features?" })[0] as HTMLElement;
    expect(within(features).getByText("Choose up to 2.")).toHaveClass("bounds");
    expect(within(features).getByRole("checkbox", { name: "Auth" })).toHaveClass("control", "hitl-checkbox");
    expect(features.querySelector("[data-slot=notice]")).toHaveClass("notice");

    const notes = screen.getByRole("group", { name: "Anything else? Optional" });
    expect(within(notes).getByText("Optional")).toHaveClass("optional");
    expect(within(notes).getByRole("textbox", { name: "Anything else?" })).toHaveClass("other", "hitl-questions-text");
    expect(notes.querySelector("[data-slot=options]")).toBeNull();

    expect(screen.getByText("0 of 3 answered")).toHaveClass("progress-text");
    expect(document.querySelector("[data-slot=pending]")).toHaveClass("pending");
  });

  it("given the parts, should keep the keys, the notice past max, Other's field, Clear and the issues, and answer once", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(value: QuestionsResponse) => undefined>();
    render(<QuestionSet onSubmit={onSubmit} />);
    // Submit tried too early: the required question's issue in your element.
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const features = screen.getAllByRole("group", { name: "Which features?" })[0] as HTMLElement;
    expect(features.querySelector("[data-slot=question-issue]")).toHaveClass("issue", "hitl-field-error");
    expect(onSubmit).not.toHaveBeenCalled();

    // The radio group's arrows move and check; an optional question answered can be cleared.
    const db = screen.getByRole("group", { name: "Database Which database? Optional" });
    await user.click(within(db).getByRole("radio", { name: "PostgreSQL" }));
    const clear = within(db).getByRole("button", { name: "Clear answer" });
    expect(clear).toHaveClass("clear", "hitl-questions-clear");
    await user.click(clear);
    expect(within(db).getByRole("radio", { name: "PostgreSQL" })).not.toBeChecked();
    await user.click(within(db).getByRole("radio", { name: "PostgreSQL" }));
    await pressArrow(user, "ArrowDown");
    expect(within(db).getByRole("radio", { name: "SQLite" })).toBeChecked();
    expect(within(db).getByRole("radio", { name: "SQLite" }).closest("[data-slot=option]")).toHaveAttribute(
      "data-state",
      "checked",
    );

    // The checkboxes' roving focus (each element registered by your OptionControl), the notice past max.
    const auth = within(features).getByRole("checkbox", { name: "Auth" });
    await user.click(auth);
    await user.keyboard("{ArrowDown}");
    const billing = within(features).getByRole("checkbox", { name: "Billing" });
    expect(billing).toHaveFocus();
    await user.keyboard(" ");
    expect(billing).toBeChecked();
    await user.keyboard("{End}");
    const otherBox = within(features).getByRole("checkbox", { name: "Other…" });
    expect(otherBox).toHaveFocus();
    await user.keyboard(" ");
    expect(otherBox).not.toBeChecked();
    expect(features.querySelector("[data-slot=notice]")).not.toBeEmptyDOMElement();
    await user.click(billing);
    await user.click(otherBox);
    const other = within(features).getByRole("textbox", { name: "Your own answer" });
    expect(other).toHaveClass("other", "hitl-questions-other");
    await user.type(other, "Audit log");

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      answers: { db: { selected: ["sqlite"] }, features: { selected: ["auth"], other: "Audit log" } },
    });
  });
});
