import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { questionKind } from "../src/kinds/native";
import { widget } from "../src/react/registry";
import {
  brokenChartRegistry,
  CHART_CRASH,
  expectNothingSent,
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  type HitlStoryParameters,
  hitlMeta,
  questionRequest,
  quietCrashes,
  rawPickerRequest,
  type StoryRequest,
  sendText,
  statePlays,
  storyHitl,
  storyRegistry,
} from "./support";

/**
 * The answerable fallback, shown instead of a widget for a kind nobody registered, a request with
 * no kind, a payload its kind's schema refuses, or a widget that throws. It shows the prompt, why
 * (under Details), the request's options as buttons and a free-text answer, so the person can
 * always answer and the tool call always gets its one result.
 */

const PROMPT = "Pick a seat for the flight to Lisbon";

/** A kind nobody registered, with eve options next to the tool's `ui`. */
const seatMap: StoryRequest = {
  type: "ask",
  toolName: "pick_seat",
  prompt: PROMPT,
  ui: { kind: "seat-map", rows: 30, seatsPerRow: 6, taken: ["12A", "12B", "14C"] },
  options: [
    { id: "window", label: "Any window seat" },
    { id: "aisle", label: "Any aisle seat", description: "Rows 10–20 have extra legroom" },
  ],
  allowFreeform: true,
};

/** The same kind without options: free text (or Decline) is the only way to answer. */
const seatMapText = rawPickerRequest(
  { kind: "seat-map", rows: 30, seatsPerRow: 6 },
  { prompt: PROMPT, toolName: "pick_seat" },
);

const meta = {
  title: "Widgets/Fallback",
  ...hitlMeta,
  args: { request: seatMap },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

const SEAT = "14A, by the window, please";
const REASON = "I'll choose at check-in.";

/** The state stories' plays (`stories/support/states.ts`): a decline, as the request takes no structured answer. */
const states = statePlays({
  prompt: PROMPT,
  kind: "seat-map",
  busy: [
    { role: "button", name: "Any window seat" },
    { role: "textbox", name: "Your answer" },
    { role: "button", name: "Send" },
  ],
  gone: ["textbox"],
});

/** The fallback's group, checked for why it is shown. */
function fallbackGroup(canvasElement: HTMLElement, name: string, reason: string, kind: string) {
  const group = within(canvasElement).getByRole("group", { name });
  return {
    group,
    check: async () => {
      await expect(group).toHaveAttribute("data-reason", reason);
      await expect(group).toHaveAttribute("data-kind", kind);
      await expect(
        within(group).getByText("This request couldn't be shown in its usual form. You can still answer it."),
      ).toBeVisible();
    },
  };
}

// ─── unknown kind ────────────────────────────────────────────────────────────────────────────────

/** No widget for `seat-map`: the reason under Details, and the request's options as buttons. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const { group, check } = fallbackGroup(context.canvasElement, PROMPT, "unknown-kind", "seat-map");
    await check();
    await expect(group).toHaveAttribute("data-state", "open");
    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(within(group).getByText('kind: No widget is registered for kind "seat-map"')).toBeVisible();
    const aisle = within(group).getByRole("button", { name: "Any aisle seat" });
    await expect(aisle).toHaveAccessibleDescription("Rows 10–20 have extra legroom");
    await expect(hitl.sent).toEqual([]);

    await userEvent.click(aisle);
    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "aisle", requestId: hitl.ref.requestId });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(group).toHaveAttribute("data-state", "answered");
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** Keyboard: Tab past Details and the options to the text field; Ctrl+Enter sends. */
export const UnknownKindFreeText: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const { group, check } = fallbackGroup(context.canvasElement, PROMPT, "unknown-kind", "seat-map");
    await check();

    // Details is a <summary>: reachable by keyboard (user-event cannot fire its native toggle).
    await userEvent.tab();
    await expect(within(group).getByText("Details (1 problem)")).toHaveFocus();
    await userEvent.tab();
    await expect(within(group).getByRole("button", { name: "Any window seat" })).toHaveFocus();
    await userEvent.tab();
    await expect(within(group).getByRole("button", { name: "Any aisle seat" })).toHaveFocus();
    await userEvent.tab();
    await expect(within(group).getByRole("textbox", { name: "Your answer" })).toHaveFocus();
    await userEvent.keyboard(SEAT);
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Control>}{Enter}{/Control}");

    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: SEAT });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText(SEAT)).toBeVisible();
  },
};

