/**
 * How a person answers each widget with the mouse (text typed where a field asks for text), and
 * the tool result the agent's model should get for that answer. Shared by the kind tests and the
 * screenshots.
 */
import type { Page } from "@playwright/test";
import type { Asked, Phrase } from "./chat";
import { expect } from "./fixtures";

export interface MouseAnswer {
  readonly phrase: Phrase;
  /** The kind, as in `ui.kind` (screenshots are named after it). */
  readonly kind: string;
  /** The widget's `data-state` once settled. */
  readonly receipt: "answered" | "approved" | "denied";
  /** Text the receipt shows. */
  readonly receiptText: string;
  answer(page: Page, asked: Asked): Promise<void>;
  /**
   * For races: everything up to the final click (nothing, for a one-click answer like Approve),
   * and that button's name.
   */
  readonly fill?: (page: Page, asked: Asked) => Promise<void>;
  readonly submit?: string;
  /** The tool result's `output` in the model's next prompt. */
  readonly output: unknown;
}

const answered = (value: unknown) => ({ type: "json", value: { status: "answered", value } });

/** A picker's answer: fill it in, then click its submit button. */
function picker(
  answer: Omit<MouseAnswer, "answer" | "fill" | "submit">,
  submit: string,
  fill: (page: Page, asked: Asked) => Promise<void>,
): MouseAnswer {
  return {
    ...answer,
    fill,
    submit,
    async answer(page, asked) {
      await fill(page, asked);
      await asked.widget.getByRole("button", { name: submit }).click();
    },
  };
}

export const MEDIA_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "pick media",
    kind: "media",
    receipt: "answered",
    receiptText: "A volcano glowing under a purple dusk sky",
    output: answered({ selected: ["volcano", "lighthouse"] }),
  },
  "Submit",
  async (_page, { widget }) => {
    await widget.getByRole("option", { name: "A volcano glowing under a purple dusk sky" }).click();
    await widget.getByRole("option", { name: "A striped lighthouse on a rocky cape" }).click();
    await expect(widget.getByRole("option", { selected: true })).toHaveCount(2);
  },
);

export const ASPECT_RATIO_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "pick aspect ratio",
    kind: "aspect-ratio",
    receipt: "answered",
    receiptText: "9:16",
    output: answered({ ratio: "9:16", width: 0.5625, height: 1 }),
  },
  "Use this ratio",
  async (_page, { widget }) => {
    await widget.getByRole("radio", { name: /Story/ }).click();
  },
);

export const TEMPLATE_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "pick template",
    kind: "template",
    receipt: "answered",
    receiptText: "Product launch",
    output: answered({
      templateId: "product-launch",
      variables: { productName: "Acme Rocket", launchDate: "March 3", pitch: "Rockets for everyone" },
    }),
  },
  "Submit",
  async (page, { widget }) => {
    // The radio is visually hidden inside its card: a person clicks the card.
    const card = widget.locator("label").filter({ has: page.getByRole("radio", { name: "Product launch" }) });
    await card.click();
    await expect(widget.getByRole("radio", { name: "Product launch" })).toBeChecked();
    const productName = widget.getByRole("textbox", { name: "Product name" });
    await productName.click();
    await page.keyboard.type("Acme Rocket");
    await widget.getByRole("textbox", { name: "Launch date" }).fill("March 3");
    await widget.getByRole("textbox", { name: "One-line pitch" }).fill("Rockets for everyone");
  },
);

export const TAGS_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "pick tags",
    kind: "multi-select",
    receipt: "answered",
    receiptText: "Developers",
    // In option order, whatever the order of the clicks.
    output: answered({ selected: ["design", "developers", "tutorial"] }),
  },
  "Submit",
  async (_page, { widget }) => {
    await widget.getByRole("checkbox", { name: "Tutorial", exact: true }).click();
    await widget.getByRole("checkbox", { name: "Design", exact: true }).click();
    await widget.getByRole("checkbox", { name: "Developers", exact: true }).click();
    await expect(widget.getByText("3 selected — choose 1 to 5")).toBeVisible();
  },
);

/**
 * The question set: a radio (not the recommended option), two checkboxes of a multiple-choice
 * question, and "Other…" with the person's own words; the answer is one value per question.
 */
