/**
 * The playground's inbox (`/inbox.html`, `playground/inbox/server.ts`) end to end: requests the
 * eve agent asked in a chat page, parked by the page server in a SQLite file shared by both page
 * servers, answered later from another browser context — after the chat page closed and its page
 * server was killed — or through an answer link. The agent's model must see exactly one tool
 * result per call, whoever answered and however many answered at once.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { ask, newChat } from "./chat";
import { expect, test } from "./fixtures";
import { expectOneToolResult } from "./prompt-log";

interface SentLink {
  readonly requestId: string;
  readonly prompt: string;
  readonly source?: string;
  readonly conversation?: string;
  readonly link: string;
}

const ANSWERED_ELSEWHERE = "Answered elsewhere: another device answered first, with this.";
const answered = (value: unknown) => ({ type: "json", value: { status: "answered", value } });

/** The link the inbox "sent" for a conversation's request (an eve session, a LangGraph thread), once parked. */
async function sentFor(
  request: APIRequestContext,
  pageUrl: string,
  conversation: string,
  source = "eve",
): Promise<SentLink> {
  let found: SentLink | undefined;
  await expect
    .poll(
      async () => {
        const lines = (await (await request.get(`${pageUrl}/inbox/sent`)).json()) as SentLink[];
        found = lines.find((line) => line.source === source && line.conversation === conversation);
        return found !== undefined;
      },
      { message: `the inbox parks ${source} ${conversation}'s request`, timeout: 15_000 },
    )
    .toBe(true);
  return found as SentLink;
}

/**
 * The inbox's item for a request, scrolled into the list's window as a person would scroll: the
 * list renders only the rows in view, and the worker's other tests leave requests waiting too.
 */
async function itemIn(page: Page, requestId: string): Promise<Locator> {
  const item = page.locator(`[data-slot=inbox-item][data-request-id="${requestId}"]`);
  const scroller = page.locator("[data-slot=inbox-scroller]");
  await expect
    .poll(
      async () => {
        if ((await item.count()) > 0) return true;
        if ((await scroller.count()) === 0) return false;
        // From the top, a half window at a time, until the row shows or the list ends.
        await scroller.evaluate((element) => {
          element.scrollTop = 0;
        });
        for (let step = 0; step < 200; step++) {
          if ((await item.count()) > 0) return true;
          const moved = await scroller.evaluate((element) => {
            const before = element.scrollTop;
            element.scrollTop += element.clientHeight / 2;
            return element.scrollTop !== before;
          });
          if (!moved) return (await item.count()) > 0;
          await page.waitForTimeout(20);
        }
        return false;
      },
      { message: `the inbox lists ${requestId}`, timeout: 20_000 },
    )
    .toBe(true);
  return item;
}

/** A request's state as its item shows it (read again if the row moves out of the window meanwhile). */
const itemState = async (page: Page, requestId: string) =>
  (await itemIn(page, requestId)).getAttribute("data-state", { timeout: 2_000 }).catch(() => undefined);

/**
 * Opens a request's item. Found and clicked as one step, again if it fails: the live list moves a
 * row when another one settles (receipts go last), so a row found may leave the window before the click.
 */
async function openItem(page: Page, requestId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          await (await itemIn(page, requestId)).click({ timeout: 2_000 });
          return true;
        } catch {
          return false;
        }
      },
      { message: `open ${requestId} in the inbox`, timeout: 30_000 },
    )
    .toBe(true);
}

async function openInInbox(browser: Browser, pageUrl: string, requestId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: pageUrl });
  const page = await context.newPage();
  await page.goto("/inbox.html");
  await openItem(page, requestId);
  return page;
}

const detailWidget = (page: Page) => page.locator("[data-slot=inbox-detail] [data-slot=widget]");

test("a question asked in a chat page, the page closed and its server killed, answered from another browser through the inbox: one result", async ({
  page,
  browser,
  playground,
  promptLog,
}) => {
  // A crowded inbox (more than the list's window shows), as the worker's other tests leave it too.
  for (let n = 0; n < 30; n++) {
    expect((await page.request.post(`${playground.pageUrl}/inbox/ask`, { data: { ttlMs: 600_000 } })).status()).toBe(
      201,
    );
  }
  await newChat(page);
  const asked = await ask(page, "pick tags");
  const sent = await sentFor(page.request, playground.pageUrl, asked.sessionId);
  expect(sent.prompt).toMatch(/Which tags fit this article/);
  await page.close();
  await playground.restartFirstPage();

  const phone = await openInInbox(browser, playground.pageUrl, sent.requestId);
  const widget = detailWidget(phone);
  await expect(widget).toHaveAttribute("data-state", "open");
  await widget.getByRole("checkbox", { name: "Design", exact: true }).check();
  await widget.getByRole("button", { name: "Submit" }).dblclick();
  await expect(widget).toHaveAttribute("data-state", "answered");

  await expectOneToolResult(promptLog, asked.callId, answered({ selected: ["design"] }));
  await expect.poll(() => itemState(phone, sent.requestId), { timeout: 15_000 }).toBe("answered");
  await phone.context().close();
});