// ─── no kind ─────────────────────────────────────────────────────────────────────────────────────

const NO_KIND_PROMPT = "Which plan should the Acme Corp workspace move to?";
/** The tool's `ui` forgot its `kind`; eve's options are still there. */
const noKind: StoryRequest = {
  type: "ask",
  toolName: "change_plan",
  prompt: NO_KIND_PROMPT,
  ui: { plans: ["team", "business", "enterprise"], seats: 48 },
  options: [
    { id: "team", label: "Team ($8 per seat)" },
    { id: "business", label: "Business ($15 per seat)" },
    { id: "enterprise", label: "Enterprise (talk to sales)" },
  ],
  allowFreeform: true,
};

export const NoKind: Story = {
  args: { request: noKind },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const { group, check } = fallbackGroup(context.canvasElement, NO_KIND_PROMPT, "unknown-kind", "unknown");
    await check();
    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(within(group).getByText("kind: The request has no ui.kind")).toBeVisible();

    await userEvent.click(within(group).getByRole("button", { name: "Business ($15 per seat)" }));
    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "business", requestId: hitl.ref.requestId });
    await expect(await within(context.canvasElement).findByText("Answered")).toBeVisible();
  },
};

export const NoKindFreeText: Story = {
  args: { request: noKind },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const { group, check } = fallbackGroup(context.canvasElement, NO_KIND_PROMPT, "unknown-kind", "unknown");
    await check();
    await sendText(group, "Business, but only from next month");
    await expect(await expectOneAnswer(hitl)).toEqual({
      requestId: hitl.ref.requestId,
      text: "Business, but only from next month",
    });
    await expect(await within(context.canvasElement).findByText("Business, but only from next month")).toBeVisible();
  },
};

// ─── invalid payload ─────────────────────────────────────────────────────────────────────────────

const REGION_PROMPT = "Which region should the canary run in?";
/** Two options share an id: the question kind's schema refuses the payload. */
const duplicateOptions = questionRequest(REGION_PROMPT, [
  { id: "eu-west-1", label: "Europe (Ireland)" },
  { id: "eu-west-1", label: "Europe (London)" },
  { id: "us-east-1", label: "US East (N. Virginia)" },
]);

const CHANNELS_PROMPT = "Where should we send deploy alerts for checkout-api?";
/** A multi-select whose min is above its max and whose options repeat an id. */
const invalidMultiSelect = rawPickerRequest(
  {
    kind: "multi-select",
    options: [
      { id: "email", label: "Email" },
      { id: "email", label: "Email (work)" },
      { id: "sms", label: "SMS" },
    ],
    min: 4,
    max: 2,
  },
  { prompt: CHANNELS_PROMPT, toolName: "configure_alerts" },
);

/** A picker payload its kind refuses: the issues under Details, and free text still answers it. */
export const InvalidPayload: Story = {
  args: { request: invalidMultiSelect },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const { group, check } = fallbackGroup(context.canvasElement, CHANNELS_PROMPT, "invalid-payload", "multi-select");
    await check();
    await expect(within(group).queryByRole("checkbox")).toBeNull();
    await userEvent.click(within(group).getByText(/^Details \(\d+ problems?\)$/));
    await expect(within(group).getByText('options.1.id: Duplicate id "email" (same as options.0)')).toBeVisible();

    await sendText(group, "Email and SMS");
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: "Email and SMS" });
    await expect(await within(context.canvasElement).findByText("Email and SMS")).toBeVisible();
  },
};

/** An eve question with a repeated option id: its options are still offered as buttons. */
export const InvalidPayloadOption: Story = {
  args: { request: duplicateOptions },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const { group, check } = fallbackGroup(context.canvasElement, REGION_PROMPT, "invalid-payload", "question");
    await check();
    await expect(within(group).getAllByRole("button", { name: /^(Europe|US East)/ })).toHaveLength(3);
    await userEvent.click(within(group).getByRole("button", { name: "US East (N. Virginia)" }));
    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "us-east-1", requestId: hitl.ref.requestId });
    await expect(await within(context.canvasElement).findByText("Answered")).toBeVisible();
  },
};

// ─── a widget that throws ────────────────────────────────────────────────────────────────────────

const QUESTION_CRASH = "Cannot read properties of undefined (reading 'map')";

function BrokenQuestion(): never {
  throw new Error(QUESTION_CRASH);
}

