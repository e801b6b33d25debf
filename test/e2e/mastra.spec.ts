/**
 * The Mastra page, end to end in Chromium: the real `@mastra/client-js` with `useMastraHitl`,
 * against a real Mastra server (`playground/mastra/agent.ts`: `@mastra/core` behind `@mastra/hono`,
 * a scripted model). What counts is what the SERVER received — every approve / decline / resume
 * POST, recorded before Mastra sees it (`GET <mastra>/__hitl/record`) — and what the tools did.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import {
  ASPECT_RATIO_BY_MOUSE,
  FORM_BY_MOUSE,
  MEDIA_BY_MOUSE,
  type MouseAnswer,
  QUESTIONS_BY_MOUSE,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
} from "./answers";
import type { Asked } from "./chat";
import { expect, test } from "./fixtures";

interface Recorded {
  readonly answers: { route: "approve" | "decline" | "resume"; body: Record<string, unknown> }[];
  readonly executions: Record<string, number>;
  readonly results: Record<string, number>;
  readonly picked: Record<string, unknown>;
}

async function record(page: Page, mastraUrl: string): Promise<Recorded> {
  const response = await page.request.get(`${mastraUrl}/__hitl/record`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Recorded;
}

/** A fresh chat (a new thread) on the Mastra page. */
async function openChat(page: Page): Promise<void> {
  await page.goto("/mastra.html");
  await expect(page.getByRole("heading", { name: "hitl-kit · Mastra agent" })).toBeVisible();
  await page.getByTestId("new-chat").click();
  await expect(page.getByRole("heading", { name: "hitl-kit · Mastra agent" })).toBeVisible();
  await expect(page.getByTestId("composer")).toBeEnabled();
}

async function say(page: Page, phrase: string): Promise<void> {
  await page.locator(`[data-testid=trigger-chip][data-phrase="${phrase}"]`).click();
}

const queue = (page: Page) => page.getByTestId("pending-queue");

async function waitingWidget(page: Page, kind: string): Promise<Locator> {
  const widget = queue(page).locator(`[data-slot=widget][data-kind="${kind}"]`).first();
  await expect(widget).toHaveAttribute("data-state", "open", { timeout: 20_000 });
  return widget;
}

/** The agent went on after the answer and replied in text. */
async function expectAgentReplied(page: Page): Promise<void> {
  await expect(page.getByTestId("message-assistant").filter({ hasText: "Done." })).toHaveCount(1, { timeout: 20_000 });
}

const asAsked = (page: Page, widget: Locator): Asked => ({
  part: widget,
  widget,
  queue: queue(page),
  callId: "",
  sessionId: "",
});

/** The answers the server received since `before`. */
async function newAnswers(page: Page, mastraUrl: string, before: number) {
  return (await record(page, mastraUrl)).answers.slice(before);
}

const typedResult = (answer: MouseAnswer) => (answer.output as { value: { status: string; value: unknown } }).value;

const PICKERS: readonly MouseAnswer[] = [
  MEDIA_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
  ASPECT_RATIO_BY_MOUSE,
  TAGS_BY_MOUSE,
  FORM_BY_MOUSE,
  QUESTIONS_BY_MOUSE,
];

for (const answer of PICKERS) {
  test(`${answer.kind}: a suspension answered with a double click — one resume, the typed answer in the tool`, async ({
    page,
    playground,
  }) => {
    await openChat(page);
    const before = (await record(page, playground.mastraUrl)).answers.length;
    await say(page, answer.phrase);
    const widget = await waitingWidget(page, answer.kind);
    await answer.fill?.(page, asAsked(page, widget));
    await widget.getByRole("button", { name: answer.submit ?? "Submit" }).dblclick();
    await expect(widget).toHaveAttribute("data-state", answer.receipt, { timeout: 15_000 });
    await expect(widget.locator("[data-slot=receipt]")).toContainText(answer.receiptText);
    await expectAgentReplied(page);
    const answers = await newAnswers(page, playground.mastraUrl, before);
    expect(answers.map((a) => a.route)).toEqual(["resume"]);
    expect(answers[0]?.body.resumeData).toEqual(typedResult(answer).value);
    const callId = String(answers[0]?.body.toolCallId);
    const now = await record(page, playground.mastraUrl);
    expect(now.picked[callId]).toEqual(typedResult(answer));
    expect(now.results[callId]).toBe(1);
  });
}

