import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type QuestionRequest, questionKind, type TextRequest, textKind } from "../../src/kinds/native";
import type { WidgetStatus } from "../../src/react/widget-props";
import { Question, type QuestionResponse } from "../../src/widgets/question/question";
import { TextQuestion, type TextResponse } from "../../src/widgets/question/text-question";
import { itDeclinesOnce, pressArrow, renderWidget, renderWithLabels } from "./helpers";

const question = (input: Record<string, unknown>): QuestionRequest =>
  questionKind.request.parse({ kind: "question", ...input });
const textRequest = (input: Record<string, unknown> = {}): TextRequest =>
  textKind.request.parse({ kind: "text", ...input });

const yesNo = question({
  options: [
    { id: "yes", label: "Yes", style: "primary" },
    { id: "no", label: "No", style: "danger" },
    { id: "later", label: "" },
  ],
});
const many = question({
  options: [
    { id: "a", label: "Alpha" },
    { id: "b", label: "Bravo" },
    { id: "c", label: "Charlie" },
    { id: "d", label: "Delta" },
  ],
  allowFreeform: true,
});
const described = question({
  options: [
    { id: "keep", label: "Keep", description: "Leave the file as it is" },
    { id: "drop", label: "Drop" },
  ],
});

function setup(props: Partial<Parameters<typeof Question>[0]> = {}) {
  return renderWidget<QuestionResponse>(({ onSubmit, onDecline }) => (
    <Question prompt="Proceed?" payload={yesNo} onSubmit={onSubmit} onDecline={onDecline} {...props} />
  ));
}

function setupText(props: Partial<Parameters<typeof TextQuestion>[0]> = {}) {
  return renderWidget<TextResponse>(({ onSubmit, onDecline }) => (
    <TextQuestion prompt="Name the file" payload={textRequest()} onSubmit={onSubmit} onDecline={onDecline} {...props} />
  ));
}

function Controlled({
  onValueChange,
  onTextChange,
}: {
  onValueChange: (value: string) => void;
  onTextChange: (text: string) => void;
}) {
  const [value, setValue] = useState("b");
  const [text, setText] = useState("draft");
  return (
    <Question
      prompt="Pick"
      payload={many}
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        setValue(next);
      }}
      text={text}
      onTextChange={(next) => {
        onTextChange(next);
        setText(next.toUpperCase());
      }}
    />
  );
}

