import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { formKind } from "../src/kinds/form";
import {
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  hitlMeta,
  type PayloadOf,
  pickerRequest,
  rawPickerRequest,
  receiptValues,
  sendText,
  statePlays,
  storyHitl,
} from "./support";

/**
 * Form (kind `form`): one labelled control per field, help, required marks and per-field inline
 * errors from the kind's own schema; on submit, focus moves to the first invalid field. Operated
 * by mouse here, with one keyboard-only story; each play function asserts the one answer the
 * in-memory eve session received.
 */

const PROMPT = "Set up the contractor account for Ana Ribeiro";

const onboarding = {
  fields: [
    { type: "text", name: "fullName", label: "Full name", required: true, placeholder: "As on the contract" },
    {
      type: "email",
      name: "email",
      label: "Work email",
      required: true,
      help: "The laptop tracking link goes here.",
    },
    {
      type: "select",
      name: "team",
      label: "Team",
      required: true,
      options: [
        { value: "payments", label: "Payments" },
        { value: "search", label: "Search" },
        { value: "platform", label: "Platform" },
        { value: "design", label: "Design systems" },
      ],
    },
    {
      type: "date",
      name: "startDate",
      label: "Start date",
      required: true,
      min: "2025-01-06",
      help: "A Monday is best.",
    },
    { type: "number", name: "hoursPerWeek", label: "Hours per week", integer: true, min: 8, max: 40 },
    {
      type: "multiselect",
      name: "equipment",
      label: "Equipment",
      max: 3,
      options: [
        { value: "laptop", label: "Laptop" },
        { value: "monitor", label: "External monitor" },
        { value: "headset", label: "Headset" },
        { value: "keyboard", label: "Keyboard" },
      ],
    },
    { type: "url", name: "portfolio", label: "Portfolio or GitHub" },
    { type: "textarea", name: "notes", label: "Anything we should know?", maxLength: 2000 },
    { type: "checkbox", name: "ndaSigned", label: "The NDA is signed", required: true },
  ],
  submitLabel: "Create account",
} satisfies PayloadOf<typeof formKind>;

