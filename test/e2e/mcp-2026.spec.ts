/**
 * MCP 2026-07-28 end to end: the MCP page on the new revision (`/mcp.html?era=2026`, a v2 SDK
 * client in manual mode and the kit's rounds transport) calls the playground server's 2026 tool
 * (`playground/mcp/server-2026.mjs`), which asks two things in round 1 and a URL step in round 2.
 * The server records every retry it gets: each round must be retried exactly once, carrying every
 * answer of the round, whatever the person clicked (twice) and however often the page reloaded.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

interface Retry {
  readonly call: string;
  readonly round: number;
  readonly responses: Record<string, { action: string; content?: unknown; _meta?: unknown }>;
}

const connected = (page: Page) =>
  expect(page.getByTestId("mcp-status")).toHaveText("MCP server: connected", { timeout: 30_000 });

/**
 * Opens the 2026 page and starts `plan_event`; returns a reader of the retries the server got
 * from then on (the worker's server records every test's).
 */
async function planEvent(page: Page, mcpOrigin: string): Promise<() => Promise<Retry[]>> {
  const all = async () => (await (await page.request.get(`${mcpOrigin}/mcp-2026/retries`)).json()) as Retry[];
  const since = (await all()).length;
  await page.goto("/mcp.html?era=2026");
  await connected(page);
  await page.getByRole("button", { name: "Plan an event" }).click();
  return async () => (await all()).slice(since);
}

const open = (page: Page) => page.locator("[data-slot=widget][data-state=open]");
const coverPicker = (page: Page) => open(page).filter({ has: page.getByRole("listbox") });
const detailsForm = (page: Page) => open(page).filter({ has: page.getByRole("spinbutton") });
const depositStep = (page: Page) => open(page).filter({ has: page.getByRole("link", { name: /^Open localhost:\d+/ }) });

async function result(page: Page): Promise<unknown> {
  const text = page.locator("[data-testid=tool-call][data-tool=plan_event] [data-testid=tool-result]").last();
  await expect(text).not.toHaveText("waiting for you…", { timeout: 15_000 });
  return JSON.parse((await text.textContent()) ?? "null");
}

/** Opens the deposit link (the URL step's answer) and closes the page it opened. */
async function payDeposit(page: Page) {
  const link = depositStep(page).getByRole("link", { name: /^Open localhost:\d+/ });
  const [popup] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(popup.getByRole("heading", { name: "Deposit paid" })).toBeVisible();
  await popup.close();
}

test("two rounds: cover and details asked together, then the deposit — one retry per round, double clicks and all", async ({
  page,
  playground,
}) => {
  const serverRetries = await planEvent(page, playground.mcpOrigin);
  await expect(open(page)).toHaveCount(2);

  await coverPicker(page).getByRole("option", { name: "city night" }).click();
  await coverPicker(page).getByRole("button", { name: "Submit" }).dblclick();
  await expect(open(page)).toHaveCount(1);
  expect(await serverRetries(), "no retry while the round has an open question").toEqual([]);

  await detailsForm(page)
    .getByRole("spinbutton", { name: /^Guests/ })
    .fill("12");
  await detailsForm(page)
    .getByRole("checkbox", { name: /Catering/ })
    .check();
  await detailsForm(page).getByRole("button", { name: "Submit" }).dblclick();
  await expect(depositStep(page)).toHaveCount(1);
  await payDeposit(page);

  expect(await result(page)).toEqual({
    title: "Autumn offsite",
    cover: { status: "answered", value: { selected: ["city-night"] } },
    details: { action: "accept", content: { guests: 12, catering: true } },
    deposit: "accept",
  });
  const retries = await serverRetries();
  expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
  expect(new Set(retries.map((retry) => retry.call)).size).toBe(1);
  expect(Object.keys(retries[0]?.responses ?? {}).sort()).toEqual(["cover", "details"]);
  await expect(page.locator("[data-slot=widget][data-state=answered]")).toHaveCount(3);
});

test("a decline and a dismissal are the round's answers: one retry carries both, and the next round asks", async ({
  page,
  playground,
}) => {
  const serverRetries = await planEvent(page, playground.mcpOrigin);
  await coverPicker(page).getByRole("button", { name: "Decline" }).click();
  await coverPicker(page).getByRole("textbox").fill("none of these");
  await coverPicker(page).getByRole("button", { name: "Send decline" }).click();
  await detailsForm(page)
    .getByRole("spinbutton", { name: /^Guests/ })
    .press("Escape");
  await expect(depositStep(page)).toHaveCount(1);
  expect(await serverRetries()).toEqual([
    expect.objectContaining({
      round: 1,
      responses: {
        cover: { action: "decline", _meta: { "dev.hitl-kit/reason": "none of these" } },
        details: { action: "cancel" },
      },
    }),
  ]);
  await depositStep(page)
    .getByRole("link", { name: /^Open localhost:\d+/ })
    .press("Escape");
  expect(await result(page)).toMatchObject({
    cover: { status: "declined", reason: "none of these" },
    deposit: "cancel",
  });
  expect((await serverRetries()).map((retry) => retry.round)).toEqual([1, 2]);
});

test("a reload mid-round restores the call: the answered question stays answered, the open one asks again, one retry", async ({
  page,
  playground,
}) => {
  const serverRetries = await planEvent(page, playground.mcpOrigin);
  await coverPicker(page).getByRole("option", { name: "desert dunes" }).click();
  await coverPicker(page).getByRole("button", { name: "Submit" }).click();
  await expect(open(page)).toHaveCount(1);
  // The widget leaves "open" when the answer is recorded, a moment before the transport stores it
  // in the call's continuation (after the cross-tab claim). Reloading in between is the reload
  // mid-submit case (the answer comes back unconfirmed, to retry), not this one: wait for the store.
  await page.waitForFunction(() =>
    Object.values(JSON.parse(sessionStorage.getItem("hitl-playground:mcp-2026-calls") ?? "{}")).some(
      (call) => Object.keys((call as { answers?: object }).answers ?? {}).length > 0,
    ),
  );

  await page.reload();
  await connected(page);
  // Restored from the tab's storage: the cover answered (its receipt), the details open again.
  await expect(detailsForm(page)).toHaveCount(1);
  await expect(coverPicker(page)).toHaveCount(0);
  await expect(page.locator("[data-slot=widget][data-state=answered]")).toContainText("desert dunes");

  await detailsForm(page)
    .getByRole("spinbutton", { name: /^Guests/ })
    .fill("4");
  await detailsForm(page).getByRole("button", { name: "Submit" }).click();
  await expect(depositStep(page)).toHaveCount(1);
  await payDeposit(page);
  expect(await result(page)).toMatchObject({
    cover: { status: "answered", value: { selected: ["desert-dunes"] } },
    details: { action: "accept", content: { guests: 4 } },
    deposit: "accept",
  });
  const retries = await serverRetries();
  expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
  // After the call ended the tab keeps nothing to restore: another reload asks nothing.
  await page.reload();
  await connected(page);
  await expect(page.locator("[data-slot=widget]")).toHaveCount(0);
});
