import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { templateKind } from "../src/kinds/template";
import type { CollectionLoaders } from "../src/react/collections";
import {
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  hitlMeta,
  type PayloadOf,
  pickerRequest,
  rawPickerRequest,
  receiptValues,
  type StateCheck,
  sendText,
  statePlays,
  storyHitl,
} from "./support";
import { previewAt, templatePreviewUrl, unsafeUrls } from "./support/media";

/**
 * TemplatePicker (kind `template`): search and tag filters over cards (a radio group), then the
 * chosen template's variables, validated before `{ templateId, variables }` is sent. Operated by
 * mouse here, with one keyboard-only story; each play function asserts the one answer the
 * in-memory eve session received. Previews are inline SVGs (`stories/support/media.ts`).
 */

const PROMPT = "Which template should I use for the incident write-up?";

const gallery = {
  templates: [
    {
      id: "incident-postmortem",
      name: "Incident postmortem",
      description: "Blameless write-up: timeline, impact, root cause and follow-up actions.",
      previewUrl: templatePreviewUrl("report", 0),
      tags: ["engineering", "incident"],
      variables: [
        { name: "service", label: "Affected service", required: true, placeholder: "e.g. checkout-api" },
        { name: "incidentDate", label: "Date of the incident", required: true, placeholder: "YYYY-MM-DD" },
        { name: "summary", label: "One-paragraph summary", multiline: true, maxLength: 1000 },
      ],
    },
    {
      id: "status-update",
      name: "Weekly status update",
      description: "What shipped, what's next and what's blocked, for the team channel.",
      previewUrl: templatePreviewUrl("document", 210),
      tags: ["engineering", "team"],
      variables: [{ name: "team", label: "Team name", required: true, default: "Payments" }],
    },
    {
      id: "customer-notice",
      name: "Customer outage notice",
      description: "A short, plain-language email telling customers what happened and what we did.",
      previewUrl: templatePreviewUrl("email", 150),
      tags: ["incident", "customers"],
      variables: [
        { name: "product", label: "Product name", required: true },
        { name: "window", label: "Outage window", placeholder: "e.g. 14:05–14:40 UTC" },
      ],
    },
    {
      id: "release-notes",
      name: "Release notes",
      description: "Highlights, fixes and breaking changes of one release.",
      previewUrl: templatePreviewUrl("checklist", 280),
      tags: ["customers", "product"],
    },
    {
      id: "quarterly-review",
      name: "Quarterly business review",
      description: "Slides for the QBR: goals, metrics and next quarter's plan.",
      previewUrl: templatePreviewUrl("slides", 30),
      tags: ["product", "leadership"],
    },
  ],
} satisfies PayloadOf<typeof templateKind>;

