/**
 * MCP elicitation through the kit, end to end: the playground's MCP page (a real SDK client over
 * Streamable HTTP) calls the playground MCP server's tools (a real SDK server); each tool
 * elicits and returns what it received. Every elicitation response the page POSTs is counted:
 * one per request, whatever the person did.
 */
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

interface ElicitResponse {
  readonly id: unknown;
  readonly action: string;
  readonly content?: Record<string, unknown>;
}

function elicitResponse(request: Request): ElicitResponse | undefined {
  if (request.method() !== "POST" || new URL(request.url()).pathname !== "/mcp") return undefined;
  try {
    const body = request.postDataJSON() as {
      id?: unknown;
      result?: { action?: unknown; content?: Record<string, unknown> };
    };
    const action = body?.result?.action;
    return typeof action === "string"
      ? { id: body.id, action, ...(body.result?.content ? { content: body.result.content } : {}) }
      : undefined;
  } catch {
    return undefined;
  }
}

async function openMcpPage(page: Page): Promise<ElicitResponse[]> {
  const responses: ElicitResponse[] = [];
  page.context().on("request", (request) => {
    const response = elicitResponse(request);
    if (response) responses.push(response);
  });
  await page.goto("/mcp.html");
  await expect(page.getByTestId("mcp-status")).toHaveText("MCP server: connected", { timeout: 30_000 });
  return responses;
}

/** The tool call's result as the server returned it (JSON). */
async function toolResult(page: Page, tool: string): Promise<unknown> {
  const result = page.locator(`[data-testid=tool-call][data-tool=${tool}] [data-testid=tool-result]`).last();
  await expect(result).not.toHaveText("waiting for you…", { timeout: 15_000 });
  return JSON.parse((await result.textContent()) ?? "");
}

test("a form with every field type: typed content, one response", async ({ page }) => {
  const responses = await openMcpPage(page);
  await page.getByRole("button", { name: "Book a table" }).click();
  const form = page.locator("[data-slot=widget][data-state=open]").last();
  await form.getByRole("textbox", { name: /^Name/ }).fill("Ada Lovelace");
  await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
  await form.getByRole("checkbox", { name: "Main" }).check();
  await form.getByRole("checkbox", { name: "Dessert" }).check();
  await form.getByRole("checkbox", { name: /Terrace/ }).check();
  await form.getByRole("combobox", { name: /Menu/ }).selectOption({ label: "Vegetarian" });
  const submit = form.getByRole("button", { name: "Submit" });
  await submit.dblclick();

  expect(await toolResult(page, "book_table")).toEqual({
    action: "accept",
    content: {
      name: "Ada Lovelace",
      email: "ada@example.com",
      guests: 2,
      terrace: true,
      menu: "veg",
      courses: ["main", "dessert"],
    },
  });
  expect(responses).toHaveLength(1);
  await expect(page.locator("[data-slot=widget]").last()).toHaveAttribute("data-state", "answered");
});

test("declining and dismissing: decline, then cancel — one response each", async ({ page }) => {
  const responses = await openMcpPage(page);
  await page.getByRole("button", { name: "Book a table" }).click();
  let widget = page.locator("[data-slot=widget][data-state=open]").last();
  await widget.getByRole("button", { name: "Decline" }).click();
  await widget.getByRole("button", { name: "Send decline" }).click();
  expect(await toolResult(page, "book_table")).toEqual({ action: "decline" });

  await page.getByRole("button", { name: "Book a table" }).click();
  widget = page.locator("[data-slot=widget][data-state=open]").last();
  await widget.getByRole("textbox", { name: /^Name/ }).press("Escape");
  await expect(
    page.locator("[data-testid=tool-call][data-tool=book_table] [data-testid=tool-result]").last(),
  ).toHaveText(JSON.stringify({ action: "cancel" }));
  expect(responses.map((response) => response.action)).toEqual(["decline", "cancel"]);
});

test("a rich picker from the kit's hint: the media picker, content that validates against the flat schema", async ({
  page,
}) => {
  const responses = await openMcpPage(page);
  await page.getByRole("button", { name: "Pick an image" }).click();
  const picker = page.locator("[data-slot=widget][data-state=open]").last();
  await picker.getByRole("option", { name: "lighthouse" }).click();
  await picker.getByRole("button", { name: "Submit" }).click();
  expect(await toolResult(page, "pick_image")).toEqual({ status: "answered", value: { selected: ["lighthouse"] } });
  expect(responses).toEqual([expect.objectContaining({ action: "accept", content: { selected: ["lighthouse"] } })]);
});

test("URL mode: the domain and address shown, nothing opened until the person opens it, then completed", async ({
  page,
}) => {
  const responses = await openMcpPage(page);
  await page.getByRole("button", { name: "Connect an account" }).click();
  const consent = page.locator("[data-slot=widget][data-state=open]").last();
  const link = consent.getByRole("link", { name: /^Open localhost:\d+/ });
  await expect(link).toBeVisible();
  await expect(consent.locator("[data-slot=url]")).toHaveText(/^http:\/\/localhost:\d+\/consent\/[\w-]+$/);
  expect(page.context().pages()).toHaveLength(1); // nothing opened by itself
  expect(responses).toEqual([]);

  const [popup] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(popup.getByRole("heading", { name: "Calendar connected" })).toBeVisible();
  expect(await toolResult(page, "connect_account")).toEqual({ action: "accept", connected: true });
  expect(responses.map((response) => response.action)).toEqual(["accept"]);
  await expect(page.locator("[data-slot=widget]").last()).toHaveAttribute("data-state", "answered");
});
