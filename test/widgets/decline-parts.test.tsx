import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Approval } from "../../src/widgets/approval/approval";
import { Question } from "../../src/widgets/question/question";
import { DeclineReason } from "../../src/widgets/shared/shell-decline";

/**
 * Decline's second step laid out from its leaf parts (a styled item gives each its class instead
 * of reaching it with descendant selectors): the first step's class stays on its button, the
 * step's row takes `formClassName`, and the reason still names, sends and goes back as before.
 */

const yesNo = { kind: "question" as const, options: [{ id: "y", label: "Yes" }], allowFreeform: false };

describe("Decline's leaf parts", () => {
  it("given the reason step laid out from its parts, should put each class on its element and decline once with the reason", async () => {
    const user = userEvent.setup();
    const onDecline = vi.fn();
    render(
      <Question.Root payload={yesNo} onDecline={onDecline}>
        <Question.Decline className="first" formClassName="row">
          <Question.DeclineReason className="reason" />
          <Question.DeclineLabel className="label" />
          <Question.DeclineBack className="back" />
          <Question.DeclineConfirm className="confirm">Skip it</Question.DeclineConfirm>
        </Question.Decline>
      </Question.Root>,
    );
    const first = screen.getByRole("button", { name: "Decline" });
    expect(first).toHaveClass("first");
    await user.click(first);
    // The first step's class is its button's alone: the step's row has its own.
    const row = screen.getByRole("group", { name: /decline/i });
    expect(row.className.split(" ").sort()).toEqual(["hitl-decline", "row"]);
    const reason = screen.getByRole("textbox", { name: "Reason (optional)" });
    expect(reason).toHaveClass("reason", "hitl-input");
    expect(reason).toHaveFocus();
    expect(document.querySelector("label.label")).toHaveAttribute("for", reason.id);
    // Your order.
    expect(
      [...row.querySelectorAll("input, label, button")].map((element) => element.className.split(" ").at(-1)),
    ).toEqual(["reason", "label", "back", "confirm"]);

    // Back, then again: Escape goes back too; Enter sends.
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onDecline).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await user.type(screen.getByRole("textbox"), "not now");
    await user.dblClick(screen.getByRole("button", { name: "Skip it" }));
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith("not now");
  });

  it("given the approval's Deny laid out the same way, should send one denial with the note", async () => {
    const user = userEvent.setup();
    const onDecline = vi.fn();
    render(
      <Approval.Root payload={{ kind: "approval", toolName: "delete_file", input: {} }} onDecline={onDecline}>
        <Approval.Deny className="deny" formClassName="row">
          <Approval.DeclineLabel />
          <Approval.DeclineReason className="note" />
          <Approval.DeclineConfirm className="confirm" />
        </Approval.Deny>
      </Approval.Root>,
    );
    await user.click(screen.getByRole("button", { name: "Deny" }));
    const note = screen.getByRole("textbox", { name: /note/i });
    expect(note).toHaveClass("note");
    await user.type(note, "wrong file{Enter}");
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith("wrong file");
  });

  it("given a reason part outside Decline, should say where it belongs", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<DeclineReason />)).toThrow("<DeclineReason> must be inside Decline (its reason step).");
    vi.mocked(console.error).mockRestore();
  });
});