const CHART_PROMPT = "Which chart fits the weekly sign-ups?";
const chartRequest = rawPickerRequest(
  { kind: "chart", series: [312, 280, 355, 401, 398, 460, 512] },
  { prompt: CHART_PROMPT, toolName: "make_chart" },
);
const brokenChart = { hitl: { registry: brokenChartRegistry } };
const brokenQuestion = { hitl: { registry: storyRegistry.extend(widget(questionKind, BrokenQuestion)) } };

/** The chart widget throws while rendering: the error boundary shows the fallback; free text answers. */
export const WidgetThrows: Story = {
  args: { request: chartRequest },
  parameters: brokenChart,
  beforeEach: quietCrashes(CHART_CRASH),
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = await canvas.findByRole("group", { name: CHART_PROMPT });
    await expect(group).toHaveAttribute("data-reason", "widget-crashed");
    await expect(group).toHaveAttribute("data-kind", "chart");
    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(within(group).getByText("Cannot read the series (the chart library failed to load)")).toBeVisible();

    await sendText(group, "A bar chart, one bar per week");
    await expect(await expectOneAnswer(hitl)).toEqual({
      requestId: hitl.ref.requestId,
      text: "A bar chart, one bar per week",
    });
    await expect(await canvas.findByText("A bar chart, one bar per week")).toBeVisible();
  },
};

/** The question widget throws: the fallback still offers the question's options. */
export const WidgetThrowsOption: Story = {
  args: {
    request: questionRequest(REGION_PROMPT, [
      { id: "eu-west-1", label: "Europe (Ireland)" },
      { id: "us-east-1", label: "US East (N. Virginia)" },
    ]),
  },
  parameters: brokenQuestion,
  beforeEach: quietCrashes(QUESTION_CRASH),
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = await canvas.findByRole("group", { name: REGION_PROMPT });
    await expect(group).toHaveAttribute("data-reason", "widget-crashed");
    await expect(group).toHaveAttribute("data-kind", "question");
    await userEvent.click(within(group).getByRole("button", { name: "Europe (Ireland)" }));
    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "eu-west-1", requestId: hitl.ref.requestId });
    await expect(await canvas.findByText("Answered")).toBeVisible();
  },
};

// ─── refused, declined ───────────────────────────────────────────────────────────────────────────

/** Blank text is refused inline: nothing is sent. */
export const InvalidAnswerRefused: Story = {
  args: { request: seatMapText },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const text = canvas.getByRole("textbox", { name: "Your answer" });
    await userEvent.type(text, "  {Enter}  ");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Write an answer first.");
    await expect(text).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
    await expectNothingSent(hitl);

    // Typing clears the error.
    await userEvent.type(text, "Aisle");
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expectNothingSent(hitl);
  },
};

export const DeclineWithReason: Story = { play: states.declineWithReason(REASON) };

/** Keyboard: a request with no kind declines as kind "unknown"; no reason given. */
export const NoKindDeclineByKeyboard: Story = {
  args: { request: noKind },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    canvas.getByRole("textbox", { name: "Your answer" }).focus();
    await userEvent.tab(); // Send
    await userEvent.tab(); // Decline
    await expect(canvas.getByRole("button", { name: "Decline" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("textbox", { name: "Reason (optional)" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({ hitl: 1, kind: "unknown", declined: true });
    await expect(await canvas.findByText("Declined")).toBeVisible();
    await expect(canvas.queryByText(/^Reason:/)).toBeNull();
  },
};

// ─── states ──────────────────────────────────────────────────────────────────────────────────────
// A request without a kind takes no structured `answer`: the states below send a decline (the
// harness's default without `answer`), or, for Answered, the person's chat message.

/** The decline is on its way; the fallback is disabled. */
export const Submitting: Story = { args: { state: "submitting", reason: REASON }, play: states.submitting() };

export const Responded: Story = { args: { state: "responded", reason: REASON }, play: states.responded() };

/** Answered by a chat message (eve matched it as the free-text answer): the receipt quotes it. */
export const Answered: Story = {
  args: { request: seatMapText, state: "ignored", message: SEAT },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: SEAT });
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-state", "answered");
    await expect(canvas.getByText("Answered")).toBeVisible();
    await expect(canvas.getByText(SEAT)).toBeVisible();
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await expect(canvas.queryByText("Details (1 problem)")).toBeNull();
  },
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the decline (HTTP 400): the error with Retry. */
export const SendError: Story = { args: { state: "error", reason: REASON }, play: states.sendError() };

export const SendErrorRetry: Story = { args: { state: "error", reason: REASON }, play: states.sendErrorRetry() };

/** A typed answer the server refuses once (HTTP 400): Retry sends the same text again. */
export const SendErrorTextRetry: Story = {
  args: { request: seatMapText },
  parameters: {
    hitl: { setup: (session) => session.failNextRespond({ status: 400 }) } satisfies HitlStoryParameters,
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await sendText(canvas.getByRole("group", { name: PROMPT }), SEAT);
    const alert = await canvas.findByRole("alert");
    await expect(alert).toHaveTextContent("Couldn't send your answer.");
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);

    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: SEAT });
    await expect(hitl.sent).toHaveLength(2);
    await expect(await canvas.findByText(SEAT)).toBeVisible();
  },
};

