import type { Meta, StoryContext, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { HitlInbox } from "../src/adapters/inbox/inbox";
import { createInboxTransport, type InboxTransport } from "../src/adapters/inbox/transport";
import type { AnswerBody } from "../src/core/answer";
import type { ParkedRequestInit } from "../src/core/model";
import { defaultRegistry } from "../src/index";
import { createInbox, type Inbox } from "../src/server/inbox";
import { Fallback } from "../src/widgets";

/**
 * `<HitlInbox>`: every request waiting for a person, from a real inbox (`createInbox` from
 * `hitl-kit/server`, its routes called as the page's fetch). Empty; many (1,000 requests from
 * three agents: the list renders a screenful); expired; answered on another device; and answered
 * here with the keyboard alone.
 */

interface InboxArgs {
  readonly scene: "empty" | "many" | "expired" | "elsewhere" | "answer";
}

interface InboxScene {
  readonly transport: InboxTransport;
  readonly inbox: Inbox;
  /** What each asker got, by request id. */
  readonly answers: Map<string, AnswerBody>;
}

const approval = (id: string, toolName: string, input: Record<string, unknown>): ParkedRequestInit => ({
  requestId: id,
  callId: `call-${id}`,
  toolName,
  prompt: `Run ${toolName} on ${String(Object.values(input)[0])}?`,
  kind: "approval",
  native: true,
  payload: { kind: "approval", toolName, input },
});

const SOURCES = [
  { source: "langgraph", conversation: "Quarterly report" },
  { source: "claude-agent", conversation: "Repo cleanup" },
  { source: "mcp", conversation: "Design review" },
];

async function scene(args: InboxArgs): Promise<InboxScene> {
  const inbox = createInbox({ pollMs: 50 });
  const answers = new Map<string, AnswerBody>();
  const ask = (request: ParkedRequestInit, options: Parameters<Inbox["park"]>[1] = {}) => {
    void inbox.park(request, options).then(
      (answer) => answers.set(request.requestId, answer),
      () => {},
    );
  };
  if (args.scene === "many") {
    for (let i = 0; i < 1000; i++) {
      const where = SOURCES[i % SOURCES.length] as (typeof SOURCES)[number];
      ask(approval(`many-${i}`, "delete_file", { path: `drafts/${i}.md` }), where);
    }
  } else if (args.scene === "expired") {
    ask(approval("late", "send_email", { to: "ada@example.com" }), { ...SOURCES[0], expiresAt: Date.now() - 1 });
    ask(approval("soon", "deploy", { env: "production" }), { ...SOURCES[1], expiresAt: Date.now() + 20 * 60_000 });
  } else if (args.scene === "elsewhere") {
    ask(approval("phone", "transfer", { amount: "120 EUR" }), SOURCES[2]);
  } else if (args.scene === "answer") {
    ask(approval("first", "delete_file", { path: "notes/a.md" }), SOURCES[0]);
    ask(approval("second", "delete_file", { path: "notes/b.md" }), SOURCES[0]);
  }
  const transport = createInboxTransport({
    url: "http://story.test/api/hitl",
    pollIntervalMs: 50,
    sessionKey: `inbox-story:${args.scene}:${Math.random()}`,
    fetch: async (input, init) => inbox.handle(new Request(String(input), init)),
  });
  // Parking is asynchronous: wait until the list has them all.
  const expected = { empty: 0, many: 1000, expired: 2, elsewhere: 1, answer: 2 }[args.scene];
  await waitFor(async () => expect(await inbox.list()).toHaveLength(expected), { timeout: 10_000 });
  if (args.scene === "elsewhere") {
    // Another device answered before this page opened.
    await inbox.answer("phone", { type: "value", value: { decision: "approve" } });
  }
  await transport.refresh();
  return { transport, inbox, answers };
}

const sceneOf = (context: Pick<StoryContext<InboxArgs>, "loaded">): InboxScene => {
  const loaded: unknown = context.loaded.inbox;
  if (typeof loaded !== "object" || loaded === null || !("transport" in loaded)) {
    throw new Error("inbox story: the loader did not run");
  }
  return loaded as InboxScene; // checked above: the loader's own object
};

const meta = {
  title: "Adapters/Inbox",
  loaders: [async (context) => ({ inbox: await scene(context.args) })],
  render: (_args, context) => (
    <HitlInbox transport={sceneOf(context).transport} registry={defaultRegistry} fallback={Fallback} listHeight={360} />
  ),
  parameters: { a11y: { test: "error" } },
} satisfies Meta<InboxArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  args: { scene: "empty" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Nothing is waiting for you.")).toBeVisible();
    await expect(canvas.getByText("Choose a request to answer it.")).toBeVisible();
  },
};