const meta = {
  title: "Widgets/TemplatePicker",
  ...hitlMeta,
  args: { request: pickerRequest(templateKind, gallery, { prompt: PROMPT }) },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The state stories' plays (`stories/support/states.ts`). */
const states = statePlays({
  prompt: PROMPT,
  kind: "template",
  busy: [
    { role: "button", name: "Submit" },
    { role: "searchbox", name: "Search templates" },
    { role: "radio", name: "Release notes" },
  ],
  gone: ["radiogroup"],
});

/** Clicks a template's card (its visible name; the radio itself is visually hidden). */
async function clickCard(canvasElement: HTMLElement, name: string) {
  const group = within(canvasElement).getByRole("radiogroup", { name: "Templates" });
  const radio = within(group).getByRole("radio", { name });
  const card = radio.closest("label");
  if (!card) throw new Error(`no card around the radio "${name}"`);
  await userEvent.click(card);
  await expect(radio).toBeChecked();
}

/** Filter by tag, choose a card, fill its required variables, send. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
    await expect(canvas.getByText("5 templates")).toBeVisible();

    // The "incident" tag narrows the gallery to the two incident templates.
    await userEvent.click(canvas.getByRole("button", { name: "incident" }));
    await expect(canvas.getByRole("button", { name: "incident" })).toHaveAttribute("aria-pressed", "true");
    await expect(await canvas.findByText("2 templates")).toBeVisible();
    await expect(canvas.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual([
      "incident-postmortem",
      "customer-notice",
    ]);

    await clickCard(context.canvasElement, "Incident postmortem");
    await expect(canvas.getByRole("radio", { name: "Incident postmortem" })).toHaveAccessibleDescription(
      /Blameless write-up/,
    );
    const variables = canvas.getByRole("group", { name: "Fill in “Incident postmortem”" });
    const service = within(variables).getByRole("textbox", { name: "Affected service" });
    await expect(service).toBeRequired();
    await userEvent.type(service, "checkout-api");
    await userEvent.type(within(variables).getByRole("textbox", { name: "Date of the incident" }), "2024-11-03");
    await userEvent.type(
      within(variables).getByRole("textbox", { name: "One-paragraph summary" }),
      "Card payments failed for 35 minutes after a config push.",
    );
    await expect(hitl.sent).toEqual([]);
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "template",
      value: {
        templateId: "incident-postmortem",
        variables: {
          service: "checkout-api",
          incidentDate: "2024-11-03",
          summary: "Card payments failed for 35 minutes after a config push.",
        },
      },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("Incident postmortem")).toBeVisible();
    await expect(receiptValues(context.canvasElement)).toEqual({
      "Affected service": "checkout-api",
      "Date of the incident": "2024-11-03",
      "One-paragraph summary": "Card payments failed for 35 minutes after a config push.",
    });
    await expect(canvas.queryByRole("radiogroup")).toBeNull();
  },
};

/**
 * Keyboard alone: type in the search box, Tab to the cards, arrow keys choose, Tab to the
 * variable (its default kept), Tab to Submit, Enter.
 */
export const ChooseWithKeyboard: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("searchbox", { name: "Search templates" })).toHaveFocus();
    // Enter in the search box searches; it never sends.
    await userEvent.keyboard("status{Enter}");
    await expect(await canvas.findByText("1 template")).toBeVisible();
    await userEvent.keyboard("{Backspace>6/}");
    await expect(await canvas.findByText("5 templates")).toBeVisible();
    await expect(hitl.sent).toEqual([]);

    await userEvent.tab(); // the tag toggles: one tab stop
    await expect(canvas.getByRole("button", { name: "engineering" })).toHaveFocus();
    await userEvent.tab(); // the cards: one tab stop, the first radio
    await expect(canvas.getByRole("radio", { name: "Incident postmortem" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const status = canvas.getByRole("radio", { name: "Weekly status update" });
    await expect(status).toHaveFocus();
    await expect(status).toBeChecked();

    await userEvent.tab();
    const team = canvas.getByRole("textbox", { name: "Team name" });
    await expect(team).toHaveFocus();
    await expect(team).toHaveValue("Payments");
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "template",
      value: { templateId: "status-update", variables: { team: "Payments" } },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptValues(context.canvasElement)).toEqual({ "Team name": "Payments" });
  },
};

/**
 * Nothing chosen, then a required variable left empty: each submit is refused inline, focus goes
 * to what needs fixing, and nothing is sent.
 */
export const InvalidAnswerRefused: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const submit = canvas.getByRole("button", { name: "Submit" });

    await userEvent.click(submit);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Choose a template");
    const group = canvas.getByRole("radiogroup", { name: "Templates" });
    await expect(group).toHaveAttribute("aria-invalid", "true");
    await expect(group).toHaveAccessibleErrorMessage("Choose a template");
    await waitFor(() => expect(canvas.getByRole("radio", { name: "Incident postmortem" })).toHaveFocus());

    await clickCard(context.canvasElement, "Customer outage notice");
    await userEvent.type(canvas.getByRole("textbox", { name: "Outage window" }), "14:05–14:40 UTC");
    await userEvent.click(submit);
    const product = canvas.getByRole("textbox", { name: "Product name" });
    await waitFor(() => expect(product).toHaveFocus());
    await expect(product).toHaveAttribute("aria-invalid", "true");
    await expect(product).toHaveAccessibleErrorMessage("Required");
    await expect(canvas.getByRole("alert")).toHaveTextContent("Product name: Required");

    await expect(hitl.sent).toEqual([]);
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
  },
};

const REASON = "We write postmortems in Confluence, not from a template here.";

export const DeclineWithReason: Story = {
  play: states.declineWithReason(REASON, async ({ canvasElement }) => {
    await clickCard(canvasElement, "Incident postmortem");
  }),
};

