import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { z } from "zod";
import { defineKind } from "../src/kinds/define-kind";
import { textKind } from "../src/kinds/native";
import { type WidgetPropsOf, widget } from "../src/react/registry";
import { TextQuestion } from "../src/widgets/question/text-question";
import {
  expectNothingSent,
  expectOneAnswer,
  type HitlStoryArgs,
  hitlMeta,
  parseEnvelope,
  pickerRequest,
  questionRequest,
  rawPickerRequest,
  type StateCheck,
  sendText,
  statePlays,
  storyHitl,
  storyRegistry,
} from "./support";

/**
 * eve's own questions, answered in eve's native form (`optionId` / `text`):
 * - **Question** (kind `question`): up to three options without descriptions are one-click
 *   buttons; more (or any description) become a radio group with Submit; free text when allowed.
 * - **TextQuestion** (kind `text`): an eve question without options, answered with text
 *   (the `Text…` stories).
 * Every story operates the widget by keyboard or mouse and asserts the one answer eve received.
 */

const PROMPT = "Which region should the canary run in?";
const regions = [
  { id: "eu-west-1", label: "Europe (Ireland)" },
  { id: "us-east-1", label: "US East (N. Virginia)", style: "primary" as const },
  { id: "ap-southeast-2", label: "Asia Pacific (Sydney)" },
];

const meta = {
  title: "Widgets/Question",
  ...hitlMeta,
  args: { request: questionRequest(PROMPT, regions, { toolName: "deploy_canary" }) },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

const withFreeText = questionRequest(PROMPT, regions, { allowFreeform: true, toolName: "deploy_canary" });

const RADIO_PROMPT = "How should we roll out checkout-api 4.2?";
const strategies = questionRequest(
  RADIO_PROMPT,
  [
    { id: "canary", label: "Canary", description: "5% of traffic for 30 minutes, then everyone" },
    { id: "blue-green", label: "Blue/green", description: "Switch all traffic at once; instant rollback" },
    { id: "rolling", label: "Rolling", description: "Replace pods in batches of 10%" },
    { id: "manual", label: "Hold for a manual deploy", style: "danger" },
  ],
  { toolName: "deploy_service" },
);

const REASON = "We're freezing deploys until the incident review on Friday.";
const FREE_TEXT = "Run it in eu-central-1 (Frankfurt) instead.";

/** eve's own answer: the stories' `answer` args are already `{ optionId }` or `{ text }`. */
const asEve = (answer: unknown) => answer as { optionId?: string; text?: string };

/** The Question's state stories' plays (`stories/support/states.ts`); declines travel as envelopes. */
const states = statePlays({
  prompt: PROMPT,
  kind: "question",
  native: asEve,
  busy: [
    { role: "button", name: "Europe (Ireland)" },
    { role: "button", name: "Asia Pacific (Sydney)" },
  ],
  gone: ["radiogroup", "textbox"],
});

/** The receipt names the chosen option. */
const chose =
  (label: string): StateCheck =>
  async ({ canvas }) => {
    await expect(canvas.getByText(label)).toBeVisible();
  };

/** The receipt quotes what the person wrote. */
const wrote =
  (text: string): StateCheck =>
  async ({ canvas }) => {
    await expect(canvas.getByText("Wrote")).toBeVisible();
    await expect(canvas.getByText(text)).toBeVisible();
  };

// ─── Question: buttons ───────────────────────────────────────────────────────────────────────────

/** Keyboard only: three options are buttons; Tab to one and press Enter: one click answers. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const widget = canvas.getByRole("group", { name: PROMPT });
    await expect(widget).toHaveAttribute("data-state", "open");
    await expect(widget).toHaveAttribute("data-kind", "question");
    // Buttons, no radio group, no free text (not allowed here).
    await expect(canvas.queryByRole("radiogroup")).toBeNull();
    await expect(canvas.queryByRole("textbox")).toBeNull();

    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Europe (Ireland)" })).toHaveFocus();
    await userEvent.tab();
    const usEast = canvas.getByRole("button", { name: "US East (N. Virginia)" });
    await expect(usEast).toHaveFocus();
    await expect(usEast).toHaveAttribute("data-style", "primary");
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "us-east-1", requestId: hitl.ref.requestId });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("Chose")).toBeVisible();
    await expect(canvas.getByText("US East (N. Virginia)")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(widget).toHaveAttribute("data-state", "answered");
  },
};

/** Keyboard only: free text is allowed next to the options; Ctrl+Enter sends it. */
export const FreeTextByKeyboard: Story = {
  args: { request: withFreeText },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    for (const name of ["Europe (Ireland)", "US East (N. Virginia)", "Asia Pacific (Sydney)"]) {
      await userEvent.tab();
      await expect(canvas.getByRole("button", { name })).toHaveFocus();
    }
    await userEvent.tab();
    const text = canvas.getByRole("textbox", { name: "Or write your own answer" });
    await expect(text).toHaveFocus();
    await expect(text).toHaveAccessibleDescription("Press Ctrl+Enter (⌘+Enter on a Mac) to send.");
    await userEvent.keyboard(FREE_TEXT);
    // Enter alone is a new line in the textarea; nothing is sent.
    await userEvent.keyboard("{Enter}");
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Control>}{Enter}{/Control}");

    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: FREE_TEXT });
    await expect(await canvas.findByText("Wrote")).toBeVisible();
    // Focus was not dropped at the top of the page: it went from the status to the receipt.
    await expect(context.canvasElement.querySelector('[data-slot="receipt"]')).toHaveFocus();
    await expect(canvas.getByText(FREE_TEXT)).toBeVisible();
  },
};

