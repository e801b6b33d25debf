/** Driving the playground chat page: start a chat, ask, find the widget inline and in the queue. */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const TOOL_BY_PHRASE = {
  "pick media": "pick_media",
  "pick from the library": "pick_media",
  "pick template": "pick_template",
  "pick aspect ratio": "pick_aspect_ratio",
  "pick tags": "pick_tags",
  "fill form": "fill_form",
  "delete file": "delete_file",
  "clean up drafts": "delete_file",
  "pick voice": "pick_voice",
  "broken ui": "pick_broken",
  "ask region": "ask_region",
  "ask questions": "ask_questions",
} as const;
export type Phrase = keyof typeof TOOL_BY_PHRASE;

export interface Asked {
  /** The tool part of the call (`[data-testid=tool-part][data-tool-name=…]`). */
  readonly part: Locator;
  /** The widget rendered inline on that tool part. */
  readonly widget: Locator;
  /** The "Waiting for you" panel. */
  readonly queue: Locator;
  readonly callId: string;
  readonly sessionId: string;
}

/** A fresh chat: the page, then New chat, ready for a message. */
export async function newChat(page: Page): Promise<void> {
  await page.goto("/");
  await page.getByTestId("new-chat").click();
  await expect(page.getByTestId("composer")).toBeEnabled();
}

/** Sends a trigger phrase (its chip, or typed + Enter) and waits for the widget on its tool part. */
export async function ask(page: Page, phrase: Phrase, { via = "chip" }: { via?: "chip" | "keyboard" } = {}) {
  if (via === "chip") {
    await page.locator(`[data-testid=trigger-chip][data-phrase="${phrase}"]`).click();
  } else {
    const composer = page.getByTestId("composer");
    await composer.focus();
    await page.keyboard.type(phrase);
    await page.keyboard.press("Enter");
  }
  return widgetOn(page, TOOL_BY_PHRASE[phrase]);
}

/** The (one) call of `toolName` in this chat and its inline widget, in `state` (open by default). */
export async function widgetOn(
  page: Page,
  toolName: string,
  { state = "open" }: { state?: string | RegExp } = {},
): Promise<Asked> {
  const part = page.locator(`[data-testid=tool-part][data-tool-name="${toolName}"]`);
  await expect(part).toHaveCount(1, { timeout: 20_000 });
  const widget = part.locator("[data-slot=widget]");
  await expect(widget).toHaveAttribute("data-state", state);
  const callId = await part.getAttribute("data-call-id");
  const sessionId = await page.locator("main").getAttribute("data-session-id");
  expect(callId).toBeTruthy();
  expect(sessionId).toBeTruthy();
  return { part, widget, queue: page.getByTestId("pending-queue"), callId: callId ?? "", sessionId: sessionId ?? "" };
}

/**
 * The end of an answered request in the page: the inline widget shows its receipt (`state`), no
 * widget waits in the queue, the agent replied with the result it got, and eve is idle again.
 */
export async function expectReceipt(page: Page, asked: Asked, state: string | RegExp): Promise<void> {
  await expect(asked.widget).toHaveAttribute("data-state", state, { timeout: 15_000 });
  await expect(asked.widget.locator("[data-slot=receipt]")).toBeVisible();
  await expect(asked.queue.locator("[data-slot=widget]")).toHaveCount(0);
  await expect(page.getByTestId("message-assistant").filter({ hasText: asked.callId })).toHaveCount(1);
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
}

/** Presses `key` (Tab or Shift+Tab) until `target` has focus: reaching a control by keyboard only. */
export async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 60): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} × ${max} never reached ${target}`);
}
