/**
 * Two devices answering one request in the same instant. Two browsers (two contexts: no shared
 * storage, no shared Web Lock), each on its own page server — two Vite processes, each with its
 * own answer guard, both guards claiming in one Redis (`servers.ts`) — in front of one eve. Both
 * fill the request in differently and click at once; both answer POSTs are held until both are
 * out, then let go together, so both guards read eve's session while the request is still open
 * there: only the claim in Redis can pick one. Each round must end with one answer in eve (one
 * tool result, no stray message, a reply quoting it) and the other device told, without its
 * agent left broken.
 *
 * (The playground's agent parks no eve-native question, so that kind is not raced here.)
 */
import type { BrowserContext, Locator, Page, Request, Route } from "@playwright/test";
import { countToolResults } from "../../src/server/transcript";
import { userTexts } from "../eve-agent/eve-http";
import {
  APPROVE_BY_MOUSE,
  ASPECT_RATIO_BY_MOUSE,
  FORM_BY_MOUSE,
  MEDIA_BY_MOUSE,
  type MouseAnswer,
  QUESTION_BY_MOUSE,
  TAGS_BY_MOUSE,
  TEMPLATE_BY_MOUSE,
} from "./answers";
import { type Asked, ask, newChat, type Phrase, TOOL_BY_PHRASE, widgetOn } from "./chat";
import { expect, test } from "./fixtures";
import { expectOneToolResult, promptsWithCall, promptsWithResult } from "./prompt-log";

/** One device's answer: how it is filled in and sent, and what it gives when it wins. */
interface DeviceAnswer {
  readonly fill: (page: Page, asked: Asked) => Promise<void>;
  /** The button that sends it. */
  readonly submit: string;
  /** The tool result's `output` in the model's next prompt when this answer wins. */
  readonly output: unknown;
  /** Text a receipt shows for this answer: the winner's own, and the loser's "answered elsewhere". */
  readonly shows: string;
}

interface Race {
  readonly kind: string;
  readonly phrase: Phrase;
  /** The winning page's widget `data-state` once settled. */
  readonly receipt: string;
  /** The losing page's widget `data-state` once settled, and the text its receipt shows. */
  readonly loserState: string;
  readonly loserReceipt: string;
  /** The two devices' answers (which device gives which alternates by round). */
  readonly answers: readonly [DeviceAnswer, DeviceAnswer];
}

/** The receipt of a request this device answered, but another device answered first. */
const ANSWERED_ELSEWHERE = "Answered elsewhere: another device answered first, with this.";

const answered = (value: unknown) => ({ type: "json", value: { status: "answered", value } });

function fromMouse(how: MouseAnswer): DeviceAnswer {
  if (!how.fill || !how.submit) throw new Error(`${how.kind} has no separate fill/submit`);
  return { fill: how.fill, submit: how.submit, output: how.output, shows: how.receiptText };
}

const MEDIA_ALPINE_LAKE: DeviceAnswer = {
  async fill(_page, { widget }) {
    await widget.getByRole("option", { name: "An alpine lake under snowy peaks at dawn" }).click();
    await expect(widget.getByRole("option", { selected: true })).toHaveCount(1);
  },
  submit: "Submit",
  output: answered({ selected: ["alpine-lake"] }),
  shows: "An alpine lake under snowy peaks at dawn",
};

const TEMPLATE_NEWSLETTER: DeviceAnswer = {
  async fill(page, { widget }) {
    const card = widget.locator("label").filter({ has: page.getByRole("radio", { name: "Weekly newsletter" }) });
    await card.click();
    await expect(widget.getByRole("radio", { name: "Weekly newsletter" })).toBeChecked();
    await widget.getByRole("textbox", { name: "Issue number" }).fill("43");
  },
  submit: "Submit",
  output: answered({ templateId: "weekly-newsletter", variables: { issueNumber: "43" } }),
  shows: "Weekly newsletter",
};

const ASPECT_RATIO_WIDESCREEN: DeviceAnswer = {
  async fill(_page, { widget }) {
    await widget.getByRole("radio", { name: /Widescreen/ }).click();
    await expect(widget.getByRole("radio", { name: /Widescreen/ })).toBeChecked();
  },
  submit: "Use this ratio",
  output: answered({ ratio: "16:9", width: 1, height: 0.5625 }),
  shows: "16:9",
};

const TAGS_RESEARCH: DeviceAnswer = {
  async fill(_page, { widget }) {
    await widget.getByRole("checkbox", { name: "Students", exact: true }).click();
    await widget.getByRole("checkbox", { name: "Research", exact: true }).click();
    await expect(widget.getByText("2 selected — choose 1 to 5")).toBeVisible();
  },
  submit: "Submit",
  output: answered({ selected: ["research", "students"] }),
  shows: "Research",
};

