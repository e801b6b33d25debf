import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { MAX_ANSWER_TEXT_LENGTH } from "../../src/core/answer";
import type { HitlIssue } from "../../src/core/issues";
import { MAX_TEXT_LENGTH } from "../../src/kinds/limits";
import type { WidgetStatus } from "../../src/react/widget-props";
import { Fallback, type FallbackAnswer, type FallbackProps } from "../../src/widgets/fallback/fallback";
import { itDeclinesOnce, renderWidget, renderWithLabels } from "./helpers";

const issues: HitlIssue[] = [
  { path: ["presets", 0, "ratio"], message: "Must be a ratio" },
  { path: [], message: "Payload is broken" },
];
const options = [
  { id: "keep", label: "Keep it", description: "Leave as is" },
  { id: "drop", label: "" },
];

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  vi.unstubAllEnvs();
});

function setup(props: Partial<FallbackProps> = {}) {
  const { onSubmit: onAnswer, ...view } = renderWidget<FallbackAnswer>(({ onSubmit, onDecline }) => (
    <Fallback
      prompt="Which ratio?"
      kind="aspect-ratio"
      reason="invalid-payload"
      issues={issues}
      options={options}
      onAnswer={onSubmit}
      onDecline={onDecline}
      {...props}
    />
  ));
  return { ...view, onAnswer };
}

