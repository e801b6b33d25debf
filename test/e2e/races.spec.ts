/**
 * The ways a UI sends two answers, or none, for one parked request — each must still give the
 * agent's model exactly one tool result and leave the widget on a receipt, never spinning.
 */
import type { BrowserContext, Locator, Page, Route } from "@playwright/test";
import { countToolResults } from "../../src/server/transcript";
import {
  APPROVE_BY_MOUSE,
  ASPECT_RATIO_BY_MOUSE,
  FALLBACK_BY_MOUSE,
  FORM_BY_MOUSE,
  MEDIA_BY_MOUSE,
  type MouseAnswer,
  QUESTION_BY_MOUSE,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
} from "./answers";
import { type Asked, ask, expectReceipt, newChat, widgetOn } from "./chat";
import { expect, test } from "./fixtures";
import { expectOneToolResult, promptsWithResult } from "./prompt-log";

const media = (...selected: string[]) => ({ type: "json", value: { status: "answered", value: { selected } } });

/**
 * Clicks both tabs' buttons at once, with every answer POST of the context held until both clicks
 * have landed. Without the hold, on a loaded machine the first tab's answer could reach eve and
 * come back over the second tab's stream while Playwright still checked the second button, which
 * then was gone (a receipt): that round would never run the race it is there for.
 *
 * Both buttons are checked ready first, then clicked without Playwright's wait for a stable box:
 * that wait counts animation frames, and headless Chromium draws none for a tab that is not in
 * front, so the back tab's click landed ~2 s after the other (measured) — not at once.
 */
async function clickBothAtOnce(context: BrowserContext, first: Locator, second: Locator) {
  await expect(first).toBeEnabled();
  await expect(second).toBeEnabled();
  let release = () => {};
  const clicked = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The answer route (`POST /eve/v1/session/:id`); the stream (`…/stream`) is not matched.
  const answerRoute = (url: URL) => /\/eve\/v1\/session\/[^/]+$/.test(url.pathname);
  const hold = async (route: Route) => {
    if (route.request().method() === "POST") await clicked;
    await route.fallback();
  };
  await context.route(answerRoute, hold);
  try {
    await Promise.all([first.click({ force: true }), second.click({ force: true })]);
  } finally {
    release();
  }
  await context.unroute(answerRoute, hold);
}

/**
 * Brings a tab to the front, then acts in it, as a person switching tabs does. Headless Chromium
 * draws no frames for a tab behind another, and each click there waited ~2 s for Playwright's
 * stable-box check (a form's three checkboxes: 6 s of a 13 s round).
 */
async function inFront(page: Page, act: () => Promise<void>) {
  await page.bringToFront();
  await act();
}

/** Chooses exactly these images by clicking their tiles in the inline grid (left selected if already). */
async function chooseImages(asked: Asked, ...names: string[]) {
  for (const name of names) {
    const option = asked.widget.getByRole("option", { name });
    if ((await option.getAttribute("aria-selected")) !== "true") await option.click();
  }
  await expect(asked.widget.getByRole("option", { selected: true })).toHaveCount(names.length);
}

const LIGHTHOUSE = "A striped lighthouse on a rocky cape";
const VOLCANO = "A volcano glowing under a purple dusk sky";

test.describe("double submits", () => {
  test("a double click on Submit sends one answer", async ({ page, promptLog, answerPosts }) => {
    await newChat(page);
    const asked = await ask(page, "pick media");
    await chooseImages(asked, LIGHTHOUSE);
    await asked.widget.getByRole("button", { name: "Submit" }).dblclick();

    await expectReceipt(page, asked, "answered");
    await expectOneToolResult(promptLog, asked.callId, media("lighthouse"));
    expect(answerPosts).toHaveLength(1);
  });

  test("Enter and a click on Submit at once send one answer", async ({ page, promptLog, answerPosts }) => {
    await newChat(page);
    const asked = await ask(page, "pick media");
    await chooseImages(asked, VOLCANO);
    const submit = asked.widget.getByRole("button", { name: "Submit" });
    await submit.focus();
    const box = await submit.boundingBox();
    if (!box) throw new Error("Submit has no box");
    // Real input events, back to back: the click does not wait for the button to be enabled.
    await Promise.all([page.keyboard.press("Enter"), page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)]);

    await expectReceipt(page, asked, "answered");
    await expectOneToolResult(promptLog, asked.callId, media("volcano"));
    expect(answerPosts).toHaveLength(1);
  });

  test("two clicks in one task, before React re-renders, send one answer", async ({ page, promptLog, answerPosts }) => {
    await newChat(page);
    const asked = await ask(page, "pick media");
    await chooseImages(asked, VOLCANO, LIGHTHOUSE);
    await asked.widget.getByRole("button", { name: "Submit" }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });

    await expectReceipt(page, asked, "answered");
    await expectOneToolResult(promptLog, asked.callId, media("volcano", "lighthouse"));
    expect(answerPosts).toHaveLength(1);
  });
});