const FORM_WORKSHOP: DeviceAnswer = {
  async fill(_page, { widget }) {
    await widget.getByRole("textbox", { name: "Event title" }).fill("Autumn workshop");
    await widget.getByRole("textbox", { name: "Organizer email" }).fill("kim@example.com");
    await widget.getByRole("spinbutton", { name: "Capacity" }).fill("12");
    await widget.getByRole("textbox", { name: "Date" }).fill("2026-10-03");
    await widget.getByRole("combobox", { name: "Format" }).selectOption({ label: "Online" });
    await widget.getByRole("checkbox", { name: "Social media", exact: true }).click();
    await widget.getByRole("textbox", { name: "Notes for attendees" }).fill("Doors open at six.");
  },
  submit: "Create event",
  output: answered({
    values: {
      title: "Autumn workshop",
      organizerEmail: "kim@example.com",
      capacity: 12,
      date: "2026-10-03",
      format: "online",
      channels: ["social"],
      notes: "Doors open at six.",
      codeOfConduct: true,
    },
  }),
  shows: "Autumn workshop",
};

/** eve's own question, answered with another of its option buttons. */
const QUESTION_MUMBAI: DeviceAnswer = {
  async fill() {},
  submit: "Asia Pacific (Mumbai)",
  output: { type: "json", value: { status: "answered", region: "ap-south-1" } },
  shows: "Asia Pacific (Mumbai)",
};

const RACES: readonly Race[] = [
  {
    kind: "media",
    phrase: "pick media",
    receipt: "answered",
    loserState: "answered-elsewhere",
    loserReceipt: ANSWERED_ELSEWHERE,
    answers: [fromMouse(MEDIA_BY_MOUSE), MEDIA_ALPINE_LAKE],
  },
  {
    kind: "template",
    phrase: "pick template",
    receipt: "answered",
    loserState: "answered-elsewhere",
    loserReceipt: ANSWERED_ELSEWHERE,
    answers: [fromMouse(TEMPLATE_BY_MOUSE), TEMPLATE_NEWSLETTER],
  },
  {
    kind: "aspect-ratio",
    phrase: "pick aspect ratio",
    receipt: "answered",
    loserState: "answered-elsewhere",
    loserReceipt: ANSWERED_ELSEWHERE,
    answers: [fromMouse(ASPECT_RATIO_BY_MOUSE), ASPECT_RATIO_WIDESCREEN],
  },
  {
    kind: "multi-select",
    phrase: "pick tags",
    receipt: "answered",
    loserState: "answered-elsewhere",
    loserReceipt: ANSWERED_ELSEWHERE,
    answers: [fromMouse(TAGS_BY_MOUSE), TAGS_RESEARCH],
  },
  {
    kind: "form",
    phrase: "fill form",
    receipt: "answered",
    loserState: "answered-elsewhere",
    loserReceipt: ANSWERED_ELSEWHERE,
    answers: [fromMouse(FORM_BY_MOUSE), FORM_WORKSHOP],
  },
  {
    kind: "approval",
    phrase: "delete file",
    receipt: "approved",
    // The kit shows an approval decided on another device as eve recorded it, "approved": the
    // guard's refusal marks the request answered elsewhere, but the widget status says so only
    // for an outcome "answered" (`viewOf`, src/core/view.ts), and an approval's is "approved".
    loserState: "approved",
    loserReceipt: "Approved",
    // Both approve: one approval reaches eve, the tool runs once.
    answers: [fromMouse(APPROVE_BY_MOUSE), fromMouse(APPROVE_BY_MOUSE)],
  },
  {
    kind: "question",
    phrase: "ask region",
    receipt: "answered",
    loserState: "answered-elsewhere",
    loserReceipt: ANSWERED_ELSEWHERE,
    answers: [fromMouse(QUESTION_BY_MOUSE), QUESTION_MUMBAI],
  },
];

const ROUNDS = [1, 2, 3];

/** eve's answer route (`POST /eve/v1/session/:id`); the stream (`…/stream`) does not match. */
const answerRoute = (url: URL) => /\/eve\/v1\/session\/[^/]+$/.test(url.pathname);

function isAnswerPost(request: Request): boolean {
  return (
    request.method() === "POST" &&
    answerRoute(new URL(request.url())) &&
    (request.postData() ?? "").includes('"inputResponses"')
  );
}

interface Device {
  readonly name: string;
  readonly page: Page;
  readonly context: BrowserContext;
  readonly asked: Asked;
  readonly answer: DeviceAnswer;
  /** The HTTP status of each answer POST this device sent, in order. */
  readonly statuses: number[];
}

