import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { questionKind } from "../../src/kinds/native";
import { Fallback } from "../../src/widgets/fallback/fallback";
import { Question } from "../../src/widgets/question/question";
import { TextQuestion } from "../../src/widgets/question/text-question";
import { FreeTextInput } from "../../src/widgets/shared/free-text-field";

/**
 * The free text's leaf parts, laid out by you (a styled item gives each its own class instead of
 * reaching it with descendant selectors): the field's ids, ARIA and sending stay the field's.
 */

const withText = questionKind.request.parse({
  kind: "question",
  options: [{ id: "y", label: "Yes" }],
  allowFreeform: true,
});

describe("free-text leaf parts", () => {
  it("given a question's free text laid out from its parts, should tie label, hint and error to the input and send once", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Question.Root payload={withText} onSubmit={onSubmit}>
        <Question.FreeText className="field">
          <div className="row">
            <Question.FreeTextInput className="input" />
            <Question.FreeTextSend className="send">Go</Question.FreeTextSend>
          </div>
          <Question.FreeTextLabel className="label" />
          <Question.FreeTextHint className="hint" />
          <Question.FreeTextError className="error" />
        </Question.FreeText>
      </Question.Root>,
    );
    const input = screen.getByRole("textbox");
    // Your layout, the parts' classes beside yours, the label still naming the input.
    expect(input.parentElement?.className).toBe("row");
    expect(input.className.split(" ").sort()).toEqual(["hitl-textarea", "input"]);
    expect(input).toHaveAccessibleName(document.querySelector("label.label")?.textContent ?? "?");
    const hint = document.querySelector(".hint");
    expect(hint?.className.split(" ").sort()).toEqual(["hint", "hitl-help"]);
    expect(input.getAttribute("aria-describedby")).toBe(hint?.id);

    // Empty: refused, the error shown in your element and tied to the input.
    await user.click(screen.getByRole("button", { name: "Go" }));
    const error = screen.getByRole("alert");
    expect(error.className.split(" ").sort()).toEqual(["error", "hitl-field-error"]);
    expect(input.getAttribute("aria-describedby")?.split(" ")).toEqual([hint?.id, error.id]);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();

    // Ctrl+Enter from the textarea, then a click on Send: one answer.
    await user.type(input, "Maybe later");
    await user.keyboard("{Control>}{Enter}{/Control}");
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ text: "Maybe later" });
  });

  it("given a one-line text question laid out from its parts, should send on Enter and show no hint", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <TextQuestion.Root payload={{ kind: "text" }} onSubmit={onSubmit}>
        <TextQuestion.Input>
          <TextQuestion.FreeTextLabel />
          <TextQuestion.FreeTextInput className="input" />
          <TextQuestion.FreeTextHint className="hint" />
          <TextQuestion.FreeTextSend />
        </TextQuestion.Input>
      </TextQuestion.Root>,
    );
    const input = screen.getByRole("textbox");
    expect(input.tagName).toBe("INPUT");
    expect(document.querySelector(".hint")).toBeNull();
    await user.type(input, "Kim{Enter}");
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ text: "Kim" });
  });

  it("given the fallback's free text laid out from its parts beside Decline, should send the words once", async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(
      <Fallback.Root kind="mystery" reason="unknown-kind" issues={[]} onAnswer={onAnswer}>
        <Fallback.FreeText>
          <Fallback.FreeTextLabel />
          <Fallback.FreeTextInput className="input" />
          <div className="actions">
            <Fallback.FreeTextSend className="send" />
          </div>
        </Fallback.FreeText>
      </Fallback.Root>,
    );
    const input = screen.getByRole("textbox");
    expect(input.className.split(" ").sort()).toEqual(["hitl-textarea", "input"]);
    await user.type(input, "notes.md");
    await user.dblClick(document.querySelector(".send") as HTMLElement);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toEqual({ type: "reply", text: "notes.md" });
  });

  it("given a leaf part outside a free text, should say where it belongs", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(() => render(<FreeTextInput />)).toThrow(/FreeTextInput> must be inside a free-text field/);
    } finally {
      quiet.mockRestore();
    }
  });
});
