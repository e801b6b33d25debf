// @vitest-environment node
import { Client } from "@langchain/langgraph-sdk";
import { readHitlRequest } from "../../src/adapters/langgraph/hitl-request";
import { createLangGraphTransport } from "../../src/adapters/langgraph/transport";
import { REPLIED_IN_CHAT_REASON } from "../../src/core/answer";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { createStorageJournal, type SubmissionJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { builtInKinds } from "../../src/kinds";
import { conformanceKind } from "../../src/testing/conformance";
import { createMemoryLocks, createMemoryStorage } from "../../src/testing/memory";
import { setUpLangGraphServer, until } from "../support/langgraph-harness";

/**
 * LangChain's standard HITL interrupt (`HITLRequest`, what `humanInTheLoopMiddleware` asks with)
 * through the LangGraph adapter, on a REAL LangGraph API server whose `review` graph reads the
 * `HITLResponse` the way the middleware does: one native approval per action, one resume per
 * interrupt with `{ decisions }` in action order, a decision the review does not allow never sent.
 */

const langgraph = setUpLangGraphServer();
const { received, resumesOn } = langgraph;

const emailSchema = {
  type: "object",
  properties: {
    to: { type: "string", format: "email", title: "To" },
    subject: { type: "string", title: "Subject", maxLength: 200 },
    urgent: { type: "boolean", title: "Urgent" },
  },
  required: ["to", "subject"],
  additionalProperties: false,
};

const actions = [
  {
    name: "send_email",
    args: { to: "ada@example.com", subject: "Hello", urgent: false, attachments: ["a.pdf"] },
    description: "Send this email?",
    allowedDecisions: ["approve", "edit", "reject"],
    argsSchema: emailSchema,
  },
  { name: "delete_file", args: { path: "notes/old.md" }, allowedDecisions: ["approve", "reject"] },
];

async function startReview(input: Record<string, unknown>) {
  const thread = await langgraph.direct.threads.create();
  for await (const _ of langgraph.direct.runs.stream(thread.thread_id, "review", { input })) {
    // until it interrupts
  }
  return thread.thread_id;
}

interface Page {
  readonly client: HitlClient;
  requests(): readonly ParkedRequest[];
  request(id: string): ParkedRequest | undefined;
  close(): void;
}

async function openPage(threadId: string, assistantId = "review", journal?: SubmissionJournal): Promise<Page> {
  const transport = createLangGraphTransport({
    client: new Client({ apiUrl: langgraph.proxy.url }),
    assistantId,
    threadId,
    pollIntervalMs: 50,
    runPayload: () => ({ config: { configurable: { __pregel_strict_resume: true } } }),
  });
  await transport.refresh();
  const client = createHitlClient({
    transport,
    kinds: [...Object.values(builtInKinds), conformanceKind],
    ...(journal ? { journal } : {}),
  });
  const unmount = client.mount();
  return {
    client,
    requests: () => selectRequests(client.store.getSnapshot()),
    request: (id) => client.getRequest(id),
    close: () => {
      unmount();
      transport.close();
    },
  };
}

async function idle(threadId: string) {
  await until(async () => (await langgraph.direct.threads.get(threadId)).status !== "busy", "the thread to be idle");
}

describe("a LangChain HITLRequest through the LangGraph adapter", () => {
  it("given two actions, should park one approval each, hold the first decision, and resume ONCE with both in order", async () => {
    const threadId = await startReview({ label: "two", actions });
    const page = await openPage(threadId);
    const requests = page.requests();
    const interruptId = (await langgraph.direct.threads.getState(threadId)).tasks[0]?.interrupts[0]?.id ?? "";
    expect(requests.map((r) => [r.requestId, r.kind, r.native, r.toolName, r.prompt])).toEqual([
      [`${interruptId}/0`, "approval", true, "send_email", "Send this email?"],
      [`${interruptId}/1`, "approval", true, "delete_file", "Run delete_file?"],
    ]);
    expect(requests[0]?.payload).toMatchObject({
      toolName: "send_email",
      input: actions[0]?.args,
      decisions: ["approve", "edit", "deny"],
      edit: {
        fields: [
          { type: "email", name: "to", label: "To", required: true, default: "ada@example.com" },
          { type: "text", name: "subject", label: "Subject", required: true, maxLength: 200, default: "Hello" },
          { type: "checkbox", name: "urgent", label: "Urgent", required: false, default: false },
        ],
      },
    });
    expect(requests[1]?.payload).toEqual({
      kind: "approval",
      toolName: "delete_file",
      input: { path: "notes/old.md" },
      decisions: ["approve", "deny"],
    });
    const [email, file] = requests.map((r) => r.requestId) as [string, string];
    const edit = { decision: "edit", input: { to: "bob@example.com", subject: "Hello", urgent: true } };
    expect(page.client.answer(email, { type: "value", value: edit }).status).toBe("sent");
    expect(page.client.answer(email, { type: "value", value: { decision: "approve" } }).status).toBe(
      "already-answered",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumesOn(threadId)).toEqual([]); // held until the other action has its decision
    expect(page.client.answer(file, { type: "declined", reason: "keep it" }).status).toBe("sent");
    await until(
      () => page.request(email)?.state === "settled" && page.request(file)?.state === "settled",
      "both to settle",
    );
    expect(page.request(email)).toMatchObject({ outcome: "approved", resolution: { type: "value", value: edit } });
    expect(page.request(file)).toMatchObject({ outcome: "denied" });
    await idle(threadId);
    const decisions = [
      {
        type: "edit",
        // The schema's fields from the form, typed; the args it has no field for are kept.
        editedAction: {
          name: "send_email",
          args: { attachments: ["a.pdf"], to: "bob@example.com", subject: "Hello", urgent: true },
        },
      },
      { type: "reject", message: "keep it" },
    ];
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([{ resume: { [interruptId]: { decisions } } }]);
    expect((await received(threadId)).map((r) => r.value)).toEqual(decisions);
    page.close();
  });

  it("given a decline where the review allows no reject, should send nothing and leave the approval open with the error", async () => {
    const threadId = await startReview({
      label: "no-reject",
      actions: [{ name: "publish", args: { draft: 7 }, allowedDecisions: ["approve"] }],
    });
    const page = await openPage(threadId);
    const [request] = page.requests();
    const id = request?.requestId ?? "";
    expect(request?.payload).toMatchObject({ decisions: ["approve"] });
    // The kind refuses the decision outright; a decline (which every widget can send) the transport refuses.
    expect(page.client.answer(id, { type: "value", value: { decision: "deny" } }).status).toBe("refused");
    expect(page.client.answer(id, { type: "declined" }).status).toBe("sent");
    await until(() => page.request(id)?.state === "open" && page.request(id)?.error !== undefined, "the refusal");
    expect(page.request(id)?.error).toMatchObject({ kind: "rejected" });
    expect(resumesOn(threadId)).toEqual([]);
    expect(page.client.answer(id, { type: "value", value: { decision: "approve" } }).status).toBe("sent");
    await until(() => page.request(id)?.state === "settled", "the approval to settle");
    await idle(threadId);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ type: "approve" }]);
    expect(resumesOn(threadId)).toHaveLength(1);
    page.close();
  });

  it("given Python's respond (no reject), should send a deny's note as { type: respond, message } and refuse a deny without one", async () => {
    const threadId = await startReview({
      label: "respond",
      snake: true,
      actions: [{ name: "lookup_color", args: { item: "sky" }, allowedDecisions: ["approve", "respond"] }],
    });
    const page = await openPage(threadId);
    const [request] = page.requests();
    const id = request?.requestId ?? "";
    expect(request?.payload).toMatchObject({ decisions: ["approve", "deny"] });
    expect(page.client.answer(id, { type: "declined" }).status).toBe("sent");
    await until(() => page.request(id)?.error !== undefined, "the refusal");
    expect(page.request(id)).toMatchObject({ state: "open", error: { kind: "rejected" } });
    expect(page.request(id)?.error?.message).toContain('declined in words only ("respond")');
    expect(page.client.answer(id, { type: "declined", reason: "Blue." }).status).toBe("sent");
    await until(() => page.request(id)?.state === "settled", "the answer to settle");
    await idle(threadId);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ type: "respond", message: "Blue." }]);
    expect(resumesOn(threadId)).toHaveLength(1);
    page.close();
  });

  it("given a request in snake_case (a Python server) and an edit of inferred fields, should answer in snake_case", async () => {
    const threadId = await startReview({
      label: "snake",
      snake: true,
      actions: [{ name: "rename", args: { from: "a.txt", to: "b.txt", meta: { x: 1 } }, allowedDecisions: ["edit"] }],
    });
    const page = await openPage(threadId);
    const [request] = page.requests();
    expect(request?.payload).toMatchObject({
      decisions: ["edit"],
      edit: {
        fields: [
          { type: "text", name: "from", required: true, default: "a.txt" },
          { type: "text", name: "to", required: true, default: "b.txt" },
        ],
      },
    });
    page.client.answer(request?.requestId ?? "", {
      type: "value",
      value: { decision: "edit", input: { from: "a.txt", to: "c.txt" } },
    });
    await until(() => page.request(request?.requestId ?? "")?.state === "settled", "the edit to settle");
    await idle(threadId);
    expect((await received(threadId)).map((r) => r.value)).toEqual([
      { type: "edit", edited_action: { name: "rename", args: { from: "a.txt", to: "c.txt", meta: { x: 1 } } } },
    ]);
    page.close();
  });
});