test("a LangGraph interrupt, its page closed and the page server killed, answered through the inbox: one resume, the typed answer in the graph", async ({
  page,
  browser,
  playground,
}) => {
  await page.goto("/langgraph.html");
  await page.getByTestId("new-chat").click();
  await page.locator('[data-testid=trigger-chip][data-phrase="pick tags"]').click();
  const main = page.locator("main");
  await expect(main).not.toHaveAttribute("data-thread-id", "");
  const threadId = (await main.getAttribute("data-thread-id")) ?? "";
  await expect(page.getByTestId("pending-queue").locator("[data-slot=widget][data-state=open]")).toHaveCount(1, {
    timeout: 20_000,
  });
  const sent = await sentFor(page.request, playground.pageUrl, threadId, "langgraph");
  await page.close();
  await playground.restartFirstPage();

  const phone = await openInInbox(browser, playground.pageUrl, sent.requestId);
  const widget = detailWidget(phone);
  await expect(widget).toHaveAttribute("data-state", "open");
  await widget.getByRole("checkbox", { name: "Tutorial", exact: true }).click();
  await widget.getByRole("checkbox", { name: "Design", exact: true }).click();
  await widget.getByRole("button", { name: "Submit" }).dblclick();
  await expect(widget).toHaveAttribute("data-state", "answered");

  const resumes = async () =>
    (await (await phone.request.get(`/langgraph/__hitl/resumes?thread=${encodeURIComponent(threadId)}`)).json()) as {
      value: unknown;
    }[];
  await expect.poll(async () => (await resumes()).length, { timeout: 15_000 }).toBe(1);
  await phone.waitForTimeout(2_500); // the inbox's next ticks: nothing resumes again
  expect(await resumes()).toHaveLength(1);
  const state = (await (await phone.request.get(`/langgraph/threads/${threadId}/state`)).json()) as {
    values?: { answers?: { result: unknown }[] };
  };
  expect(state.values?.answers?.map((answer) => answer.result)).toEqual([
    { status: "answered", value: { selected: ["design", "tutorial"] } },
  ]);
  await phone.context().close();
});

test("an MCP 2026 call the page server made, answered through the inbox after the page server was killed: each round retried once", async ({
  page,
  browser,
  playground,
}) => {
  const retries = async () =>
    (await (await page.request.get(`${playground.mcpOrigin}/mcp-2026/retries`)).json()) as {
      call: string;
      round: number;
    }[];
  const before = (await retries()).length;
  const started = await page.request.post(`${playground.pageUrl}/inbox/mcp/plan`, { data: {} });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await playground.restartFirstPage();

  const phone = await openInInbox(browser, playground.pageUrl, `mcp-round:${id}:1:cover`);
  const cover = detailWidget(phone);
  await cover.getByRole("option", { name: "desert dunes" }).click();
  await cover.getByRole("button", { name: "Submit" }).dblclick();
  await expect(cover).toHaveAttribute("data-state", "answered");
  await openItem(phone, `mcp-round:${id}:1:details`);
  const details = detailWidget(phone);
  await details.getByRole("spinbutton", { name: /^Guests/ }).fill("12");
  await details.getByRole("button", { name: "Submit" }).dblclick();
  await expect(details).toHaveAttribute("data-state", "answered");

  // The round's one retry parks round 2: the deposit, a URL step.
  await openItem(phone, `mcp-round:${id}:2:deposit`);
  const link = detailWidget(phone).getByRole("link", { name: /^Open localhost:\d+/ });
  const [popup] = await Promise.all([phone.context().waitForEvent("page"), link.click()]);
  await expect(popup.getByRole("heading", { name: "Deposit paid" })).toBeVisible();
  await popup.close();

  await expect
    .poll(
      async () =>
        ((await (await phone.request.get("/inbox/results")).json()) as { id: string }[]).some((end) => end.id === id),
      {
        message: "the call ends with its result",
        timeout: 15_000,
      },
    )
    .toBe(true);
  const mine = (await retries()).slice(before);
  expect(mine.map((retry) => retry.round)).toEqual([1, 2]);
  expect(new Set(mine.map((retry) => retry.call)).size).toBe(1);
  await phone.context().close();
});