function recordAnswerStatuses(context: BrowserContext): number[] {
  const statuses: number[] = [];
  context.on("response", (response) => {
    if (isAnswerPost(response.request())) statuses.push(response.status());
  });
  return statuses;
}

/**
 * (In the page, from its first script.) Every `data-status` the agent shows and every `data-state`
 * the inline widget shows, each in order.
 */
function recordStates() {
  const seen = { agent: [] as string[], widget: [] as string[] };
  (window as unknown as { seenStates: typeof seen }).seenStates = seen;
  const push = (list: string[], value: string | null | undefined) => {
    if (value && list.at(-1) !== value) list.push(value);
  };
  const record = () => {
    push(seen.agent, document.querySelector("main")?.getAttribute("data-status"));
    push(seen.widget, document.querySelector("[data-testid=tool-part] [data-slot=widget]")?.getAttribute("data-state"));
  };
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-status", "data-state"],
  });
}

const seenStates = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { seenStates?: { agent: string[]; widget: string[] } }).seenStates ?? {
        agent: [],
        widget: [],
      },
  );

/**
 * Clicks both devices' buttons at once, holding every answer POST of both browsers until both
 * clicks have landed and both answers are out, then lets them go together. Without the hold the
 * first answer could reach eve and come back over the other device's stream while Playwright
 * still clicked there, and the round would not race; with it, both guards read eve's session
 * while the request is still open there.
 */
async function submitBothAtOnce(first: Locator, second: Locator, contexts: readonly BrowserContext[]) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  let bothHeld = () => {};
  const allHeld = new Promise<void>((resolve) => {
    bothHeld = resolve;
  });
  const hold = async (route: Route) => {
    if (isAnswerPost(route.request())) {
      held += 1;
      if (held === contexts.length) bothHeld();
      await released;
    }
    await route.fallback();
  };
  for (const context of contexts) await context.route(answerRoute, hold);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.all([first.click(), second.click()]);
    await Promise.race([allHeld, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
  } finally {
    clearTimeout(timer);
    release();
  }
  expect(held, "answer POSTs held until both were out (one per device)").toBe(contexts.length);
  for (const context of contexts) await context.unroute(answerRoute, hold);
}