export const Many: Story = {
  args: { scene: "many" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findAllByRole("button", { name: /Run delete_file/ });
    // Windowed: a screenful of the 1,000 is in the document, not all of them.
    await expect(items.length).toBeGreaterThan(3);
    await expect(items.length).toBeLessThan(40);
    await expect(canvas.getByRole("heading", { level: 2 })).toHaveTextContent("1000 requests waiting");
    // The first group in the window is whichever parked first (three sources, parked in turn; a
    // millisecond tie or not decides which): one of them, labelled by source and conversation.
    const groups = canvas.getAllByText(
      /^(langgraph · Quarterly report|claude-agent · Repo cleanup|mcp · Design review)$/,
    );
    await expect(groups[0]).toBeVisible();
    // One tab stop; End reaches the last of the 1,000 (scrolled into the window), Home the first.
    const first = items[0] as HTMLElement;
    first.focus();
    await userEvent.keyboard("{End}");
    // The last row of 1,003 (1,000 requests under three group rows).
    // The scroll lands over a few animation frames (the virtualizer measures, then re-aims): waited
    // for (five seconds at most, test/storybook-setup.ts).
    await waitFor(() => expect(document.activeElement?.closest("li")).toHaveAttribute("aria-posinset", "1003"));
    await expect(document.activeElement?.closest("li")).toHaveAttribute("aria-setsize", "1003");
    await userEvent.keyboard("{Home}");
    await waitFor(() => expect(document.activeElement?.closest("li")).toHaveAttribute("aria-posinset", "2"));
    await expect(
      canvas.getAllByRole("button", { name: /Run delete_file/ }).filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
  },
};

export const Expired: Story = {
  args: { scene: "expired" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const soon = await canvas.findByRole("button", { name: /Run deploy/ });
    await expect(soon).toHaveTextContent(/Waiting · Expires in (19|20) min/);
    const late = await canvas.findByRole("button", { name: /Run send_email/ });
    await expect(late).toHaveAttribute("data-state", "expired");
    await expect(late).toHaveTextContent("Expired");
    // Expiring soon sorts first.
    const items = canvas.getAllByRole("button", { name: /^Run / });
    await expect(items[0]).toBe(soon);
  },
};

export const AnsweredElsewhere: Story = {
  args: { scene: "elsewhere" },
  play: async ({ canvasElement, context }) => {
    const canvas = within(canvasElement);
    const item = await canvas.findByRole("button", { name: /Run transfer/ });
    await expect(item).toHaveAttribute("data-state", "answered");
    await userEvent.click(item);
    const detail = canvas.getByRole("region", { name: "The request" });
    await waitFor(() => expect(within(detail).queryByRole("button", { name: "Approve" })).toBeNull());
    await expect(detail).toHaveTextContent(/Approved/);
    await expect(sceneOf(context).answers.get("phone")).toEqual({ type: "value", value: { decision: "approve" } });
  },
};

export const AnswerWithTheKeyboard: Story = {
  args: { scene: "answer" },
  play: async ({ canvasElement, context }) => {
    const canvas = within(canvasElement);
    const [first] = await canvas.findAllByRole("button", { name: /Run delete_file/ });
    await expect(first).toHaveAttribute("data-unread");
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const second = canvas.getByRole("button", { name: /notes\/b\.md/ });
    await expect(second).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const detail = canvas.getByRole("region", { name: "The request" });
    await waitFor(() => expect(detail).toHaveFocus());
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(second).not.toHaveAttribute("data-unread");
    await userEvent.click(await within(detail).findByRole("button", { name: "Approve" }));
    const { answers } = sceneOf(context);
    await waitFor(() => expect(answers.get("second")).toEqual({ type: "value", value: { decision: "approve" } }));
    await waitFor(() => expect(second).toHaveAttribute("data-state", "answered"));
    await expect(answers.has("first")).toBe(false);
  },
};

/** Dark, with a request opened: the list, the unread marks and the widget, axe-checked. */
export const Dark: Story = {
  args: { scene: "answer" },
  globals: { theme: "dark" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("story-theme")).toHaveAttribute("data-theme", "dark");
    const [first] = await canvas.findAllByRole("button", { name: /Run delete_file/ });
    await userEvent.click(first as HTMLElement);
    await expect(await canvas.findByRole("button", { name: "Approve" })).toBeVisible();
  },
};
