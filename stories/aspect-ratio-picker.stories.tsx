import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { aspectRatioKind } from "../src/kinds/aspect-ratio";
import {
  expectOneAnswer,
  expectOneEnvelope,
  type HitlStoryArgs,
  hitlMeta,
  type PayloadOf,
  pickerRequest,
  rawPickerRequest,
  type StateCheck,
  sendText,
  statePlays,
  storyHitl,
} from "./support";

/**
 * AspectRatioPicker (kind `aspect-ratio`): presets drawn to scale in a radio group, plus a custom
 * W:H within bounds. The `Open` story is keyboard only; each play function asserts the one
 * answer the in-memory eve session received (`{ ratio, width, height }`, the longer side 1).
 */

const PROMPT = "Which aspect ratio should the hero image for the spring campaign use?";

const campaign = {
  presets: [
    { ratio: "1:1", label: "Square" },
    { ratio: "4:5", label: "Portrait" },
    { ratio: "16:9", label: "Widescreen" },
    { ratio: "9:16", label: "Story" },
    { ratio: "3:2", label: "Classic photo" },
  ],
  custom: { min: 0.5, max: 2.5 },
} satisfies PayloadOf<typeof aspectRatioKind>;

const meta = {
  title: "Widgets/AspectRatioPicker",
  ...hitlMeta,
  args: { request: pickerRequest(aspectRatioKind, campaign, { prompt: PROMPT }) },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

const WIDESCREEN = { ratio: "16:9", width: 1, height: 0.5625 };

/** The state stories' plays (`stories/support/states.ts`). */
const states = statePlays({
  prompt: PROMPT,
  kind: "aspect-ratio",
  busy: [
    { role: "button", name: "Use this ratio" },
    { role: "radio", name: "Square 1:1" },
  ],
  gone: ["radiogroup"],
});

/** The receipt shows the chosen ratio and its preset's name. */
const ratioReceipt =
  (ratio: string, label: string): StateCheck =>
  async ({ canvas }) => {
    await expect(canvas.getByText(ratio)).toBeVisible();
    await expect(canvas.getByText(`(${label})`)).toBeVisible();
  };

/** Keyboard alone: Tab into the ratios, arrows move and choose, Tab to the button, Enter sends. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");
    const ratios = canvas.getByRole("radiogroup", { name: PROMPT });
    await expect(
      within(ratios)
        .getAllByRole("radio")
        .map((radio) => radio.textContent),
    ).toEqual(["Square 1:1", "Portrait 4:5", "Widescreen 16:9", "Story 9:16", "Classic photo 3:2", "Custom"]);

    await userEvent.tab();
    const square = canvas.getByRole("radio", { name: "Square 1:1" });
    await expect(square).toHaveFocus();
    await expect(square).not.toBeChecked();
    const portrait = canvas.getByRole("radio", { name: "Portrait 4:5" });
    await userEvent.keyboard("{ArrowRight}");
    await expect(portrait).toHaveFocus();
    await expect(portrait).toBeChecked();
    const widescreen = canvas.getByRole("radio", { name: "Widescreen 16:9" });
    await userEvent.keyboard("{ArrowRight}");
    await expect(widescreen).toHaveFocus();
    await expect(widescreen).toBeChecked();
    await expect(portrait).not.toBeChecked();
    await expect(hitl.sent).toEqual([]);

    // The custom fields only appear for Custom: the next tab stop is the button.
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Use this ratio" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({ hitl: 1, kind: "aspect-ratio", value: WIDESCREEN });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("16:9")).toBeVisible();
    await expect(canvas.getByText("(Widescreen)")).toBeVisible();
    await expect(canvas.queryByRole("radiogroup")).toBeNull();
  },
};

/** Mouse: Custom, then W and H; the preview draws the ratio as it is typed. */
export const CustomRatio: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Custom" }));
    const width = canvas.getByRole("spinbutton", { name: "Width" });
    const height = canvas.getByRole("spinbutton", { name: "Height" });
    await expect(width).toHaveAccessibleDescription("Between 1:2 and 5:2.");
    await userEvent.type(width, "21");
    await userEvent.type(height, "9");
    await expect(canvas.getByText("21:9")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Use this ratio" }));

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "aspect-ratio",
      value: { ratio: "21:9", width: 1, height: 9 / 21 },
    });
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("21:9")).toBeVisible();
  },
};

