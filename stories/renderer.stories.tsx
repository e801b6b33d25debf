import type { Meta, StoryObj } from "@storybook/react-vite";
import type { CSSProperties } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { multiSelectKind } from "../src/kinds/multi-select";
import { createRegistry, lazyWidget } from "../src/react/registry";
import {
  approvalRequest,
  brokenChartRegistry,
  CHART_CRASH,
  expectOneAnswer,
  expectOneEnvelope,
  HitlStory,
  type HitlStoryArgs,
  hitlMeta,
  questionRequest,
  quietCrashes,
  rawPickerRequest,
  StoryRenderer,
  scenarioOf,
  storyHitl,
} from "./support";

/**
 * HitlRenderer: the queue of open requests (oldest first, each new one announced politely), inline
 * rendering of one tool call's requests, and the answerable fallback for a widget that throws or a
 * kind nobody registered.
 */
const meta = {
  title: "Renderer/HitlRenderer",
  ...hitlMeta,
  args: {
    request: approvalRequest("deploy_service", { service: "checkout-api", environment: "production" }),
  },
} satisfies Meta<HitlStoryArgs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Two requests are open when the page loads; a third arrives while it is open. */
export const Queue: Story = {
  args: {
    request: [
      approvalRequest("deploy_service", { service: "checkout-api", environment: "production" }),
      questionRequest("Which region should the canary run in?", [
        { id: "eu", label: "Europe (eu-west-1)" },
        { id: "us", label: "US East (us-east-1)" },
      ]),
    ],
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const region = canvas.getByRole("region", { name: "Requests from the agent" });
    await expect(
      within(region)
        .getAllByRole("region")
        .map((r) => r.getAttribute("aria-label")),
    ).toEqual(["Request 1 of 2", "Request 2 of 2"]);

    const late = hitl.session.requestApproval({ toolName: "delete_branch", input: { branch: "release/2024-q1" } });
    // Announced politely, and queued after the older ones.
    await expect(await canvas.findByText("The agent asks: Approve Delete branch?")).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByRole("region", { name: "Request 3 of 3" })).toBeVisible());
    const third = within(region).getByRole("region", { name: "Request 3 of 3" });
    await expect(within(third).getByRole("group", { name: "Approve Delete branch?" })).toBeVisible();
    await expect(within(region).getByRole("region", { name: "Request 1 of 3" })).toHaveTextContent("Deploy service");

    // Keyboard: the oldest request comes first.
    await userEvent.tab();
    await expect(canvas.getAllByRole("button", { name: "Approve" })[0]).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expectOneAnswer(hitl, hitl.ref);
    await expect(hitl.session.answers(late.requestId)).toEqual([]);
    await waitFor(() => expect(within(region).getByRole("region", { name: "Request 2 of 2" })).toBeVisible());
  },
};

/**
 * Two approvals asked in one step (a model's parallel tool calls): "Approve all 2" above them
 * answers each once, pressed twice; a batch with one approval left offers no button.
 */
export const ApproveAll: Story = {
  args: { request: questionRequest("Which branch should the cleanup keep?", [{ id: "main", label: "main" }]) },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const [first, second] = hitl.session.requestApprovals([
      { toolName: "delete_branch", input: { branch: "release/2024-q1" } },
      { toolName: "delete_branch", input: { branch: "release/2024-q2" } },
    ]);
    const batch = await canvas.findByRole("group", { name: "2 approvals asked together" });
    const approveAll = within(batch).getByRole("button", { name: "Approve all 2" });
    approveAll.focus();
    await userEvent.keyboard("{Enter}");
    for (const ref of [first, second]) if (ref) await expectOneAnswer(hitl, ref);
    await expect(canvas.queryByRole("group", { name: /approvals asked together/ })).toBeNull();
    // The button is gone; focus is on the batch's first request (now its receipt), not lost.
    await expect(document.activeElement?.getAttribute("data-slot")).toBe("request");
    await expect(document.activeElement).toHaveTextContent("release/2024-q1");
    // The question asked before them is still open: Approve all touched only its batch.
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

const chat: Record<string, CSSProperties> = {
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 16 },
  user: {
    alignSelf: "flex-end",
    maxWidth: "80%",
    padding: "8px 12px",
    borderRadius: 12,
    background: "#2952cc",
    color: "#fff",
  },
  assistant: { display: "flex", flexDirection: "column", gap: 8 },
};