export const QUESTIONS_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "ask questions",
    kind: "questions",
    receipt: "answered",
    receiptText: "Our own VMs",
    output: answered({
      answers: {
        database: { selected: ["sqlite"] },
        // In the order chosen.
        features: { selected: ["webhooks", "auth"] },
        deploy: { selected: [], other: "Our own VMs" },
      },
    }),
  },
  "Submit",
  async (_page, { widget }) => {
    const database = widget.getByRole("radiogroup", { name: "Which database should the service use?" });
    await expect(database.getByRole("radio", { name: "PostgreSQL" })).not.toBeChecked();
    await database.getByRole("radio", { name: "SQLite" }).click();
    const features = widget.getByRole("group", { name: "Which features should the first version have?" });
    await features.getByRole("checkbox", { name: "Webhooks" }).click();
    await features.getByRole("checkbox", { name: "Sign-in" }).click();
    const deploy = widget.getByRole("radiogroup", { name: "Where will it run?" });
    await deploy.getByRole("radio", { name: "Other…" }).click();
    await widget.getByRole("textbox", { name: "Your own answer" }).fill("  Our own VMs ");
  },
);

export const FORM_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "fill form",
    kind: "form",
    receipt: "answered",
    receiptText: "Spring meetup",
    output: answered({
      values: {
        title: "Spring meetup",
        organizerEmail: "sam@example.com",
        capacity: 40,
        date: "2026-04-18",
        format: "hybrid",
        channels: ["email", "blog"],
        notes: "Bring a laptop.",
        codeOfConduct: false,
      },
    }),
  },
  "Create event",
  async (_page, { widget }) => {
    await widget.getByRole("textbox", { name: "Event title" }).fill("Spring meetup");
    await widget.getByRole("textbox", { name: "Organizer email" }).fill("sam@example.com");
    await widget.getByRole("spinbutton", { name: "Capacity" }).fill("40");
    await widget.getByRole("textbox", { name: "Date" }).fill("2026-04-18");
    await widget.getByRole("combobox", { name: "Format" }).selectOption({ label: "Hybrid" });
    await widget.getByRole("checkbox", { name: "Email", exact: true }).click();
    await widget.getByRole("checkbox", { name: "Blog", exact: true }).click();
    await widget.getByRole("textbox", { name: "Notes for attendees" }).fill("Bring a laptop.");
    await widget.getByRole("checkbox", { name: "Attendees must accept the code of conduct" }).click();
  },
);

export const VOICE_BY_MOUSE: MouseAnswer = picker(
  {
    phrase: "pick voice",
    kind: "voice",
    receipt: "answered",
    receiptText: "Léa",
    output: answered({ voiceId: "lea" }),
  },
  "Submit",
  async (_page, { widget }) => {
    await widget.getByRole("radio", { name: /Léa/ }).click();
  },
);

/** eve's own question: three short options, so one click on an option button answers. */
export const QUESTION_BY_MOUSE: MouseAnswer = {
  phrase: "ask region",
  kind: "question",
  receipt: "answered",
  receiptText: "Europe (Ireland)",
  async answer(_page, { widget }) {
    await widget.getByRole("button", { name: "Europe (Ireland)" }).click();
  },
  async fill() {},
  submit: "Europe (Ireland)",
  output: { type: "json", value: { status: "answered", region: "eu-west-1" } },
};

export const APPROVE_BY_MOUSE: MouseAnswer = {
  phrase: "delete file",
  kind: "approval",
  receipt: "approved",
  receiptText: "Approved",
  async answer(_page, { widget }) {
    await widget.getByRole("button", { name: "Approve" }).click();
  },
  async fill() {},
  submit: "Approve",
  output: { type: "json", value: { deleted: "notes/old-draft.md" } },
};

export const DENY_BY_MOUSE: MouseAnswer = {
  phrase: "delete file",
  kind: "approval",
  receipt: "denied",
  receiptText: "Keep the draft",
  async answer(_page, { widget }) {
    await widget.getByRole("button", { name: "Deny" }).click();
    await widget.getByRole("textbox", { name: "Note for the agent (optional)" }).fill("Keep the draft");
    // The first Deny opened the note; this one (the only Deny now) sends.
    await widget.getByRole("button", { name: "Deny" }).click();
  },
  output: { type: "execution-denied", reason: expect.stringContaining("Keep the draft") },
};

export const FALLBACK_BY_MOUSE: MouseAnswer = {
  phrase: "broken ui",
  kind: "fallback",
  receipt: "answered",
  receiptText: "The one with the lighthouse, please",
  async answer(_page, { widget }) {
    await widget.getByRole("textbox", { name: "Your answer" }).fill("The one with the lighthouse, please");
    await widget.getByRole("button", { name: "Send" }).click();
  },
  output: { type: "json", value: { status: "replied", text: "The one with the lighthouse, please" } },
};
