import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { multiSelectKind } from "../src/kinds/multi-select";
import {
  expectNothingSent,
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  hitlMeta,
  pickerRequest,
  rawPickerRequest,
  receiptItems,
  type StateCheck,
  sendText,
  statePlays,
  storyHitl,
} from "./support";

/**
 * The multi-select picker (kind `multi-select`): a checkbox list with groups, descriptions and
 * disabled options, a live count within min/max, Select all / Clear, and a search box once the
 * list is long. Every story operates it by keyboard or mouse and asserts the one answer the
 * in-memory eve session received (the kit's envelope in the answer's `text`).
 */

const PROMPT = "Where should we send deploy alerts for checkout-api?";

const channels = pickerRequest(
  multiSelectKind,
  {
    options: [
      { id: "email", label: "Email", description: "To the on-call rotation's shared inbox", group: "Instant" },
      { id: "sms", label: "SMS", group: "Instant" },
      { id: "push", label: "Push notification", description: "On the PagerDuty mobile app", group: "Instant" },
      { id: "slack", label: "Slack #deploys", group: "Instant" },
      { id: "weekly", label: "Weekly summary", description: "Mondays at 09:00 UTC", group: "Digest" },
      { id: "monthly", label: "Monthly report", group: "Digest" },
      // A disabled option keeps a readable description (axe checks its contrast in every story).
      {
        id: "fax",
        label: "Fax",
        description: "No longer supported; pick another channel.",
        group: "Digest",
        disabled: true,
      },
    ],
    min: 1,
    max: 3,
  },
  { prompt: PROMPT, toolName: "configure_alerts" },
);

const meta = {
  title: "Widgets/MultiSelect",
  ...hitlMeta,
  args: { request: channels },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

const REASON = "Alerts are handled by the platform team now.";

/** The state stories' plays (`stories/support/states.ts`). */
const states = statePlays({
  prompt: PROMPT,
  kind: "multi-select",
  busy: [
    { role: "checkbox", name: "Email" },
    { role: "checkbox", name: "Slack #deploys" },
    { role: "button", name: "Submit" },
    { role: "button", name: "Decline" },
  ],
  gone: ["checkbox"],
});

/** The receipt lists the chosen options' labels. */
const chosen =
  (...labels: string[]): StateCheck =>
  async ({ group }) => {
    await expect(receiptItems(group)).toEqual(labels);
    for (const label of labels) await expect(within(group).getByText(label)).toBeVisible();
  };

/** Keyboard only: Tab through the toolbar into the list, arrows and Space to check, Tab to Submit, Enter. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const widget = canvas.getByRole("group", { name: PROMPT });
    await expect(widget).toHaveAttribute("data-state", "open");
    await expect(within(widget).getByRole("group", { name: "Instant" })).toBeVisible();
    await expect(within(widget).getByRole("group", { name: "Digest" })).toBeVisible();
    await expect(canvas.getByRole("checkbox", { name: "Fax" })).toBeDisabled();
    await expect(canvas.getByText("0 selected — choose 1 to 3")).toBeVisible();

    // Select all stays focusable (aria-disabled) so its reason can be read: 6 would exceed 3.
    await userEvent.tab();
    const selectAll = canvas.getByRole("button", { name: "Select all" });
    await expect(selectAll).toHaveFocus();
    await expect(selectAll).toHaveAttribute("aria-disabled", "true");
    await expect(selectAll).toHaveAccessibleDescription("Select all would choose 6, more than the 3 allowed.");
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Clear" })).toHaveFocus();

    await userEvent.tab();
    const email = canvas.getByRole("checkbox", { name: "Email" });
    await expect(email).toHaveFocus();
    await expect(email).toHaveAccessibleDescription("To the on-call rotation's shared inbox");
    await userEvent.keyboard(" ");
    await expect(email).toBeChecked();
    // One tab stop in the list: the arrows move between the checkboxes.
    await userEvent.keyboard("{ArrowDown}");
    await expect(canvas.getByRole("checkbox", { name: "SMS" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const push = canvas.getByRole("checkbox", { name: "Push notification" });
    await expect(push).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(push).toBeChecked();
    await expect(canvas.getByText("2 selected — choose 1 to 3")).toBeVisible();

    // End skips the disabled Fax; type-ahead finds "Weekly summary"; Tab leaves the list for Submit.
    await userEvent.keyboard("{End}");
    await expect(canvas.getByRole("checkbox", { name: "Monthly report" })).toHaveFocus();
    await userEvent.keyboard("w");
    await expect(canvas.getByRole("checkbox", { name: "Weekly summary" })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveFocus();
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "multi-select",
      value: { selected: ["email", "push"] },
    });
    const receipt = await canvas.findByText("Answered");
    await expect(receipt).toBeVisible();
    await expect(receiptItems(widget)).toEqual(["Email", "Push notification"]);
    await expect(canvas.queryByRole("checkbox")).toBeNull();
    await expect(widget).toHaveAttribute("data-state", "answered");
  },
};

/** A fourth option past max is refused politely; the count and selection stay as they were. */
export const MaxReached: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    for (const name of ["Email", "SMS", "Slack #deploys"]) {
      await userEvent.click(canvas.getByRole("checkbox", { name }));
    }
    await expect(canvas.getByText("3 selected — choose 1 to 3")).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Weekly summary" }));
    await expect(canvas.getByRole("checkbox", { name: "Weekly summary" })).not.toBeChecked();
    await expect(canvas.getByText("You can choose at most 3. Uncheck one to choose another.")).toBeVisible();
    await expect(canvas.getByText("3 selected — choose 1 to 3")).toBeVisible();

    // Unchecking one makes room again.
    await userEvent.click(canvas.getByRole("checkbox", { name: "SMS" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Weekly summary" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "multi-select",
      value: { selected: ["email", "slack", "weekly"] },
    });
  },
};