/** (In the page, from its first script.) Every `data-state` an inline widget ever shows. */
function recordWidgetStates() {
  const seen: string[] = [];
  (window as unknown as { widgetStates: string[] }).widgetStates = seen;
  const record = () => {
    for (const widget of document.querySelectorAll("[data-testid=tool-part] [data-slot=widget]")) {
      const state = widget.getAttribute("data-state") ?? "";
      if (seen.at(-1) !== state) seen.push(state);
    }
  };
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-state"],
  });
}

/**
 * Catches the page's answer POSTs in the network (left pending: a reload cancels them), until
 * `stop()`. `deliver()` then sends the caught requests to eve itself, as a network would late.
 * The route stays installed: removing it while the page's other requests pass through it can
 * leave one of them stuck.
 */
async function catchAnswers(page: Page) {
  const caught: Array<{ url: string; body: string }> = [];
  let catching = true;
  await page.route(/\/eve\/v1\/session\/[^/?]+$/, async (route: Route) => {
    const request = route.request();
    const body = request.postData();
    if (!catching || request.method() !== "POST" || !body?.includes("inputResponses")) return route.fallback();
    caught.push({ url: request.url(), body });
  });
  return {
    caught,
    stop() {
      catching = false;
    },
    async deliver() {
      catching = false;
      for (const { url, body } of caught) {
        const response = await page.request.post(url, { data: body, headers: { "content-type": "application/json" } });
        expect(response.status()).toBe(202);
      }
    },
  };
}

test.describe("reloads", () => {
  test("a reload while the answer is still in the network: sent-awaiting, then the receipt, never open", async ({
    page,
    promptLog,
    answerPosts,
  }) => {
    await newChat(page);
    const asked = await ask(page, "pick media");
    await chooseImages(asked, LIGHTHOUSE);
    const network = await catchAnswers(page);
    await asked.widget.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => network.caught.length).toBe(1);
    await expect(asked.widget).toHaveAttribute("data-state", "submitting");
    await page.addInitScript(recordWidgetStates);
    await page.reload();

    // eve has not got the answer yet: after the reload the kit shows it as sent, awaiting
    // confirmation (from sessionStorage), not as an open question to answer again.
    const after = await widgetOn(page, "pick_media", { state: "submitting" });
    expect(after.callId).toBe(asked.callId);
    await expect(page.locator("main")).toHaveAttribute("data-status", /^(ready|streaming)$/);
    await expect(after.widget).toHaveAttribute("data-state", "submitting");
    // Now the answer reaches eve, as a request still in the network would.
    await network.deliver();

    await expectReceipt(page, after, "answered");
    await expectOneToolResult(promptLog, asked.callId, media("lighthouse"));
    expect(answerPosts).toHaveLength(1);
    // Not for a single frame was it offered as open again.
    const seen = await page.evaluate(() => (window as unknown as { widgetStates: string[] }).widgetStates);
    expect(seen).toContain("submitting");
    expect(seen).not.toContain("open");
  });

  test("a reload while the answer never reaches eve: given back after the grace period, sent once with Retry", async ({
    page,
    promptLog,
  }) => {
    await newChat(page);
    const asked = await ask(page, "pick media");
    await chooseImages(asked, LIGHTHOUSE);
    const network = await catchAnswers(page);
    await asked.widget.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => network.caught.length).toBe(1);
    network.stop(); // the caught answer is dropped, never delivered; later answers go through
    await page.reload();

    const after = await widgetOn(page, "pick_media", { state: "submitting" });
    // The live stream never settles it: after HitlProvider's grace period (unconfirmedGraceMs, 5 s)
    // the kit gives the request back as "not sent", with Retry (which resends the answer it kept).
    await expect(after.widget).toHaveAttribute("data-state", "error", { timeout: 15_000 });
    await expect(after.widget.getByRole("alert")).toContainText("Couldn't send your answer.");
    await after.widget.getByRole("button", { name: "Retry" }).click();

    await expectReceipt(page, after, "answered");
    await expectOneToolResult(promptLog, asked.callId, media("lighthouse"));
  });

  test("a reload right after clicking Submit: the receipt, or given back and sent with Retry — one result", async ({
    page,
    promptLog,
  }) => {
    await newChat(page);
    const asked = await ask(page, "pick media");
    await chooseImages(asked, VOLCANO);
    await asked.widget.getByRole("button", { name: "Submit" }).click();
    await page.reload();

    const after = await widgetOn(page, "pick_media", { state: /.*/ });
    await expect(page.locator("main")).not.toHaveAttribute("data-status", "resuming");
    // Whether the POST got out before the reload is up to the browser: either the replayed stream
    // settles it, or (never delivered) the kit reopens it as "not sent" after its grace period.
    await expect(after.widget).toHaveAttribute("data-state", /^(answered|error)$/, { timeout: 15_000 });
    const reopened = (await after.widget.getAttribute("data-state")) === "error";
    const branch = reopened
      ? "the answer never left: reopened, sent again with Retry"
      : "delivered: settled by the stream";
    test.info().annotations.push({ type: "branch", description: branch });
    console.log(`reload right after Submit → ${branch}`);
    if (reopened) await after.widget.getByRole("button", { name: "Retry" }).click();
    await expectReceipt(page, after, "answered");
    await expectOneToolResult(promptLog, asked.callId, media("volcano"));
  });
});

