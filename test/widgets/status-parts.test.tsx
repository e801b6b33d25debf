import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Question } from "../../src/widgets/question/question";

/**
 * The status laid out from its leaf parts (`StatusText`, `Retry`), so a styled item gives Retry
 * its class instead of reaching it with a descendant selector: the words follow the state, Retry
 * shows only while sending failed and sends again once per click.
 */

const yesNo = { kind: "question" as const, options: [{ id: "y", label: "Yes" }], allowFreeform: false };

function Laid(props: { status: "open" | "submitting" | "error"; error?: string; onRetry?: () => void }) {
  return (
    <Question.Root payload={yesNo} {...props}>
      <Question.Status className="status">
        <Question.StatusText className="words" />
        <Question.Retry className="again" />
      </Question.Status>
    </Question.Root>
  );
}

describe("the status's leaf parts", () => {
  it("given sending failed, should say why in the alert and retry once per click from the styled button", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Laid status="error" error="The agent is offline." onRetry={onRetry} />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveClass("status", "hitl-status");
    expect(alert.querySelector("[data-slot=status-text]")).toHaveClass("words");
    expect(alert).toHaveTextContent("The agent is offline.");
    const retry = screen.getByRole("button", { name: "Retry" });
    expect(retry).toHaveClass("again", "hitl-button");
    expect(retry).toHaveAttribute("type", "button");
    await user.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("given the answer on its way, should say so politely and offer no Retry", () => {
    render(<Laid status="submitting" onRetry={() => {}} />);
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toHaveTextContent("Sending");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("given sending failed but no onRetry, should show the words and no Retry", () => {
    render(<Laid status="error" />);
    expect(screen.getByRole("alert").textContent).not.toBe("");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("given an open widget, should render an empty status (no words to announce)", () => {
    render(<Laid status="open" />);
    const status = screen.getByRole("status");
    expect(status.querySelector("[data-slot=status-text]")).toBeNull();
    expect(status).toHaveTextContent("");
  });

  it("given no children, should lay out the same parts itself", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Question prompt="Go?" payload={yesNo} status="error" error="Timed out." onRetry={onRetry} />);
    expect(screen.getByRole("alert").querySelector("[data-slot=status-text]")).toHaveTextContent("Timed out.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