// ─── large payloads ──────────────────────────────────────────────────────────────────────────────

const TAGS_PROMPT = "Which labels should the triage bot add to issue #4821?";

/** 500 options, none with a label: 500 issues, of which the first 50 are listed and the rest counted. */
export const LargeInvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      {
        kind: "multi-select",
        options: Array.from({ length: 500 }, (_, index) => ({ id: `label-${index + 1}`, label: "" })),
      },
      { prompt: TAGS_PROMPT, toolName: "triage_issue" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const { group, check } = fallbackGroup(context.canvasElement, TAGS_PROMPT, "invalid-payload", "multi-select");
    await check();
    await userEvent.click(within(group).getByText("Details (500 problems)"));
    await expect(within(group).getByText("options.0.label: Must not be empty")).toBeVisible();
    await expect(within(group).getByText("options.49.label: Must not be empty")).toBeVisible();
    await expect(within(group).queryByText("options.50.label: Must not be empty")).toBeNull();
    await expect(within(group).getByText("…and 450 more issues")).toBeVisible();

    await sendText(group, "bug, checkout, p1");
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: "bug, checkout, p1" });
  },
};

/**
 * The same 500 problems, left open: the list scrolls, and a keyboard reaches it (a labelled
 * region with a tab stop) to scroll it. The story's axe check runs with it open and scrolling.
 */
export const LargeInvalidPayloadDetailsOpen: Story = {
  args: LargeInvalidPayload.args,
  play: async (context) => {
    const { group, check } = fallbackGroup(context.canvasElement, TAGS_PROMPT, "invalid-payload", "multi-select");
    await check();
    await userEvent.click(within(group).getByText("Details (500 problems)"));
    const list = within(group).getByRole("region", { name: "Details (500 problems)" });
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
    // Tab from Details lands on the list (the browser's arrow and page keys then scroll it).
    await userEvent.tab();
    await expect(list).toHaveFocus();
  },
};

const AIRPORT_PROMPT = "Which airport should the Lisbon trip depart from?";
/** 300 options with one repeated id: the fallback offers the first 100 as buttons. */
const airports = Array.from({ length: 300 }, (_, index) => ({
  id: index === 299 ? "gate-1" : `gate-${index + 1}`,
  label: `Terminal ${Math.floor(index / 50) + 1}, gate ${(index % 50) + 1}`,
}));

export const LargeOptions: Story = {
  args: { request: questionRequest(AIRPORT_PROMPT, airports, { allowFreeform: true, toolName: "book_trip" }) },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const { group, check } = fallbackGroup(context.canvasElement, AIRPORT_PROMPT, "invalid-payload", "question");
    await check();
    const buttons = within(group).getAllByRole("button", { name: /^Terminal/ });
    await expect(buttons).toHaveLength(100);
    await expect(buttons.at(-1)).toHaveTextContent("Terminal 2, gate 50");
    await userEvent.click(within(group).getByRole("button", { name: "Terminal 2, gate 7" }));
    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "gate-57", requestId: hitl.ref.requestId });
  },
};

// ─── dark theme ──────────────────────────────────────────────────────────────────────────────────

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await userEvent.click(canvas.getByText("Details (1 problem)"));
    await expect(canvas.getByText('kind: No widget is registered for kind "seat-map"')).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Any window seat" })).toBeVisible();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkDeclined: Story = {
  globals: { theme: "dark" },
  args: { state: "declined", reason: REASON },
  play: states.declined(),
};
