/**
 * The TanStack AI chat page, end to end in Chromium: the real `useChat` of `@tanstack/ai-react`
 * with `useTanStackAiHitl`, against the playground's route (the real `chat()` of `@tanstack/ai`
 * 0.58, a scripted adapter, no network). Every kind as a picker client tool, a tool approval
 * (approved, denied) and a generic picker interrupt, each answered with a double click. What
 * counts is what the route RECEIVED (`GET /api/tanstack-ai/record`): the request that resumed the
 * run carried exactly one resume entry for the request, no request carried two tool results for
 * one call, the model's next prompt held exactly one result per tool call, and the page made
 * exactly two chat requests (the ask, the resume) and shows the receipt.
 */
import type { Locator, Page } from "@playwright/test";
import type { ResumeEntry, RouteRecord } from "../../playground/tanstack-ai/route";
import {
  ASPECT_RATIO_BY_MOUSE,
  FORM_BY_MOUSE,
  MEDIA_BY_MOUSE,
  type MouseAnswer,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
  VOICE_BY_MOUSE,
} from "./answers";
import type { Asked } from "./chat";
import { expect, test } from "./fixtures";

type ModelMessage = RouteRecord["prompts"][number]["messages"][number];

async function routeRecord(page: Page): Promise<RouteRecord> {
  const response = await page.request.get("/api/tanstack-ai/record");
  expect(response.ok()).toBe(true);
  return (await response.json()) as RouteRecord;
}

/** The record from `mark` on: the route serves every test of the run. */
async function recordSince(page: Page, mark: RouteRecord): Promise<RouteRecord> {
  const all = await routeRecord(page);
  return {
    requests: all.requests.slice(mark.requests.length),
    prompts: all.prompts.slice(mark.prompts.length),
    resolutions: all.resolutions.slice(mark.resolutions.length),
    deletions: all.deletions.slice(mark.deletions.length),
    errors: all.errors.slice(mark.errors.length),
  };
}

interface Chat {
  /** Every chat request (`POST /api/tanstack-ai`) this page sent. */
  readonly posts: string[];
  /** What the route held when the page opened. */
  readonly mark: RouteRecord;
}

/** Opens the page (a new browser context: a new conversation) and counts its chat requests. */
async function openChat(page: Page): Promise<Chat> {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/tanstack-ai")
      posts.push(request.url());
  });
  await page.goto("/tanstack-ai.html");
  await expect(page.getByRole("heading", { name: "hitl-kit · TanStack AI useChat" })).toBeVisible();
  await expect(page.getByTestId("composer")).toBeEnabled();
  return { posts, mark: await routeRecord(page) };
}

/** Sends a phrase through its chip and waits for the widget on the call it makes. */
async function ask(page: Page, phrase: string, toolName: string): Promise<Asked> {
  await page.locator(`[data-testid=trigger-chip][data-phrase="${phrase}"]`).click();
  const part = page.locator(`[data-testid=tool-part][data-tool-name="${toolName}"]`);
  await expect(part).toHaveCount(1, { timeout: 20_000 });
  const widget = part.locator("[data-slot=widget]");
  await expect(widget).toHaveAttribute("data-state", "open");
  const callId = (await part.getAttribute("data-call-id")) ?? "";
  expect(callId).toMatch(/^call_/);
  return { part, widget, queue: page.getByTestId("pending-queue"), callId, sessionId: "" };
}

/** Tool results per call id in a prompt (TanStack's model messages: `role: "tool"`, `toolCallId`). */
function resultsPerCall(messages: readonly ModelMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (message.role === "tool" && message.toolCallId) {
      counts.set(message.toolCallId, (counts.get(message.toolCallId) ?? 0) + 1);
    }
  }
  return counts;
}

function callsIn(messages: readonly ModelMessage[]): string[] {
  return messages.flatMap((message) => message.toolCalls?.map((call) => call.id) ?? []);
}

/**
 * The route got the answer exactly once: two requests in all (the ask, then one resume carrying
 * exactly `entry` and nothing else), no request with two results for a call, no error.
 */
