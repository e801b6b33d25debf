import { expect, userEvent, waitFor, within } from "storybook/test";

/**
 * Presses an arrow key the way a person does: down, focus moves, up. Radix's radio group moves
 * focus a task after the keydown and checks the radio it lands on only while the arrow key is
 * still down; user-event's `{ArrowRight}` releases it at once, before focus has moved. With
 * `next`, the key is held until `next` has focus; without, until focus leaves the element that had it.
 */
export async function pressArrow(
  key: "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown",
  next?: HTMLElement,
): Promise<void> {
  const before = document.activeElement;
  await userEvent.keyboard(`{${key}>}`);
  if (next) await waitFor(() => expect(next).toHaveFocus());
  else await waitFor(() => expect(document.activeElement).not.toBe(before));
  await userEvent.keyboard(`{/${key}}`);
}

/** Types `text` into the fallback's "Your answer" inside `group` and clicks Send. */
export async function sendText(group: HTMLElement, text: string): Promise<void> {
  await userEvent.type(within(group).getByRole("textbox", { name: "Your answer" }), text);
  await userEvent.click(within(group).getByRole("button", { name: "Send" }));
}