// ─── Question: radio group ───────────────────────────────────────────────────────────────────────

/** Keyboard only: four options (with descriptions) are a radio group; arrows choose, Submit sends. */
export const RadioGroupByKeyboard: Story = {
  args: { request: strategies },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("radiogroup", { name: RADIO_PROMPT });
    await expect(within(group).getAllByRole("radio")).toHaveLength(4);

    await userEvent.tab();
    const canary = canvas.getByRole("radio", { name: "Canary" });
    await expect(canary).toHaveFocus();
    await expect(canary).toHaveAccessibleDescription("5% of traffic for 30 minutes, then everyone");
    await expect(canary).not.toBeChecked();
    // An arrow moves to the next radio and checks it.
    const blueGreen = canvas.getByRole("radio", { name: "Blue/green" });
    await userEvent.keyboard("{ArrowDown}");
    await expect(blueGreen).toHaveFocus();
    await expect(blueGreen).toBeChecked();

    // One Tab leaves the group for Submit.
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveFocus();
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "blue-green", requestId: hitl.ref.requestId });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("Blue/green")).toBeVisible();
    await expect(canvas.queryByRole("radiogroup")).toBeNull();
  },
};

/** Submit in the radio layout without choosing: the inline error, and nothing is sent. */
export const NoOptionChosen: Story = {
  args: { request: strategies },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Choose an option first.");
    await expectNothingSent(hitl);

    // Choosing clears the error.
    await userEvent.click(canvas.getByRole("radio", { name: "Rolling" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expectNothingSent(hitl);
  },
};

/** Blank free text is refused inline: nothing is sent. */
export const InvalidAnswerRefused: Story = {
  args: { request: withFreeText },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const text = canvas.getByRole("textbox", { name: "Or write your own answer" });
    await userEvent.type(text, "   ");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));

    const alert = await canvas.findByRole("alert");
    await expect(alert).toHaveTextContent("Write an answer first.");
    await expect(text).toHaveAttribute("aria-invalid", "true");
    await expect(text).toHaveAccessibleDescription(/Write an answer first\./);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
    await expectNothingSent(hitl);
  },
};

export const DeclineWithReason: Story = { play: states.declineWithReason(REASON) };

// ─── Question: states ────────────────────────────────────────────────────────────────────────────

export const Submitting: Story = {
  args: { state: "submitting", answer: { optionId: "eu-west-1" } },
  play: states.submitting(),
};

export const Responded: Story = {
  args: { state: "responded", answer: { optionId: "eu-west-1" } },
  play: states.responded(),
};

export const Answered: Story = {
  args: { state: "answered", answer: { optionId: "ap-southeast-2" } },
  play: states.answered(chose("Asia Pacific (Sydney)")),
};

/** The receipt of a free-text answer quotes what the person wrote. */
export const AnsweredWithText: Story = {
  args: { request: withFreeText, state: "answered", answer: { text: FREE_TEXT } },
  play: states.answered(wrote(FREE_TEXT)),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error with Retry. */
export const SendError: Story = {
  args: { state: "error", answer: { optionId: "us-east-1" } },
  play: states.sendError(),
};

export const SendErrorRetry: Story = {
  args: { state: "error", answer: { optionId: "us-east-1" } },
  play: states.sendErrorRetry(chose("US East (N. Virginia)")),
};

/** Two options share an id: the kind's schema refuses it, the fallback lists why and takes free text. */
export const InvalidPayload: Story = {
  args: {
    request: questionRequest(PROMPT, [
      { id: "eu-west-1", label: "Europe (Ireland)" },
      { id: "eu-west-1", label: "Europe (London)" },
    ]),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(group).toHaveAttribute("data-kind", "question");
    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(within(group).getByText('options.1.id: Duplicate id "eu-west-1" (same as options.0)')).toBeVisible();
    // The options are still offered as buttons.
    await expect(within(group).getByRole("button", { name: "Europe (London)" })).toBeVisible();

    await sendText(group, "Ireland, please");
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: "Ireland, please" });
    await expect(await canvas.findByText("Ireland, please")).toBeVisible();
  },
};