describe("Question", () => {
  describe("given up to three options without descriptions", () => {
    it("should show them as buttons, styled by their style, and send { optionId } once on a click", async () => {
      const { user, onSubmit } = setup();
      expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Yes" })).toHaveClass("hitl-button-primary");
      expect(screen.getByRole("button", { name: "No" })).toHaveClass("hitl-button-danger");
      await user.click(screen.getByRole("button", { name: "No" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ optionId: "no" });
    });

    it("should name an option with an empty label by its id", () => {
      setup();
      expect(screen.getByRole("button", { name: "later" })).toBeInTheDocument();
    });

    it("should send once on a double click, and once across two buttons", async () => {
      const { user, onSubmit } = setup();
      await user.dblClick(screen.getByRole("button", { name: "Yes" }));
      await user.click(screen.getByRole("button", { name: "No" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ optionId: "yes" });
    });

    it("should answer from the keyboard", async () => {
      const { user, onSubmit } = setup();
      await user.tab();
      expect(screen.getByRole("button", { name: "Yes" })).toHaveFocus();
      await user.keyboard("{Enter}");
      expect(onSubmit).toHaveBeenCalledWith({ optionId: "yes" });
    });

    it("should offer no free text unless allowed", () => {
      setup();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    });
  });

  describe("given more than three options", () => {
    it("should choose with the arrow keys and submit the choice once", async () => {
      const { user, onSubmit } = setup({ payload: many });
      expect(screen.getByRole("radiogroup", { name: "Proceed?" })).toBeInTheDocument();
      await user.tab();
      expect(screen.getByRole("radio", { name: "Alpha" })).toHaveFocus();
      await pressArrow(user, "ArrowDown");
      await pressArrow(user, "ArrowDown");
      expect(screen.getByRole("radio", { name: "Charlie" })).toBeChecked();
      await user.tab();
      expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
      await user.keyboard("{Enter}");
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ optionId: "c" });
    });

    it("should choose by clicking an option's label", async () => {
      const { user, onSubmit } = setup({ payload: many });
      await user.click(screen.getByText("Delta"));
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(onSubmit).toHaveBeenCalledWith({ optionId: "d" });
    });

    it("should refuse to submit without a choice", async () => {
      const { user, onSubmit } = setup({ payload: many });
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Choose an option first.");
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should refuse an unknown option from a controlled value", async () => {
      const { user, onSubmit } = setup({ payload: many, value: "zulu" });
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(screen.getByRole("alert")).toHaveTextContent('Unknown option "zulu"');
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe("given an option with a description", () => {
    it("should use a radio group with the description on the radio", () => {
      setup({ payload: described });
      expect(screen.getByRole("radio", { name: "Keep" })).toHaveAccessibleDescription("Leave the file as it is");
      expect(screen.queryByRole("button", { name: "Keep" })).not.toBeInTheDocument();
    });
  });

  describe("given free text", () => {
    it("should send the typed text once", async () => {
      const { user, onSubmit } = setup({ payload: many });
      await user.type(screen.getByRole("textbox", { name: "Or write your own answer" }), "  Echo  ");
      await user.dblClick(screen.getByRole("button", { name: "Send" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ text: "Echo" });
    });

    it("should send with Ctrl+Enter, and keep Enter for new lines", async () => {
      const { user, onSubmit } = setup({ payload: many });
      const field = screen.getByRole("textbox", { name: "Or write your own answer" });
      expect(field.tagName).toBe("TEXTAREA");
      await user.type(field, "line one{Enter}line two");
      expect(onSubmit).not.toHaveBeenCalled();
      expect(field).toHaveAccessibleDescription("Press Ctrl+Enter (⌘+Enter on a Mac) to send.");
      await user.keyboard("{Control>}{Enter}{/Control}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ text: "line one\nline two" });
    });

    it("should send with Cmd+Enter", async () => {
      const { user, onSubmit } = setup({ payload: many });
      await user.type(screen.getByRole("textbox", { name: "Or write your own answer" }), "Foxtrot");
      await user.keyboard("{Meta>}{Enter}{/Meta}");
      expect(onSubmit).toHaveBeenCalledWith({ text: "Foxtrot" });
    });

    it("should refuse blank text inline", async () => {
      const { user, onSubmit } = setup({ payload: many });
      const field = screen.getByRole("textbox", { name: "Or write your own answer" });
      await user.type(field, "   ");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(expect.stringContaining("Write an answer first."));
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("should offer free text as the only way to answer a question without options", async () => {
      const { user, onSubmit } = setup({ payload: question({}) });
      await user.type(screen.getByRole("textbox", { name: "Your answer" }), "Golf");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(onSubmit).toHaveBeenCalledWith({ text: "Golf" });
    });

    it("should show a refusal from onSubmit next to the field and allow another try", async () => {
      const onSubmit = vi
        .fn()
        .mockReturnValueOnce({ ok: false, issues: [{ path: ["text"], message: "Too rude" }] })
        .mockReturnValue({ ok: true });
      const { user } = setup({ payload: many, onSubmit });
      await user.type(screen.getByRole("textbox", { name: "Or write your own answer" }), "Hotel");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Too rude");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(onSubmit).toHaveBeenCalledTimes(2);
    });
  });

  describe("given a decline", () => {
    itDeclinesOnce(setup, "Not mine to decide");

    it("should send one decline with a reason, then nothing more", async () => {
      const { user, onDecline, onSubmit } = setup();
      await user.click(screen.getByRole("button", { name: "Decline" }));
      await user.type(screen.getByRole("textbox", { name: "Reason (optional)" }), "Not mine to decide{Enter}");
      await user.click(screen.getByRole("button", { name: "Send decline" }));
      await user.click(screen.getByRole("button", { name: "Yes" }));
      expect(onDecline).toHaveBeenCalledTimes(1);
      expect(onDecline).toHaveBeenCalledWith("Not mine to decide");
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe("given a settled status", () => {
    it("should show the chosen option's label when answered, without the options", () => {
      setup({ status: "answered", answer: { optionId: "no" } });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      expect(screen.getByText("No")).toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
    });

    it("should show the written text when answered with text", () => {
      setup({ payload: many, status: "answered", answer: { text: "India" } });
      expect(screen.getByText("Wrote")).toBeInTheDocument();
      expect(screen.getByText("India")).toBeInTheDocument();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["declined", "Declined"],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
    ])("should show a distinct receipt when %s", (status, text) => {
      const { container } = setup({ status, answer: { optionId: "yes" } });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(screen.queryByText("Yes")).not.toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
    });

    it("should show the decline reason", () => {
      setup({ status: "declined", declineReason: "Busy" });
      expect(screen.getByText("Reason: Busy")).toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error and retry once", async () => {
      const onRetry = vi.fn();
      const { user } = setup({ status: "error", error: "Timeout", onRetry });
      expect(screen.getByRole("alert")).toHaveTextContent("Couldn't send your answer. Timeout");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });

  describe("given controlled mode", () => {
    it("should follow value and text and report changes", async () => {
      const onValueChange = vi.fn();
      const onTextChange = vi.fn();
      const user = userEvent.setup();
      render(<Controlled onValueChange={onValueChange} onTextChange={onTextChange} />);
      expect(screen.getByRole("radio", { name: "Bravo" })).toBeChecked();
      await user.click(screen.getByRole("radio", { name: "Delta" }));
      expect(onValueChange).toHaveBeenLastCalledWith("d");
      expect(screen.getByRole("radio", { name: "Delta" })).toBeChecked();
      const field = screen.getByRole("textbox", { name: "Or write your own answer" });
      expect(field).toHaveValue("draft");
      await user.type(field, "!");
      expect(onTextChange).toHaveBeenLastCalledWith("draft!");
      expect(field).toHaveValue("DRAFT!");
    });
    it("should keep the caret where the person types in a controlled text", async () => {
      function PassThrough() {
        const [text, setText] = useState("helo");
        return <Question prompt="Pick" payload={many} text={text} onTextChange={setText} />;
      }
      const user = userEvent.setup();
      render(<PassThrough />);
      const field = screen.getByRole("textbox", { name: "Or write your own answer" }) as HTMLTextAreaElement;
      await user.type(field, "l", { initialSelectionStart: 3, initialSelectionEnd: 3 });
      expect(field).toHaveValue("hello");
      expect(field.selectionStart).toBe(4);
      await user.type(field, "!", { initialSelectionStart: 0, initialSelectionEnd: 0 });
      expect(field).toHaveValue("!hello");
      expect(field.selectionStart).toBe(1);
    });
  });

  describe("given label overrides", () => {
    it("should use the overridden strings", () => {
      renderWithLabels(
        { question: { submit: "Envoyer le choix", freeformLabel: "Autre réponse" } },
        <Question prompt="Choisir" payload={many} />,
      );
      expect(screen.getByRole("button", { name: "Envoyer le choix" })).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "Autre réponse" })).toBeInTheDocument();
    });
  });
});

describe("TextQuestion", () => {
  describe("given a single-line question", () => {
    it("should send the text once with Enter", async () => {
      const { user, onSubmit } = setupText({ payload: textRequest({ placeholder: "report.pdf" }) });
      const field = screen.getByRole("textbox", { name: "Your answer" });
      expect(field.tagName).toBe("INPUT");
      expect(field).toHaveAttribute("placeholder", "report.pdf");
      await user.type(field, "notes.md{Enter}");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ text: "notes.md" });
    });

    it("should refuse blank text inline", async () => {
      const { user, onSubmit } = setupText();
      await user.type(screen.getByRole("textbox", { name: "Your answer" }), "  {Enter}");
      expect(screen.getByRole("alert")).toHaveTextContent("Write an answer first.");
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  describe("given a multi-line question", () => {
    it("should use a textarea where Enter is a new line and Ctrl+Enter sends", async () => {
      const { user, onSubmit } = setupText({ payload: textRequest({ multiline: true }) });
      const field = screen.getByRole("textbox", { name: "Your answer" });
      expect(field.tagName).toBe("TEXTAREA");
      await user.type(field, "a{Enter}b");
      expect(onSubmit).not.toHaveBeenCalled();
      await user.keyboard("{Control>}{Enter}{/Control}");
      expect(onSubmit).toHaveBeenCalledTimes(1);
      expect(onSubmit).toHaveBeenCalledWith({ text: "a\nb" });
    });
  });

  describe("given a decline", () => {
    itDeclinesOnce(setupText, "No idea");
  });

  describe("given a settled status", () => {
    it("should show the text when answered, without the field", () => {
      setupText({ status: "answered", answer: { text: "final.txt" } });
      expect(screen.getByText("final.txt")).toBeInTheDocument();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
    ])("should show a distinct receipt when %s", (status, text) => {
      const { container } = setupText({ status, answer: { text: "final.txt" } });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(screen.queryByText("final.txt")).not.toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error and retry once", async () => {
      const onRetry = vi.fn();
      const { user } = setupText({ status: "error", onRetry });
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  });

  describe("given controlled mode", () => {
    it("should follow value and report changes", async () => {
      const onValueChange = vi.fn();
      const user = userEvent.setup();
      render(<TextQuestion prompt="Name" payload={textRequest()} value="fixed" onValueChange={onValueChange} />);
      const field = screen.getByRole("textbox", { name: "Your answer" });
      await user.type(field, "x");
      expect(onValueChange).toHaveBeenCalledWith("fixedx");
      expect(field).toHaveValue("fixed");
    });
  });

  describe("given label overrides", () => {
    it("should use the overridden strings", () => {
      renderWithLabels(
        { question: { send: "Envoyer", textLabel: "Votre réponse" } },
        <TextQuestion prompt="Nom" payload={textRequest()} />,
      );
      expect(screen.getByRole("button", { name: "Envoyer" })).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "Votre réponse" })).toBeInTheDocument();
    });
  });
});
