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

const isMcpEndpoint = (url: URL) => url.pathname === "/mcp";

/** Every MCP session the page opened, in order: the ids the server gave its initialize responses. */
function sessionIds(page: Page): string[] {
  const ids: string[] = [];
  page.on("response", (response) => {
    const id = response.headers()["mcp-session-id"];
    if (id && response.request().postData()?.includes('"method":"initialize"')) ids.push(id);
  });
  return ids;
}

/**
 * The server forgets a session, as it would on a restart or an expiry: the spec's DELETE ends it
 * there (its streams close, and every later request with its id is answered 404).
 */
async function endSession(page: Page, sessionId: string): Promise<void> {
  const response = await page.request.delete("/mcp", { headers: { "mcp-session-id": sessionId } });
  expect(response.status()).toBe(200);
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

test("connected means a session exists: with a slow initialize the tools wait, and the first call gets its form", async ({
  page,
}) => {
  // What a loaded machine does now and then, made certain: the initialize reaches the server late.
  // The page used to say "connected" (and enable the tools) before the server had answered it, so
  // the first tool call went out without a session and came back `400 No session`.
  await page.route(isMcpEndpoint, async (route) => {
    if (route.request().postData()?.includes('"method":"initialize"')) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  const responses = await openMcpPage(page);
  await page.getByRole("button", { name: "Book a table" }).click();
  const form = page.locator("[data-slot=widget][data-state=open]").last();
  await form.getByRole("textbox", { name: /^Name/ }).fill("Ada Lovelace");
  await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
  await form.getByRole("checkbox", { name: "Main" }).check();
  await form.getByRole("button", { name: "Submit" }).click();
  expect(await toolResult(page, "book_table")).toEqual({
    action: "accept",
    content: { name: "Ada Lovelace", email: "ada@example.com", guests: 2, terrace: false, courses: ["main"] },
  });
  expect(responses).toHaveLength(1);
});

test("a session the server ends mid-use: the form is withdrawn, the call says so, and the page reconnects", async ({
  page,
}) => {
  const sessions = sessionIds(page);
  const responses = await openMcpPage(page);
  await page.getByRole("button", { name: "Book a table" }).click();
  const first = page.locator("[data-slot=widget]").last();
  await expect(first).toHaveAttribute("data-state", "open");

  await endSession(page, sessions[0]!);
  // No call of the page's finds this loss: its event stream from the server closes with the
  // session, and reopening it is refused (404).
  await expect(first).toHaveAttribute("data-state", "withdrawn");
  const failed = page.locator("[data-testid=tool-call][data-tool=book_table] [data-testid=tool-result]").last();
  await expect(failed).toHaveText(/lost the session/);
  await expect(page.getByTestId("mcp-session-lost")).toHaveText(/lost the session/);
  await expect(page.getByTestId("mcp-status")).toHaveText("MCP server: connected");
  expect(sessions).toHaveLength(2);

  // The new session's first elicitation has the JSON-RPC id the old one's had: it is a new request all the same.
  await page.getByRole("button", { name: "Book a table" }).click();
  const form = page.locator("[data-slot=widget][data-state=open]").last();
  await form.getByRole("textbox", { name: /^Name/ }).fill("Ada Lovelace");
  await form.getByRole("textbox", { name: /^Email/ }).fill("ada@example.com");
  await form.getByRole("checkbox", { name: "Dessert" }).check();
  await form.getByRole("button", { name: "Submit" }).click();
  expect(await toolResult(page, "book_table")).toEqual({
    action: "accept",
    content: { name: "Ada Lovelace", email: "ada@example.com", guests: 2, terrace: false, courses: ["dessert"] },
  });
  // The withdrawn form sent nothing: one response, the second form's.
  expect(responses.map((response) => response.action)).toEqual(["accept"]);
});

test("a session the server ended, found by the next tool call: the call says so, and the page reconnects", async ({
  page,
}) => {
  // No event stream (the spec lets a server refuse it with 405), so only a call can find the loss.
  await page.route(isMcpEndpoint, (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 405 }) : route.continue(),
  );
  const sessions = sessionIds(page);
  const responses = await openMcpPage(page);
  await endSession(page, sessions[0]!);
  await expect(page.getByTestId("mcp-status")).toHaveText("MCP server: connected");

  await page.getByRole("button", { name: "Pick an image" }).click();
  const failed = page.locator("[data-testid=tool-call][data-tool=pick_image] [data-testid=tool-result]").last();
  await expect(failed).toHaveText(/lost the session/);
  await expect(page.getByTestId("mcp-session-lost")).toHaveText(/lost the session/);
  await expect(page.getByTestId("mcp-status")).toHaveText("MCP server: connected");
  expect(sessions).toHaveLength(2);

  await page.getByRole("button", { name: "Pick an image" }).click();
  const picker = page.locator("[data-slot=widget][data-state=open]").last();
  await picker.getByRole("option", { name: "lighthouse" }).click();
  await picker.getByRole("button", { name: "Submit" }).click();
  expect(await toolResult(page, "pick_image")).toEqual({ status: "answered", value: { selected: ["lighthouse"] } });
  expect(responses.map((response) => response.action)).toEqual(["accept"]);
});

test("a server the page cannot reach: it says so instead of connected, and Reconnect connects", async ({ page }) => {
  await page.route(isMcpEndpoint, (route) => route.abort("connectionrefused"));
  await page.goto("/mcp.html");
  await expect(page.getByTestId("mcp-status")).toHaveText("MCP server: disconnected", { timeout: 30_000 });
  await expect(page.getByTestId("mcp-error")).toContainText("Could not connect");
  await expect(page.getByRole("button", { name: "Pick an image" })).toBeDisabled();

  await page.unroute(isMcpEndpoint);
  await page.getByRole("button", { name: "Reconnect" }).click();
  await expect(page.getByTestId("mcp-status")).toHaveText("MCP server: connected");
  await expect(page.getByTestId("mcp-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Pick an image" }).click();
  const picker = page.locator("[data-slot=widget][data-state=open]").last();
  await picker.getByRole("option", { name: "lighthouse" }).click();
  await picker.getByRole("button", { name: "Submit" }).click();
  expect(await toolResult(page, "pick_image")).toEqual({ status: "answered", value: { selected: ["lighthouse"] } });
});