const meta = {
  title: "Widgets/Form",
  ...hitlMeta,
  args: { request: pickerRequest(formKind, onboarding, { prompt: PROMPT }) },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The state stories' plays (`stories/support/states.ts`). */
const states = statePlays({
  prompt: PROMPT,
  kind: "form",
  busy: [
    { role: "button", name: "Create account" },
    { role: "textbox", name: "Full name" },
    { role: "checkbox", name: "The NDA is signed" },
  ],
  gone: ["textbox"],
});

const ANA = {
  fullName: "Ana Ribeiro",
  email: "ana.ribeiro@example.com",
  team: "payments",
  startDate: "2025-02-03",
  hoursPerWeek: 32,
  equipment: ["laptop", "headset"],
  portfolio: "https://github.com/anaribeiro",
  ndaSigned: true,
};

/** Every kind of field filled by mouse and typing; the empty optional field is left out of the answer. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
    const email = canvas.getByRole("textbox", { name: "Work email" });
    await expect(email).toBeRequired();
    await expect(email).toHaveAccessibleDescription("The laptop tracking link goes here.");
    await expect(canvas.getByRole("group", { name: "Equipment" })).toHaveAccessibleDescription("Choose up to 3.");

    await userEvent.type(canvas.getByRole("textbox", { name: "Full name" }), ANA.fullName);
    await userEvent.type(email, ANA.email);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Team" }), "Payments");
    // A date input has no ARIA role; its label also holds the (hidden) required mark.
    const startDate = canvas.getByLabelText(/^Start date/);
    await userEvent.type(startDate, ANA.startDate);
    await expect(startDate).toHaveValue(ANA.startDate);
    await userEvent.type(canvas.getByRole("spinbutton", { name: "Hours per week" }), "32");
    await userEvent.click(canvas.getByRole("checkbox", { name: "Headset" }));
    await userEvent.click(canvas.getByRole("checkbox", { name: "Laptop" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Portfolio or GitHub" }), ANA.portfolio);
    await userEvent.click(canvas.getByRole("checkbox", { name: "The NDA is signed" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expect(hitl.sent).toEqual([]);
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }));

    // Equipment in option order (not click order); the empty optional notes are not sent.
    await expect(await expectOneEnvelope(hitl)).toEqual({ hitl: 1, kind: "form", value: { values: ANA } });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptValues(context.canvasElement)).toEqual({
      "Full name": "Ana Ribeiro",
      "Work email": "ana.ribeiro@example.com",
      Team: "Payments",
      "Start date": "2025-02-03",
      "Hours per week": "32",
      Equipment: "Laptop, Headset",
      "Portfolio or GitHub": "https://github.com/anaribeiro",
      "Anything we should know?": "—",
      "The NDA is signed": "Yes",
    });
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

const rsvp = {
  fields: [
    { type: "text", name: "name", label: "Your name", required: true },
    { type: "number", name: "guests", label: "Guests you're bringing", integer: true, min: 0, max: 3 },
    {
      type: "multiselect",
      name: "diet",
      label: "Dietary needs",
      options: [
        { value: "vegetarian", label: "Vegetarian" },
        { value: "vegan", label: "Vegan" },
        { value: "gluten-free", label: "Gluten-free" },
      ],
    },
    { type: "checkbox", name: "ride", label: "I need a ride from the office" },
  ],
  submitLabel: "Send RSVP",
} satisfies PayloadOf<typeof formKind>;

/** Keyboard alone: Tab between fields, type, Space on checkboxes, Enter in a text field sends. */
export const FillWithKeyboard: Story = {
  args: { request: pickerRequest(formKind, rsvp, { prompt: "RSVP for the team dinner on Friday" }) },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("textbox", { name: "Your name" })).toHaveFocus();
    await userEvent.keyboard("Rui Costa");
    await userEvent.tab();
    await expect(canvas.getByRole("spinbutton", { name: "Guests you're bringing" })).toHaveFocus();
    await userEvent.keyboard("1");
    await userEvent.tab();
    await expect(canvas.getByRole("checkbox", { name: "Vegetarian" })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard(" ");
    await expect(canvas.getByRole("checkbox", { name: "Vegan" })).toBeChecked();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole("checkbox", { name: "I need a ride from the office" })).toHaveFocus();
    await userEvent.keyboard(" ");

    // Back to the name (Shift+Tab ×5) and Enter: the form's implicit submit.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole("textbox", { name: "Your name" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "form",
      value: { values: { name: "Rui Costa", guests: 1, diet: ["vegan"], ride: true } },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(receiptValues(context.canvasElement)).toEqual({
      "Your name": "Rui Costa",
      "Guests you're bringing": "1",
      "Dietary needs": "Vegan",
      "I need a ride from the office": "Yes",
    });
  },
};

/**
 * A malformed email, a number out of range and required fields left empty: the submit is refused,
 * each field shows its own error, the summary lists them, focus goes to the first, nothing is sent.
 */
export const InvalidAnswerRefused: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Full name" }), "Ana Ribeiro");
    const email = canvas.getByRole("textbox", { name: "Work email" });
    await userEvent.type(email, "ana.ribeiro@");
    const hours = canvas.getByRole("spinbutton", { name: "Hours per week" });
    await userEvent.type(hours, "60");
    // Errors show once a field is left: the email is left for the hours.
    await expect(email).toHaveAccessibleErrorMessage("Must be a valid email address");
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }));

    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(hours).toHaveAccessibleErrorMessage("Must be at most 40");
    await expect(canvas.getByRole("combobox", { name: "Team" })).toHaveAccessibleErrorMessage("Required");
    await expect(canvas.getByRole("checkbox", { name: "The NDA is signed" })).toHaveAccessibleErrorMessage(
      "Must be checked",
    );
    const summary = canvas.getByRole("alert");
    await expect(
      within(summary)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Work email: Must be a valid email address",
      "Team: Required",
      "Start date: Required",
      "Hours per week: Must be at most 40",
      "The NDA is signed: Must be checked",
    ]);
    await expect(canvas.getByRole("textbox", { name: "Full name" })).not.toHaveAttribute("aria-invalid");
    await expect(hitl.sent).toEqual([]);
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
  },
};