test.describe("two devices submitting at once, through two page servers sharing one Redis claim store", () => {
  test("the two devices are two browsers on two page servers", async ({ page, browser, playground }) => {
    const first = playground.pageUrl;
    const second = playground.secondPageUrl;
    expect(second).not.toBe(first);
    await page.goto("/");
    expect(page.url().startsWith(first)).toBe(true);
    const context = await browser.newContext({ baseURL: second });
    try {
      const other = await context.newPage();
      await other.goto("/");
      expect(other.url().startsWith(second)).toBe(true);
      await expect(other.getByTestId("composer")).toBeEnabled();
      // No shared storage: what one browser keeps, the other does not see.
      await page.evaluate(() => localStorage.setItem("hitl-e2e-device", "one"));
      expect(await other.evaluate(() => localStorage.getItem("hitl-e2e-device"))).toBeNull();
    } finally {
      await context.close();
    }
  });

  for (const race of RACES) {
    for (const round of ROUNDS) {
      test(`${race.kind}, round ${round}: one answer reaches eve, the other device is told`, async ({
        page,
        context,
        browser,
        promptLog,
        playground,
      }) => {
        const toolName = TOOL_BY_PHRASE[race.phrase];
        // Rounds alternate which device gives which answer, and whose click goes first.
        const [answerOne, answerTwo] = round % 2 === 1 ? race.answers : [race.answers[1], race.answers[0]];

        // Device one, on page server one: starts the chat and asks.
        await page.addInitScript(recordStates);
        const statusesOne = recordAnswerStatuses(context);
        await newChat(page);
        const askedOne = await ask(page, race.phrase);

        // Device two, another browser on page server two, opens the same session.
        const otherContext = await browser.newContext({ baseURL: playground.secondPageUrl });
        const devices: Device[] = [];
        try {
          await otherContext.addInitScript(recordStates);
          const statusesTwo = recordAnswerStatuses(otherContext);
          const other = await otherContext.newPage();
          await other.goto(`/?session=${encodeURIComponent(askedOne.sessionId)}`);
          const askedTwo = await widgetOn(other, toolName);
          expect(askedTwo.callId).toBe(askedOne.callId);
          expect(askedTwo.sessionId).toBe(askedOne.sessionId);
          const callId = askedOne.callId;

          const one: Device = {
            name: "device one",
            page,
            context,
            asked: askedOne,
            answer: answerOne,
            statuses: statusesOne,
          };
          const two: Device = {
            name: "device two",
            page: other,
            context: otherContext,
            asked: askedTwo,
            answer: answerTwo,
            statuses: statusesTwo,
          };
          devices.push(one, two);
          await one.answer.fill(one.page, one.asked);
          await two.answer.fill(two.page, two.asked);
          const button = (device: Device) => device.asked.widget.getByRole("button", { name: device.answer.submit });
          const [firstClick, secondClick] = round % 2 === 1 ? [one, two] : [two, one];
          await submitBothAtOnce(button(firstClick), button(secondClick), [one.context, two.context]);

          // Each device sent its one answer: one guard forwarded it, the other refused it (409).
          await expect
            .poll(() => [...one.statuses, ...two.statuses].sort(), { message: "answer POST statuses" })
            .toEqual([202, 409]);
          expect(one.statuses).toHaveLength(1);
          expect(two.statuses).toHaveLength(1);
          const [winner, loser] = one.statuses[0] === 202 ? [one, two] : [two, one];
          test.info().annotations.push({ type: "winner", description: `${winner.name} (${winner.answer.shows})` });

          // The model got exactly one tool result for the call — the winner's — and no answer
          // re-injected as a user message ("…an earlier interactive prompt…").
          const result = await expectOneToolResult(promptLog, callId, winner.answer.output);
          const userTextsAfterAnswer = userTexts(promptsWithResult(promptLog, callId)[0]?.prompt ?? []);
          const quoted = `"output":${JSON.stringify(result.output)}`;

          // The winner's page: its own receipt.
          await expect(winner.asked.widget).toHaveAttribute("data-state", race.receipt, { timeout: 15_000 });
          await expect(winner.asked.widget.locator("[data-slot=receipt]")).toContainText(winner.answer.shows);
          // The loser's page: answered elsewhere, with what the winner chose — not "answered", as
          // if its own answer had gone through (its POST was refused).
          await expect(
            loser.asked.widget,
            `${loser.name}: its answer refused (409), its widget says so`,
          ).toHaveAttribute("data-state", race.loserState, { timeout: 15_000 });
          const loserReceipt = loser.asked.widget.locator("[data-slot=receipt]");
          await expect(loserReceipt).toContainText(race.loserReceipt);
          await expect(loserReceipt).toContainText(winner.answer.shows);
          if (loser.answer.shows !== winner.answer.shows) {
            await expect(loserReceipt).not.toContainText(loser.answer.shows);
          }

          for (const device of [winner, loser]) {
            // The agent's reply quotes the one result (on both devices).
            const reply = device.page.getByTestId("message-assistant").filter({ hasText: callId });
            await expect(reply, `${device.name}: the reply quoting ${callId}`).toHaveCount(1);
            await expect(reply).toContainText(quoted);
            // No stray message in the conversation: the one user message is the phrase.
            await expect(device.page.getByTestId("message-user")).toHaveCount(1);
            await expect(device.page.getByTestId("message-log")).not.toContainText(/earlier interactive prompt/i);
            await expect(device.asked.queue.locator("[data-slot=widget]")).toHaveCount(0);
            await expect(device.page.locator("main")).toHaveAttribute("data-status", "ready");
          }

          // The loser's agent is not left in error: ready, no error banner, and its composer works.
          await expect(loser.page.locator(".banner")).toHaveCount(0);
          const composer = loser.page.getByTestId("composer");
          await expect(composer).toBeEnabled();
          await composer.fill("hello");
          await composer.press("Enter");
          await expect(
            loser.page.getByTestId("message-assistant").filter({ hasText: "playground's scripted model" }),
          ).toHaveCount(1, { timeout: 15_000 });
          await expect(loser.page.getByTestId("message-user")).toHaveCount(2);
          await expect(loser.page.locator("main")).toHaveAttribute("data-status", "ready");
          // That turn's prompt still holds the one result, and only the person's two messages.
          await expect
            .poll(() => userTexts(promptsWithCall(promptLog, callId).at(-1)?.prompt ?? []).at(-1))
            .toBe("hello");
          const latest = promptsWithCall(promptLog, callId).at(-1)?.prompt ?? [];
          expect(countToolResults(latest).get(callId)).toBe(1);
          // (eve notes a pending approval as a user message before the call, in every approval.)
          expect(userTexts(latest)).toEqual([...userTextsAfterAnswer, "hello"]);
        } finally {
          // What each device went through (in the report; on a failure, what it saw instead).
          for (const device of devices) {
            const seen = await seenStates(device.page).catch(() => ({ agent: ["?"], widget: ["?"] }));
            const line = `answer POST ${device.statuses.join(", ") || "none"}; agent ${seen.agent.join(" → ")}; widget ${seen.widget.join(" → ")}`;
            test.info().annotations.push({ type: device.name, description: line });
            console.log(`${race.kind} round ${round}, ${device.name}: ${line}`);
          }
          await otherContext.close();
        }
      });
    }
  }
});
