/**
 * The LangGraph page, end to end in Chromium: the real `useStream` (`@langchain/langgraph-sdk/react`)
 * with `useLangGraphHitl`, against a real LangGraph API server running the playground's graph
 * (`playground/langgraph/graph.ts`: a scripted chat model, the kit's questions as interrupts).
 * What counts is what the SERVER took — every resume goes through a proxy that records it, keyed
 * by interrupt id (`/langgraph/__hitl/resumes`) — and what the graph recorded it read (`answers`
 * in the thread's state): exactly one resume per interrupt, carrying the typed answer.
 */
import type { Locator, Page } from "@playwright/test";
import {
  ASPECT_RATIO_BY_MOUSE,
  FORM_BY_MOUSE,
  MEDIA_BY_MOUSE,
  type MouseAnswer,
  QUESTIONS_BY_MOUSE,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
  VOICE_BY_MOUSE,
} from "./answers";
import type { Asked } from "./chat";
import { expect, test } from "./fixtures";

interface CountedResume {
  readonly threadId: string;
  readonly interruptId: string;
  readonly value: unknown;
}

interface RecordedAnswer {
  readonly tool: string;
  readonly callId: string;
  readonly result: unknown;
}

/** A fresh chat on the LangGraph page. */
async function openChat(page: Page): Promise<void> {
  await page.goto("/langgraph.html");
  await expect(page.getByRole("heading", { name: "hitl-kit · LangGraph useStream" })).toBeVisible();
  await page.getByTestId("new-chat").click();
  await expect(page.getByTestId("composer")).toBeEnabled();
}

async function say(page: Page, phrase: string): Promise<string> {
  await page.locator(`[data-testid=trigger-chip][data-phrase="${phrase}"]`).click();
  const main = page.locator("main");
  await expect(main).not.toHaveAttribute("data-thread-id", "");
  return (await main.getAttribute("data-thread-id")) ?? "";
}

const queue = (page: Page) => page.getByTestId("pending-queue");

/** The open widget of `kind` in the queue (`error`: open again after an answer that never left). */
async function waitingWidget(page: Page, kind: string, nth = 0, state: RegExp | string = "open"): Promise<Locator> {
  const widget = queue(page).locator(`[data-slot=widget][data-kind="${kind}"]`).nth(nth);
  await expect(widget).toHaveAttribute("data-state", state, { timeout: 20_000 });
  return widget;
}

/** The widget as the shared mouse answers (written for the eve page) reach it. */
const asAsked = (page: Page, widget: Locator, threadId: string): Asked => ({
  part: widget,
  widget,
  queue: queue(page),
  callId: "",
  sessionId: threadId,
});

