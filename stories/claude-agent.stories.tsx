import type { Meta, StoryContext, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createInboxTransport, type InboxTransport } from "../src/adapters/inbox/transport";
import { noopJournal } from "../src/core/journal";
import { defaultRegistry, HitlProvider, HitlRenderer } from "../src/index";
import {
  type ClaudePermissionContext,
  type ClaudePermissionResult,
  claudeCanUseTool,
} from "../src/server/claude-agent";
import { createMemoryInbox } from "../src/server/inbox";

/**
 * The Claude Agent SDK's permission prompts (`claudeCanUseTool` from `hitl-kit/server`) in the
 * browser: each story calls the bridge's `canUseTool` as the SDK would (the SDK itself drives it
 * in test/claude-agent/), the prompt parks in a memory inbox, the page follows the inbox through
 * `createInboxTransport`, and the play function checks the one `PermissionResult` the SDK gets.
 * Approve always (the SDK's suggestions), Edit against the tool's input schema, the question set.
 */

interface ClaudeArgs {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly context?: Partial<Omit<ClaudePermissionContext, "signal">>;
  readonly inputSchemas?: Readonly<Record<string, unknown>>;
}

interface ClaudeScene {
  readonly transport: InboxTransport;
  /** What `canUseTool` resolved with, once it did. */
  readonly results: ClaudePermissionResult[];
}

async function park(args: ClaudeArgs): Promise<ClaudeScene> {
  const inbox = createMemoryInbox();
  const canUseTool = claudeCanUseTool({
    ask: (request, options) => inbox.park(request, options),
    ...(args.inputSchemas ? { inputSchemas: args.inputSchemas } : {}),
  });
  const results: ClaudePermissionResult[] = [];
  const context = { toolUseID: "toolu_story", ...args.context, signal: new AbortController().signal };
  void canUseTool(args.toolName, args.input, context).then((result) => results.push(result));
  const transport = createInboxTransport({
    url: "http://story.test/api/hitl",
    pollIntervalMs: 50,
    fetch: async (input, init) => inbox.handle(new Request(String(input), init)),
  });
  await transport.refresh();
  return { transport, results };
}

const sceneOf = (context: Pick<StoryContext<ClaudeArgs>, "loaded">): ClaudeScene => {
  const scene: unknown = context.loaded.claude;
  if (typeof scene !== "object" || scene === null || !("transport" in scene) || !("results" in scene)) {
    throw new Error("claude story: the loader did not run");
  }
  return scene as ClaudeScene; // checked above: the loader's own object
};

const meta = {
  title: "Adapters/Claude Agent SDK",
  loaders: [async (context) => ({ claude: await park(context.args) })],
  render: (_args, context) => (
    <HitlProvider transport={sceneOf(context).transport} registry={defaultRegistry} journal={noopJournal}>
      <HitlRenderer settled="all" />
    </HitlProvider>
  ),
  parameters: { a11y: { test: "error" } },
} satisfies Meta<ClaudeArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const sessionRule = [
  {
    type: "addRules",
    rules: [{ toolName: "Bash", ruleContent: "npm test" }],
    behavior: "allow",
    destination: "session",
  },
];

/** Bash with the SDK's suggestion: "Always allow for this session" sends them back, once. */
export const AlwaysAllow: Story = {
  args: {
    toolName: "Bash",
    input: { command: "npm test", description: "Run the tests" },
    context: { suggestions: sessionRule, decisionReason: "npm is not in the allow list." },
  },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    const card = await canvas.findByRole("group", { name: "Allow Bash? npm is not in the allow list." });
    await userEvent.tab();
    await expect(within(card).getByRole("button", { name: "Approve" })).toHaveFocus();
    await userEvent.tab();
    const always = within(card).getByRole("button", { name: "Always allow for this session" });
    await expect(always).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(scene.results).toHaveLength(1));
    await expect(scene.results[0]).toEqual({
      behavior: "allow",
      updatedInput: { command: "npm test", description: "Run the tests" },
      updatedPermissions: sessionRule,
    });
    await waitFor(() => expect(card).toHaveAttribute("data-state", "approved"));
    await expect(within(card).getByText("Approved: Always allow for this session")).toBeVisible();
  },
};

/** Write with its input schema: Edit opens the input as a form; the SDK gets the edited input. */
export const EditThenRun: Story = {
  args: {
    toolName: "Write",
    input: { file_path: "notes.md", content: "draft" },
    inputSchemas: {
      Write: {
        type: "object",
        properties: { file_path: { type: "string", title: "File" }, content: { type: "string", title: "Content" } },
        required: ["file_path", "content"],
      },
    },
  },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    const card = await canvas.findByRole("group", { name: "Allow Write?" });
    await userEvent.click(within(card).getByRole("button", { name: "Edit" }));
    const content = within(card).getByRole("textbox", { name: /Content/ });
    await userEvent.clear(content);
    await userEvent.type(content, "final text");
    await userEvent.dblClick(within(card).getByRole("button", { name: "Run with these changes" }));
    await waitFor(() => expect(scene.results).toHaveLength(1));
    await expect(scene.results[0]).toEqual({
      behavior: "allow",
      updatedInput: { file_path: "notes.md", content: "final text" },
    });
  },
};

/** AskUserQuestion: the question set; the SDK gets the answers by question text. */
export const AskUserQuestion: Story = {
  args: {
    toolName: "AskUserQuestion",
    input: {
      questions: [
        {
          question: "Which database?",
          header: "Database",
          options: [
            { label: "PostgreSQL", description: "Relational" },
            { label: "SQLite", description: "A single file" },
          ],
          multiSelect: false,
        },
      ],
    },
  },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByRole("radio", { name: /SQLite/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(scene.results).toHaveLength(1));
    await expect(scene.results[0]).toMatchObject({
      behavior: "allow",
      updatedInput: { answers: { "Which database?": "SQLite" } },
    });
  },
};