// ─── Question: many options ──────────────────────────────────────────────────────────────────────

/** 200 releases, newest first: 5.9.0 … 1.0.0. */
const releases = Array.from({ length: 200 }, (_, index) => {
  const major = 5 - Math.floor(index / 40);
  const minor = 39 - (index % 40);
  const day = String((index % 28) + 1).padStart(2, "0");
  const month = String(12 - (Math.floor(index / 28) % 12)).padStart(2, "0");
  return {
    id: `v${major}.${minor}.0`,
    label: `${major}.${minor}.0`,
    description: `Released 20${25 - Math.floor(index / 40)}-${month}-${day}`,
  };
});
const RELEASE_PROMPT = "Which release should the CVE-2024-3094 fix be backported to first?";

/** 200 options in a radio group: End jumps to the oldest release, Space chooses it, Enter on Submit sends. */
export const LargeOptions: Story = {
  args: { request: questionRequest(RELEASE_PROMPT, releases, { toolName: "backport_fix" }) },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("radiogroup", { name: RELEASE_PROMPT });
    await expect(within(group).getAllByRole("radio")).toHaveLength(200);

    await userEvent.tab();
    await expect(canvas.getByRole("radio", { name: "5.39.0" })).toHaveFocus();
    await userEvent.keyboard("{End}");
    const last = canvas.getByRole("radio", { name: "1.0.0" });
    await expect(last).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(last).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "v1.0.0", requestId: hitl.ref.requestId });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("1.0.0")).toBeVisible();
  },
};

// ─── Question: dark theme ────────────────────────────────────────────────────────────────────────

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { request: withFreeText },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await expect(canvas.getByRole("button", { name: "US East (N. Virginia)" })).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: "Or write your own answer" })).toBeEnabled();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkRadioGroup: Story = {
  globals: { theme: "dark" },
  args: { request: strategies },
  play: async (context) => {
    await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Hold for a manual deploy" }));
    await expect(canvas.getByRole("radio", { name: "Hold for a manual deploy" })).toBeChecked();
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: { state: "answered", answer: { optionId: "eu-west-1" } },
  play: states.answered(chose("Europe (Ireland)")),
};

// ─── TextQuestion (an eve question without options) ──────────────────────────────────────────────

const TEXT_PROMPT = "What should the headline of the 4.2 release notes be?";
/** eve's text question: `ctx.ask` without options. */
const textQuestion = questionRequest(TEXT_PROMPT, [], { toolName: "draft_release_notes" });
const HEADLINE = "Faster checkout with saved cards";
const LATER = "Let marketing write it.";

/** The TextQuestion's state stories' plays. */
const textStates = statePlays({
  prompt: TEXT_PROMPT,
  kind: "text",
  native: asEve,
  busy: [
    { role: "textbox", name: "Your answer" },
    { role: "button", name: "Send" },
  ],
  gone: ["textbox"],
});

export const TextOpen: Story = {
  args: { request: textQuestion },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const widget = canvas.getByRole("group", { name: TEXT_PROMPT });
    await expect(widget).toHaveAttribute("data-kind", "text");
    await expect(widget).toHaveAttribute("data-state", "open");
    await userEvent.click(canvas.getByRole("textbox", { name: "Your answer" }));
    await userEvent.keyboard(HEADLINE);
    await expect(hitl.sent).toEqual([]);
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));

    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: HEADLINE });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("Wrote")).toBeVisible();
    await expect(canvas.getByText(HEADLINE)).toBeVisible();
    await expect(canvas.queryByRole("textbox")).toBeNull();
  },
};

/** Keyboard: Tab to the one-line field, type, Enter sends (surrounding spaces are trimmed). */
export const TextByKeyboard: Story = {
  args: { request: textQuestion },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("textbox", { name: "Your answer" })).toHaveFocus();
    await userEvent.keyboard(`  ${HEADLINE}  {Enter}`);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: HEADLINE });
    await expect(await canvas.findByText(HEADLINE)).toBeVisible();
  },
};

