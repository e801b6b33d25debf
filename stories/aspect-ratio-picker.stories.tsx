import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { aspectRatioKind } from "../src/kinds/aspect-ratio";
import {
  expectOneAnswer,
  type HitlStoryArgs,
  hitlMeta,
  type PayloadOf,
  pickerRequest,
  rawPickerRequest,
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

/** The structured answer inside eve's `text`: `{ hitl, kind, value }` or `{ hitl, kind, declined, reason }`. */
function envelope(answer: { readonly text?: string | undefined }): unknown {
  return JSON.parse(answer.text ?? "");
}

const WIDESCREEN = { ratio: "16:9", width: 1, height: 0.5625 };

/**
 * Presses an arrow key the way a person does: down, focus moves, up. Radix's radio group moves
 * focus a task after the keydown and checks the radio it lands on only while the arrow key is
 * still down; user-event's `{ArrowRight}` releases it at once, before focus has moved.
 */
async function pressArrow(key: "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown", next: HTMLElement) {
  await userEvent.keyboard(`{${key}>}`);
  await waitFor(() => expect(next).toHaveFocus());
  await userEvent.keyboard(`{/${key}}`);
}

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
    await pressArrow("ArrowRight", portrait);
    await expect(portrait).toBeChecked();
    const widescreen = canvas.getByRole("radio", { name: "Widescreen 16:9" });
    await pressArrow("ArrowRight", widescreen);
    await expect(widescreen).toBeChecked();
    await expect(portrait).not.toBeChecked();
    await expect(hitl.sent).toEqual([]);

    // The custom fields only appear for Custom: the next tab stop is the button.
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Use this ratio" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    const answer = await expectOneAnswer(hitl);
    await expect(envelope(answer)).toEqual({ hitl: 1, kind: "aspect-ratio", value: WIDESCREEN });
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

    const answer = await expectOneAnswer(hitl);
    await expect(envelope(answer)).toEqual({
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
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Story 9:16" }));
    await userEvent.click(canvas.getByRole("button", { name: "Decline" }));
    const reason = canvas.getByRole("textbox", { name: "Reason (optional)" });
    await expect(reason).toHaveFocus();
    await userEvent.type(reason, REASON);
    await userEvent.click(canvas.getByRole("button", { name: "Send decline" }));

    const answer = await expectOneAnswer(hitl);
    await expect(envelope(answer)).toEqual({ hitl: 1, kind: "aspect-ratio", declined: true, reason: REASON });
    await expect(await canvas.findByText("Declined")).toBeVisible();
    await expect(canvas.getByText(`Reason: ${REASON}`)).toBeVisible();
    await expect(canvas.queryByRole("radiogroup")).toBeNull();
  },
};

export const Submitting: Story = {
  args: { state: "submitting", answer: WIDESCREEN },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Sending your answer…")).toBeVisible();
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "submitting");
    await expect(canvas.getByRole("button", { name: "Use this ratio" })).toBeDisabled();
    await expect(canvas.getByRole("radio", { name: "Square 1:1" })).toBeDisabled();
    await expect(hitl.sent).toHaveLength(1);
    await expect(envelope(hitl.sent[0] ?? {})).toEqual({ hitl: 1, kind: "aspect-ratio", value: WIDESCREEN });
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

export const Responded: Story = {
  args: { state: "responded", answer: WIDESCREEN },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Answer sent. Waiting for the agent…")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Use this ratio" })).toBeDisabled();
    await expect(hitl.sent).toHaveLength(1);
  },
};

const PORTRAIT = { ratio: "4:5", width: 0.8, height: 1 };

/** The receipt: the chosen shape, its ratio and the preset's name. */
export const Answered: Story = {
  args: { state: "answered", answer: PORTRAIT },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(envelope(await expectOneAnswer(hitl))).toEqual({ hitl: 1, kind: "aspect-ratio", value: PORTRAIT });
    await expect(canvas.getByText("Answered")).toBeVisible();
    await expect(canvas.getByText("4:5")).toBeVisible();
    await expect(canvas.getByText("(Portrait)")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const Declined: Story = {
  args: { state: "declined", reason: REASON },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(envelope(await expectOneAnswer(hitl))).toEqual({
      hitl: 1,
      kind: "aspect-ratio",
      declined: true,
      reason: REASON,
    });
    await expect(canvas.getByText("Declined")).toBeVisible();
    await expect(canvas.getByText(`Reason: ${REASON}`)).toBeVisible();
  },
};

export const Cancelled: Story = {
  args: { state: "cancelled" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Cancelled: the agent no longer needs this answer.")).toBeVisible();
    await expect(canvas.queryByRole("radiogroup")).toBeNull();
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(hitl.session.toolResults(hitl.ref.callId)).toHaveLength(1);
  },
};

/** The server refused the answer (HTTP 400): the error, with Retry. */
export const SendError: Story = {
  args: { state: "error", answer: WIDESCREEN },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("Couldn't send your answer.");
    await expect(within(alert).getByRole("button", { name: "Retry" })).toBeEnabled();
    await expect(canvas.getByRole("group", { name: PROMPT })).toHaveAttribute("data-state", "error");
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

export const SendErrorRetry: Story = {
  args: { state: "error", answer: WIDESCREEN },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const alert = canvas.getByRole("alert");
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));

    await expect(envelope(await expectOneAnswer(hitl))).toEqual({
      hitl: 1,
      kind: "aspect-ratio",
      value: WIDESCREEN,
    });
    await expect(hitl.sent).toHaveLength(2); // the refused send and the retry
    await expect(await canvas.findByText("Answered")).toBeVisible();
    await expect(canvas.getByText("(Widescreen)")).toBeVisible();
  },
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
    await userEvent.type(within(group).getByRole("textbox", { name: "Your answer" }), text);
    await userEvent.click(within(group).getByRole("button", { name: "Send" }));
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
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(envelope(await expectOneAnswer(hitl))).toEqual({ hitl: 1, kind: "aspect-ratio", value: PORTRAIT });
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await expect(canvas.getByText("(Portrait)")).toBeVisible();
  },
};