async function expectOneResume(
  page: Page,
  chat: Chat,
  entry: { readonly interruptId: unknown; readonly status: ResumeEntry["status"]; readonly payload?: unknown },
): Promise<RouteRecord> {
  await expect.poll(async () => (await recordSince(page, chat.mark)).requests.length, { timeout: 15_000 }).toBe(2);
  const received = await recordSince(page, chat.mark);
  const [asked, resumed] = received.requests;
  expect(asked?.resume).toEqual([]);
  expect(resumed?.parentRunId).toBe(asked?.runId);
  expect(resumed?.resume).toHaveLength(1);
  expect(resumed?.resume[0]).toMatchObject({ ...entry });
  for (const request of received.requests) {
    expect(Object.values(request.toolResults).every((count) => count === 1)).toBe(true);
  }
  expect(received.errors).toEqual([]);
  // The page sent no third request (the request event may reach the test after the route answered).
  await expect.poll(() => chat.posts.length).toBe(2);
  return received;
}

/** The model's prompt after the answer: exactly one result per call; the call's result is `output`. */
async function expectOneResultPerCall(page: Page, chat: Chat, callId: string, output: unknown): Promise<void> {
  const { prompts } = await recordSince(page, chat.mark);
  // The ask, then the continuation.
  expect(prompts).toHaveLength(2);
  const last = prompts.at(-1)?.messages ?? [];
  const counts = resultsPerCall(last);
  expect(callsIn(last)).toEqual([callId]);
  expect(Object.fromEntries(counts)).toEqual({ [callId]: 1 });
  const result = last.find((message) => message.role === "tool" && message.toolCallId === callId);
  expect(JSON.parse(String(result?.content))).toEqual(output);
}

/** The page's end of it: the inline receipt, nothing left in the queue, the model's reply, idle. */
async function expectReceipt(page: Page, widget: Locator, state: string, text: string): Promise<void> {
  await expect(widget).toHaveAttribute("data-state", state, { timeout: 15_000 });
  await expect(widget.locator("[data-slot=receipt]")).toContainText(text);
  await expect(page.getByTestId("pending-queue").locator("[data-slot=widget]")).toHaveCount(0);
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
}

/** The value a kind's answer carries (what `answers.ts` expects eve's tool result to wrap). */
function answerValue(how: MouseAnswer): unknown {
  return (how.output as { value: { value: unknown } }).value.value;
}

const PICKERS: ReadonlyArray<{ readonly tool: string; readonly how: MouseAnswer }> = [
  { tool: "pick_media", how: MEDIA_BY_MOUSE },
  { tool: "pick_template", how: TEMPLATE_BY_MOUSE },
  { tool: "pick_aspect_ratio", how: ASPECT_RATIO_BY_MOUSE },
  { tool: "pick_tags", how: TAGS_BY_MOUSE },
  { tool: "fill_form", how: FORM_BY_MOUSE },
  { tool: "pick_voice", how: VOICE_BY_MOUSE },
];

for (const { tool, how } of PICKERS) {
  test(`${how.kind} (${tool}, a picker client tool), submitted with a double click: one resume entry, one result`, async ({
    page,
  }) => {
    const chat = await openChat(page);
    const asked = await ask(page, how.phrase, tool);
    await how.fill?.(page, asked);
    await asked.widget.getByRole("button", { name: how.submit }).dblclick();

    await expectReceipt(page, asked.widget, "answered", how.receiptText);
    const value = answerValue(how);
    await expectOneResume(page, chat, {
      interruptId: `client_tool_${asked.callId}`,
      status: "resolved",
      payload: value,
    });
    await expectOneResultPerCall(page, chat, asked.callId, value);
    await expect(page.getByTestId("message-log")).toContainText(`Done. Tool results: [{"id":"${asked.callId}"`);
  });
}

test("a tool behind needsApproval, approved with a double click: one resume entry, the tool runs once", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, "delete file", "delete_file");
  await asked.widget.getByRole("button", { name: "Approve" }).dblclick();

  await expectReceipt(page, asked.widget, "approved", "Approved");
  const received = await expectOneResume(page, chat, {
    interruptId: `approval_${asked.callId}`,
    status: "resolved",
    payload: { approved: true },
  });
  await expectOneResultPerCall(page, chat, asked.callId, { deleted: "notes/old-draft.md" });
  expect(received.deletions).toEqual([{ path: "notes/old-draft.md" }]);
});

