import { useStream } from "@langchain/react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode, useState, useSyncExternalStore } from "react";
import { useLangChainReactHitl } from "../../src/adapters/langgraph/use-langchain-react-hitl";
import { REPLIED_IN_CHAT_REASON } from "../../src/core/answer";
import type { MessageResult } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { HitlProvider, HitlRenderer, useHitlClient } from "../../src/index";
import { captureKitWarnings } from "../support/kit-warnings";
import { setUpLangGraphServer } from "../support/langgraph-harness";
import { pickRegistry } from "../support/pick-widget";

/**
 * `useLangChainReactHitl` over the REAL `useStream` of `@langchain/react` 1.1 (the SDK's protocol
 * stream: resumes as `input.respond` commands) in jsdom, against a REAL LangGraph API server
 * (`@langchain/langgraph-api`), through a proxy that records every resume the server took. One
 * resume per interrupt id; the typed value the graph recorded. The page starts its run itself
 * (`submit`: the protocol's `run.start`): langgraph-api 1.5 answers `input.respond` only on a thread
 * a protocol client started a run on (the last test shows what happens otherwise).
 */

const langgraph = setUpLangGraphServer();
const { startThread, received, resumesOn } = langgraph;

afterEach(() => {
  cleanup();
});

const registry = pickRegistry();

const strict = () => ({ config: { configurable: { __pregel_strict_resume: true } } });

let shown: readonly ParkedRequest[] = [];
function Ledger() {
  const client = useHitlClient();
  shown = selectRequests(useSyncExternalStore(client.store.subscribe, client.store.getSnapshot));
  return null;
}

/** A chat box as an app writes it with the kit: the message goes through `client.sendMessage`. */
let sentChat: MessageResult[] = [];
function ChatBox() {
  const client = useHitlClient();
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void client.sendMessage({ text }).then((result) => sentChat.push(result));
        setText("");
      }}
    >
      <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

let thread = "";
function Page({
  assistantId,
  input,
  threadId,
  renderers = 1,
}: {
  readonly assistantId: string;
  readonly input?: Record<string, unknown>;
  readonly threadId?: string;
  readonly renderers?: number;
}) {
  const stream = useStream({ apiUrl: langgraph.proxy.url, assistantId, ...(threadId ? { threadId } : {}) });
  const hitl = useLangChainReactHitl(stream, { pollIntervalMs: 100, runPayload: strict });
  thread = stream.threadId ?? "";
  return (
    <HitlProvider transport={hitl} registry={registry} journal={noopJournal}>
      {Array.from({ length: renderers }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical renderers
        <HitlRenderer key={i} settled="none" />
      ))}
      <Ledger />
      <ChatBox />
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <button type="button" onClick={() => void stream.submit(input ?? {})}>
        Run
      </button>
    </HitlProvider>
  );
}

/** Renders the page and starts its run; resolves with the thread once it shows `button`. */
async function run(page: ReturnType<typeof Page>, button: string): Promise<string> {
  render(page);
  fireEvent.click(screen.getByRole("button", { name: "Run" }));
  await screen.findAllByRole("button", { name: button }, wait);
  await waitFor(() => expect(thread).not.toBe(""), wait);
  return thread;
}

const wait = { timeout: 10_000 };
/** The chat messages that went as runs of their own (`submit`, the protocol's `run.start`), after the page's first run. */
const messageRunsOn = (threadId: string) =>
  langgraph.proxy.runs.filter((run) => run.threadId === threadId && run.body.via === "submit").slice(1);
/** Every run on the thread since the page's own first one, in order: `respond` (a resume) or `submit` (a message). */
const runsAfterStart = (threadId: string) =>
  langgraph.proxy.runs
    .filter((run) => run.threadId === threadId)
    .slice(1)
    .map((run) => run.body.via);

/** The page's stream ran the message's run to its end, and the thread holds `count` messages. */
async function messageRunDone(threadId: string, count: number) {
  await waitFor(async () => {
    const state = await langgraph.direct.threads.getState<{ messages?: unknown[] }>(threadId);
    expect(state.values.messages).toHaveLength(count);
    expect((await langgraph.direct.threads.get(threadId)).status).not.toBe("busy");
    expect(screen.getByTestId("loading").textContent).toBe("false");
  }, wait);
}
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

async function settledAndRecorded(threadId: string, count: number) {
  await waitFor(async () => expect(await received(threadId)).toHaveLength(count), wait);
  await waitFor(() => expect(shown.every((request) => request.state === "settled")).toBe(true), wait);
  await waitFor(async () => expect((await langgraph.direct.threads.get(threadId)).status).not.toBe("busy"), wait);
}

