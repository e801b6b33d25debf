import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { expect, it, type Mock, vi } from "vitest";
import { type LabelOverrides, LabelsProvider } from "../../src/react/labels";
import type { SubmitResult } from "../../src/react/widget-props";

/** Shared by the widget tests. (jsdom's missing ResizeObserver is stubbed once, in `test/setup.ts`.) */

export type User = ReturnType<typeof userEvent.setup>;

export interface WidgetHandlers<Res> {
  onSubmit: Mock<(value: Res) => SubmitResult | undefined>;
  onDecline: Mock<(reason?: string) => void>;
  onRetry: Mock<() => void>;
}

/**
 * Renders a widget with mock handlers (`onSubmit` answers `undefined`: accepted) and a user-event
 * session. `ui` wires the handlers it wants; props given after them win.
 */
export function renderWidget<Res>(ui: (handlers: WidgetHandlers<Res>) => ReactElement) {
  const handlers: WidgetHandlers<Res> = {
    onSubmit: vi.fn<(value: Res) => SubmitResult | undefined>(() => undefined),
    onDecline: vi.fn<(reason?: string) => void>(),
    onRetry: vi.fn<() => void>(),
  };
  const user = userEvent.setup();
  const view = render(ui(handlers));
  return { ...view, user, ...handlers };
}

/** Renders `ui` inside a `LabelsProvider` with these overrides. */
export function renderWithLabels(labels: LabelOverrides, ui: ReactElement) {
  return render(<LabelsProvider labels={labels}>{ui}</LabelsProvider>);
}

/**
 * Radix moves focus on an arrow key in a timeout and selects only while the key is still down, as
 * in a browser; user-event releases keys at once, so hold the key until the focus has moved.
 */
export async function pressArrow(user: User, key: "ArrowRight" | "ArrowLeft" | "ArrowDown" | "ArrowUp") {
  await user.keyboard(`{${key}>}`);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await user.keyboard(`{/${key}}`);
}

type Answered = { onSubmit: Mock } | { onAnswer: Mock };

/**
 * The Decline flow every widget shares: exactly one decline, with or without a reason, and no
 * answer (`onSubmit`, or the fallback's `onAnswer`). `setup` renders the widget.
 */
export function itDeclinesOnce(setup: () => { user: User; onDecline: Mock } & Answered, reason = "None fit") {
  const answerOf = (view: Answered) => ("onSubmit" in view ? view.onSubmit : view.onAnswer);
  const openDecline = (user: User) => user.click(screen.getByRole("button", { name: "Decline" }));
  const sendDecline = () => screen.getByRole("button", { name: "Send decline" });
  const reasonField = () => screen.getByRole("textbox", { name: "Reason (optional)" });

  it("should send one decline without a reason, even on a double click", async () => {
    const view = setup();
    const { user, onDecline } = view;
    await openDecline(user);
    await user.dblClick(sendDecline());
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith(undefined);
    expect(answerOf(view)).not.toHaveBeenCalled();
  });

  it("should send one decline with the reason typed, on Send decline", async () => {
    const view = setup();
    const { user, onDecline } = view;
    await openDecline(user);
    await user.type(reasonField(), reason);
    await user.click(sendDecline());
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith(reason);
    expect(answerOf(view)).not.toHaveBeenCalled();
  });

  it("should send one decline with the reason typed, on Enter", async () => {
    const view = setup();
    const { user, onDecline } = view;
    await openDecline(user);
    await user.type(reasonField(), `${reason}{Enter}`);
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onDecline).toHaveBeenCalledWith(reason);
    expect(answerOf(view)).not.toHaveBeenCalled();
  });
}
