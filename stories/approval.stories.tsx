import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { approvalRequest, expectOneAnswer, type HitlStoryArgs, hitlMeta, storyHitl } from "./support";

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
    await expect(canvas.getByText(`Reason: ${NOTE}`)).toBeVisible();
  },
};

export const Submitting: Story = {
  args: { state: "submitting", answer: { decision: "approve" } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Sending your answer…")).toBeVisible();
    const approve = canvas.getByRole("button", { name: "Approve" });
    await expect(approve).toBeDisabled();
    // A second click while sending sends nothing more.
    await userEvent.click(approve, { pointerEventsCheck: 0 });
    await expect(hitl.sent).toEqual([{ optionId: "approve", requestId: hitl.ref.requestId }]);
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

export const Responded: Story = {
  args: { state: "responded", answer: { decision: "approve" } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Answer sent. Waiting for the agent…")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(hitl.sent).toHaveLength(1);
  },
};

export const Approved: Story = {
  args: { state: "answered", answer: { decision: "approve" } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(await expectOneAnswer(hitl)).toMatchObject({ optionId: "approve" });
    await expect(canvas.getByText("Approved")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const Denied: Story = {
  args: { state: "declined", reason: NOTE },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(await expectOneAnswer(hitl)).toMatchObject({ optionId: "cancel", text: NOTE });
    await expect(canvas.getByText("Denied")).toBeVisible();
    await expect(canvas.getByText(`Reason: ${NOTE}`)).toBeVisible();
  },
};

export const Cancelled: Story = {
  args: { state: "cancelled" },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("Cancelled: the agent no longer needs this answer.")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
    // The agent withdrew it: no answer, and the tool call still got its one result.
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
    await expect(hitl.session.toolResults(hitl.ref.callId)).toHaveLength(1);
  },
};

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
export const SendError: Story = {
  args: { state: "error", answer: { decision: "approve" } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("Couldn't send your answer.");
    await expect(within(alert).getByRole("button", { name: "Retry" })).toBeEnabled();
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

export const SendErrorRetry: Story = {
  args: { state: "error", answer: { decision: "approve" } },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("Couldn't send your answer.");
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);

    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));

    await expect(await expectOneAnswer(hitl)).toEqual({ optionId: "approve", requestId: hitl.ref.requestId });
    await expect(hitl.sent).toHaveLength(2); // the refused send and the retry
    await expect(await canvas.findByText("Approved")).toBeVisible();
  },
};

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