describe("useLangChainReactHitl over @langchain/react's useStream and a real LangGraph server", {
  timeout: 30_000,
}, () => {
  it("given an interrupt of the page's run and a double click, should respond once by interrupt id with the typed value", async () => {
    const threadId = await run(<Page assistantId="pick" input={{ ids: ["a", "b"], label: "v1" }} />, "a");
    const a = screen.getByRole("button", { name: "a" });
    await act(async () => {
      fireEvent.click(a);
      fireEvent.click(a);
    });
    await settledAndRecorded(threadId, 1);
    const id = shown[0]?.requestId ?? "";
    expect(shown[0]).toMatchObject({ outcome: "answered", resolution: { type: "value", value: { id: "a" } } });
    expect(resumesOn(threadId).map((run) => run.body)).toEqual([
      { command: { resume: { [id]: { id: "a" } } }, via: "respond" },
    ]);
    expect((await received(threadId)).map((r) => r.result)).toEqual([{ status: "answered", value: { id: "a" } }]);
    await pause(300);
    expect(resumesOn(threadId)).toHaveLength(1);
  });

  it("given StrictMode and two renderers choosing differently, should respond once, with the first choice", async () => {
    const threadId = await run(
      <StrictMode>
        <Page assistantId="pick" input={{ ids: ["a", "b"], label: "v1-strict" }} renderers={2} />
      </StrictMode>,
      "a",
    );
    await waitFor(() => expect(screen.getAllByTestId("pick")).toHaveLength(2), wait);
    const [first, second] = screen.getAllByTestId("pick") as [HTMLElement, HTMLElement];
    await act(async () => {
      fireEvent.click(within(first).getByRole("button", { name: "b" }));
      fireEvent.click(within(second).getByRole("button", { name: "a" }));
    });
    await settledAndRecorded(threadId, 1);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "b" }]);
  });

  it("given parallel interrupts (a Send fan-out), should hold the first answer and respond to both at once (respondAll)", async () => {
    const threadId = await run(<Page assistantId="parallel" input={{ label: "v1-fan" }} />, "b");
    await screen.findByRole("button", { name: "c" }, wait);
    fireEvent.click(screen.getByRole("button", { name: "b" }));
    await pause(300);
    expect(resumesOn(threadId)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "c" }));
    await settledAndRecorded(threadId, 2);
    const [left, right] = shown.map((r) => r.requestId) as [string, string];
    expect(resumesOn(threadId).map((run) => run.body)).toEqual([
      { command: { resume: { [left]: { id: "b" }, [right]: { id: "c" } } }, via: "respond" },
    ]);
  });

  it("given LangChain's HITL review, should respond once with the decisions in action order", async () => {
    const input = {
      label: "v1-hitl",
      actions: [
        { name: "delete_file", args: { path: "a.md" }, allowedDecisions: ["approve", "reject"] },
        { name: "delete_file", args: { path: "b.md" }, allowedDecisions: ["approve", "reject"] },
      ],
    };
    const threadId = await run(<Page assistantId="review" input={input} />, "Approve");
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(2), wait);
    for (const approve of screen.getAllByRole("button", { name: "Approve" })) fireEvent.click(approve);
    await settledAndRecorded(threadId, 2);
    expect(shown.map((r) => r.outcome)).toEqual(["approved", "approved"]);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ type: "approve" }, { type: "approve" }]);
  });

  it("given a question waiting and a chat message through client.sendMessage, should respond ONCE with { reply }, then submit the message as a run of its own", async () => {
    sentChat = [];
    const threadId = await run(<Page assistantId="pick" input={{ ids: ["a", "b"], label: "v1-chat" }} />, "a");
    const id = shown[0]?.requestId ?? "";
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "what are these?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await settledAndRecorded(threadId, 1);
    expect(shown[0]).toMatchObject({ outcome: "answered", resolution: { type: "reply", text: "what are these?" } });
    await waitFor(() => expect(sentChat).toEqual([{ status: "sent", answered: [id] }]), wait);
    // The message's own run (pick asks again on it): over, its new question shown, before the test ends.
    await messageRunDone(threadId, 1);
    await waitFor(() => expect(shown.map((r) => r.state)).toEqual(["settled", "open"]), wait);
    // One input.respond with the reply by interrupt id (nothing else), then the message's run.start
    // (@langchain/react gives the message an id for its optimistic echo).
    expect(resumesOn(threadId).map((run) => run.body)).toEqual([
      { command: { resume: { [id]: { reply: "what are these?" } } }, via: "respond" },
    ]);
    expect(runsAfterStart(threadId)).toEqual(["respond", "submit"]);
    expect(messageRunsOn(threadId).map((run) => run.body.input)).toEqual([
      { messages: [expect.objectContaining({ type: "human", content: "what are these?" })] },
    ]);
    expect((await received(threadId)).map((r) => r.result)).toEqual([{ status: "replied", text: "what are these?" }]);
    const state = await langgraph.direct.threads.getState<{ messages?: { content?: unknown }[] }>(threadId);
    expect(state.values.messages?.map((m) => m.content)).toEqual(["what are these?"]);
    await pause(300);
    expect(resumesOn(threadId)).toHaveLength(1);
  });

  it("given a double send, should respond once, then submit each message as a run of its own once nothing waits", async () => {
    sentChat = [];
    // pickOnce: a message's run asks nothing, so the second message finds nothing waiting.
    const threadId = await run(
      <Page assistantId="pickOnce" input={{ ids: ["a", "b"], label: "v1-chat-twice" }} />,
      "a",
    );
    const id = shown[0]?.requestId ?? "";
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "again?" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
    });
    await waitFor(() => expect(sentChat).toHaveLength(2), wait);
    expect(sentChat).toEqual([
      { status: "sent", answered: [id] },
      { status: "sent", answered: [] },
    ]);
    await messageRunDone(threadId, 2);
    expect(shown.map((r) => r.state)).toEqual(["settled"]);
    expect(langgraph.proxy.resumesFor(id)).toEqual([{ reply: "again?" }]);
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([{ resume: { [id]: { reply: "again?" } } }]);
    // The resume, then each message as its own run.start.
    expect(runsAfterStart(threadId)).toEqual(["respond", "submit", "submit"]);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ reply: "again?" }]);
    const state = await langgraph.direct.threads.getState<{ messages?: { content?: unknown }[] }>(threadId);
    expect(state.values.messages?.map((m) => m.content)).toEqual(["again?", "again?"]);
  });

  it("given LangChain's HITL review and a chat message, should respond once rejecting each action with the reason", async () => {
    sentChat = [];
    const input = {
      label: "v1-hitl-chat",
      actions: [
        { name: "delete_file", args: { path: "a.md" }, allowedDecisions: ["approve", "reject"] },
        { name: "delete_file", args: { path: "b.md" }, allowedDecisions: ["approve", "reject"] },
      ],
    };
    const threadId = await run(<Page assistantId="review" input={input} />, "Approve");
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(2), wait);
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "not these" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(async () => expect(await received(threadId)).toHaveLength(2), wait);
    // The message's own run, over before the test ends: the review asks again (its actions are the
    // thread's), two new approvals open beside the two denied.
    await messageRunDone(threadId, 1);
    await waitFor(() => expect(shown.map((r) => r.state)).toEqual(["settled", "settled", "open", "open"]), wait);
    expect(shown.slice(0, 2).map((r) => r.outcome)).toEqual(["denied", "denied"]);
    const denied = shown.slice(0, 2).map((r) => r.requestId);
    await waitFor(() => expect(sentChat).toEqual([{ status: "sent", answered: denied }]), wait);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect(runsAfterStart(threadId)).toEqual(["respond", "submit"]);
    const reject = { type: "reject", message: REPLIED_IN_CHAT_REASON };
    expect((await received(threadId)).map((r) => r.value)).toEqual([reject, reject]);
    const state = await langgraph.direct.threads.getState<{ messages?: { content?: unknown }[] }>(threadId);
    expect(state.values.messages?.map((m) => m.content)).toEqual(["not these"]);
  });

  it("given a thread whose run no protocol client started (langgraph-api 1.5), should send nothing that resumes and reopen the question with the server's reason", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "v1-http" });
    const warnings = captureKitWarnings();
    render(<Page assistantId="pick" threadId={threadId} />);
    fireEvent.click(await screen.findByRole("button", { name: "a" }, wait));
    await waitFor(() => expect(shown[0]?.error?.message).toMatch(/no active assistant/i), wait);
    expect(shown[0]).toMatchObject({ state: "open", error: { kind: "rejected" } });
    expect(resumesOn(threadId)).toEqual([]);
    expect(await received(threadId)).toEqual([]);
    // The provider's onError told the developer why (the kit's warning), once.
    expect(warnings()).toEqual([expect.stringMatching(/sending the answer to .* failed: .*no active assistant/i)]);
  });
});
