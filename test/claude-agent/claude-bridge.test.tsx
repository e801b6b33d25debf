import { join } from "node:path";
import { type CanUseTool, query, type SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { createInboxTransport } from "../../src/adapters/inbox/transport";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { claudeCanUseTool, createMemoryInbox, type Inbox } from "../../src/server/index";
import { defaultRegistry } from "../../src/widgets/default-registry";
import { Fallback } from "../../src/widgets/fallback/fallback";

/**
 * The Claude Agent SDK's permission prompts, answered on a page: the REAL `query()` of
 * `@anthropic-ai/claude-agent-sdk` drives a scripted stand-in for the Claude Code CLI
 * (`stand-in-cli.mjs`: the SDK's own stream-json control protocol, no model, no network), whose
 * `can_use_tool` requests reach `claudeCanUseTool` through the SDK itself; the bridge parks each
 * in a memory inbox, a page (the inbox transport, the default registry) shows it, a person
 * answers by clicking, and the stand-in reports every `control_response` the SDK sent back.
 */

const STAND_IN = join(import.meta.dirname, "stand-in-cli.mjs");
const ORIGIN = "http://page.test";

interface ScriptStep {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly suggestions?: readonly Record<string, unknown>[];
  readonly decisionReason?: string;
}

/** One run of the real SDK against the stand-in; resolves with what the stand-in received. */
async function run(script: readonly ScriptStep[], canUseTool: CanUseTool, abortController?: AbortController) {
  const messages: SDKMessage[] = [];
  const conversation = query({
    prompt: "go",
    options: {
      pathToClaudeCodeExecutable: STAND_IN,
      env: { ...process.env, STANDIN_SCRIPT: JSON.stringify(script) },
      canUseTool,
      ...(abortController ? { abortController } : {}),
    },
  });
  for await (const message of conversation) messages.push(message);
  const result = messages.find((message) => message.type === "result");
  if (result?.type !== "result" || result.subtype !== "success") throw new Error("the stand-in did not finish");
  return JSON.parse(result.result) as Array<{ toolName: string; response: { subtype: string; response?: unknown } }>;
}

/** The page's answer POSTs, as the inbox received them. */
const posts: string[] = [];
beforeEach(() => {
  posts.length = 0;
});

function Page({ inbox }: { inbox: Inbox }) {
  const [transport] = useState(() =>
    createInboxTransport({
      url: `${ORIGIN}/api/hitl`,
      pollIntervalMs: 20,
      fetch: async (input, init) => {
        if (init?.method === "POST") posts.push(String(input));
        return inbox.handle(new Request(String(input), init));
      },
    }),
  );
  return (
    <HitlProvider transport={transport} registry={defaultRegistry} journal={noopJournal}>
      <HitlRenderer fallback={Fallback} />
    </HitlProvider>
  );
}

const wait = { timeout: 10_000 };

/**
 * Awaits the run inside `waitFor`: the page keeps polling meanwhile, and its updates land
 * outside `act` only while Testing Library is waiting (as they would in a browser).
 */
async function finished<T>(promise: Promise<T>): Promise<T> {
  let settled: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  promise.then(
    (value) => (settled = { ok: true, value }),
    (error: unknown) => (settled = { ok: false, error }),
  );
  await waitFor(() => expect(settled).toBeDefined(), wait);
  const done = settled as { ok: true; value: T } | { ok: false; error: unknown };
  if (!done.ok) throw done.error;
  return done.value;
}

describe("claudeCanUseTool through the real Claude Agent SDK and a page", { timeout: 30_000 }, () => {
  it("given AskUserQuestion, should show the question set and give the SDK the answers, once, double-clicked", async () => {
    const inbox = createMemoryInbox();
    render(<Page inbox={inbox} />);
    const questions = {
      questions: [
        {
          question: "Which database?",
          header: "Database",
          options: [
            { label: "PostgreSQL", description: "Relational" },
            { label: "SQLite", description: "A file" },
          ],
          multiSelect: false,
        },
        {
          question: "Which features?",
          header: "Features",
          options: [
            { label: "Auth", description: "Login" },
            { label: "Billing", description: "Stripe" },
          ],
          multiSelect: true,
        },
      ],
    };
    const done = run(
      [{ toolName: "AskUserQuestion", input: questions }],
      claudeCanUseTool({ ask: (request, options) => inbox.park(request, options) }),
    );
    fireEvent.click(await screen.findByRole("radio", { name: /SQLite/ }, wait));
    fireEvent.click(screen.getByRole("checkbox", { name: /Auth/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Billing/ }));
    const submit = screen.getByRole("button", { name: "Submit" });
    await act(async () => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    const [received] = await finished(done);
    expect(received?.response).toEqual({
      subtype: "success",
      request_id: expect.any(String),
      response: {
        behavior: "allow",
        updatedInput: { ...questions, answers: { "Which database?": "SQLite", "Which features?": "Auth, Billing" } },
        toolUseID: expect.any(String),
      },
    });
    expect((await inbox.list()).map((entry) => entry.state)).toEqual(["answered"]);
    expect(posts).toHaveLength(1);
  });

  it("given Bash with suggestions and Write with an input schema, should allow always, then allow with the edit", async () => {
    const inbox = createMemoryInbox();
    render(<Page inbox={inbox} />);
    const suggestions = [
      {
        type: "addRules",
        rules: [{ toolName: "Bash", ruleContent: "npm test" }],
        behavior: "allow",
        destination: "session",
      },
    ];
    const writeSchema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { file_path: { type: "string", title: "File" }, content: { type: "string", title: "Content" } },
      required: ["file_path", "content"],
      additionalProperties: false,
    };
    const done = run(
      [
        { toolName: "Bash", input: { command: "npm test" }, suggestions, decisionReason: "npm is not allowed yet." },
        { toolName: "Write", input: { file_path: "notes.md", content: "draft" } },
      ],
      claudeCanUseTool({
        ask: (request, options) => inbox.park(request, options),
        inputSchemas: { Write: writeSchema },
      }),
    );
    const bash = await screen.findByRole("group", { name: "Allow Bash? npm is not allowed yet." }, wait);
    // No input schema known for Bash: no edit step offered.
    expect(within(bash).queryByRole("button", { name: "Edit" })).toBeNull();
    await act(async () => {
      fireEvent.click(within(bash).getByRole("button", { name: "Always allow for this session" }));
    });
    const write = await screen.findByRole("group", { name: "Allow Write?" }, wait);
    fireEvent.click(within(write).getByRole("button", { name: "Edit" }));
    const content = within(write).getByLabelText(/Content/);
    fireEvent.change(content, { target: { value: "final text" } });
    await act(async () => {
      fireEvent.click(within(write).getByRole("button", { name: "Run with these changes" }));
    });
    const received = await finished(done);
    expect(received.map((r) => r.response.response)).toEqual([
      {
        behavior: "allow",
        updatedInput: { command: "npm test" },
        updatedPermissions: suggestions,
        toolUseID: expect.any(String),
      },
      {
        behavior: "allow",
        updatedInput: { file_path: "notes.md", content: "final text" },
        toolUseID: expect.any(String),
      },
    ]);
  });

  it("given Deny with a note and a decline, should give the SDK one deny each with the person's words", async () => {
    const inbox = createMemoryInbox();
    render(<Page inbox={inbox} />);
    const done = run(
      [{ toolName: "Bash", input: { command: "rm -rf build" } }],
      claudeCanUseTool({ ask: (request, options) => inbox.park(request, options) }),
    );
    const card = await screen.findByRole("group", { name: "Allow Bash?" }, wait);
    fireEvent.click(within(card).getByRole("button", { name: "Deny" }));
    fireEvent.change(within(card).getByLabelText("Note for the agent (optional)"), {
      target: { value: "Not the build folder." },
    });
    await act(async () => {
      fireEvent.click(within(card).getByRole("button", { name: "Deny" }));
    });
    const [received] = await finished(done);
    expect(received?.response.response).toEqual({
      behavior: "deny",
      message: "Not the build folder.",
      toolUseID: expect.any(String),
    });
  });

  it("given the query aborted while the prompt waits, should withdraw the request from the page", async () => {
    const inbox = createMemoryInbox();
    render(<Page inbox={inbox} />);
    const abortController = new AbortController();
    const done = run(
      [{ toolName: "Bash", input: { command: "sleep 1000" } }],
      claudeCanUseTool({ ask: (request, options) => inbox.park(request, options) }),
      abortController,
    ).catch((error: unknown) => error);
    await screen.findByRole("group", { name: "Allow Bash?" }, wait);
    abortController.abort();
    expect(await finished(done)).toBeInstanceOf(Error);
    expect((await inbox.list()).map((entry) => entry.state)).toEqual(["withdrawn"]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).toBeNull(), wait);
  });

  it("given the CLI withdrawing its own prompt (control_cancel_request), should withdraw the request too", async () => {
    const inbox = createMemoryInbox();
    render(<Page inbox={inbox} />);
    process.env.STANDIN_CANCEL_AFTER_MS = "300";
    try {
      const done = run(
        [{ toolName: "Bash", input: { command: "sleep 1000" } }],
        claudeCanUseTool({ ask: (request, options) => inbox.park(request, options) }),
      );
      await screen.findByRole("group", { name: "Allow Bash?" }, wait);
      const [received] = await finished(done);
      expect(received?.response.subtype).toBe("cancelled");
      await waitFor(async () => expect((await inbox.list()).map((entry) => entry.state)).toEqual(["withdrawn"]), wait);
      await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).toBeNull(), wait);
    } finally {
      delete process.env.STANDIN_CANCEL_AFTER_MS;
    }
  });
});