const ANSWER = {
  templateId: "customer-notice",
  variables: { product: "Acme Checkout", window: "14:05–14:40 UTC" },
};

export const Submitting: Story = { args: { state: "submitting", answer: ANSWER }, play: states.submitting() };

export const Responded: Story = { args: { state: "responded", answer: ANSWER }, play: states.responded() };

/** The receipt: the chosen template's preview and name, and each variable as filled in. */
export const Answered: Story = {
  args: { state: "answered", answer: ANSWER },
  play: states.answered(async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Customer outage notice")).toBeVisible();
    await expect(receiptValues(canvasElement)).toEqual({
      "Product name": "Acme Checkout",
      "Outage window": "14:05–14:40 UTC",
    });
  }),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error, with Retry. */
export const SendError: Story = { args: { state: "error", answer: ANSWER }, play: states.sendError() };

/** The receipt names the chosen template. */
const noticeReceipt: StateCheck = async ({ canvas }) => {
  await expect(canvas.getByText("Customer outage notice")).toBeVisible();
};

export const SendErrorRetry: Story = {
  args: { state: "error", answer: ANSWER },
  play: states.sendErrorRetry(noticeReceipt),
};

/** A preview URL the kit refuses (`javascript:`) is never loaded: the card shows a placeholder. */
export const UnsafePreviewShownBroken: Story = {
  args: {
    request: pickerRequest(
      templateKind,
      {
        templates: [
          { id: "press-release", name: "Press release", previewUrl: unsafeUrls.script, tags: ["marketing"] },
          { id: "newsletter", name: "Monthly newsletter", previewUrl: templatePreviewUrl("email", 330) },
        ],
      },
      { prompt: "Which template for the launch announcement?" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Preview unavailable")).toBeVisible();
    const sources = [...context.canvasElement.querySelectorAll("img")].map((img) => img.getAttribute("src") ?? "");
    await expect(sources).toHaveLength(1);
    await expect(sources.filter((src) => src.startsWith("javascript:"))).toEqual([]);

    await clickCard(context.canvasElement, "Press release");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "template",
      value: { templateId: "press-release", variables: {} },
    });
  },
};

/**
 * A payload the kind's schema refuses (no templates at all): the fallback lists the problem and
 * can still be answered in words.
 */
export const InvalidPayload: Story = {
  args: { request: rawPickerRequest({ kind: "template", templates: [] }, { prompt: PROMPT }) },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(canvas.queryByRole("radiogroup")).toBeNull();

    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(
      within(group).getByText(
        "templates: Must have at least 1 template, or name a source ({ id, query? }) the app serves",
      ),
    ).toBeVisible();

    const text = "Use the incident postmortem template, service checkout-api.";
    await sendText(group, text);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text });
    await expect(await canvas.findByText(text)).toBeVisible();
  },
};

const TEMPLATE_COUNT = 10_000;
const topics = ["Sales", "Support", "Hiring", "Finance", "Legal", "Security", "Design", "Marketing"];
const formats = ["one-pager", "email", "checklist", "slide deck", "report"];
const manyTemplates = {
  templates: Array.from({ length: TEMPLATE_COUNT }, (_, index) => {
    const number = String(index + 1).padStart(5, "0");
    const topic = topics[index % topics.length] ?? "Sales";
    const format = formats[index % formats.length] ?? "report";
    return {
      id: `tpl-${number}`,
      name: `${topic} ${format} #${number}`,
      description: `Starting point for the ${topic.toLowerCase()} team (${format}).`,
      previewUrl: previewAt(index),
      tags: [topic.toLowerCase(), format, index % 3 === 0 ? "archived" : "current"],
    };
  }),
} satisfies PayloadOf<typeof templateKind>;

/**
 * 10,000 templates: only a screenful of cards is mounted. End reaches (and chooses) the last one,
 * scrolled in and focused; scrolling away keeps the focused card; a search narrows the gallery to
 * one, which is chosen and sent.
 */