/** Sending blank text is refused inline: nothing is sent. */
export const TextInvalidAnswerRefused: Story = {
  args: { request: textQuestion },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const text = canvas.getByRole("textbox", { name: "Your answer" });
    await userEvent.type(text, "  ");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Write an answer first.");
    await expect(text).toHaveAttribute("aria-invalid", "true");
    await expectNothingSent(hitl);

    // Typing clears the error.
    await userEvent.type(text, "Saved cards");
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expectNothingSent(hitl);
  },
};

export const TextDeclineWithReason: Story = {
  args: { request: textQuestion },
  play: textStates.declineWithReason(LATER),
};

export const TextSubmitting: Story = {
  args: { request: textQuestion, state: "submitting", answer: { text: HEADLINE } },
  play: textStates.submitting(),
};

export const TextResponded: Story = {
  args: { request: textQuestion, state: "responded", answer: { text: HEADLINE } },
  play: textStates.responded(),
};

export const TextAnswered: Story = {
  args: { request: textQuestion, state: "answered", answer: { text: HEADLINE } },
  play: textStates.answered(wrote(HEADLINE)),
};

export const TextDeclined: Story = {
  args: { request: textQuestion, state: "declined", reason: LATER },
  play: textStates.declined(),
};

export const TextCancelled: Story = {
  args: { request: textQuestion, state: "cancelled" },
  play: textStates.cancelled(),
};

export const TextSendError: Story = {
  args: { request: textQuestion, state: "error", answer: { text: HEADLINE } },
  play: textStates.sendError(),
};

export const TextSendErrorRetry: Story = {
  args: { request: textQuestion, state: "error", answer: { text: HEADLINE } },
  play: textStates.sendErrorRetry(wrote(HEADLINE)),
};

/**
 * The TextQuestion widget reused for an app's own kind: `text` is reserved for the transport's
 * own questions, so a tool that wants a multi-line answer with a placeholder defines a kind and
 * pairs it with the widget.
 */
const longAnswerKind = defineKind({
  kind: "long-answer",
  request: z.object({ placeholder: z.string().max(500).optional(), multiline: z.boolean().optional() }),
  response: textKind.response,
});
function LongAnswer(props: WidgetPropsOf<typeof longAnswerKind>) {
  return <TextQuestion {...props} payload={{ ...props.payload, kind: "text" }} />;
}

/** A multi-line text answer with a placeholder (an app's kind on TextQuestion). Ctrl+Enter sends; Enter is a new line. */
export const TextMultiline: Story = {
  args: {
    request: pickerRequest(
      longAnswerKind,
      { multiline: true, placeholder: "One paragraph for the changelog" },
      { prompt: "Summarise what changed in checkout-api 4.2", toolName: "draft_release_notes" },
    ),
  },
  parameters: { hitl: { registry: storyRegistry.extend(widget(longAnswerKind, LongAnswer)) } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const text = canvas.getByRole("textbox", { name: "Your answer" });
    await expect(text.tagName).toBe("TEXTAREA");
    await expect(text).toHaveAttribute("placeholder", "One paragraph for the changelog");
    await userEvent.click(text);
    await userEvent.keyboard("Saved cards at checkout.{Enter}Apple Pay in 12 more countries.");
    await expect(hitl.sent).toEqual([]);
    await userEvent.keyboard("{Control>}{Enter}{/Control}");
    // An app's kind answers in the kit's envelope (only the transport's own questions answer natively).
    await expect(parseEnvelope(await expectOneAnswer(hitl))).toEqual({
      hitl: 1,
      kind: "long-answer",
      value: { text: "Saved cards at checkout.\nApple Pay in 12 more countries." },
    });
  },
};

/**
 * A tool's `ui` may not call itself `text`: that name is reserved for the transport's own
 * questions, so a model-written one gets the fallback (which still takes the answer).
 */
export const TextInvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      { kind: "text", placeholder: "e.g. ".repeat(120), multiline: "yes" },
      { prompt: TEXT_PROMPT, toolName: "draft_release_notes" },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: TEXT_PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(group).toHaveAttribute("data-kind", "text");
    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(within(group).getByText(/"text" is reserved for the transport's own requests/)).toBeVisible();

    await sendText(group, HEADLINE);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: HEADLINE });
    await expect(await canvas.findByText(HEADLINE)).toBeVisible();
  },
};

export const TextDark: Story = {
  globals: { theme: "dark" },
  args: { request: textQuestion },
  play: async (context) => {
    await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await expect(canvas.getByRole("textbox", { name: "Your answer" })).toBeEnabled();
  },
};

export const TextDarkDeclined: Story = {
  globals: { theme: "dark" },
  args: { request: textQuestion, state: "declined", reason: LATER },
  play: textStates.declined(),
};