test("an approval approved with a double click: one approve, the tool runs once", async ({ page, playground }) => {
  await openChat(page);
  const before = (await record(page, playground.mastraUrl)).answers.length;
  await say(page, "delete file");
  const widget = await waitingWidget(page, "approval");
  await expect(widget).toContainText("delete_file");
  // Mastra cannot carry an edited input: no Edit.
  await expect(widget.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await widget.getByRole("button", { name: "Approve" }).dblclick();
  await expect(widget).toHaveAttribute("data-state", "approved", { timeout: 15_000 });
  await expectAgentReplied(page);
  const answers = await newAnswers(page, playground.mastraUrl, before);
  expect(answers.map((a) => a.route)).toEqual(["approve"]);
  const callId = String(answers[0]?.body.toolCallId);
  expect((await record(page, playground.mastraUrl)).executions[`delete_file:${callId}`]).toBe(1);
  await expect(page.getByTestId("tool-result").filter({ hasText: "notes/old-draft.md" })).toHaveCount(1);
});

test("an approval denied with a note (double click): one decline with the note, the tool never runs", async ({
  page,
  playground,
}) => {
  await openChat(page);
  const before = (await record(page, playground.mastraUrl)).answers.length;
  await say(page, "delete file");
  const widget = await waitingWidget(page, "approval");
  await widget.getByRole("button", { name: "Deny" }).click();
  await widget.getByRole("textbox", { name: "Note for the agent (optional)" }).fill("Keep the draft");
  await widget.getByRole("button", { name: "Deny" }).dblclick();
  await expect(widget).toHaveAttribute("data-state", "denied", { timeout: 15_000 });
  await expectAgentReplied(page);
  const answers = await newAnswers(page, playground.mastraUrl, before);
  expect(answers.map((a) => [a.route, a.body.reason])).toEqual([["decline", "Keep the draft"]]);
  const callId = String(answers[0]?.body.toolCallId);
  expect((await record(page, playground.mastraUrl)).executions[`delete_file:${callId}`]).toBeUndefined();
});

test("a plain Mastra suspension with a resumeSchema: a form, resumed once with the object its schema describes", async ({
  page,
  playground,
}) => {
  await openChat(page);
  const before = (await record(page, playground.mastraUrl)).answers.length;
  await say(page, "ask city");
  const widget = await waitingWidget(page, "form");
  await expect(widget).toContainText("Which city for the weekend trip?");
  await widget.getByRole("textbox", { name: /city/ }).fill("Lisbon");
  await widget.getByRole("spinbutton", { name: /nights/ }).fill("3");
  await widget.getByRole("button", { name: "Submit" }).dblclick();
  await expect(widget).toHaveAttribute("data-state", "answered", { timeout: 15_000 });
  await expectAgentReplied(page);
  const answers = await newAnswers(page, playground.mastraUrl, before);
  expect(answers.map((a) => [a.route, a.body.resumeData])).toEqual([["resume", { city: "Lisbon", nights: 3 }]]);
  await expect(page.getByTestId("tool-result").filter({ hasText: "Lisbon" })).toHaveCount(1);
});

test("a reload while an approval waits shows it again; answered after the reload it goes once, and a second reload leaves it answered", async ({
  page,
  playground,
}) => {
  await openChat(page);
  const before = (await record(page, playground.mastraUrl)).answers.length;
  await say(page, "delete file");
  await waitingWidget(page, "approval");
  await page.reload();
  // The transcript is the page's own; what waits comes back from Mastra's storage.
  const again = await waitingWidget(page, "approval");
  await expect(again).toContainText("delete_file");
  await again.getByRole("button", { name: "Approve" }).dblclick();
  await expect(again).toHaveAttribute("data-state", "approved", { timeout: 15_000 });
  await expect(page.getByTestId("tool-result").filter({ hasText: "notes/old-draft.md" })).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId("composer")).toBeEnabled();
  // Nothing waits any more, and nothing more went out.
  await page.waitForTimeout(2_500); // one poll of the suspended runs
  await expect(queue(page).locator("[data-slot=widget][data-state=open]")).toHaveCount(0);
  const answers = await newAnswers(page, playground.mastraUrl, before);
  expect(answers.map((a) => a.route)).toEqual(["approve"]);
  const callId = String(answers[0]?.body.toolCallId);
  expect((await record(page, playground.mastraUrl)).executions[`delete_file:${callId}`]).toBe(1);
});

test("axe: no violations with an approval and a suspension's form waiting", async ({ page }) => {
  await openChat(page);
  await say(page, "delete then ask");
  const approval = await waitingWidget(page, "approval");
  await approval.getByRole("button", { name: "Approve" }).click();
  await waitingWidget(page, "form");
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(violations).toEqual([]);
});