test("a tool behind needsApproval, denied with a double click: one resume entry, the tool never runs", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, "delete file", "delete_file");
  await asked.widget.getByRole("button", { name: "Deny" }).click();
  await asked.widget.getByRole("textbox", { name: "Note for the agent (optional)" }).fill("Keep the draft");
  await asked.widget.getByRole("button", { name: "Deny" }).dblclick();

  // The receipt is what the chat holds: the denial (TanStack AI keeps no note with it).
  await expectReceipt(page, asked.widget, "denied", "Denied");
  await expectOneResume(page, chat, {
    interruptId: `approval_${asked.callId}`,
    status: "resolved",
    payload: { approved: false },
  });
  // TanStack AI's own denial result (an approval carries only `approved`: the note stays in the page).
  await expectOneResultPerCall(page, chat, asked.callId, { approved: false, message: "User denied this action" });
  expect((await recordSince(page, chat.mark)).deletions).toEqual([]);
});

test("a generic interrupt (pickerInterruptOptions), answered with a double click: one resume entry, read with the kind", async ({
  page,
}) => {
  const chat = await openChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="ask by interrupt"]').click();
  const widget = page.getByTestId("interrupt-part").locator("[data-slot=widget]");
  await expect(widget).toHaveAttribute("data-state", "open", { timeout: 20_000 });
  await expect(widget).toHaveAttribute("data-kind", "aspect-ratio");
  // No tool call: the run paused before the model.
  await expect(page.getByTestId("tool-part")).toHaveCount(0);
  await ASPECT_RATIO_BY_MOUSE.fill?.(page, { widget } as Asked);
  await widget.getByRole("button", { name: "Use this ratio" }).dblclick();

  await expectReceipt(page, widget, "answered", "9:16");
  const value = { ratio: "9:16", width: 0.5625, height: 1 };
  const received = await expectOneResume(page, chat, {
    interruptId: expect.stringMatching(/^interrupt-/),
    status: "resolved",
    payload: value,
  });
  // The route read it back once, with the kind; the model's next prompt carries it once.
  expect(received.resolutions).toEqual([{ key: expect.any(String), result: { status: "answered", value } }]);
  const last = received.prompts.at(-1);
  expect(last?.systemPrompts.filter((line) => line.includes('"ratio":"9:16"'))).toHaveLength(1);
  expect(callsIn(last?.messages ?? [])).toEqual([]);
  await expect(page.getByTestId("message-log")).toContainText('Done. Interrupt answers: [{"status":"answered"');
});

test("a reload after the answer: the conversation and the receipt come back, no form, nothing sent again", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, "pick voice", "pick_voice");
  await VOICE_BY_MOUSE.fill?.(page, asked);
  await asked.widget.getByRole("button", { name: "Submit" }).dblclick();
  await expectReceipt(page, asked.widget, "answered", "Léa");
  await expectOneResume(page, chat, { interruptId: `client_tool_${asked.callId}`, status: "resolved" });
  await expect(page.getByTestId("message-log")).toContainText("Done. Tool results");

  await page.reload();
  await expect(page.getByTestId("message-log")).toContainText("Done. Tool results");
  const part = page.locator(`[data-testid=tool-part][data-call-id="${asked.callId}"]`);
  await expect(part.locator("[data-slot=widget]")).toHaveAttribute("data-state", "answered");
  await expect(part.locator("[data-slot=receipt]")).toContainText("Léa");
  await expect(page.locator("[data-slot=widget][data-state=open]")).toHaveCount(0);
  await expect(page.getByTestId("pending-queue").locator("[data-slot=widget]")).toHaveCount(0);
  await expect(page.getByTestId("composer")).toBeEnabled();
  // Nothing went out again: still the ask and the one resume.
  await page.waitForTimeout(500);
  expect((await recordSince(page, chat.mark)).requests).toHaveLength(2);
  expect(chat.posts).toHaveLength(2);
});

