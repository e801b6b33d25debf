import { userEvent, within } from "storybook/test";

/** Types `text` into the fallback's "Your answer" inside `group` and clicks Send. */
export async function sendText(group: HTMLElement, text: string): Promise<void> {
  await userEvent.type(within(group).getByRole("textbox", { name: "Your answer" }), text);
  await userEvent.click(within(group).getByRole("button", { name: "Send" }));
}