export const LargeTenThousandTemplates: Story = {
  args: {
    request: pickerRequest(templateKind, manyTemplates, { prompt: "Which template should the new doc start from?" }),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("10000 templates")).toBeVisible();
    // Counted by selector: a role query over thousands of cards takes over a second.
    const cards = canvas.getByRole("radiogroup", { name: "Templates" });
    const mounted = () => cards.querySelectorAll('input[type="radio"]').length;
    await expect(mounted()).toBeGreaterThan(0);
    await expect(mounted()).toBeLessThan(200);

    await clickCard(context.canvasElement, "Sales one-pager #00001");
    await userEvent.keyboard("{End}");
    const lastName = "Marketing report #10000";
    await waitFor(() => expect(within(cards).getByRole("radio", { name: lastName })).toHaveFocus());
    const last = within(cards).getByRole("radio", { name: lastName });
    await expect(last).toBeChecked();
    await expect(last).toHaveAttribute("aria-posinset", String(TEMPLATE_COUNT));
    await expect(cards.scrollTop).toBeGreaterThan(0);
    await waitFor(() => expect(within(cards).queryByRole("radio", { name: "Sales one-pager #00001" })).toBeNull());
    await expect(mounted()).toBeLessThan(200);
    // Left steps back one card and chooses it, as in a radio group.
    await userEvent.keyboard("{ArrowLeft}");
    const previous = within(cards).getByRole("radio", { name: "Design slide deck #09999" });
    await waitFor(() => expect(previous).toHaveFocus());
    await expect(previous).toBeChecked();

    // Scrolled back to the top by the wheel, the focused card stays mounted and focused.
    cards.scrollTop = 0;
    await waitFor(() => expect(within(cards).getByRole("radio", { name: "Sales one-pager #00001" })).toBeVisible());
    await expect(previous).toHaveFocus();
    await expect(mounted()).toBeLessThan(200);

    await userEvent.type(canvas.getByRole("searchbox", { name: "Search templates" }), "#01337");
    await expect(await canvas.findByText("1 template")).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole("radio")).toHaveLength(1));
    const match = canvas.getByRole("radio");
    await expect(match).toHaveAccessibleName("Sales email #01337");

    await clickCard(context.canvasElement, "Sales email #01337");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "template",
      value: { templateId: "tpl-01337", variables: {} },
    });
    await expect(await canvas.findByText("Sales email #01337")).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await clickCard(context.canvasElement, "Incident postmortem");
    await expect(canvas.getByRole("textbox", { name: "Affected service" })).toBeVisible();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: { state: "answered", answer: ANSWER },
  play: states.answered(noticeReceipt),
};

/** A catalogue of 45 templates the app serves, 20 a page, searched on the "server". */
const catalogueTemplates = Array.from({ length: 45 }, (_, index) => ({
  id: `cat-${index + 1}`,
  name: `${index % 3 === 0 ? "Release notes" : index % 3 === 1 ? "Incident review" : "Weekly update"} ${index + 1}`,
  description: "From the team's shared catalogue.",
  variables: [{ name: "team", label: "Team", required: true }],
}));
const catalogue: CollectionLoaders = {
  catalogue: async ({ query, cursor }) => {
    const matching = catalogueTemplates.filter((template) => template.name.toLowerCase().includes(query.toLowerCase()));
    const start = Number(cursor ?? 0);
    const next = start + 20;
    return { items: matching.slice(start, next), ...(next < matching.length ? { nextCursor: String(next) } : {}) };
  },
};

/**
 * A request that names the app's template catalogue (`source`) instead of listing templates: the
 * cards come from the loader 20 at a time (Load more), the search goes to the loader, and the
 * chosen template's loaded record is what its variables are checked against.
 */
export const RemoteCatalogue: Story = {
  args: {
    request: pickerRequest(
      templateKind,
      { source: { id: "catalogue" } },
      { prompt: "Which template from the catalogue?" },
    ),
  },
  parameters: { hitl: { collections: catalogue } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText("20 items, more available")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Load more" }));
    await expect(await canvas.findByText("40 items, more available")).toBeVisible();
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search templates" }), "incident");
    await userEvent.click(await canvas.findByRole("radio", { name: "Incident review 44" }));
    await userEvent.type(canvas.getByRole("textbox", { name: /Team/ }), "Payments");
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "template",
      value: { templateId: "cat-44", variables: { team: "Payments" } },
    });
  },
};
