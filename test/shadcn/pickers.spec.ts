/**
 * The shadcn example after `npx shadcn add` of every registry item (test/shadcn/run.sh): each
 * installed picker renders in the page and is answered as a person would — by keyboard or mouse,
 * the final submit double-clicked (or Enter pressed twice) — and its agent receives exactly one
 * answer and its tool call one result, while the widget shows the kit's receipt. Also: the files
 * the CLI wrote are the registry's, byte for byte.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";

const appDir = process.env.SHADCN_APP_DIR ?? "";
const registryOut = process.env.SHADCN_REGISTRY_OUT ?? "";
const resultsFile = process.env.SHADCN_RESULTS;

interface Answer {
  /** The registry item (`card-<name>` in the page). */
  readonly name: string;
  /** The widget's `data-state` once settled. */
  readonly receipt: string;
  /** Text the receipt shows. */
  readonly receiptText: string | RegExp;
  /** Part of the answer the agent received (the page prints it as JSON). */
  readonly received: string | RegExp;
  /** Operate the widget and submit, twice. */
  operate(page: Page, widget: Locator): Promise<void>;
  /** How the styled receipt lays out, where its classes could fight (checked once it shows). */
  checkReceipt?(widget: Locator): Promise<void>;
}

/** Presses `key` until `target` has focus: reaching a control by keyboard only. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} × ${max} never reached ${target}`);
}

const answers: readonly Answer[] = [
  {
    name: "media-picker",
    receipt: "answered",
    receiptText: "An orange sunset over the sea",
    received: /sunset.*forest/,
    async operate(page, widget) {
      // Keyboard only: into the grid (one tab stop), arrows move, Space and Enter toggle.
      const grid = widget.getByRole("listbox");
      await page.getByRole("heading", { name: /media-picker/ }).click();
      await tabTo(page, grid.getByRole("option").first());
      await page.keyboard.press("ArrowRight");
      await expect(grid.getByRole("option", { name: "An orange sunset over the sea" })).toBeFocused();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      await expect(grid.getByRole("option", { name: "A green forest in the mist" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(grid.getByRole("option", { selected: true })).toHaveCount(2);
      await tabTo(page, widget.getByRole("button", { name: "Submit" }));
      // Enter twice on Submit: the second press must not send a second answer.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
    },
  },
  {
    name: "template-picker",
    receipt: "answered",
    receiptText: "Product launch",
    received: /product-launch.*Acme Rocket/,
    async operate(page, widget) {
      // The radio is visually hidden inside its card: a person clicks the card.
      await widget
        .locator("label")
        .filter({ has: page.getByRole("radio", { name: "Product launch" }) })
        .click();
      await expect(widget.getByRole("radio", { name: "Product launch" })).toBeChecked();
      await widget.getByRole("textbox", { name: "Product name" }).fill("Acme Rocket");
      await widget.getByRole("button", { name: "Submit" }).dblclick();
    },
    async checkReceipt(widget) {
      // The chosen template's thumbnail is the summary's (w-24) beside its name, not a card
      // preview's full width: when both were descendant selectors from the root, the cards' won
      // and the thumbnail pushed the name out of the receipt.
      const thumbnail = await widget.locator("[data-slot=receipt-template] > [data-slot=preview]").boundingBox();
      const name = await widget.locator("[data-slot=receipt-template] .hitl-template-name").boundingBox();
      expect(thumbnail?.width, "the receipt's thumbnail width").toBe(96);
      expect(name && thumbnail && name.x >= thumbnail.x + thumbnail.width, "the name beside the thumbnail").toBe(true);
    },
  },
  {
    name: "aspect-ratio-picker",
    receipt: "answered",
    receiptText: "9:16",
    received: /9:16/,
    async operate(_page, widget) {
      await widget.getByRole("radio", { name: /Story/ }).click();
      await expect(widget.getByRole("radio", { name: /Story/ })).toBeChecked();
      await widget.getByRole("button", { name: "Use this ratio" }).dblclick();
    },
  },
  {
    name: "multi-select",
    receipt: "answered",
    receiptText: "Research",
    received: /design.*research/,
    async operate(_page, widget) {
      await widget.getByRole("checkbox", { name: "Research", exact: true }).click();
      await widget.getByRole("checkbox", { name: "Design", exact: true }).click();
      await expect(widget.getByRole("checkbox", { checked: true })).toHaveCount(2);
      await widget.getByRole("button", { name: "Submit" }).dblclick();
    },
  },
  {
    name: "form",
    receipt: "answered",
    receiptText: "Spring meetup",
    received: /Spring meetup.*sam@example\.com/,
    async operate(_page, widget) {
      await widget.getByRole("textbox", { name: "Event title" }).fill("Spring meetup");
      await widget.getByRole("textbox", { name: "Organizer email" }).fill("sam@example.com");
      await widget.getByRole("spinbutton", { name: "Capacity" }).fill("40");
      await widget.getByRole("button", { name: "Create event" }).dblclick();
    },
  },
  {
    name: "approval",
    receipt: "approved",
    receiptText: "Approved",
    received: /"optionId":"approve"/,
    async operate(_page, widget) {
      await widget.getByRole("button", { name: "Approve" }).dblclick();
    },
  },
  {
    name: "question",
    receipt: "answered",
    receiptText: "Europe (Ireland)",
    received: /eu-west-1/,
    async operate(_page, widget) {
      // Three short options: one click on an option answers.
      await widget.getByRole("button", { name: "Europe (Ireland)" }).dblclick();
    },
  },
  {
    name: "question-radios",
    receipt: "answered",
    receiptText: "Bun 1.3",
    received: /"optionId":"bun"/,
    async operate(page, widget) {
      // Options with descriptions: a radio group (one tab stop; an arrow moves and checks), each
      // row laid out by the installed item (radio, label, description), then Submit.
      const group = widget.getByRole("radiogroup", { name: "Which runtime should the worker use?" });
      await page.getByRole("heading", { name: /^question-radios/ }).click();
      await tabTo(page, group.getByRole("radio").first());
      await page.keyboard.press("ArrowDown");
      const bun = group.getByRole("radio", { name: "Bun 1.3" });
      await expect(bun).toBeFocused();
      await expect(bun).toHaveAttribute("aria-checked", "true");
      await expect(bun).toHaveAccessibleDescription("Faster cold starts; two dependencies untested.");
      const row = widget.locator("[data-slot=option][data-state=checked]");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Bun 1.3");
      // The label and the description are two lines of the row, not run together.
      const [label, description] = await Promise.all([
        row.locator("[data-slot=option-label]").boundingBox(),
        row.locator("[data-slot=option-description]").boundingBox(),
      ]);
      expect(label && description && description.y >= label.y + label.height - 1).toBe(true);
      await tabTo(page, widget.getByRole("button", { name: "Submit" }));
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
    },
  },
  {
    name: "questions",
    receipt: "answered",
    receiptText: "SQLite",
    received: /sqlite.*auth.*search.*Webhooks/,
    async operate(page, widget) {
      // Keyboard: a single-choice question is one tab stop; an arrow moves and checks (the
      // recommended PostgreSQL is marked, never checked for the person).
      await page.getByRole("heading", { name: /^questions/ }).click();
      await tabTo(page, widget.getByRole("radio", { name: "PostgreSQL" }));
      await expect(widget.getByRole("radio", { checked: true })).toHaveCount(0);
      await page.keyboard.press("ArrowDown");
      await expect(widget.getByRole("radio", { name: "SQLite" })).toBeFocused();
      await expect(widget.getByRole("radio", { name: "SQLite" })).toBeChecked();
      // Mouse: two features and "Other…", whose field then takes the person's own words.
      await widget.getByRole("checkbox", { name: "Auth", exact: true }).click();
      await widget.getByRole("checkbox", { name: "Search", exact: true }).click();
      await widget.getByRole("checkbox", { name: "Other…", exact: true }).click();
      await expect(widget.getByRole("checkbox", { checked: true })).toHaveCount(3);
      await widget.getByRole("textbox", { name: "Your own answer" }).fill("Webhooks");
      // The optional third question stays unanswered: the set is complete with two.
      await expect(widget.locator("[data-slot=progress]")).toHaveText("2 of 3 answered");
      await widget.getByRole("button", { name: "Submit" }).dblclick();
    },
  },
  {
    name: "open-url",
    receipt: "answered",
    receiptText: "Answered",
    received: /"action":"accept"/,
    async operate(page, widget) {
      // The link opens a new tab (served below, the page itself never loads it); a double click
      // may open two: the agent must still get one answer.
      const link = widget.getByRole("link", { name: /Open pay\.example\.com/ });
      await expect(link).toHaveAttribute("href", "https://pay.example.com/checkout?session=42");
      const popup = page.context().waitForEvent("page");
      await link.dblclick();
      await expect((await popup).getByRole("heading")).toHaveText("Payment page (stand-in)");
      for (const opened of page.context().pages()) if (opened !== page) await opened.close();
    },
  },
  {
    name: "fallback",
    receipt: "answered",
    receiptText: "Window seat, row 12",
    received: /Window seat, row 12/,
    async operate(_page, widget) {
      await widget.getByRole("textbox", { name: "Your answer" }).fill("Window seat, row 12");
      await widget.getByRole("button", { name: "Send" }).dblclick();
    },
  },
];

test.beforeEach(async ({ page, context }) => {
  // The open-url widget's link, opened in a new tab: answered here, never from the network.
  await context.route("https://pay.example.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<h1>Payment page (stand-in)</h1>" }),
  );
  await page.goto("/");
  await expect(page.getByTestId("pickers")).toHaveAttribute("data-ready", "true");
});

for (const answer of answers) {
  test(`${answer.name}: answered once, receipt shown`, async ({ page }) => {
    const card = page.getByTestId(`card-${answer.name}`);
    const widget = card.locator("[data-slot=widget]");
    await expect(widget).toHaveCount(1);
    await expect(widget).toHaveAttribute("data-state", "open");
    await expect(card.getByTestId(`answers-${answer.name}`)).toHaveText("0");
    // Styled by the installed component's Tailwind classes (compiled by this app's Tailwind).
    const frame = await widget.evaluate((element) => {
      const style = getComputedStyle(element);
      return { border: style.borderTopWidth, radius: style.borderTopLeftRadius, padding: style.paddingTop };
    });
    expect(frame, "the widget's frame (rounded-xl border p-4)").toEqual({
      border: "1px",
      radius: "14px",
      padding: "16px",
    });

    await answer.operate(page, widget);

    await expect(widget).toHaveAttribute("data-state", answer.receipt);
    await expect(widget.locator("[data-slot=receipt]")).toBeVisible();
    await expect(widget.locator("[data-slot=receipt]")).toContainText(answer.receiptText);
    await answer.checkReceipt?.(widget);
    // The outcome in the theme's colour: hitl-theme's --hitl-success (through @theme's
    // --color-hitl-success), which differs from the text around it.
    const colors = await widget.locator("[data-slot=receipt-outcome]").evaluate((element) => {
      const probe = document.createElement("span");
      probe.style.color = "var(--hitl-success, currentColor)";
      element.append(probe);
      const success = getComputedStyle(probe).color;
      probe.remove();
      return {
        outcome: getComputedStyle(element).color,
        success,
        text: getComputedStyle(element.parentElement ?? element).color,
      };
    });
    expect(colors.success, "--hitl-success is set (not the inherited text colour)").not.toBe(colors.text);
    expect(colors.outcome, "the receipt's outcome in --hitl-success").toBe(colors.success);
    await expect(card.getByTestId(`answers-${answer.name}`)).toHaveText("1");
    await expect(card.getByTestId(`results-${answer.name}`)).toHaveText("1");
    await expect(card.getByTestId(`answer-${answer.name}`)).toHaveText(answer.received);
    // Long enough for a second answer (a double click's, a second Enter's) to have arrived.
    await page.waitForTimeout(600);
    const answersSeen = await card.getByTestId(`answers-${answer.name}`).textContent();
    const resultsSeen = await card.getByTestId(`results-${answer.name}`).textContent();
    expect(answersSeen, "answers the agent received").toBe("1");
    expect(resultsSeen, "results of the tool call").toBe("1");
    // Nothing else in the page was answered.
    for (const other of answers) {
      if (other.name !== answer.name) await expect(page.getByTestId(`answers-${other.name}`)).toHaveText("0");
    }
    if (resultsFile) appendFileSync(resultsFile, `${answer.name} ${answersSeen} ${resultsSeen} ${answer.receipt}\n`);
  });
}

test("every installed file is the registry's", () => {
  let compared = 0;
  for (const file of readdirSync(registryOut)) {
    if (!file.endsWith(".json") || file === "registry.json") continue;
    const item = JSON.parse(readFileSync(join(registryOut, file), "utf8")) as {
      name: string;
      files?: { path: string; target?: string; content?: string }[];
    };
    for (const entry of item.files ?? []) {
      expect(entry.target, `${item.name}: ${entry.path} has a target`).toBeTruthy();
      const installed = readFileSync(join(appDir, entry.target ?? ""), "utf8");
      expect(installed, `${item.name}: ${entry.target} as installed`).toBe(entry.content);
      compared++;
    }
  }
  expect(compared).toBeGreaterThanOrEqual(10);
});
