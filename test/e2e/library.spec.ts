/**
 * A media pick from the playground's 100,000-image library, end to end: the agent's request names
 * the collection (`source: { id: "library" }`), the page's loader fetches `/api/library` page by
 * page as the grid is scrolled and searches on the server, and the one answer (an item of a later
 * page) reaches the model as one tool result.
 */
import type { Request } from "@playwright/test";
import { ask, expectReceipt, newChat } from "./chat";
import { expect, test } from "./fixtures";
import { expectOneToolResult } from "./prompt-log";

test("pick from the library: pages on scroll, searches on the server, one answer for a loaded item", async ({
  page,
  promptLog,
  answerPosts,
}) => {
  const library: URL[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/library") library.push(url);
  });
  await newChat(page);
  const asked = await ask(page, "pick from the library");
  const grid = asked.widget.getByRole("listbox", {
    name: "Pick up to three images from the library for the moodboard",
  });
  const status = asked.widget.locator("[data-slot=collection-status] [role=status]");
  await expect(status).toHaveText("60 items, more available");
  // The inline widget and the queue's show the same pages: one request for them both (shared cache).
  expect(library.filter((url) => !url.searchParams.has("cursor"))).toHaveLength(1);

  await grid.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(status).toHaveText("120 items, more available");
  expect(library.at(-1)?.searchParams.get("cursor")).toBe("60");
  const fromPage2 = grid.getByRole("option", { name: "Misty kite at dawn, no. 61" });
  await fromPage2.click();
  await expect(fromPage2).toHaveAttribute("aria-selected", "true");

  await asked.widget.getByRole("searchbox", { name: "Search" }).fill("violet owl in fog");
  await expect(status).toHaveText(/^\d+ items/);
  await expect.poll(() => library.at(-1)?.searchParams.get("q")).toBe("violet owl in fog");
  // The results start at their top: the first match of 100,000 is item 351.
  const found = grid.getByRole("option", { name: "Violet owl in fog, no. 351" });
  await expect(grid.getByRole("option").first()).toHaveAccessibleName("Violet owl in fog, no. 351");
  await found.click();
  await expect(asked.widget.getByText("2 of 3 selected")).toBeVisible();

  await asked.widget.getByRole("button", { name: "Submit" }).click();
  await expectReceipt(page, asked, "answered");
  await expect(asked.widget.locator("[data-slot=receipt]")).toContainText("Misty kite at dawn, no. 61");
  await expectOneToolResult(promptLog, asked.callId, {
    type: "json",
    value: { status: "answered", value: { selected: ["lib-000061", "lib-000351"] } },
  });
  expect(answerPosts).toHaveLength(1);
});