const REASON = "Ana's contract isn't signed yet; HR will ask again next week.";

export const DeclineWithReason: Story = {
  play: states.declineWithReason(REASON, async ({ canvas }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: "Full name" }), "Ana Ribeiro");
  }),
};

export const Submitting: Story = { args: { state: "submitting", answer: { values: ANA } }, play: states.submitting() };

export const Responded: Story = { args: { state: "responded", answer: { values: ANA } }, play: states.responded() };

/** The receipt: every field's label and the value given, options by their labels. */
export const Answered: Story = {
  args: { state: "answered", answer: { values: { ...ANA, notes: "Prefers a Linux laptop." } } },
  play: states.answered(async ({ canvasElement }) => {
    await expect(receiptValues(canvasElement)).toMatchObject({
      Team: "Payments",
      Equipment: "Laptop, Headset",
      "Anything we should know?": "Prefers a Linux laptop.",
      "The NDA is signed": "Yes",
    });
  }),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error, with Retry. */
export const SendError: Story = { args: { state: "error", answer: { values: ANA } }, play: states.sendError() };

export const SendErrorRetry: Story = {
  args: { state: "error", answer: { values: ANA } },
  play: states.sendErrorRetry(async ({ canvasElement }) => {
    await expect(receiptValues(canvasElement)).toMatchObject({ "Full name": "Ana Ribeiro" });
  }),
};

/**
 * A payload the kind's schema refuses (a field name with a space, a select without options, an
 * unknown field type): the fallback lists the problems and can still be answered in words.
 */
export const InvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      {
        kind: "form",
        fields: [
          { type: "text", name: "full name", label: "Full name" },
          { type: "select", name: "team", label: "Team", options: [] },
          { type: "colour", name: "badgeColour", label: "Badge colour" },
        ],
      },
      { prompt: PROMPT },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(canvas.queryByRole("textbox", { name: "Full name" })).toBeNull();

    await userEvent.click(within(group).getByText("Details (3 problems)"));
    await expect(within(group).getByText(/fields\.0\.name: Must start with a letter/)).toBeVisible();
    await expect(within(group).getByText("fields.1.options: Must have at least 1 option")).toBeVisible();
    await expect(within(group).getByText(/fields\.2\.type: Must have a "type" of text, textarea/)).toBeVisible();

    const text = "Ana Ribeiro, payments team, starts 3 February.";
    await sendText(group, text);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text });
    await expect(await canvas.findByText(text)).toBeVisible();
  },
};

