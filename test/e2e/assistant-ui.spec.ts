/**
 * The assistant-ui page, end to end in Chromium: assistant-ui's runtime over the AI SDK's
 * `useChat` (`useAISDKRuntime`), a thread of its primitives and the kit's widgets as the picker
 * tools' tool UIs (`hitl-kit/adapters/assistant-ui`), against the AI SDK page's route (its own instance, `/api/assistant-ui/chat`:
 * real `streamText`, the `ai` package's test model scripted like the eve agent). Each question is
 * asked through a phrase (an assistant-ui suggestion) and answered with a double click in the
 * thread's tool UI. What counts is the model's prompt after the answer (`GET /api/assistant-ui/chat/prompts`):
 * exactly one result for that tool call, carrying the kind's typed value; the page made exactly
 * two chat requests (the ask, the continuation), exactly one result reached its chat
 * (`<main data-results-sent>`: the AI SDK's `Chat` folds a second `addToolOutput` or approval
 * response with the same value into the request already on its way, so the route cannot see a
 * double send) and it shows the kit's receipt. With the kit's guards taken out (widget, shell,
 * client gate, journal claim, transport), every test here fails on that count. The page keeps its
 * messages in sessionStorage (assistant-ui's `useChatRuntime` alone keeps threads in memory
 * only): a reload shows the receipt again and sends nothing.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { checkTranscript, countToolResults } from "../../src/server/transcript";
import { APPROVE_BY_MOUSE, DENY_BY_MOUSE, FORM_BY_MOUSE, MEDIA_BY_MOUSE, type MouseAnswer } from "./answers";
import type { Asked } from "./chat";
import { expect, test } from "./fixtures";

type PromptPart = { type: string; toolCallId?: string; toolName?: string; output?: unknown };
type Prompt = { role: string; content: string | PromptPart[] }[];

/** Every prompt the route's model received (the route serves every test of the run). */
async function prompts(page: Page): Promise<Prompt[]> {
  const response = await page.request.get("/api/assistant-ui/chat/prompts");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Prompt[];
}

interface Chat {
  /** Every chat request (`POST /api/assistant-ui/chat`) this page sent, across reloads. */
  readonly posts: string[];
  /** How many prompts the model had received when the page opened. */
  readonly mark: number;
}

/** Opens the page (a new browser context: a new conversation) and counts its chat requests. */
async function openChat(page: Page): Promise<Chat> {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/assistant-ui/chat")
      posts.push(request.url());
  });
  await page.goto("/assistant-ui.html");
  await expect(page.getByRole("heading", { name: "hitl-kit · assistant-ui" })).toBeVisible();
  await expect(page.getByTestId("composer")).toBeEnabled();
  return { posts, mark: (await prompts(page)).length };
}

/** Sends a phrase through its suggestion chip and waits for the kit's widget in the thread. */
async function ask(page: Page, phrase: string, kind: string): Promise<Asked> {
  await page.locator(`[data-testid=trigger-chip][data-phrase="${phrase}"]`).click();
  const part = page.getByTestId("message-assistant");
  const widget = part.locator(`[data-slot=widget][data-kind="${kind}"]`);
  await expect(widget).toHaveCount(1, { timeout: 20_000 });
  await expect(widget).toHaveAttribute("data-state", "open");
  return { part, widget, queue: page.getByTestId("message-log"), callId: "", sessionId: "" };
}

function partsOf(message: Prompt[number]): PromptPart[] {
  return Array.isArray(message.content) ? message.content : [];
}

/**
 * The model's prompt after the answer: the ask and the continuation only (two prompts since the
 * page opened, two chat requests), the continuation a sound transcript holding the one call of
 * `toolName` with exactly one result, equal to `output`. Returns the call's id.
 */
async function expectOneResult(page: Page, chat: Chat, toolName: string, output: unknown): Promise<string> {
  await expect.poll(async () => (await prompts(page)).length - chat.mark, { timeout: 15_000 }).toBe(2);
  const last = (await prompts(page)).at(-1) ?? [];
  expect(checkTranscript(last)).toEqual([]);
  const calls = last.flatMap(partsOf).filter((part) => part.type === "tool-call" && part.toolName === toolName);
  expect(calls, `calls of ${toolName} in the model's prompt`).toHaveLength(1);
  const callId = calls[0]?.toolCallId ?? "";
  expect(callId).toMatch(/^call_/);
  expect(Object.fromEntries(countToolResults(last))).toEqual({ [callId]: 1 });
  const results = last
    .flatMap(partsOf)
    .filter((part) => part.type === "tool-result" && part.toolCallId === callId)
    .map((part) => part.output);
  expect(results).toEqual([output]);
  // The prompt ends with the result: no user message, nothing else after the answer.
  expect(last.at(-1)?.role).toBe("tool");
  // The page sent no third request (the request event may reach the test after the route answered).
  await expect.poll(() => chat.posts.length).toBe(2);
  // And one result reached the chat: a second one with the same value would ride along in the
  // request already on its way, unseen by the route, so the page counts them.
  await expect(page.locator("main")).toHaveAttribute("data-results-sent", "1");
  return callId;
}

