/**
 * One answer → one tool result, for every kind the playground asks for, through the real page:
 * send the trigger, operate the widget inline on its tool part (keyboard only, or mouse), submit,
 * then check the model's next prompt (exactly one result for the call id, carrying the choice),
 * the inline receipt and the empty queue.
 */
import {
  APPROVE_BY_MOUSE,
  DENY_BY_MOUSE,
  FORM_BY_MOUSE,
  type MouseAnswer,
  QUESTIONS_BY_MOUSE,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
  VOICE_BY_MOUSE,
} from "./answers";
import { ask, expectReceipt, newChat, tabTo } from "./chat";
import { expect, test } from "./fixtures";
import { expectOneToolResult } from "./prompt-log";

const answered = (value: unknown) => ({ type: "json", value: { status: "answered", value } });

test.describe("by keyboard only", () => {
  test("media: two images, in the order chosen", async ({ page, promptLog, answerPosts }) => {
    await newChat(page);
    const asked = await ask(page, "pick media", { via: "keyboard" });
    const grid = asked.widget.getByRole("listbox");
    // From the composer, backwards into the inline widget's grid (one tab stop: the active option).
    const option = (name: string) => grid.getByRole("option", { name });
    await tabTo(page, grid.getByRole("option").first(), "Shift+Tab");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(option("Green northern lights over a dark ridge")).toBeFocused();
    await page.keyboard.press("Space"); // choice 1
    await expect(option("Green northern lights over a dark ridge")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(option("An alpine lake under snowy peaks at dawn")).toBeFocused();
    await page.keyboard.press("Enter"); // choice 2 (in the grid, Enter toggles)
    await expect(grid.getByRole("option", { selected: true })).toHaveCount(2);
    await expect(asked.widget.getByText("2 of 3 selected")).toBeVisible();
    await tabTo(page, asked.widget.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");

    await expectReceipt(page, asked, "answered");
    await expect(asked.widget.locator("[data-slot=receipt]")).toContainText("Green northern lights over a dark ridge");
    await expectOneToolResult(promptLog, asked.callId, answered({ selected: ["northern-lights", "alpine-lake"] }));
    expect(answerPosts).toHaveLength(1);
  });

  test("aspect ratio: Widescreen 16:9", async ({ page, promptLog, answerPosts }) => {
    await newChat(page);
    const asked = await ask(page, "pick aspect ratio", { via: "keyboard" });
    const ratios = asked.widget.getByRole("radiogroup");
    await tabTo(page, ratios.getByRole("radio").first(), "Shift+Tab");
    await page.keyboard.press("Space"); // Square
    await expect(ratios.getByRole("radio", { name: /Square/ })).toBeChecked();
    // Radix moves focus a task after the arrow's keydown (and checks the radio only if the key is
    // still down then), so wait for each move, and choose with Space as a keyboard user can.
    for (const name of [/Standard/, /Photo/, /Widescreen/]) {
      await page.keyboard.press("ArrowRight");
      await expect(ratios.getByRole("radio", { name })).toBeFocused();
    }
    await page.keyboard.press("Space");
    await expect(ratios.getByRole("radio", { name: /Widescreen/ })).toBeChecked();
    await tabTo(page, asked.widget.getByRole("button", { name: "Use this ratio" }));
    await page.keyboard.press("Enter");

    await expectReceipt(page, asked, "answered");
    await expect(asked.widget.locator("[data-slot=receipt]")).toContainText("16:9");
    await expectOneToolResult(promptLog, asked.callId, answered({ ratio: "16:9", width: 1, height: 0.5625 }));
    expect(answerPosts).toHaveLength(1);
  });
});

const byMouse: ReadonlyArray<[string, MouseAnswer]> = [
  ["template: Product launch with its variables", TEMPLATE_BY_MOUSE],
  ["tags (multi-select): three tags, in option order", TAGS_BY_MOUSE],
  ["form: every field type", FORM_BY_MOUSE],
  ["questions: a radio, two checkboxes and an Other answer", QUESTIONS_BY_MOUSE],
  ["voice (the playground's custom kind): Léa", VOICE_BY_MOUSE],
  ["approval, approved: the tool runs once", APPROVE_BY_MOUSE],
  ["approval, denied with a note: one execution-denied result", DENY_BY_MOUSE],
];

test.describe("by mouse", () => {
  for (const [title, how] of byMouse) {
    test(title, async ({ page, promptLog, answerPosts }) => {
      await newChat(page);
      const asked = await ask(page, how.phrase);
      await how.answer(page, asked);

      await expectReceipt(page, asked, how.receipt);
      await expect(asked.widget.locator("[data-slot=receipt]")).toContainText(how.receiptText);
      await expectOneToolResult(promptLog, asked.callId, how.output);
      expect(answerPosts).toHaveLength(1);
    });
  }
});

test("questions: three questions answered with an Other answer and a multi-select, Submit double-clicked, one answer", async ({
  page,
  promptLog,
  answerPosts,
}) => {
  await newChat(page);
  const asked = await ask(page, "ask questions");
  await QUESTIONS_BY_MOUSE.fill?.(page, asked);
  await asked.widget.getByRole("button", { name: "Submit" }).dblclick();

  await expectReceipt(page, asked, "answered");
  await expect(asked.widget.locator("[data-slot=receipt]")).toContainText("Our own VMs");
  await expectOneToolResult(promptLog, asked.callId, QUESTIONS_BY_MOUSE.output);
  expect(answerPosts).toHaveLength(1);
});

test("approve all: two approvals in one step, Approve all double-clicked: each tool runs once, one result per call", async ({
  page,
  promptLog,
  answerPosts,
}) => {
  await newChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="clean up drafts"]').click();
  const parts = page.locator('[data-testid=tool-part][data-tool-name="delete_file"]');
  await expect(parts).toHaveCount(2, { timeout: 20_000 });
  const queue = page.getByTestId("pending-queue");
  const batch = queue.getByRole("group", { name: "2 approvals asked together" });
  await expect(batch).toBeVisible();
  const approveAll = batch.getByRole("button", { name: "Approve all 2" });
  await approveAll.dblclick();
  // As a person would: a press the page refused (it says why in the batch's status, e.g. while it
  // reconnects) is pressed again; the answers themselves still go out once each (counted below).
  await expect(async () => {
    if ((await batch.count()) > 0) await approveAll.click({ timeout: 1_000 });
    await expect(batch).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const callIds = await parts.evaluateAll((elements) => elements.map((element) => element.dataset.callId ?? ""));
  const paths = ["drafts/intro-v1.md", "drafts/intro-v2.md"];
  for (const [index, callId] of callIds.entries()) {
    await expectOneToolResult(promptLog, callId, { type: "json", value: { deleted: paths[index] } });
  }
  await expect(parts.locator("[data-slot=widget][data-state=approved]")).toHaveCount(2);
  await expect(queue.locator("[data-slot=widget]")).toHaveCount(0);
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
  expect(answerPosts).toHaveLength(2);
});
