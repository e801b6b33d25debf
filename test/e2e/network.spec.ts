/**
 * A dropped network, then the network back: the chat recovers by itself — it resumes the
 * session, replays from the last event, and the widgets stay answerable — with no reload.
 */
import { ask, expectReceipt, newChat } from "./chat";
import { expect, test } from "./fixtures";
import { expectOneToolResult } from "./prompt-log";

test("after a send fails offline, the page resumes by itself when the network is back and answers once", async ({
  page,
  context,
  promptLog,
  answerPosts,
}) => {
  await newChat(page);
  // A session whose stream the page follows.
  await page.getByTestId("composer").fill("hello");
  await page.getByTestId("composer").press("Enter");
  await expect(page.locator("main")).toHaveAttribute("data-session-id", /.+/);
  await expect(page.getByText('"pick media"').first()).toBeVisible({ timeout: 20_000 });
  // The network drops; the person sends anyway, and the page reports the failure.
  await context.setOffline(true);
  await page.locator('[data-testid=trigger-chip][data-phrase="pick media"]').click();
  await expect(page.getByRole("alert")).toContainText("Something went wrong talking to the agent", { timeout: 20_000 });

  // The network is back: no click, no reload — the page resumes the session by itself.
  await context.setOffline(false);
  await expect(page.getByRole("alert")).toHaveCount(0, { timeout: 20_000 });

  const asked = await ask(page, "pick media");
  await asked.widget.getByRole("option", { name: "A striped lighthouse on a rocky cape" }).click();
  await asked.widget.getByRole("button", { name: "Submit" }).click();
  await expectReceipt(page, asked, "answered");
  await expectOneToolResult(promptLog, asked.callId, {
    type: "json",
    value: { status: "answered", value: { selected: ["lighthouse"] } },
  });
  expect(answerPosts).toHaveLength(1);
});