describe("Fallback", () => {
  describe("given an invalid payload", () => {
    it("should show the prompt, the notice, and data-kind / data-reason", () => {
      setup();
      const group = screen.getByRole("group", { name: "Which ratio?" });
      expect(group).toHaveAttribute("data-kind", "aspect-ratio");
      expect(group).toHaveAttribute("data-reason", "invalid-payload");
      expect(
        screen.getByText("This request couldn't be shown in its usual form. You can still answer it."),
      ).toBeVisible();
    });

    it("should list the issues as `path: message` in collapsed details", async () => {
      const { user, container } = setup();
      const details = container.querySelector("details");
      expect(details).not.toHaveAttribute("open");
      await user.click(screen.getByText("Details (2 problems)"));
      expect(details).toHaveAttribute("open");
      expect(
        within(details as HTMLElement)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["presets.0.ratio: Must be a ratio", "Payload is broken"]);
    });

    it("should warn developers once per mount, with the issues", () => {
      const { rerender } = setup();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toContain('kind "aspect-ratio"');
      expect(warn.mock.calls[0]?.[0]).toContain("presets.0.ratio: Must be a ratio");
      rerender(
        <Fallback
          prompt="Which ratio?"
          kind="aspect-ratio"
          reason="invalid-payload"
          issues={[...issues]}
          onAnswer={() => {}}
        />,
      );
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it("should not warn in production", () => {
      vi.stubEnv("NODE_ENV", "production");
      setup();
      expect(warn).not.toHaveBeenCalled();
    });
  });

  describe("given an unknown kind", () => {
    it("should still be answerable with text, and name the kind unknown when it is empty", async () => {
      const { user, onAnswer } = setup({ kind: "", reason: "unknown-kind", options: undefined, issues: [] });
      const group = screen.getByRole("group", { name: "Which ratio?" });
      expect(group).toHaveAttribute("data-kind", "unknown");
      expect(group).toHaveAttribute("data-reason", "unknown-kind");
      expect(screen.queryByText(/Details/)).not.toBeInTheDocument();
      await user.type(screen.getByRole("textbox", { name: "Your answer" }), "16:9 please");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(onAnswer).toHaveBeenCalledTimes(1);
      expect(onAnswer).toHaveBeenCalledWith({ type: "reply", text: "16:9 please" });
    });
  });

  describe("given options", () => {
    it("should answer with the clicked option once", async () => {
      const { user, onAnswer } = setup();
      expect(screen.getByRole("button", { name: "Keep it" })).toHaveAccessibleDescription("Leave as is");
      await user.dblClick(screen.getByRole("button", { name: "Keep it" }));
      await user.click(screen.getByRole("button", { name: "drop" }));
      expect(onAnswer).toHaveBeenCalledTimes(1);
      expect(onAnswer).toHaveBeenCalledWith({ type: "option", optionId: "keep" });
    });

    it("should show at most 100 options of a hostile list", () => {
      setup({ options: Array.from({ length: 5000 }, (_, index) => ({ id: `o${index}`, label: `Option ${index}` })) });
      expect(screen.getByRole("button", { name: "Option 99" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Option 100" })).not.toBeInTheDocument();
    });
  });

  describe("given free text", () => {
    it("should send with Ctrl+Enter, keeping Enter for new lines", async () => {
      const { user, onAnswer } = setup();
      await user.type(screen.getByRole("textbox", { name: "Your answer" }), "one{Enter}two");
      expect(onAnswer).not.toHaveBeenCalled();
      await user.keyboard("{Control>}{Enter}{/Control}");
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(onAnswer).toHaveBeenCalledTimes(1);
      expect(onAnswer).toHaveBeenCalledWith({ type: "reply", text: "one\ntwo" });
    });

    it("should take and send a reply as long as the client takes (past the 10,000 of a picker's free text)", async () => {
      const { user, onAnswer } = setup();
      const field = screen.getByRole("textbox", { name: "Your answer" });
      // One limit for a reply: the field's and the client's (a pasted log is a reply too).
      expect(field).toHaveAttribute("maxLength", String(MAX_ANSWER_TEXT_LENGTH));
      const long = "x".repeat(MAX_TEXT_LENGTH + 1);
      fireEvent.change(field, { target: { value: long } });
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(screen.queryByRole("alert")).toBeNull();
      expect(onAnswer).toHaveBeenCalledWith({ type: "reply", text: long });
    });

    it("should refuse blank text inline", async () => {
      const { user, onAnswer } = setup();
      await user.click(screen.getByRole("button", { name: "Send" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Write an answer first.");
      expect(screen.getByRole("textbox", { name: "Your answer" })).toHaveAttribute("aria-invalid", "true");
      expect(onAnswer).not.toHaveBeenCalled();
    });
  });

  describe("given a decline", () => {
    itDeclinesOnce(setup, "Looks broken");
  });

  describe("given a settled status", () => {
    it("should show the answer when answered, without the controls", () => {
      setup({ status: "answered", answerText: "16:9 please" });
      expect(screen.getByText("Answered")).toBeInTheDocument();
      expect(screen.getByText("16:9 please")).toBeInTheDocument();
      expect(screen.queryByRole("button")).not.toBeInTheDocument();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
      expect(screen.queryByText(/Details/)).not.toBeInTheDocument();
    });

    it.each<[WidgetStatus, string]>([
      ["cancelled", "Cancelled: the agent no longer needs this answer."],
      ["ignored", "Skipped: answered by a chat message instead."],
      ["declined", "Declined"],
      ["withdrawn", "Withdrawn: this request ended before it was answered."],
    ])("should show a distinct receipt when %s", (status, text) => {
      const { container } = setup({ status, answerText: "16:9 please" });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(text);
      expect(screen.queryByText("16:9 please")).not.toBeInTheDocument();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    });
  });

  describe("given a request the agent refused", () => {
    it("should say the agent could not use the answer it was sent", () => {
      const { container } = setup({ status: "invalid", answerText: "16:9 please" });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(
        "The agent could not use this answer.",
      );
    });

    it("should say the request could not be shown when nobody answered it, and keep saying why", () => {
      const { container } = setup({ status: "invalid" });
      expect(container.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(
        "This request could not be shown.",
      );
      expect(screen.getByText(/Details/)).toBeInTheDocument();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    });
  });

  describe("given a send error", () => {
    it("should show the error, retry once, and stay answerable", async () => {
      const onRetry = vi.fn();
      const { user } = setup({ status: "error", error: "Offline", onRetry });
      expect(screen.getByRole("alert")).toHaveTextContent("Couldn't send your answer. Offline");
      await user.click(screen.getByRole("button", { name: "Retry" }));
      expect(onRetry).toHaveBeenCalledTimes(1);
      expect(screen.getByRole("textbox", { name: "Your answer" })).toBeInTheDocument();
    });
  });

  describe("given label overrides", () => {
    it("should use the overridden strings", () => {
      renderWithLabels(
        { fallback: { send: "Envoyer", details: (n: number) => `${n} problèmes` } },
        <Fallback prompt="?" kind="x" reason="widget-error" issues={issues} onAnswer={() => {}} />,
      );
      expect(screen.getByRole("button", { name: "Envoyer" })).toBeInTheDocument();
      expect(screen.getByText("2 problèmes")).toBeInTheDocument();
    });
  });
});

describe("Fallback refusals", () => {
  it("given the kit refuses the answer (reconnecting), should show why and let the person send again", async () => {
    const onAnswer = vi
      .fn<FallbackProps["onAnswer"]>()
      .mockReturnValueOnce({
        ok: false,
        issues: [{ path: [], message: "Reconnecting to the agent; try again in a moment." }],
      })
      .mockReturnValue(undefined);
    const user = userEvent.setup();
    render(<Fallback prompt="Which one?" kind="chart" reason="unknown-kind" issues={[]} onAnswer={onAnswer} />);
    await user.type(screen.getByRole("textbox"), "the blue one");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Reconnecting to the agent; try again in a moment.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onAnswer).toHaveBeenCalledTimes(2);
    expect(onAnswer).toHaveBeenLastCalledWith({ type: "reply", text: "the blue one" });
  });
});

describe("Fallback receipts", () => {
  const receipt = (answerText: string, options?: FallbackProps["options"]) =>
    render(
      <Fallback
        prompt="Which seat?"
        kind="chart"
        reason="widget-error"
        issues={[]}
        status="answered"
        answerText={answerText}
        {...(options ? { options } : {})}
        onAnswer={() => undefined}
      />,
    );

  it("given an option answer, should show the option's label, not its id", () => {
    receipt("aisle", [{ id: "aisle", label: "Any aisle seat" }]);
    expect(screen.getByText("Any aisle seat")).toBeInTheDocument();
    expect(screen.queryByText("aisle")).toBeNull();
  });

  it("given a structured answer from a widget that crashed, should show its value readably, not the JSON", async () => {
    render(
      <Fallback
        prompt="Which chart?"
        kind="chart"
        reason="widget-error"
        issues={[]}
        status="answered"
        answerValue={{ chartType: "bar" }}
        onAnswer={() => undefined}
      />,
    );
    // The value's reader loads with the first such receipt.
    expect(await screen.findByText("Chart type")).toBeInTheDocument();
    expect(screen.getByText("bar")).toBeInTheDocument();
    expect(screen.queryByText(/chartType|\{/)).toBeNull();
  });
});