test("the same session in two tabs, both submitting at once: one answer, both show the receipt", async ({
  page,
  context,
  promptLog,
  answerPosts,
}) => {
  await newChat(page);
  const first = await ask(page, "pick media");
  const other = await context.newPage();
  await other.goto(`/?session=${encodeURIComponent(first.sessionId)}`);
  const second = await widgetOn(other, "pick_media");
  expect(second.callId).toBe(first.callId);

  await inFront(page, () => chooseImages(first, LIGHTHOUSE));
  await inFront(other, () => chooseImages(second, VOLCANO));
  await clickBothAtOnce(
    context,
    first.widget.getByRole("button", { name: "Submit" }),
    second.widget.getByRole("button", { name: "Submit" }),
  );

  await expectReceipt(page, first, "answered");
  await expectReceipt(other, second, "answered");
  const result = await expectOneToolResult(promptLog, first.callId, expect.objectContaining({ type: "json" }));
  const winner = (result.output.value as { value: { selected: string[] } }).value.selected;
  expect([["lighthouse"], ["volcano"]]).toContainEqual(winner);
  const name = winner[0] === "lighthouse" ? LIGHTHOUSE : VOLCANO;
  await expect(first.widget.locator("[data-slot=receipt]")).toContainText(name);
  await expect(second.widget.locator("[data-slot=receipt]")).toContainText(name);
  expect(answerPosts).toHaveLength(1);
});

/**
 * The cross-tab race, repeated for every picker and eve's approval: two tabs of one browser with
 * the request filled in, both Submits (both Approves) clicked at once. Before the claim was the
 * Web Lock itself, a note in localStorage under a lock let both through about half the time
 * (Chromium hands a localStorage write to other tabs asynchronously). Each round must end with
 * one answer POST and one result. eve's own question ("ask region") races too: its option
 * buttons answer in one click.
 */
test.describe("two tabs submitting at once, every picker, the approval and a question, repeated", () => {
  const pickers: readonly MouseAnswer[] = [
    MEDIA_BY_MOUSE,
    TEMPLATE_BY_MOUSE,
    ASPECT_RATIO_BY_MOUSE,
    TAGS_BY_MOUSE,
    FORM_BY_MOUSE,
    APPROVE_BY_MOUSE,
    QUESTION_BY_MOUSE,
  ];
  for (const how of pickers) {
    for (const round of [1, 2, 3]) {
      test(`${how.kind}, round ${round}: one answer`, async ({ page, context, promptLog, answerPosts }) => {
        const { fill, submit } = how;
        if (!fill || !submit) throw new Error(`${how.kind} has no separate fill/submit`);
        await newChat(page);
        const first = await ask(page, how.phrase);
        const other = await context.newPage();
        await other.goto(`/?session=${encodeURIComponent(first.sessionId)}`);
        const second = await widgetOn(other, await toolName(first));
        await inFront(page, () => fill(page, first));
        await inFront(other, () => fill(other, second));
        await clickBothAtOnce(
          context,
          first.widget.getByRole("button", { name: submit }),
          second.widget.getByRole("button", { name: submit }),
        );
        await expectReceipt(page, first, how.receipt);
        await expectReceipt(other, second, how.receipt);
        await expectOneToolResult(promptLog, first.callId, how.output);
        expect(answerPosts).toHaveLength(1);
        await other.close();
      });
    }
  }
});