async function resumes(page: Page, threadId: string): Promise<CountedResume[]> {
  const response = await page.request.get(`/langgraph/__hitl/resumes?thread=${encodeURIComponent(threadId)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CountedResume[];
}

async function recorded(page: Page, threadId: string): Promise<RecordedAnswer[]> {
  const response = await page.request.get(`/langgraph/threads/${threadId}/state`);
  expect(response.ok()).toBe(true);
  const state = (await response.json()) as { values?: { answers?: RecordedAnswer[] } };
  return state.values?.answers ?? [];
}

/** The graph went on after the answers and replied; the thread waits on nothing now. */
async function expectGraphReplied(page: Page): Promise<void> {
  await expect(page.getByTestId("message-assistant").filter({ hasText: "Done. Tool results" })).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
}

/** Exactly one resume per interrupt id, and as many interrupts as expected. */
function expectOneResumeEach(counted: readonly CountedResume[], interrupts: number): void {
  const ids = counted.map((resume) => resume.interruptId);
  expect(new Set(ids).size, `interrupt ids resumed: ${ids.join(", ")}`).toBe(ids.length);
  expect(ids).toHaveLength(interrupts);
}

const PICKERS: readonly { answer: MouseAnswer; tool: string }[] = [
  { answer: MEDIA_BY_MOUSE, tool: "pick_media" },
  { answer: TEMPLATE_BY_MOUSE, tool: "pick_template" },
  { answer: ASPECT_RATIO_BY_MOUSE, tool: "pick_aspect_ratio" },
  { answer: TAGS_BY_MOUSE, tool: "pick_tags" },
  { answer: FORM_BY_MOUSE, tool: "fill_form" },
  { answer: VOICE_BY_MOUSE, tool: "pick_voice" },
  // A three-question set: a radio, two checkboxes in the order chosen, "Other…" in the person's words.
  { answer: QUESTIONS_BY_MOUSE, tool: "ask_questions" },
];

/** The typed result the graph's `readResume` gives for a mouse answer (its eve tool output's value). */
const typedResult = (answer: MouseAnswer) => (answer.output as { value: { status: string; value: unknown } }).value;

for (const { answer, tool } of PICKERS) {
  test(`${answer.kind}: answered with a double click — one resume, the typed answer in the graph`, async ({ page }) => {
    await openChat(page);
    const threadId = await say(page, answer.phrase);
    const widget = await waitingWidget(page, answer.kind);
    await answer.fill?.(page, asAsked(page, widget, threadId));
    await widget.getByRole("button", { name: answer.submit ?? "Submit" }).dblclick();
    await expect(widget).toHaveAttribute("data-state", answer.receipt, { timeout: 15_000 });
    await expect(widget.locator("[data-slot=receipt]")).toContainText(answer.receiptText);
    await expectGraphReplied(page);
    const counted = await resumes(page, threadId);
    expectOneResumeEach(counted, 1);
    expect(counted[0]?.value).toEqual(typedResult(answer).value);
    expect(await recorded(page, threadId)).toEqual([
      { tool, callId: expect.stringMatching(/^call_/), result: typedResult(answer) },
    ]);
  });
}

test("LangChain's HITL review (two actions in one interrupt): Edit the email, approve the delete — one resume with both decisions", async ({
  page,
}) => {
  await openChat(page);
  const threadId = await say(page, "review actions");
  const email = await waitingWidget(page, "approval", 0);
  const file = await waitingWidget(page, "approval", 1);
  await expect(email).toContainText("send_email");
  await expect(file).toContainText("delete_file");
  // delete_file allows approve and reject only: no Edit.
  await expect(file.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await email.getByRole("button", { name: "Edit" }).click();
  const subject = email.getByRole("textbox", { name: "Subject" });
  await expect(subject).toHaveValue("Release 2.4 is out");
  await subject.fill("Release 2.4 is out — with notes");
  await email.getByRole("checkbox", { name: "Urgent" }).check();
  await email.getByRole("button", { name: "Run with these changes" }).dblclick();
  // Held: the interrupt resumes once both actions have their decision.
  await expect(email).toHaveAttribute("data-state", "submitting");
  await page.waitForTimeout(500);
  expect(await resumes(page, threadId)).toEqual([]);
  await file.getByRole("button", { name: "Approve" }).dblclick();
  await expect(email).toHaveAttribute("data-state", "approved", { timeout: 15_000 });
  await expect(email.locator("[data-slot=receipt]")).toContainText("Approved with changes");
  await expect(file).toHaveAttribute("data-state", "approved");
  await expectGraphReplied(page);
  const decisions = [
    {
      type: "edit",
      editedAction: {
        name: "send_email",
        args: { to: "team@example.com", subject: "Release 2.4 is out — with notes", urgent: true },
      },
    },
    { type: "approve" },
  ];
  const counted = await resumes(page, threadId);
  expectOneResumeEach(counted, 1);
  expect(counted[0]?.value).toEqual({ decisions });
  expect((await recorded(page, threadId)).map((answer) => [answer.tool, answer.result])).toEqual([
    ["send_email", decisions[0]],
    ["delete_file", decisions[1]],
  ]);
  await expect(page.getByTestId("tool-result").filter({ hasText: "with notes" })).toHaveCount(1);
});

test("LangChain's HITL review: a denial with a note is one reject the graph reads", async ({ page }) => {
  await openChat(page);
  const threadId = await say(page, "delete file");
  const widget = await waitingWidget(page, "approval");
  await widget.getByRole("button", { name: "Deny" }).click();
  await widget.getByRole("textbox", { name: "Note for the agent (optional)" }).fill("Keep the draft");
  await widget.getByRole("button", { name: "Deny" }).dblclick();
  await expect(widget).toHaveAttribute("data-state", "denied", { timeout: 15_000 });
  await expectGraphReplied(page);
  const counted = await resumes(page, threadId);
  expectOneResumeEach(counted, 1);
  expect(counted[0]?.value).toEqual({ decisions: [{ type: "reject", message: "Keep the draft" }] });
  expect((await recorded(page, threadId)).map((answer) => answer.result)).toEqual([
    { type: "reject", message: "Keep the draft" },
  ]);
});

test("two questions at once (a Send fan-out): the first answer waits for the second, then ONE run resumes both", async ({
  page,
}) => {
  await openChat(page);
  const threadId = await say(page, "pick two");
  const media = await waitingWidget(page, "media");
  const ratio = await waitingWidget(page, "aspect-ratio");
  await MEDIA_BY_MOUSE.fill?.(page, asAsked(page, media, threadId));
  await media.getByRole("button", { name: "Submit" }).dblclick();
  await expect(media).toHaveAttribute("data-state", "submitting");
  await page.waitForTimeout(500);
  expect(await resumes(page, threadId)).toEqual([]);
  await ASPECT_RATIO_BY_MOUSE.fill?.(page, asAsked(page, ratio, threadId));
  await ratio.getByRole("button", { name: "Use this ratio" }).dblclick();
  await expect(media).toHaveAttribute("data-state", "answered", { timeout: 15_000 });
  await expect(ratio).toHaveAttribute("data-state", "answered");
  await expectGraphReplied(page);
  const counted = await resumes(page, threadId);
  expectOneResumeEach(counted, 2);
  expect(counted.map((resume) => resume.value)).toEqual(
    expect.arrayContaining([typedResult(MEDIA_BY_MOUSE).value, typedResult(ASPECT_RATIO_BY_MOUSE).value]),
  );
  expect(
    (await recorded(page, threadId))
      .map((answer) => [answer.tool, answer.result])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  ).toEqual([
    ["pick_aspect_ratio", typedResult(ASPECT_RATIO_BY_MOUSE)],
    ["pick_media", typedResult(MEDIA_BY_MOUSE)],
  ]);
});

test("a reload after the resume: the thread comes back without a stale form, and nothing resumes again", async ({
  page,
}) => {
  await openChat(page);
  const threadId = await say(page, "pick aspect ratio");
  const widget = await waitingWidget(page, "aspect-ratio");
  await ASPECT_RATIO_BY_MOUSE.fill?.(page, asAsked(page, widget, threadId));
  await widget.getByRole("button", { name: "Use this ratio" }).click();
  await expect(widget).toHaveAttribute("data-state", "answered", { timeout: 15_000 });
  await expectGraphReplied(page);
  await page.reload();
  await expect(page.locator("main")).toHaveAttribute("data-thread-id", threadId);
  await expectGraphReplied(page);
  // Past a poll or two of the thread: nothing waits, nothing reopened, nothing sent again.
  await page.waitForTimeout(2_500);
  await expect(queue(page).locator("[data-slot=widget]")).toHaveCount(0);
  expectOneResumeEach(await resumes(page, threadId), 1);
  expect(await recorded(page, threadId)).toHaveLength(1);
});

test("a reload while the question waits: it comes back open, and is answered once", async ({ page }) => {
  await openChat(page);
  const threadId = await say(page, "pick voice");
  await waitingWidget(page, "voice");
  await page.reload();
  const widget = await waitingWidget(page, "voice");
  await VOICE_BY_MOUSE.answer(page, asAsked(page, widget, threadId));
  await expect(widget).toHaveAttribute("data-state", "answered", { timeout: 15_000 });
  await expectGraphReplied(page);
  expectOneResumeEach(await resumes(page, threadId), 1);
  expect((await recorded(page, threadId)).map((answer) => answer.result)).toEqual([typedResult(VOICE_BY_MOUSE)]);
});

test("a reload right as the answer goes: the interrupt is resumed at most once, and ends answered once", async ({
  page,
}) => {
  await openChat(page);
  const threadId = await say(page, "pick tags");
  const widget = await waitingWidget(page, "multi-select");
  await TAGS_BY_MOUSE.fill?.(page, asAsked(page, widget, threadId));
  await widget.getByRole("button", { name: "Submit" }).click();
  await page.reload();
  await expect(page.locator("main")).toHaveAttribute("data-thread-id", threadId);
  // The resume either reached the server before the page went (the run goes on without the page:
  // onDisconnect "continue"), or it never left: then, once the journal's grace is over, the question
  // is open again (saying the answer never arrived) and the next answer is the one.
  const reopened = queue(page).locator('[data-slot=widget][data-state="error"], [data-slot=widget][data-state="open"]');
  await expect
    .poll(async () => (await resumes(page, threadId)).length === 1 || (await reopened.count()) === 1, {
      timeout: 20_000,
    })
    .toBe(true);
  if ((await resumes(page, threadId)).length === 0) {
    const again = await waitingWidget(page, "multi-select", 0, /open|error/);
    await TAGS_BY_MOUSE.answer(page, asAsked(page, again, threadId));
  }
  await expectGraphReplied(page);
  await page.waitForTimeout(2_500);
  expectOneResumeEach(await resumes(page, threadId), 1);
  expect((await recorded(page, threadId)).map((answer) => answer.result)).toEqual([typedResult(TAGS_BY_MOUSE)]);
  await expect(queue(page).locator('[data-slot=widget][data-state="open"]')).toHaveCount(0);
});

test("typing in the chat while a question waits: one reply resumes it, then the message is a run of its own — after the tool result, never between a call and its result", async ({
  page,
}) => {
  await openChat(page);
  const threadId = await say(page, "pick aspect ratio");
  const widget = await waitingWidget(page, "aspect-ratio");
  await page.getByTestId("composer").fill("square is fine, thanks");
  await page.getByTestId("send").click();

  // The question got the words as its one reply ("replied in chat"), read back typed by the graph.
  await expect(widget).toHaveAttribute("data-state", "answered", { timeout: 15_000 });
  const counted = await resumes(page, threadId);
  expectOneResumeEach(counted, 1);
  expect(counted[0]?.value).toEqual({ reply: "square is fine, thanks" });
  expect(await recorded(page, threadId)).toEqual([
    {
      tool: "pick_aspect_ratio",
      callId: expect.stringMatching(/^call_/),
      result: { status: "replied", text: "square is fine, thanks" },
    },
  ]);
  // The graph answered the tool result, then the message as its own turn. The scripted model is
  // strict as a provider: a message between a tool call and its result would have failed the run.
  await expect(page.getByTestId("message-user").last()).toContainText("square is fine, thanks", { timeout: 20_000 });
  await expect(page.getByTestId("message-assistant").last()).toContainText("I am", { timeout: 20_000 });
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
  await expect(page.getByRole("alert")).toHaveCount(0);
  const response = await page.request.get(`/langgraph/threads/${threadId}/state`);
  const state = (await response.json()) as { values: { messages: { type: string; tool_call_id?: string }[] } };
  const types = state.values.messages.map((message) => message.type);
  expect(types).toEqual(["human", "ai", "tool", "ai", "human", "ai"]);
});