describe("a chat message while the thread waits (client.sendMessage through the LangGraph adapter)", {
  timeout: 30_000,
}, () => {
  const human = (text: string) => ({ type: "human", content: text });
  /** `pickOnce`: a chat message's run after the answer asks nothing (a second message finds nothing waiting). */
  async function startPick(label: string, graph: "pick" | "pickOnce" = "pick") {
    const thread = await langgraph.direct.threads.create();
    for await (const _ of langgraph.direct.runs.stream(thread.thread_id, graph, {
      input: { ids: ["a", "b"], label },
    })) {
      // until it interrupts
    }
    return thread.thread_id;
  }
  const messagesOf = async (threadId: string) =>
    (await langgraph.direct.threads.getState<{ messages?: unknown[] }>(threadId)).values.messages ?? [];
  /** Each run the server took on the thread, as `[command, input]`: a resume, or a chat message's own run. */
  const runsOn = (threadId: string) =>
    langgraph.proxy.runs.filter((run) => run.threadId === threadId).map((run) => [run.body.command, run.body.input]);

  it("given a picker waiting, should resume it with ONE reply, then send the message as a run of its own; the graph reads { reply }", async () => {
    const threadId = await startPick("chat-reply");
    const page = await openPage(threadId, "pick");
    const [request] = page.requests();
    const id = request?.requestId ?? "";
    expect(request).toMatchObject({ kind: "pick", state: "open" });
    const result = await page.client.sendMessage({ text: "neither, show me more" });
    expect(result).toEqual({ status: "sent", answered: [id] });
    await until(() => page.request(id)?.state === "settled", "the question to settle");
    expect(page.request(id)).toMatchObject({ resolution: { type: "reply", text: "neither, show me more" } });
    await idle(threadId);
    // The resume first (the reply by interrupt id, nothing else), then the message as its own run.
    expect(runsOn(threadId)).toEqual([
      [{ resume: { [id]: { reply: "neither, show me more" } } }, undefined],
      [undefined, { messages: [human("neither, show me more")] }],
    ]);
    expect(await received(threadId)).toEqual([
      {
        node: "ask",
        label: "chat-reply",
        value: { reply: "neither, show me more" },
        result: { status: "replied", text: "neither, show me more" },
      },
    ]);
    expect(await messagesOf(threadId)).toEqual([human("neither, show me more")]);
    page.close();
  });

  it("given a tool call whose tool asks (a tool-calling agent's graph), should put the message after the tool's result: each tool call followed by its result", async () => {
    const thread = await langgraph.direct.threads.create();
    const threadId = thread.thread_id;
    for await (const _ of langgraph.direct.runs.stream(threadId, "tools", {
      input: { label: "chat-tools", messages: [human("start")] },
    })) {
      // until the tool asks
    }
    const page = await openPage(threadId, "tools");
    const [request] = page.requests();
    const id = request?.requestId ?? "";
    expect(request).toMatchObject({ kind: "pick", state: "open" });
    expect(await page.client.sendMessage({ text: "which is cheaper?" })).toEqual({
      status: "sent",
      answered: [id],
    });
    await idle(threadId);
    const reply = { reply: "which is cheaper?" };
    const messages = (await messagesOf(threadId)) as {
      type: string;
      content: unknown;
      tool_calls?: { id: string }[];
      tool_call_id?: string;
    }[];
    // A history a provider takes: the tool call, its result, then the chat message.
    expect(messages.map((m) => [m.type, m.content, m.tool_calls?.map((call) => call.id) ?? m.tool_call_id])).toEqual([
      ["human", "start", undefined],
      ["ai", "", ["call_chat-tools"]],
      ["tool", JSON.stringify(reply), "call_chat-tools"],
      ["human", "which is cheaper?", undefined],
    ]);
    for (const [index, message] of messages.entries()) {
      for (const call of message.tool_calls ?? []) {
        expect(messages[index + 1]).toMatchObject({ type: "tool", tool_call_id: call.id });
      }
    }
    // The resume carried the reply alone; the message went as the next run's input.
    expect(runsOn(threadId)).toEqual([
      [{ resume: { [id]: reply } }, undefined],
      [undefined, { messages: [human("which is cheaper?")] }],
    ]);
    expect(await received(threadId)).toEqual([
      { node: "ask", label: "chat-tools", value: reply, result: { status: "replied", text: "which is cheaper?" } },
    ]);
    page.close();
  });

  it("given a LangChain HITL review waiting, should reject each action with the reason in one resume, then send the message", async () => {
    const threadId = await startReview({ label: "chat-review", actions });
    const page = await openPage(threadId);
    const interruptId = (await langgraph.direct.threads.getState(threadId)).tasks[0]?.interrupts[0]?.id ?? "";
    const [email, file] = page.requests().map((r) => r.requestId) as [string, string];
    expect(await page.client.sendMessage({ text: "wait, not yet" })).toEqual({
      status: "sent",
      answered: [email, file],
    });
    await until(
      () => page.request(email)?.state === "settled" && page.request(file)?.state === "settled",
      "both to settle",
    );
    expect(page.requests().map((r) => r.outcome)).toEqual(["denied", "denied"]);
    await idle(threadId);
    const decisions = [
      { type: "reject", message: REPLIED_IN_CHAT_REASON },
      { type: "reject", message: REPLIED_IN_CHAT_REASON },
    ];
    expect(runsOn(threadId)).toEqual([
      [{ resume: { [interruptId]: { decisions } } }, undefined],
      [undefined, { messages: [human("wait, not yet")] }],
    ]);
    expect((await received(threadId)).map((r) => r.value)).toEqual(decisions);
    expect(await messagesOf(threadId)).toEqual([human("wait, not yet")]);
    page.close();
  });

  it("given one action already decided and held, should send that decision and a reject for the other in one resume, then the message", async () => {
    const threadId = await startReview({ label: "chat-held", actions });
    const page = await openPage(threadId);
    const interruptId = (await langgraph.direct.threads.getState(threadId)).tasks[0]?.interrupts[0]?.id ?? "";
    const [email, file] = page.requests().map((r) => r.requestId) as [string, string];
    expect(page.client.answer(email, { type: "value", value: { decision: "approve" } }).status).toBe("sent");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resumesOn(threadId)).toEqual([]); // held until the other action has its decision
    expect(await page.client.sendMessage({ text: "and skip the file" })).toEqual({
      status: "sent",
      answered: [file],
    });
    await until(() => page.request(file)?.state === "settled", "the file to settle");
    await idle(threadId);
    expect(runsOn(threadId)).toEqual([
      [
        {
          resume: {
            [interruptId]: { decisions: [{ type: "approve" }, { type: "reject", message: REPLIED_IN_CHAT_REASON }] },
          },
        },
        undefined,
      ],
      [undefined, { messages: [human("and skip the file")] }],
    ]);
    expect(await messagesOf(threadId)).toEqual([human("and skip the file")]);
    page.close();
  });

  it("given a plain interrupt (a string question), should resume it with the words themselves, then send the message", async () => {
    const thread = await langgraph.direct.threads.create();
    const input = { ids: [], label: "chat-plain", question: "Which city?" };
    for await (const _ of langgraph.direct.runs.stream(thread.thread_id, "pick", { input })) {
      // until it interrupts
    }
    const page = await openPage(thread.thread_id, "pick");
    const id = page.requests()[0]?.requestId ?? "";
    expect(await page.client.sendMessage({ text: "Lisbon" })).toEqual({ status: "sent", answered: [id] });
    await idle(thread.thread_id);
    expect(runsOn(thread.thread_id)).toEqual([
      [{ resume: { [id]: "Lisbon" } }, undefined],
      [undefined, { messages: [human("Lisbon")] }],
    ]);
    expect(langgraph.proxy.resumesFor(id)).toEqual(["Lisbon"]);
    expect((await received(thread.thread_id)).map((r) => r.value)).toEqual(["Lisbon"]);
    expect(await messagesOf(thread.thread_id)).toEqual([human("Lisbon")]);
    page.close();
  });

  it("given a review that allows no reject, should send nothing and reopen the approval with the reason", async () => {
    const threadId = await startReview({
      label: "chat-no-reject",
      actions: [{ name: "publish", args: { draft: 7 }, allowedDecisions: ["approve"] }],
    });
    const page = await openPage(threadId);
    const id = page.requests()[0]?.requestId ?? "";
    const result = await page.client.sendMessage({ text: "hold on" });
    expect(result).toMatchObject({ status: "failed", error: { kind: "rejected" } });
    expect(page.request(id)).toMatchObject({ state: "open", error: { kind: "rejected" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(langgraph.proxy.runs.filter((run) => run.threadId === threadId)).toEqual([]);
    expect(await messagesOf(threadId)).toEqual([]);
    page.close();
  });

  it("given a double send, should reply once, then send each message as a run of its own, in order, once nothing waits", async () => {
    const threadId = await startPick("chat-double", "pickOnce");
    const page = await openPage(threadId, "pickOnce");
    const id = page.requests()[0]?.requestId ?? "";
    const [first, second] = await Promise.all([
      page.client.sendMessage({ text: "one" }),
      page.client.sendMessage({ text: "two" }),
    ]);
    expect(first).toEqual({ status: "sent", answered: [id] });
    expect(second).toEqual({ status: "sent", answered: [] });
    await idle(threadId);
    expect(langgraph.proxy.resumesFor(id)).toEqual([{ reply: "one" }]);
    // The resume, then the message whose reply it carried, then the second message.
    expect(runsOn(threadId)).toEqual([
      [{ resume: { [id]: { reply: "one" } } }, undefined],
      [undefined, { messages: [human("one")] }],
      [undefined, { messages: [human("two")] }],
    ]);
    expect(await messagesOf(threadId)).toEqual([human("one"), human("two")]);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ reply: "one" }]);
    page.close();
  });

  it("given two tabs sending a chat message at once, should reply once; each message goes as its own run after that resume", async () => {
    const threadId = await startPick("chat-tabs", "pickOnce");
    const local = createMemoryStorage();
    const locks = createMemoryLocks();
    const tab = () => createStorageJournal({ session: createMemoryStorage(), local, locks });
    const one = await openPage(threadId, "pickOnce", tab());
    const two = await openPage(threadId, "pickOnce", tab());
    const id = one.requests()[0]?.requestId ?? "";
    expect(two.requests()[0]?.requestId).toBe(id);
    const results = await Promise.all([
      one.client.sendMessage({ text: "from one" }),
      two.client.sendMessage({ text: "from two" }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(results.flatMap((r) => (r.status === "sent" ? r.answered : []))).toEqual([id]);
    await idle(threadId);
    await until(() => one.request(id)?.state === "settled" && two.request(id)?.state === "settled", "both tabs");
    expect(langgraph.proxy.resumesFor(id)).toHaveLength(1);
    expect(await received(threadId)).toHaveLength(1);
    // The one resume first; each tab's message after it, as a run of its own, kept in that order.
    const runs = runsOn(threadId);
    expect(runs[0]).toEqual([{ resume: { [id]: expect.anything() } }, undefined]);
    const inputs = runs.slice(1).map(([command, input]) => (command === undefined ? input : command));
    expect(inputs).toHaveLength(2);
    expect(inputs).toEqual(
      expect.arrayContaining([{ messages: [human("from one")] }, { messages: [human("from two")] }]),
    );
    expect(await messagesOf(threadId)).toEqual(inputs.flatMap((input) => (input as { messages: unknown[] }).messages));
    one.close();
    two.close();
  });
});

describe("an agent-inbox HumanInterrupt through the LangGraph adapter", () => {
  const allow = (over: Partial<Record<"allow_accept" | "allow_edit" | "allow_respond" | "allow_ignore", boolean>>) => ({
    allow_accept: false,
    allow_edit: false,
    allow_respond: false,
    allow_ignore: false,
    ...over,
  });
  const email = {
    action_request: { action: "send_email", args: { to: "ada@example.com", subject: "Hello" } },
    config: allow({ allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true }),
    description: "Send this email?",
  };
  const question = {
    action_request: { action: "ask_name", args: {} },
    config: allow({ allow_respond: true, allow_ignore: true }),
    description: "What should the project be called?",
  };

  async function startInbox(input: Record<string, unknown>) {
    const thread = await langgraph.direct.threads.create();
    for await (const _ of langgraph.direct.runs.stream(thread.thread_id, "inbox", { input })) {
      // until it interrupts
    }
    return thread.thread_id;
  }

  it("given a list of two (an action and a question), should park an approval and a text question and resume ONCE with a list of HumanResponses in order", async () => {
    const threadId = await startInbox({ label: "two", requests: [email, question] });
    const page = await openPage(threadId, "inbox");
    const [action, asked] = page.requests();
    expect(action).toMatchObject({
      kind: "approval",
      native: true,
      toolName: "send_email",
      prompt: "Send this email?",
      payload: { decisions: ["approve", "edit", "deny"], input: email.action_request.args },
    });
    expect(asked).toMatchObject({ kind: "text", native: true, prompt: "What should the project be called?" });
    const edit = { decision: "edit", input: { to: "bob@example.com", subject: "Hello" } };
    expect(page.client.answer(action?.requestId ?? "", { type: "value", value: edit }).status).toBe("sent");
    expect(page.client.answer(asked?.requestId ?? "", { type: "value", value: { text: "Lighthouse" } }).status).toBe(
      "sent",
    );
    await until(() => page.requests().every((r) => r.state === "settled"), "both to settle");
    await idle(threadId);
    const responses = [
      { type: "edit", args: { action: "send_email", args: { to: "bob@example.com", subject: "Hello" } } },
      { type: "response", args: "Lighthouse" },
    ];
    const interruptId = action?.callId ?? "";
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([{ resume: { [interruptId]: responses } }]);
    expect((await received(threadId)).map((r) => r.value)).toEqual(responses);
    page.close();
  });

  it("given one HumanInterrupt as an object, should resume with one object: a deny with a note is the response, without one it is ignore", async () => {
    const withNote = await startInbox({ label: "note", requests: [email], single: true });
    const noted = await openPage(withNote, "inbox");
    const [first] = noted.requests();
    noted.client.answer(first?.requestId ?? "", { type: "declined", reason: "Not to Ada" });
    await until(() => noted.request(first?.requestId ?? "")?.state === "settled", "the deny to settle");
    await idle(withNote);
    expect((await received(withNote)).map((r) => r.value)).toEqual([{ type: "response", args: "Not to Ada" }]);
    noted.close();

    const plain = await startInbox({ label: "plain", requests: [email], single: true });
    const page = await openPage(plain, "inbox");
    const [second] = page.requests();
    page.client.answer(second?.requestId ?? "", { type: "value", value: { decision: "approve" } });
    await until(() => page.request(second?.requestId ?? "")?.state === "settled", "the approval to settle");
    await idle(plain);
    expect(resumesOn(plain).map((run) => run.body.command)).toEqual([
      { resume: { [second?.callId ?? ""]: { type: "accept", args: null } } },
    ]);
    expect((await received(plain)).map((r) => r.value)).toEqual([{ type: "accept", args: null }]);
    page.close();
  });

  it("given a deny where neither ignore nor words are allowed, should send nothing and keep the request open with the refusal", async () => {
    const strict = { ...email, config: allow({ allow_accept: true }) };
    const threadId = await startInbox({ label: "strict", requests: [strict] });
    const page = await openPage(threadId, "inbox");
    const [request] = page.requests();
    expect(request?.payload).toMatchObject({ decisions: ["approve"] });
    page.client.answer(request?.requestId ?? "", { type: "declined" });
    await page.client.whenIdle();
    expect(page.request(request?.requestId ?? "")).toMatchObject({ state: "open", error: { kind: "rejected" } });
    expect(resumesOn(threadId)).toEqual([]);
    page.close();
  });
});

describe("readHitlRequest", () => {
  it("given values that are not a HITLRequest the kit can answer, should not read them as one", () => {
    expect(readHitlRequest({ actionRequests: [], reviewConfigs: [] })).toBeUndefined();
    expect(
      readHitlRequest({
        actionRequests: [{ name: "a", args: {} }],
        reviewConfigs: [{ actionName: "b", allowedDecisions: ["approve"] }],
      }),
    ).toBeUndefined();
    expect(
      readHitlRequest({
        actionRequests: [{ name: "a", args: {} }],
        reviewConfigs: [{ actionName: "a", allowedDecisions: ["maybe"] }],
      }),
    ).toBeUndefined();
    expect(readHitlRequest({ actionRequests: [{ name: "a", args: "x" }], reviewConfigs: [] })).toBeUndefined();
    expect(readHitlRequest("approve?")).toBeUndefined();
    // agent-inbox HumanInterrupts that allow nothing, or are not one.
    const none = { allow_accept: false, allow_edit: false, allow_respond: false, allow_ignore: false };
    expect(readHitlRequest({ action_request: { action: "a", args: {} }, config: none })).toBeUndefined();
    expect(
      readHitlRequest([{ action_request: { action: "a" }, config: { ...none, allow_accept: true } }]),
    ).toBeUndefined();
    expect(readHitlRequest([])).toBeUndefined();
  });

  it("given edit allowed on args with nothing to show as a field, should not offer edit", () => {
    const [action] =
      readHitlRequest({
        actionRequests: [{ name: "a", args: { nested: { x: 1 } } }],
        reviewConfigs: [{ actionName: "a", allowedDecisions: ["approve", "edit"] }],
      }) ?? [];
    expect(action).toMatchObject({ allowed: ["approve"] });
    expect(action?.fields).toBeUndefined();
  });

  it("given the SDK's normalized form (both casings), should read it as camelCase", () => {
    const both = {
      actionRequests: [{ name: "a", args: { n: 2 } }],
      action_requests: [{ name: "a", action_name: "a", args: { n: 2 } }],
      reviewConfigs: [{ actionName: "a", allowedDecisions: ["edit"], allowed_decisions: ["edit"] }],
      review_configs: [{ actionName: "a", allowedDecisions: ["edit"], allowed_decisions: ["edit"] }],
    };
    expect(readHitlRequest(both)?.[0]).toMatchObject({
      snake: false,
      fields: [{ type: "number", name: "n", default: 2 }],
    });
  });
});