async function toolName(asked: Asked): Promise<string> {
  return (await asked.part.getAttribute("data-tool-name")) ?? "";
}

test("a chat message while the media picker is open: a receipt, no spinner, nothing waiting", async ({
  page,
  promptLog,
}) => {
  await newChat(page);
  const asked = await ask(page, "pick media");
  await page.getByTestId("composer").fill("hello");
  await page.getByTestId("composer").press("Enter");

  // eve takes the message as the answer (the question allows free text) or cancels the question.
  await expect(asked.widget).toHaveAttribute("data-state", /^(answered|cancelled)$/, { timeout: 15_000 });
  await expect(asked.widget.locator("[data-slot=receipt]")).toBeVisible();
  await expect(asked.queue.locator("[data-slot=widget]")).toHaveCount(0);
  await expect(page.locator("main")).toHaveAttribute("data-status", "ready");
  // No spinner anywhere: nothing sending, nothing busy.
  await expect(
    page.locator("[data-slot=widget][data-state=submitting], [data-slot=widget][data-state=responded]"),
  ).toHaveCount(0);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);

  if ((await asked.widget.getAttribute("data-state")) === "answered") {
    await expectOneToolResult(promptLog, asked.callId, { type: "json", value: { status: "replied", text: "hello" } });
  } else {
    // Cancelled: the tool still gets its one result; "hello" then runs as a turn of its own.
    await expect.poll(() => promptsWithResult(promptLog, asked.callId).length).toBeGreaterThan(0);
    const latest = promptsWithResult(promptLog, asked.callId).at(-1)?.prompt ?? [];
    expect(countToolResults(latest).get(asked.callId)).toBe(1);
  }
});

test("a malformed ui payload: the fallback renders and a free-text answer gives one result", async ({
  page,
  promptLog,
  answerPosts,
}) => {
  await newChat(page);
  const asked = await ask(page, FALLBACK_BY_MOUSE.phrase);
  await expect(asked.widget).toHaveAttribute("data-reason", /.+/);
  await expect(asked.widget.getByText("This request couldn't be shown in its usual form.")).toBeVisible();
  await FALLBACK_BY_MOUSE.answer(page, asked);

  await expectReceipt(page, asked, FALLBACK_BY_MOUSE.receipt);
  await expect(asked.widget.locator("[data-slot=receipt]")).toContainText(FALLBACK_BY_MOUSE.receiptText);
  await expectOneToolResult(promptLog, asked.callId, FALLBACK_BY_MOUSE.output);
  expect(answerPosts).toHaveLength(1);
});

test("another device answering after the request settled: the playground's guard refuses it, one result", async ({
  page,
  promptLog,
  answerPosts,
}) => {
  await newChat(page);
  const asked = await ask(page, "pick media");
  await chooseImages(asked, LIGHTHOUSE);
  await asked.widget.getByRole("button", { name: "Submit" }).click();
  await expectReceipt(page, asked, "answered");

  // A second browser (no shared storage, no shared claim) posts its answer to the same request.
  const requestId = await page.evaluate(async (sessionId) => {
    const response = await fetch(`/eve/v1/session/${encodeURIComponent(sessionId)}/stream?startIndex=0&follow=false`);
    const events = (await response.text())
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const requested = events.find((event) => event.type === "input.requested");
    return requested?.data.requests[0].requestId as string;
  }, asked.sessionId);
  const late = await page.request.post(`/eve/v1/session/${encodeURIComponent(asked.sessionId)}`, {
    data: {
      inputResponses: [
        { requestId, text: JSON.stringify({ hitl: 1, kind: "media", value: { selected: ["volcano"] } }) },
      ],
    },
  });
  expect(late.status()).toBe(409);
  expect(await late.json()).toMatchObject({
    code: "HITL_ALREADY_ANSWERED",
    response: { type: "value", value: { selected: ["lighthouse"] } },
  });
  await expectOneToolResult(promptLog, asked.callId, media("lighthouse"));
  expect(answerPosts).toHaveLength(1); // the page's own answer (the late one came from outside it)
});