/**
 * Nothing chosen, then a custom ratio outside the bounds: both refused inline, focus on the
 * width to fix, and nothing sent.
 */
export const InvalidAnswerRefused: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const submit = canvas.getByRole("button", { name: "Use this ratio" });
    await userEvent.click(submit);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Choose a ratio first.");

    await userEvent.click(canvas.getByRole("radio", { name: "Custom" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
    const width = canvas.getByRole("spinbutton", { name: "Width" });
    await userEvent.type(width, "5");
    await userEvent.type(canvas.getByRole("spinbutton", { name: "Height" }), "1");
    // Shown while typing, before any submit.
    await expect(canvas.getByText("Must be between 1:2 and 5:2")).toBeVisible();
    await expect(width).toHaveAttribute("aria-invalid", "true");

    await userEvent.click(submit);
    await waitFor(() => expect(width).toHaveFocus());
    await expect(width).toHaveAccessibleDescription(/Must be between 1:2 and 5:2/);
    await expect(hitl.sent).toEqual([]);
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "open");

    // A side left empty is a problem of its own.
    await userEvent.clear(canvas.getByRole("spinbutton", { name: "Height" }));
    await userEvent.click(submit);
    await expect(canvas.getByRole("spinbutton", { name: "Height" })).toHaveAccessibleDescription(
      /Must be a whole number from 1 to 99999/,
    );
    await expect(hitl.sent).toEqual([]);
  },
};

const REASON = "The layout isn't final yet; ask me again after Thursday's review.";

export const DeclineWithReason: Story = {
  play: states.declineWithReason(REASON, async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("radio", { name: "Story 9:16" }));
  }),
};

export const Submitting: Story = { args: { state: "submitting", answer: WIDESCREEN }, play: states.submitting() };

export const Responded: Story = { args: { state: "responded", answer: WIDESCREEN }, play: states.responded() };

const PORTRAIT = { ratio: "4:5", width: 0.8, height: 1 };

/** The receipt: the chosen shape, its ratio and the preset's name. */
export const Answered: Story = {
  args: { state: "answered", answer: PORTRAIT },
  play: states.answered(ratioReceipt("4:5", "Portrait")),
};

export const Declined: Story = { args: { state: "declined", reason: REASON }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

/** The server refused the answer (HTTP 400): the error, with Retry. */
export const SendError: Story = { args: { state: "error", answer: WIDESCREEN }, play: states.sendError() };

export const SendErrorRetry: Story = {
  args: { state: "error", answer: WIDESCREEN },
  play: states.sendErrorRetry(ratioReceipt("16:9", "Widescreen")),
};

/**
 * A payload the kind's schema refuses (a repeated ratio, a malformed one, inverted bounds): the
 * fallback lists the problems and can still be answered in words.
 */
export const InvalidPayload: Story = {
  args: {
    request: rawPickerRequest(
      {
        kind: "aspect-ratio",
        presets: [{ ratio: "16:9" }, { ratio: "32:18" }, { ratio: "4x3" }],
        custom: { min: 3, max: 1 },
      },
      { prompt: PROMPT },
    ),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: PROMPT });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await expect(canvas.queryByRole("radiogroup")).toBeNull();

    await userEvent.click(within(group).getByText("Details (3 problems)"));
    await expect(within(group).getByText(/presets\.1\.ratio: Duplicate ratio "32:18"/)).toBeVisible();
    await expect(within(group).getByText(/presets\.2\.ratio: Must be a ratio like "16:9"/)).toBeVisible();
    await expect(within(group).getByText("custom.min: min must not be greater than max")).toBeVisible();

    const text = "16:9, it goes on the homepage banner.";
    await sendText(group, text);
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text });
    await expect(await canvas.findByText(text)).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await userEvent.click(canvas.getByRole("radio", { name: "Custom" }));
    await expect(canvas.getByRole("spinbutton", { name: "Width" })).toBeVisible();
    await expect(canvas.getByRole("radio", { name: "Custom" })).toBeChecked();
    await expect(hitl.sent).toEqual([]);
  },
};

export const DarkAnswered: Story = {
  globals: { theme: "dark" },
  args: { state: "answered", answer: PORTRAIT },
  play: states.answered(ratioReceipt("4:5", "Portrait")),
};
