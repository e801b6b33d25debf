import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { approvalRequest, expectOneAnswer, type HitlStoryArgs, hitlMeta, statePlays, storyHitl } from "./support";

/**
 * eve tool approvals (kind `approval`). The template for a widget's stories: one story per state,
 * each play function operates the widget by keyboard or mouse and asserts the one answer the
 * in-memory eve session received. Every story also passes axe (`parameters.a11y.test: "error"`).
 */
const meta = {
  title: "Widgets/Approval",
  ...hitlMeta,
  args: {
    request: approvalRequest("delete_files", {
      paths: ["reports/2023-q4.csv", "reports/2024-q1.csv"],
      recursive: false,
      reason: "Replaced by the new quarterly export",
    }),
  },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

const NOTE = "Keep the 2023 reports, finance still needs them.";
const APPROVE = { decision: "approve" } as const;

/** eve's answer to a denial: its `cancel` option, with the note as text. */
const deny = (note: string | undefined) => ({ optionId: "cancel", ...(note !== undefined ? { text: note } : {}) });

/** The state stories' plays: an approval answers in eve's own form, never in an envelope. */
const states = statePlays({
  prompt: "Approve Delete files?",
  kind: "approval",
  native: (answer) => {
    const { decision, note } = answer as { decision: "approve" | "deny"; note?: string };
    return decision === "approve" ? { optionId: "approve" } : deny(note);
  },
  nativeDecline: deny,
  busy: [
    { role: "button", name: "Approve" },
    { role: "button", name: "Deny" },
  ],
  receipt: { answered: "Approved", declined: "Denied" },
});

/** Waiting for a decision. Keyboard focus is on Approve (visible ring), nothing is sent yet. */
export const Open: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: "Approve Delete files?" });
    await expect(group).toHaveAttribute("data-state", "open");
    await expect(within(group).getByText("reports/2023-q4.csv")).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Approve" })).toHaveFocus();
    await expect(hitl.sent).toEqual([]);
  },
};

export const ApproveWithKeyboard: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);

    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Approve" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    const answer = await expectOneAnswer(hitl);
    await expect(answer).toEqual({ optionId: "approve", requestId: hitl.ref.requestId });
    await expect(await canvas.findByText("Approved")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Approve" })).toBeNull();
  },
};

export const DenyWithNote: Story = {
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);

    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Deny" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    // The note opens focused: the keyboard user types straight away.
    const note = canvas.getByRole("textbox", { name: "Note for the agent (optional)" });
    await expect(note).toHaveFocus();
    await userEvent.keyboard(NOTE);
    await userEvent.keyboard("{Enter}");

    const answer = await expectOneAnswer(hitl);
    await expect(answer).toEqual({ optionId: "cancel", requestId: hitl.ref.requestId, text: NOTE });
    await expect(await canvas.findByText("Denied")).toBeVisible();
    await expect(context.canvasElement.querySelector('[data-slot="receipt"]')).toHaveFocus();
    await expect(canvas.getByText(`Reason: ${NOTE}`)).toBeVisible();
  },
};

export const Submitting: Story = { args: { state: "submitting", answer: APPROVE }, play: states.submitting() };

export const Responded: Story = { args: { state: "responded", answer: APPROVE }, play: states.responded() };

export const Approved: Story = { args: { state: "answered", answer: APPROVE }, play: states.answered() };

export const Denied: Story = { args: { state: "declined", reason: NOTE }, play: states.declined() };

export const Cancelled: Story = { args: { state: "cancelled" }, play: states.cancelled() };

export const Ignored: Story = {
  args: { state: "ignored", message: "hello" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Skipped: answered by a chat message instead.")).toBeVisible();
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(hitl.session.toolResults(hitl.ref.callId)).toHaveLength(1);
  },
};

/** The server refused the answer (HTTP 400): the error, with Retry. */
export const SendError: Story = { args: { state: "error", answer: APPROVE }, play: states.sendError() };

export const SendErrorRetry: Story = { args: { state: "error", answer: APPROVE }, play: states.sendErrorRetry() };

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async (context) => {
    await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    await expect(canvas.getByRole("button", { name: "Approve" })).toBeVisible();
  },
};

export const DarkDenied: Story = {
  globals: { theme: "dark" },
  args: { state: "declined", reason: NOTE },
};

/** A tool input nested deeper than the widget shows: the rest is summarised, never expanded. */
export const LargeInput: Story = {
  args: {
    request: approvalRequest("deploy_service", {
      service: "checkout-api",
      environment: "production",
      strategy: { kind: "canary", steps: [5, 25, 50, 100], pauseMinutes: 10 },
      config: {
        resources: {
          limits: { cpu: "2", memory: "4Gi", ephemeral: { storage: "10Gi", tmpfs: { size: "1Gi" } } },
          requests: { cpu: "500m", memory: "1Gi" },
        },
        env: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`FEATURE_FLAG_${i + 1}`, i % 3 === 0])),
      },
      notes: "x".repeat(800),
    }),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("checkout-api")).toBeVisible();
    // Past 4 levels the value is shown as bounded JSON; past 50 entries, as a count.
    await expect(canvas.getByText('{"storage":"10Gi","tmpfs":{"size":"1Gi"}}')).toBeVisible();
    await expect(canvas.getByText("10 more")).toBeVisible();

    await userEvent.click(canvas.getByRole("button", { name: "Approve" }));
    await expect(await expectOneAnswer(hitl)).toMatchObject({ optionId: "approve" });
  },
};

/** A tool name longer than eve allows fails the kind's schema: the fallback still lets the person answer. */
export const InvalidPayload: Story = {
  args: {
    request: approvalRequest(`run_${"very_long_".repeat(60)}tool`, { target: "staging" }, "Approve the migration?"),
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: "Approve the migration?" });
    await expect(group).toHaveAttribute("data-reason", "invalid-payload");
    await userEvent.click(within(group).getByRole("button", { name: "Approve" }));
    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "approve", requestId: hitl.ref.requestId });
  },
};