test("a reload after a generic interrupt's answer: no form comes back", async ({ page }) => {
  const chat = await openChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="ask by interrupt"]').click();
  const widget = page.getByTestId("interrupt-part").locator("[data-slot=widget]");
  await expect(widget).toHaveAttribute("data-state", "open", { timeout: 20_000 });
  await ASPECT_RATIO_BY_MOUSE.fill?.(page, { widget } as Asked);
  await widget.getByRole("button", { name: "Use this ratio" }).dblclick();
  await expectReceipt(page, widget, "answered", "9:16");
  await expect(page.getByTestId("message-log")).toContainText("Done. Interrupt answers");

  await page.reload();
  await expect(page.getByTestId("message-log")).toContainText("Done. Interrupt answers");
  await expect(page.getByTestId("composer")).toBeEnabled();
  await expect(page.locator("[data-slot=widget][data-state=open]")).toHaveCount(0);
  await page.waitForTimeout(500);
  expect((await recordSince(page, chat.mark)).requests).toHaveLength(2);
  expect(chat.posts).toHaveLength(2);
});

test("a reload while a picker waits: the same form comes back (TanStack AI's persisted interrupts), answered once", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, "pick aspect ratio", "pick_aspect_ratio");
  await page.reload();
  const part = page.locator(`[data-testid=tool-part][data-call-id="${asked.callId}"]`);
  const widget = part.locator("[data-slot=widget]");
  await expect(widget).toHaveAttribute("data-state", "open");
  await ASPECT_RATIO_BY_MOUSE.fill?.(page, { widget } as Asked);
  await widget.getByRole("button", { name: "Use this ratio" }).dblclick();

  await expectReceipt(page, widget, "answered", "9:16");
  const value = { ratio: "9:16", width: 0.5625, height: 1 };
  await expectOneResume(page, chat, { interruptId: `client_tool_${asked.callId}`, status: "resolved", payload: value });
  await expectOneResultPerCall(page, chat, asked.callId, value);
});

test("typing in the chat while a picker waits: the picker gets one 'replied in chat' result, then the message goes", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, "pick media", "pick_media");
  await page.getByTestId("composer").fill("the lighthouse one, please");
  await page.getByTestId("send").click();

  await expectReceipt(page, asked.widget, "answered", "the lighthouse one, please");
  // The resume with the reply, then the message as its own turn.
  await expect.poll(async () => (await recordSince(page, chat.mark)).requests.length, { timeout: 15_000 }).toBe(3);
  const received = await recordSince(page, chat.mark);
  const [, resumed, message] = received.requests;
  expect(resumed?.resume).toEqual([
    {
      interruptId: `client_tool_${asked.callId}`,
      status: "resolved",
      payload: { reply: "the lighthouse one, please" },
    },
  ]);
  expect(message?.resume).toEqual([]);
  expect(message?.toolResults).toEqual({ [asked.callId]: 1 });
  for (const prompt of received.prompts) {
    expect([...resultsPerCall(prompt.messages).values()].every((count) => count === 1)).toBe(true);
  }
  expect(received.errors).toEqual([]);
  await expect(page.getByTestId("message-user").last()).toContainText("the lighthouse one, please");
  await expect(page.getByTestId("message-log")).toContainText("I am the hitl-kit playground's scripted model");
  await expect.poll(() => chat.posts.length).toBe(3);
});

test("a reload while a generic interrupt waits: the same form comes back, answered once", async ({ page }) => {
  const chat = await openChat(page);
  await page.locator('[data-testid=trigger-chip][data-phrase="ask by interrupt"]').click();
  const widget = page.getByTestId("interrupt-part").locator("[data-slot=widget]");
  await expect(widget).toHaveAttribute("data-state", "open", { timeout: 20_000 });
  await page.reload();
  await expect(widget).toHaveAttribute("data-state", "open");
  await ASPECT_RATIO_BY_MOUSE.fill?.(page, { widget } as Asked);
  await widget.getByRole("button", { name: "Use this ratio" }).dblclick();

  await expectReceipt(page, widget, "answered", "9:16");
  const value = { ratio: "9:16", width: 0.5625, height: 1 };
  const received = await expectOneResume(page, chat, {
    interruptId: expect.stringMatching(/^interrupt-/),
    status: "resolved",
    payload: value,
  });
  expect(received.resolutions).toEqual([{ key: expect.any(String), result: { status: "answered", value } }]);
});