/** Without a max, Select all checks every enabled option; Clear empties the selection. */
export const SelectAllAndClear: Story = {
  args: {
    request: pickerRequest(
      multiSelectKind,
      {
        options: [
          { id: "de", label: "German" },
          { id: "fr", label: "French" },
          { id: "ja", label: "Japanese" },
          { id: "pt-BR", label: "Portuguese (Brazil)" },
          { id: "ko", label: "Korean (glossary in review)", disabled: true },
        ],
      },
      { prompt: "Which languages should this release be translated into?" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Select all" }));
    await expect(canvas.getByText("4 selected")).toBeVisible();
    await expect(canvas.getByRole("checkbox", { name: "Korean (glossary in review)" })).not.toBeChecked();
    await expect(canvas.getByRole("button", { name: "Select all" })).toHaveAttribute("aria-disabled", "true");

    await userEvent.click(canvas.getByRole("button", { name: "Clear" }));
    await expect(canvas.getByText("0 selected")).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Japanese" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "German" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    // In option order, not click order.
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "multi-select",
      value: { selected: ["de", "ja"] },
    });
  },
};

/** Submitting with fewer than `min` options: the inline error, and nothing is sent. */
export const InvalidAnswerRefused: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    const alert = await canvas.findByRole("alert");
    await expect(alert).toHaveTextContent("Select at least 1 option (got 0)");
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
    await expectNothingSent(hitl);

    // Checking an option clears the error.
    await userEvent.click(canvas.getByRole("checkbox", { name: "SMS" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expectNothingSent(hitl);
  },
};

export const DeclineWithReason: Story = { play: states.declineWithReason(REASON) };

export const Submitting: Story = {
  args: { state: "submitting", answer: { selected: ["email", "slack"] } },
  play: states.submitting(),
};

export const Responded: Story = {
  args: { state: "responded", answer: { selected: ["email", "slack"] } },
  play: states.responded(),
};

export const Answered: Story = {
  args: { state: "answered", answer: { selected: ["sms", "push", "weekly"] } },
  play: states.answered(chosen("SMS", "Push notification", "Weekly summary")),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error with Retry; the selection is kept. */
export const SendError: Story = {
  args: { state: "error", answer: { selected: ["email", "slack"] } },
  play: states.sendError(),
};

export const SendErrorRetry: Story = {
  args: { state: "error", answer: { selected: ["email", "slack"] } },
  play: states.sendErrorRetry(chosen("Email", "Slack #deploys")),
};

/** Duplicate ids and min > max fail the kind's schema: the fallback lists why and still takes an answer. */
export const InvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      {
        kind: "multi-select",
        options: [
          { id: "email", label: "Email" },
          { id: "email", label: "Email (work)" },
          { id: "sms", label: "" },
        ],
        min: 4,
        max: 2,
      },
      { prompt: PROMPT, toolName: "configure_alerts" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(group).toHaveAttribute("data-kind", "multi-select");
    await expect(canvas.queryByRole("checkbox")).toBeNull();

    await userEvent.click(within(group).getByText(/^Details \(\d+ problems?\)$/));
    await expect(within(group).getByText('options.1.id: Duplicate id "email" (same as options.0)')).toBeVisible();
    await expect(within(group).getByText("options.2.label: Must not be empty")).toBeVisible();

    await sendText(group, "Email and SMS, please");
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: "Email and SMS, please" });
    await expect(await canvas.findByText("Email and SMS, please")).toBeVisible();
  },
};

