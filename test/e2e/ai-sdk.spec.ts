/**
 * The AI SDK chat page, end to end in Chromium: the real `useChat` with the kit, against the
 * playground's route (real `streamText`, the `ai` package's test model scripted like the eve
 * agent). A picker, a decline and a denial; after each, the prompt the model received next holds
 * exactly one result per tool call, and the page made exactly one request for it.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { checkTranscript, countToolResults } from "../../src/server/transcript";
import { expect, test } from "./fixtures";

type Prompt = { role: string; content: unknown }[];

async function prompts(page: Page): Promise<Prompt[]> {
  const response = await page.request.get("/api/chat/prompts");
  return (await response.json()) as Prompt[];
}

/** Opens the page and counts its chat requests from here on. */
async function openChat(page: Page): Promise<{ posts: string[] }> {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/chat") posts.push(request.url());
  });
  await page.goto("/ai-sdk.html");
  await expect(page.getByRole("heading", { name: "hitl-kit · AI SDK useChat" })).toBeVisible();
  return { posts };
}

/** The tool results of the model's latest prompt: one per call, no call without one. */
async function expectOneResultPerCall(page: Page, before: number) {
  await expect.poll(async () => (await prompts(page)).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const all = await prompts(page);
  const last = all.at(-1) ?? [];
  expect(checkTranscript(last)).toEqual([]);
  const counts = [...countToolResults(last).values()];
  expect(counts.length).toBeGreaterThan(0);
  expect(counts.every((count) => count === 1)).toBe(true);
  return last;
}

function lastToolOutput(prompt: Prompt): unknown {
  const tool = [...prompt].reverse().find((message) => message.role === "tool");
  const parts = (tool?.content ?? []) as { type: string; output?: unknown }[];
  return parts.filter((part) => part.type === "tool-result").at(-1)?.output;
}

test("a picker answered with a double click: one request, one typed result (axe-clean while open)", async ({
  page,
}) => {
  const { posts } = await openChat(page);
  await page.getByTestId("trigger-chip").and(page.locator('[data-phrase="pick media"]')).click();
  const queue = page.getByTestId("pending-queue");
  await queue.getByRole("option", { name: "A striped lighthouse on a rocky cape" }).click();
  const violations = (await new AxeBuilder({ page }).analyze()).violations.map((v) => ({
    id: v.id,
    targets: v.nodes.map((node) => node.target.join(" ")),
  }));
  expect(violations, "axe violations with the picker open").toEqual([]);
  const before = (await prompts(page)).length;
  await queue.getByRole("button", { name: "Submit" }).dblclick();
  const prompt = await expectOneResultPerCall(page, before);
  expect(lastToolOutput(prompt)).toEqual({ type: "json", value: { selected: ["lighthouse"] } });
  await expect(page.getByTestId("message-log")).toContainText("Done. Tool results");
  // The request event reaches the test after the server may have logged the prompt: wait for it.
  await expect.poll(() => posts.length).toBe(2);
});

test("a picker declined with a reason: one typed decline", async ({ page }) => {
  const { posts } = await openChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="pick media"]').click();
  const queue = page.getByTestId("pending-queue");
  // The widget, not the loading shell (whose Decline declines at once, without a reason).
  await expect(queue.locator('[data-slot=widget][data-kind=media][data-state="open"]')).toBeVisible();
  await queue.getByRole("button", { name: "Decline" }).click();
  await queue.getByLabel("Reason (optional)").fill("none of these");
  const before = (await prompts(page)).length;
  await queue.getByRole("button", { name: "Send decline" }).click();
  const prompt = await expectOneResultPerCall(page, before);
  expect(lastToolOutput(prompt)).toEqual({ type: "json", value: { declined: true, reason: "none of these" } });
  // The request event reaches the test after the server may have logged the prompt: wait for it.
  await expect.poll(() => posts.length).toBe(2);
});

test("an approval denied with a note: one denial the model reads", async ({ page }) => {
  const { posts } = await openChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="delete file"]').click();
  const queue = page.getByTestId("pending-queue");
  await expect(queue.locator('[data-slot=widget][data-kind=approval][data-state="open"]')).toBeVisible();
  await queue.getByRole("button", { name: "Deny" }).click();
  await queue.getByLabel("Note for the agent (optional)").fill("keep it");
  const before = (await prompts(page)).length;
  await queue.getByRole("button", { name: "Deny" }).click();
  const prompt = await expectOneResultPerCall(page, before);
  expect(lastToolOutput(prompt)).toEqual({ type: "execution-denied", reason: "keep it" });
  // The request event reaches the test after the server may have logged the prompt: wait for it.
  await expect.poll(() => posts.length).toBe(2);
});

test("typing in the chat while a picker waits: the picker gets one 'replied in chat' result first", async ({
  page,
}) => {
  await openChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="pick media"]').click();
  await expect(page.getByTestId("pending-queue").getByRole("listbox")).toBeVisible();
  const before = (await prompts(page)).length;
  await page.getByTestId("composer").fill("the lighthouse one, please");
  await page.getByTestId("send").click();
  const prompt = await expectOneResultPerCall(page, before);
  expect(lastToolOutput(prompt)).toEqual({ type: "json", value: { reply: "the lighthouse one, please" } });
  await expect(page.getByTestId("pending-queue").getByRole("listbox")).toHaveCount(0);
});