/** The kit's receipt on the call in the thread, the model's reply quoting the result, idle. */
async function expectReceipt(page: Page, widget: Locator, state: string, text: string, callId?: string) {
  await expect(widget).toHaveAttribute("data-state", state, { timeout: 15_000 });
  await expect(widget.locator("[data-slot=receipt]")).toContainText(text);
  await expect(page.locator("[data-slot=widget][data-state=open]")).toHaveCount(0);
  if (callId) await expect(page.getByTestId("message-log")).toContainText(`Done. Tool results: [{"id":"${callId}"`);
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
}

/** A reload: the thread comes back from storage with the receipt, no open widget, nothing sent. */
async function expectReloadQuiet(page: Page, chat: Chat, kind: string, state: string, text: string, callId: string) {
  await page.reload();
  await expect(page.getByRole("heading", { name: "hitl-kit · assistant-ui" })).toBeVisible();
  await expect(page.getByTestId("message-log")).toContainText(`Done. Tool results: [{"id":"${callId}"`);
  const widget = page.getByTestId("message-assistant").locator(`[data-slot=widget][data-kind="${kind}"]`);
  await expectReceipt(page, widget, state, text);
  await expect(page.getByTestId("composer")).toBeEnabled();
  // Nothing went out again: still the ask and the continuation.
  await page.waitForTimeout(500);
  await expect(page.locator("main")).toHaveAttribute("data-results-sent", "0");
  expect(chat.posts).toHaveLength(2);
  expect((await prompts(page)).length - chat.mark).toBe(2);
}

/** The kind's value, as `answers.ts` has it inside eve's tool result (`{ status, value }`). */
function answerValue(how: MouseAnswer): unknown {
  return (how.output as { value: { value: unknown } }).value.value;
}

const PICKERS: ReadonlyArray<{ readonly tool: string; readonly how: MouseAnswer }> = [
  { tool: "pick_media", how: MEDIA_BY_MOUSE },
  { tool: "fill_form", how: FORM_BY_MOUSE },
];

for (const { tool, how } of PICKERS) {
  test(`${how.kind} (${tool}) in the thread's tool UI (axe-clean while open), submitted with a double click: one typed result; a reload sends nothing`, async ({
    page,
  }) => {
    const chat = await openChat(page);
    const asked = await ask(page, how.phrase, how.kind);
    await how.fill?.(page, asked);
    const violations = (await new AxeBuilder({ page }).analyze()).violations.map((v) => ({
      id: v.id,
      targets: v.nodes.map((node) => node.target.join(" ")),
    }));
    expect(violations, "axe violations with the picker open in the thread").toEqual([]);
    await asked.widget.getByRole("button", { name: how.submit }).dblclick();

    const callId = await expectOneResult(page, chat, tool, { type: "json", value: answerValue(how) });
    await expectReceipt(page, asked.widget, "answered", how.receiptText, callId);
    await expectReloadQuiet(page, chat, how.kind, "answered", how.receiptText, callId);
  });
}

test("an approval (delete_file behind toolApproval) approved with a double click: the tool runs once; a reload sends nothing", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, APPROVE_BY_MOUSE.phrase, "approval");
  await asked.widget.getByRole("button", { name: "Approve" }).dblclick();

  const callId = await expectOneResult(page, chat, "delete_file", APPROVE_BY_MOUSE.output);
  await expectReceipt(page, asked.widget, "approved", APPROVE_BY_MOUSE.receiptText, callId);
  await expectReloadQuiet(page, chat, "approval", "approved", APPROVE_BY_MOUSE.receiptText, callId);
});

test("an approval denied with a note, the Deny double-clicked: one denial carrying the note; a reload sends nothing", async ({
  page,
}) => {
  const chat = await openChat(page);
  const asked = await ask(page, DENY_BY_MOUSE.phrase, "approval");
  await asked.widget.getByRole("button", { name: "Deny" }).click();
  await asked.widget.getByRole("textbox", { name: "Note for the agent (optional)" }).fill("Keep the draft");
  // The first Deny opened the note; this one (the only Deny now) sends.
  await asked.widget.getByRole("button", { name: "Deny" }).dblclick();

  const callId = await expectOneResult(page, chat, "delete_file", {
    type: "execution-denied",
    reason: "Keep the draft",
  });
  await expectReceipt(page, asked.widget, "denied", DENY_BY_MOUSE.receiptText, callId);
  await expectReloadQuiet(page, chat, "approval", "denied", DENY_BY_MOUSE.receiptText, callId);
});