/** Each tool call shows its own request inside its message (`callId`), and its receipt once answered. */
export const InlineByCallId: Story = {
  args: {
    request: [
      approvalRequest("delete_files", { paths: ["reports/2023-q4.csv"] }),
      approvalRequest("send_email", { to: "finance@example.com", subject: "Q4 reports removed" }),
    ],
  },
  render: (_args, context) => {
    const hitl = scenarioOf(context);
    const [first, second] = hitl.refs;
    return (
      <HitlStory scenario={hitl}>
        <ol aria-label="Conversation" style={chat.list}>
          <li style={chat.user}>Clean up the old reports and tell finance.</li>
          <li style={chat.assistant} data-testid="message-1">
            <p style={{ margin: 0 }}>First I'll delete the old report.</p>
            {first && <StoryRenderer callId={first.callId} />}
          </li>
          <li style={chat.assistant} data-testid="message-2">
            <p style={{ margin: 0 }}>Then I'll email finance.</p>
            {second && <StoryRenderer callId={second.callId} />}
          </li>
        </ol>
      </HitlStory>
    );
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const [, second] = hitl.refs;
    if (!second) throw new Error("two requests expected");
    const message1 = within(canvas.getByTestId("message-1"));
    const message2 = within(canvas.getByTestId("message-2"));
    await expect(message1.getAllByRole("group")).toHaveLength(1);
    await expect(message1.getByRole("group", { name: "Approve Delete files?" })).toBeVisible();
    await expect(message2.getByRole("group", { name: "Approve Send email?" })).toBeVisible();

    await userEvent.click(message2.getByRole("button", { name: "Approve" }));
    await expect(await expectOneAnswer(hitl, second)).toMatchObject({ optionId: "approve" });
    await expect(await message2.findByText("Approved")).toBeVisible();
    await expect(message1.getByRole("button", { name: "Approve" })).toBeEnabled();
    await expect(hitl.session.answers(hitl.ref.requestId)).toEqual([]);
  },
};

/** The widget throws while rendering: the error boundary shows the fallback, still answerable. */
export const WidgetThrows: Story = {
  args: { request: rawPickerRequest({ kind: "chart", series: [3, 1, 4] }, { prompt: "Which chart fits this data?" }) },
  parameters: { hitl: { registry: brokenChartRegistry } },
  beforeEach: quietCrashes(CHART_CRASH),
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = await canvas.findByRole("group", { name: "Which chart fits this data?" });
    await expect(group).toHaveAttribute("data-reason", "widget-crashed");

    await userEvent.click(within(group).getByRole("textbox", { name: "Your answer" }));
    await userEvent.keyboard("A bar chart{Control>}{Enter}{/Control}");
    await expect(await expectOneAnswer(hitl)).toEqual({ requestId: hitl.ref.requestId, text: "A bar chart" });
    await expect(await canvas.findByText("A bar chart")).toBeVisible();
  },
};

const seatMap = rawPickerRequest(
  { kind: "seat-map", rows: 30, seatsPerRow: 6 },
  { prompt: "Pick a seat for the flight to Lisbon" },
);

/** No widget is registered for the kind: the fallback says so and lists why under Details. */
export const UnknownKind: Story = {
  args: { request: seatMap },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: "Pick a seat for the flight to Lisbon" });
    await expect(group).toHaveAttribute("data-reason", "unknown-kind");
    await expect(group).toHaveAttribute("data-kind", "seat-map");

    await userEvent.click(within(group).getByText("Details (1 problem)"));
    await expect(within(group).getByText(/No widget is registered for kind "seat-map"/)).toBeVisible();
    await expect(within(group).getByRole("textbox", { name: "Your answer" })).toBeEnabled();
    await expect(hitl.sent).toEqual([]);
  },
};

/** The fallback's explicit Decline, by keyboard: one answer, so the tool call still gets its result. */
export const UnknownKindDeclined: Story = {
  args: { request: seatMap },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const group = canvas.getByRole("group", { name: "Pick a seat for the flight to Lisbon" });
    within(group).getByRole("button", { name: "Decline" }).focus();
    await userEvent.keyboard("{Enter}");
    await expect(within(group).getByRole("textbox", { name: "Reason (optional)" })).toHaveFocus();
    await userEvent.keyboard("I'll choose at check-in{Enter}");

    await expect(await expectOneEnvelope(hitl)).toEqual({
      hitl: 1,
      kind: "seat-map",
      declined: true,
      reason: "I'll choose at check-in",
    });
    await expect(await canvas.findByText("Declined")).toBeVisible();
    await expect(canvas.getByText("Reason: I'll choose at check-in")).toBeVisible();
  },
};

/**
 * The first request of a kind whose widget has not loaded yet (the built-in widgets load on first
 * use): the prompt, a status saying so, and Decline — answerable before the widget arrives. This
 * story's widget never arrives.
 */
export const WidgetLoading: Story = {
  args: {
    request: rawPickerRequest(
      { kind: "multi-select", options: [{ id: "design", label: "Design" }] },
      { prompt: "Which teams should review this?" },
    ),
  },
  parameters: {
    hitl: {
      registry: createRegistry(lazyWidget<typeof multiSelectKind>("multi-select", () => new Promise(() => {}))),
    },
  },
  play: async (context) => {
    const hitl = await storyHitl(context);
    const canvas = within(context.canvasElement);
    const shell = await canvas.findByRole("group", { name: "Which teams should review this?" });
    await expect(shell).toHaveAttribute("data-state", "loading");
    await expect(shell).toHaveAttribute("aria-busy", "true");
    await expect(within(shell).getByRole("status")).toHaveTextContent("Loading…");
    await userEvent.click(within(shell).getByRole("button", { name: "Decline" }));
    await expect(await expectOneEnvelope(hitl)).toMatchObject({ declined: true, kind: "multi-select" });
  },
};