// ─── large payload ───────────────────────────────────────────────────────────────────────────────

const TEAMS = [
  "payments",
  "search",
  "identity",
  "catalog",
  "checkout",
  "billing",
  "growth",
  "platform",
  "data",
  "mobile",
];
const SERVICES = ["api", "worker", "web", "gateway", "scheduler", "indexer", "ledger", "notifier", "exporter", "auth"];
const SUFFIXES = ["", "-v2", "-legacy", "-edge", "-internal"];

/** 500 repositories: `payments-api`, `search-worker-v2`, … grouped by team. */
const repositories = SUFFIXES.flatMap((suffix) =>
  TEAMS.flatMap((team) =>
    SERVICES.map((service) => ({
      id: `acme/${team}-${service}${suffix}`,
      label: `${team}-${service}${suffix}`,
      group: `${team.charAt(0).toUpperCase()}${team.slice(1)} team`,
      ...(suffix === "-legacy" ? { disabled: true } : {}),
    })),
  ),
);

/** 500 options: the search narrows the list, the live count tracks the selection. */
export const LargeOptions: Story = {
  args: {
    request: pickerRequest(
      multiSelectKind,
      { options: repositories, min: 1, max: 20 },
      { prompt: "Which repositories should get the OpenSSL 3.0.14 patch?", toolName: "open_patch_prs" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(repositories).toHaveLength(500);
    // Virtualized: a screenful of rows, not 500.
    await expect(canvas.getAllByRole("checkbox").length).toBeLessThan(100);

    const search = canvas.getByRole("searchbox", { name: "Search options" });
    await userEvent.type(search, "ledger-v2");
    await expect(await canvas.findByText("10 of 500 options shown")).toBeVisible();
    await userEvent.click(await canvas.findByRole("checkbox", { name: "payments-ledger-v2" }));
    await userEvent.clear(search);
    await userEvent.type(search, "billing-ledger-v2");
    await waitFor(() => expect(canvas.getAllByRole("checkbox")).toHaveLength(1));
    await userEvent.click(canvas.getByRole("checkbox", { name: "billing-ledger-v2" }));

    await userEvent.clear(search);
    await userEvent.type(search, "no-such-repository");
    await expect(await canvas.findByText("No options match your search.")).toBeVisible();
    await userEvent.clear(search);
    await waitFor(() => expect(canvas.getByRole("checkbox", { name: "payments-api" })).toBeVisible());
    // The selection survives the searches.
    await expect(canvas.getByText("2 selected — choose 1 to 20")).toBeVisible();

    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "multi-select",
      value: { selected: ["acme/payments-ledger-v2", "acme/billing-ledger-v2"] },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("billing-ledger-v2")).toBeVisible();
  },
};

const REGIONS = ["Americas", "Europe", "Africa", "Asia", "Oceania"];
const CUSTOMERS = 10_000;
/** 10,000 customers in five regions of 2,000. */
const customers = Array.from({ length: CUSTOMERS }, (_, index) => ({
  id: `customer-${index + 1}`,
  label: `Customer ${index + 1}`,
  group: REGIONS[Math.floor(index / (CUSTOMERS / REGIONS.length))] ?? "Other",
}));

/**
 * 10,000 options: only a screenful of rows is mounted. End reaches the last customer (scrolled in
 * and focused), scrolling the list away keeps the focused row, and choices scrolled or filtered out
 * of view are still in the answer.
 */
export const LargeTenThousandOptions: Story = {
  args: {
    request: pickerRequest(
      multiSelectKind,
      { options: customers },
      { prompt: "Which customers should get the renewal reminder?", toolName: "send_reminders" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const boxes = () => canvas.getAllByRole("checkbox");
    await expect(boxes().length).toBeLessThan(200);

    const first = canvas.getByRole("checkbox", { name: "Customer 1" });
    await userEvent.click(first);
    await expect(first).toHaveFocus();
    await expect(first).toHaveAttribute("tabindex", "0");
    await userEvent.keyboard("{End}");
    const lastName = `Customer ${CUSTOMERS}`;
    await waitFor(() => expect(canvas.getByRole("checkbox", { name: lastName })).toHaveFocus());
    await waitFor(() => expect(canvas.queryByRole("checkbox", { name: "Customer 1" })).toBeNull());
    const list = context.canvasElement.querySelector<HTMLElement>('[data-slot="list"]');
    if (!list) throw new Error("no list");
    // Scrolled through the whole height of 10,000 rows, not a box that shrank to the viewport.
    await expect(list.scrollTop).toBeGreaterThan(100_000);
    await expect(canvas.getByRole("group", { name: "Oceania" })).toContainElement(
      canvas.getByRole("checkbox", { name: lastName }),
    );
    await userEvent.keyboard(" ");
    await expect(canvas.getByRole("checkbox", { name: lastName })).toBeChecked();
    await userEvent.keyboard("{PageUp}");
    await waitFor(() => expect(canvas.getByRole("checkbox", { name: lastName })).not.toHaveFocus());
    const paged = context.canvasElement.ownerDocument.activeElement;
    await expect(paged).toHaveAttribute("type", "checkbox");
    await expect(boxes().length).toBeLessThan(200);

    // Scrolled far away by the wheel, the focused row stays mounted and focused.
    list.scrollTop = 0;
    await waitFor(() => expect(canvas.getByRole("checkbox", { name: "Customer 1" })).toBeVisible());
    await expect(paged).toHaveFocus();
    await expect(boxes().length).toBeLessThan(200);

    const search = canvas.getByRole("searchbox", { name: "Search options" });
    await userEvent.type(search, "customer 5000");
    await userEvent.click(await canvas.findByRole("checkbox", { name: "Customer 5000" }));
    await expect(canvas.getByText("3 selected")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "multi-select",
      value: { selected: ["customer-1", "customer-5000", `customer-${CUSTOMERS}`] },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
  },
};

// ─── dark theme ──────────────────────────────────────────────────────────────────────────────────

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await userEvent.click(canvas.getByRole("checkbox", { name: "Push notification" }));
    await expect(canvas.getByRole("checkbox", { name: "Push notification" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Fax" })).toBeDisabled();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: { state: "answered", answer: { selected: ["email", "monthly"] } },
  play: states.answered(chosen("Email", "Monthly report")),
};