test("the same request answered through the inbox and through its link in the same instant: one result, the other sees answered elsewhere", async ({
  page,
  browser,
  playground,
  promptLog,
}) => {
  await newChat(page);
  const asked = await ask(page, "pick tags");
  const sent = await sentFor(page.request, playground.pageUrl, asked.sessionId);

  const inbox = await openInInbox(browser, playground.secondPageUrl, sent.requestId);
  const linkContext = await browser.newContext();
  const link = await linkContext.newPage();
  await link.goto(sent.link);
  const fromInbox = detailWidget(inbox);
  const fromLink = link.locator("[data-slot=widget]");
  await expect(fromInbox).toHaveAttribute("data-state", "open");
  await expect(fromLink).toHaveAttribute("data-state", "open");
  await fromInbox.getByRole("checkbox", { name: "Design", exact: true }).check();
  await fromLink.getByRole("checkbox", { name: "Tutorial", exact: true }).check();
  await Promise.all([
    fromInbox.getByRole("button", { name: "Submit" }).click(),
    fromLink.getByRole("button", { name: "Submit" }).click(),
  ]);

  // One of the two won; the other shows the winner's answer as answered elsewhere.
  const lost = async () => [
    await inbox.getByText(ANSWERED_ELSEWHERE).count(),
    await link.getByText(ANSWERED_ELSEWHERE).count(),
  ];
  await expect
    .poll(lost, { message: "one of the two shows answered elsewhere", timeout: 15_000 })
    .toEqual(expect.arrayContaining([0, 1]));
  const inboxLost = (await lost())[0] === 1;
  const winner = inboxLost ? ["tutorial"] : ["design"];
  await expectOneToolResult(promptLog, asked.callId, answered({ selected: winner }));
  // The chat page that asked shows it answered too, with nothing left to answer.
  await expect(asked.widget).not.toHaveAttribute("data-state", "open", { timeout: 15_000 });
  await inbox.context().close();
  await linkContext.close();
});

test("an expired request cannot be answered: not in the inbox, not through the API, not through its link", async ({
  page,
  playground,
}) => {
  const parked = await page.request.post(`${playground.pageUrl}/inbox/ask`, { data: { ttlMs: 1_500 } });
  expect(parked.status()).toBe(201);
  const { requestId } = (await parked.json()) as { requestId: string };
  await page.goto(`${playground.pageUrl}/inbox.html`);
  await expect.poll(() => itemState(page, requestId), { timeout: 15_000 }).toBe("expired");
  await openItem(page, requestId);
  await expect(detailWidget(page)).not.toHaveAttribute("data-state", "open");
  await expect(detailWidget(page).getByRole("button", { name: "Submit" })).toHaveCount(0);

  const late = await page.request.post(`${playground.pageUrl}/inbox/requests/${encodeURIComponent(requestId)}/answer`, {
    data: { answer: { type: "value", value: { selected: ["design"] } } },
  });
  expect(late.status()).toBe(410);
  const lines = (await (await page.request.get(`${playground.pageUrl}/inbox/sent`)).json()) as SentLink[];
  const sent = lines.find((line) => line.requestId === requestId);
  if (!sent) throw new Error(`no link was sent for ${requestId}`);
  const viaLink = await page.request.post(`${playground.pageUrl}/inbox/links/${sent.link.split("#link=")[1]}/answer`, {
    data: { answer: { type: "value", value: { selected: ["design"] } } },
  });
  expect(viaLink.status()).toBe(410);
});

test("a tampered link opens nothing and says why", async ({ page, playground }) => {
  const parked = await page.request.post(`${playground.pageUrl}/inbox/ask`, { data: { ttlMs: 60_000 } });
  const { requestId } = (await parked.json()) as { requestId: string };
  const lines = (await (await page.request.get(`${playground.pageUrl}/inbox/sent`)).json()) as SentLink[];
  const token = lines.find((line) => line.requestId === requestId)?.link.split("#link=")[1] ?? "";
  const [claims, signature] = token.split(".");
  await page.goto(`${playground.pageUrl}/inbox.html#link=${claims}.${signature?.slice(0, -2)}xx`);
  await expect(page.getByRole("alert")).toHaveText(/not valid/);
  await expect(page.locator("[data-slot=widget]")).toHaveCount(0);
});

test("axe: the inbox with requests waiting has no violations", async ({ page, playground }) => {
  await page.request.post(`${playground.pageUrl}/inbox/ask`, { data: { ttlMs: 60_000 } });
  await page.goto(`${playground.pageUrl}/inbox.html`);
  await page.locator("[data-slot=inbox-item][data-state=open]").first().click();
  await expect(detailWidget(page)).toHaveAttribute("data-state", "open");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