/** A 25-field vendor security questionnaire; the first required field is the fourth. */
const questionnaire = {
  fields: [
    { type: "text", name: "vendorRef", label: "Internal vendor reference", help: "Leave empty if new." },
    { type: "url", name: "website", label: "Company website" },
    { type: "text", name: "tradingName", label: "Trading name" },
    { type: "text", name: "legalName", label: "Legal company name", required: true },
    { type: "text", name: "registrationNumber", label: "Company registration number", required: true },
    {
      type: "select",
      name: "country",
      label: "Country of incorporation",
      required: true,
      options: [
        { value: "pt", label: "Portugal" },
        { value: "de", label: "Germany" },
        { value: "ie", label: "Ireland" },
        { value: "us", label: "United States" },
      ],
    },
    { type: "text", name: "contactName", label: "Security contact name", required: true },
    { type: "email", name: "contactEmail", label: "Security contact email", required: true },
    { type: "number", name: "employees", label: "Number of employees", integer: true, min: 1 },
    { type: "date", name: "lastAudit", label: "Date of last external audit" },
    {
      type: "multiselect",
      name: "certifications",
      label: "Certifications held",
      options: [
        { value: "iso27001", label: "ISO 27001" },
        { value: "soc2", label: "SOC 2 Type II" },
        { value: "pci", label: "PCI DSS" },
        { value: "cyber-essentials", label: "Cyber Essentials" },
      ],
    },
    { type: "checkbox", name: "mfa", label: "All staff use multi-factor authentication", required: true },
    { type: "checkbox", name: "encryptionAtRest", label: "Customer data is encrypted at rest", required: true },
    { type: "checkbox", name: "encryptionInTransit", label: "Customer data is encrypted in transit", required: true },
    { type: "textarea", name: "dataLocations", label: "Where is customer data stored?", required: true },
    { type: "textarea", name: "subprocessors", label: "Subprocessors with access to customer data" },
    {
      type: "select",
      name: "backupFrequency",
      label: "Backup frequency",
      required: true,
      options: [
        { value: "hourly", label: "Hourly" },
        { value: "daily", label: "Daily" },
        { value: "weekly", label: "Weekly" },
      ],
    },
    { type: "number", name: "rtoHours", label: "Recovery time objective (hours)", min: 0, max: 720 },
    { type: "number", name: "rpoHours", label: "Recovery point objective (hours)", min: 0, max: 720 },
    { type: "checkbox", name: "pentest", label: "A penetration test ran in the last 12 months" },
    { type: "date", name: "pentestDate", label: "Date of the last penetration test" },
    { type: "textarea", name: "incidents", label: "Security incidents in the last 24 months" },
    { type: "url", name: "trustCenter", label: "Trust center URL" },
    { type: "email", name: "dpoEmail", label: "Data protection officer email" },
    { type: "checkbox", name: "attest", label: "I confirm these answers are accurate", required: true },
  ],
  submitLabel: "Submit questionnaire",
} satisfies PayloadOf<typeof formKind>;

/** 25 fields: submitting it empty moves focus to the first invalid field, then to the next one. */
export const LargeTwentyFiveFields: Story = {
  args: {
    request: pickerRequest(formKind, questionnaire, {
      prompt: "Complete the security questionnaire for Tejo Analytics",
    }),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(questionnaire.fields).toHaveLength(25);
    const submit = canvas.getByRole("button", { name: "Submit questionnaire" });
    await userEvent.click(submit);

    const legalName = canvas.getByRole("textbox", { name: "Legal company name" });
    await waitFor(() => expect(legalName).toHaveFocus());
    await expect(legalName).toHaveAccessibleErrorMessage("Required");
    await expect(within(canvas.getByRole("alert")).getAllByRole("listitem")).toHaveLength(11);
    await expect(canvas.getByRole("textbox", { name: "Trading name" })).not.toHaveAttribute("aria-invalid");

    // Fix it and submit again: focus moves on to the next invalid field.
    await userEvent.type(legalName, "Tejo Analytics, Lda.");
    await userEvent.click(submit);
    await waitFor(() => expect(canvas.getByRole("textbox", { name: "Company registration number" })).toHaveFocus());
    await expect(within(canvas.getByRole("alert")).getAllByRole("listitem")).toHaveLength(10);
    await expect(hitl.sent).toEqual([]);
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    // Errors shown too: their colours must pass contrast in the dark theme.
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(canvas.getByRole("textbox", { name: "Full name" })).toHaveFocus());
    await expect(canvas.getByRole("alert")).toBeVisible();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: { state: "answered", answer: { values: ANA } },
  play: states.answered(async ({ canvasElement }) => {
    await expect(receiptValues(canvasElement)).toMatchObject({ Equipment: "Laptop, Headset" });
  }),
};
