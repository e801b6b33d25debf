import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { questionKind } from "../../src/kinds/native";
import type { SubmitResult, WidgetStatus } from "../../src/react/widget-props";
import { Approval } from "../../src/widgets/approval/approval";
import { Question } from "../../src/widgets/question/question";

/**
 * Once an answer went, focus leaves the control that sent it (disabled while the answer is in
 * flight, then replaced by the receipt) for the widget's live status: a keyboard user is not
 * dropped at the top of the page. A refused answer leaves focus where it was.
 */

const question = questionKind.request.parse({ kind: "question", options: [], allowFreeform: true });
const approval = { kind: "approval" as const, toolName: "delete_file", input: { path: "a.md" } };

/** A host that marks the request in flight once an answer is taken, as the renderer does. */
function Host({ onSubmit, over }: { onSubmit: (value: unknown) => SubmitResult | undefined; over?: boolean }) {
  const [status, setStatus] = useState<WidgetStatus>("open");
  return (
    <Question
      prompt="Where to?"
      payload={question}
      status={over ? "answered" : status}
      answer={over ? { text: "Dublin" } : undefined}
      onSubmit={(value) => {
        const result = onSubmit(value);
        if (result?.ok !== false) setStatus("submitting");
        return result;
      }}
      onDecline={() => setStatus("submitting")}
    />
  );
}

describe("the hand-off of focus once an answer went", () => {
  it("given a reply sent with Ctrl+Enter, should move focus to the status, which says it is sending", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => ({ ok: true as const }));
    render(<Host onSubmit={onSubmit} />);
    await user.click(screen.getByRole("textbox"));
    await user.keyboard("Dublin{Control>}{Enter}{/Control}");
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const status = screen.getByRole("status");
    expect(status).toHaveFocus();
    expect(status).toHaveTextContent("Sending");
  });

  it("given the request then over, should move focus from the status to the receipt", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => ({ ok: true as const }));
    const view = render(<Host onSubmit={onSubmit} />);
    await user.click(screen.getByRole("textbox"));
    await user.keyboard("Dublin{Control>}{Enter}{/Control}");
    expect(screen.getByRole("status")).toHaveFocus();
    view.rerender(<Host onSubmit={onSubmit} over />);
    const receipt = view.container.querySelector('[data-slot="receipt"]');
    expect(receipt).toHaveFocus();
    expect(receipt).toHaveTextContent("Dublin");
  });

  it("given a reply the host refuses, should leave focus in the field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => ({ ok: false as const, issues: [{ path: [], message: "Not now" }] }));
    render(<Host onSubmit={onSubmit} />);
    const field = screen.getByRole("textbox");
    await user.click(field);
    await user.keyboard("Dublin{Control>}{Enter}{/Control}");
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(field).toHaveFocus();
  });

  it("given a denial confirmed from the keyboard, should move focus to the status", async () => {
    const user = userEvent.setup();
    const onDecline = vi.fn();
    render(<Approval prompt="Delete a.md?" payload={approval} onSubmit={vi.fn()} onDecline={onDecline} />);
    await user.click(screen.getByRole("button", { name: "Deny" }));
    await user.keyboard("Not that one{Enter}");
    expect(onDecline).toHaveBeenCalledWith("Not that one");
    expect(screen.getByRole("status")).toHaveFocus();
  });
});
