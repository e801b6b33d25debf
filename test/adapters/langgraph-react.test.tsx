import { useStream } from "@langchain/langgraph-sdk/react";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode, useState, useSyncExternalStore } from "react";
import { useLangGraphHitl } from "../../src/adapters/langgraph/use-langgraph-hitl";
import type { MessageResult } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { HitlProvider, HitlRenderer, useHitlClient } from "../../src/index";
import type { Received } from "../support/langgraph-graphs";
import { setUpLangGraphServer } from "../support/langgraph-harness";
import { pickRegistry } from "../support/pick-widget";

/**
 * `useLangGraphHitl` over the REAL `useStream` (`@langchain/langgraph-sdk/react` 1.15) in jsdom,
 * against a REAL LangGraph API server (`@langchain/langgraph-api`, scripted graphs), through a
 * proxy that records every run the server took. Rendered by the kit's renderer (the approval
 * widget for LangChain's HITL review; a row of buttons for the test kind "pick"). What counts is
 * what the server received: one resume per interrupt id, and the typed value the graph recorded.
 */

const langgraph = setUpLangGraphServer();
const { startThread, received, resumesOn } = langgraph;

afterEach(() => {
  cleanup();
});

const registry = pickRegistry();

const strict = () => ({ config: { configurable: { __pregel_strict_resume: true } } });

/** What the page's client holds, for the test to read (the ledger is the page's own record). */
let shown: readonly ParkedRequest[] = [];
const shownBy = new Map<string, readonly ParkedRequest[]>();
function Ledger({ name }: { readonly name: string }) {
  const client = useHitlClient();
  shown = selectRequests(useSyncExternalStore(client.store.subscribe, client.store.getSnapshot));
  shownBy.set(name, shown);
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

function Page({
  assistantId,
  threadId: initial,
  renderers = 1,
  input,
  name = "page",
}: {
  readonly name?: string;
  readonly assistantId: string;
  readonly threadId?: string;
  readonly renderers?: number;
  readonly input?: Record<string, unknown>;
}) {
  const [threadId, setThreadId] = useState<string | null>(initial ?? null);
  const stream = useStream<Record<string, unknown>>({
    apiUrl: langgraph.proxy.url,
    assistantId,
    threadId,
    onThreadId: setThreadId,
  });
  const hitl = useLangGraphHitl(stream, { threadId, pollIntervalMs: 100, runPayload: strict });
  const received = (stream.values.received as Received[] | undefined) ?? [];
  return (
    <HitlProvider transport={hitl} registry={registry} journal={noopJournal}>
      {Array.from({ length: renderers }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical renderers
        <HitlRenderer key={i} settled="none" />
      ))}
      <Ledger name={name} />
      <ChatBox />
      <output data-testid="thread">{threadId}</output>
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <output data-testid="received">{JSON.stringify(received.map((r) => r.value))}</output>
      <button type="button" onClick={() => void stream.submit(input ?? {})}>
        Run
      </button>
    </HitlProvider>
  );
}

async function idle(threadId: string) {
  await waitFor(async () => expect((await langgraph.direct.threads.get(threadId)).status).not.toBe("busy"), {
    timeout: 10_000,
  });
}

const wait = { timeout: 10_000 };
/** Time passing while the page lives (its updates inside act). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** A LangChain HITL review of two tool calls, each approvable or rejectable. */
const twoDeletes = {
  label: "hitl",
  actions: [
    { name: "delete_file", args: { path: "a.md" }, allowedDecisions: ["approve", "reject"] },
    { name: "delete_file", args: { path: "b.md" }, allowedDecisions: ["approve", "reject"] },
  ],
};

describe("useLangGraphHitl over the real useStream and a real LangGraph server", { timeout: 30_000 }, () => {
  it("given a thread waiting on an interrupt and a double click, should resume it once through submit with the typed value", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "dbl" });
    render(<Page assistantId="pick" threadId={threadId} />);
    const a = await screen.findByRole("button", { name: "a" }, wait);
    await act(async () => {
      fireEvent.click(a);
      fireEvent.click(a);
    });
    await waitFor(() => expect(screen.getByTestId("received")).toHaveTextContent('[{"id":"a"}]'), wait);
    await idle(threadId);
    const id = shown[0]?.requestId ?? "";
    await waitFor(
      () =>
        expect(shown[0]).toMatchObject({
          state: "settled",
          outcome: "answered",
          resolution: { type: "value", value: { id: "a" } },
        }),
      wait,
    );
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([{ resume: { [id]: { id: "a" } } }]);
    // Through useStream's submit, with the transport's guards.
    expect(resumesOn(threadId)[0]?.body).toMatchObject({ multitask_strategy: "reject", on_disconnect: "continue" });
    expect(await received(threadId)).toEqual([
      { node: "ask", label: "dbl", value: { id: "a" }, result: { status: "answered", value: { id: "a" } } },
    ]);
  });

  it("given StrictMode and two renderers choosing differently, should resume once, with the first choice", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "strict" });
    render(
      <StrictMode>
        <Page assistantId="pick" threadId={threadId} renderers={2} />
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getAllByTestId("pick")).toHaveLength(2), wait);
    const [first, second] = screen.getAllByTestId("pick") as [HTMLElement, HTMLElement];
    await act(async () => {
      fireEvent.click(within(first).getByRole("button", { name: "b" }));
      fireEvent.click(within(second).getByRole("button", { name: "a" }));
    });
    await waitFor(() => expect(screen.getByTestId("received")).toHaveTextContent('[{"id":"b"}]'), wait);
    await idle(threadId);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "b" }]);
  });

  it("given a run the page starts, should park its interrupt as the stream shows it and resume through the same stream", async () => {
    render(<Page assistantId="pick" input={{ ids: ["x", "y"], label: "own" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    const y = await screen.findByRole("button", { name: "y" }, wait);
    const threadId = screen.getByTestId("thread").textContent ?? "";
    fireEvent.click(y);
    await waitFor(() => expect(screen.getByTestId("received")).toHaveTextContent('[{"id":"y"}]'), wait);
    await idle(threadId);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "y" }]);
  });

  it("given parallel interrupts (a Send fan-out), should hold the first answer and resume ONCE with both", async () => {
    const threadId = await startThread("parallel", { label: "fan" });
    render(<Page assistantId="parallel" threadId={threadId} />);
    fireEvent.click(await screen.findByRole("button", { name: "a" }, wait));
    await pause(300);
    expect(resumesOn(threadId)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "d" }));
    await waitFor(() => expect(shown.every((r) => r.state === "settled")).toBe(true), wait);
    await idle(threadId);
    const [left, right] = shown.map((r) => r.requestId) as [string, string];
    expect(resumesOn(threadId).map((run) => run.body.command)).toEqual([
      { resume: { [left]: { id: "a" }, [right]: { id: "d" } } },
    ]);
    expect((await received(threadId)).map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "d" }],
    ]);
  });

  it("given a question asked inside a subgraph, should show it from the stream and resume it from the root", async () => {
    render(<Page assistantId="nested" input={{ ids: ["n1", "n2"], label: "nested" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    fireEvent.click(await screen.findByRole("button", { name: "n2" }, wait));
    const threadId = screen.getByTestId("thread").textContent ?? "";
    await waitFor(() => expect(shown[0]?.state).toBe("settled"), wait);
    await idle(threadId);
    expect((await received(threadId)).map((r) => [r.node, r.value])).toEqual([["inner_ask", { id: "n2" }]]);
    expect(resumesOn(threadId)).toHaveLength(1);
  });

  it("given LangChain's HITL review, should render one approval per action and resume once with the decisions", async () => {
    const threadId = await startThread("review", twoDeletes);
    render(<Page assistantId="review" threadId={threadId} />);
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(2), wait);
    const [first] = screen.getAllByRole("button", { name: "Approve" }) as [HTMLElement];
    await act(async () => {
      fireEvent.click(first);
      fireEvent.click(first);
    });
    const second = screen.getAllByRole("group", { name: "Run delete_file?" })[1] as HTMLElement;
    fireEvent.click(within(second).getByRole("button", { name: "Deny" }));
    fireEvent.click(within(second).getByRole("button", { name: "Deny" })); // the confirming Deny
    await waitFor(() => expect(shown.map((r) => r.outcome)).toEqual(["approved", "denied"]), wait);
    await idle(threadId);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ type: "approve" }, { type: "reject" }]);
  });

  it("given LangChain's HITL review and Approve all double-clicked, should resume once with one approve per action", async () => {
    const threadId = await startThread("review", twoDeletes);
    render(<Page assistantId="review" threadId={threadId} />);
    const batch = await screen.findByRole("group", { name: "2 approvals asked together" }, wait);
    const approveAll = within(batch).getByRole("button", { name: "Approve all 2" });
    await act(async () => {
      fireEvent.click(approveAll);
      fireEvent.click(approveAll);
    });
    await waitFor(() => expect(shown.map((r) => r.outcome)).toEqual(["approved", "approved"]), wait);
    await idle(threadId);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ type: "approve" }, { type: "approve" }]);
  });

  it("given a new message while an interrupt is open, should not resume it: it is withdrawn, the new question parks", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "old" });
    render(<Page assistantId="pick" threadId={threadId} input={{ ids: ["c", "d"], label: "new", question: null }} />);
    await screen.findByRole("button", { name: "a" }, wait);
    const old = shown[0]?.requestId ?? "";
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    await screen.findByRole("button", { name: "c" }, wait);
    await waitFor(() => expect(shown.find((r) => r.requestId === old)?.outcome).toBe("withdrawn"), wait);
    await idle(threadId);
    expect(resumesOn(threadId)).toEqual([]);
    expect(langgraph.proxy.resumesFor(old)).toEqual([]);
  });

  it("given a question waiting and a chat message through client.sendMessage (sent twice), should resume it ONCE with { reply }, then submit each message as a run of its own", async () => {
    // pickOnce: a message's run asks nothing, so the second message finds nothing waiting.
    const threadId = await startThread("pickOnce", { ids: ["a", "b"], label: "chat" });
    sentChat = [];
    render(<Page assistantId="pickOnce" threadId={threadId} />);
    await screen.findByRole("button", { name: "a" }, wait);
    const id = shown[0]?.requestId ?? "";
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "what are these?" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      // A double click: the second message has nothing left to reply to (the gate), so it goes
      // as a run of its own after the first one's.
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
    });
    await waitFor(() => expect(shown[0]).toMatchObject({ state: "settled", outcome: "answered" }), wait);
    expect(shown[0]?.resolution).toEqual({ type: "reply", text: "what are these?" });
    await waitFor(() => expect(sentChat).toHaveLength(2), wait);
    expect(sentChat).toEqual([
      { status: "sent", answered: [id] },
      { status: "sent", answered: [] },
    ]);
    // Both message runs over (the thread idle, the page's stream done) before the test ends.
    await waitFor(async () => {
      const state = await langgraph.direct.threads.getState<{ messages?: unknown[] }>(threadId);
      expect(state.values.messages).toHaveLength(2);
      expect((await langgraph.direct.threads.get(threadId)).status).not.toBe("busy");
      expect(screen.getByTestId("loading").textContent).toBe("false");
    }, wait);
    // The resume (the reply by interrupt id, nothing else), then each message as its own run's input.
    const human = { type: "human", content: "what are these?" };
    expect(
      langgraph.proxy.runs
        .filter((run) => run.threadId === threadId)
        .map((run) => [run.body.command, run.body.input ?? undefined]),
    ).toEqual([
      [{ resume: { [id]: { reply: "what are these?" } } }, undefined],
      [undefined, { messages: [human] }],
      [undefined, { messages: [human] }],
    ]);
    expect(langgraph.proxy.resumesFor(id)).toHaveLength(1);
    expect((await received(threadId)).map((r) => r.result)).toEqual([{ status: "replied", text: "what are these?" }]);
    const state = await langgraph.direct.threads.getState<{ messages?: { content?: unknown }[] }>(threadId);
    expect(state.values.messages?.map((m) => m.content)).toEqual(["what are these?", "what are these?"]);
    expect(shown.map((r) => r.state)).toEqual(["settled"]);
    await pause(300);
    expect(resumesOn(threadId)).toHaveLength(1);
  });

  it("given two pages answering at once (strict resume), should let the graph take one and settle the other as answered elsewhere", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "race" });
    // useStream logs its run's failure with console.error before handing it to the kit: the
    // loser's refused resume is expected here — HTTP 422 while the thread is busy with the
    // winner's run, or the server's UnknownInterruptError once that run has consumed the interrupt.
    const logged: unknown[] = [];
    const original = console.error;
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (args[0] instanceof Error && /^HTTP 4\d\d|already-consumed interrupt/.test(args[0].message)) {
        logged.push(args[0]);
      } else original.apply(console, args);
    });
    onTestFinished(() => spy.mockRestore());
    render(
      <>
        <div data-testid="one">
          <Page name="one" assistantId="pick" threadId={threadId} />
        </div>
        <div data-testid="two">
          <Page name="two" assistantId="pick" threadId={threadId} />
        </div>
      </>,
    );
    const one = within(screen.getByTestId("one"));
    const two = within(screen.getByTestId("two"));
    await one.findByRole("button", { name: "a" }, wait);
    await two.findByRole("button", { name: "b" }, wait);
    await act(async () => {
      fireEvent.click(one.getByRole("button", { name: "a" }));
      fireEvent.click(two.getByRole("button", { name: "b" }));
    });
    await idle(threadId);
    await waitFor(async () => expect(await received(threadId)).toHaveLength(1), wait);
    // The graph took exactly one answer, whichever page's resume reached it first; the other page
    // never resumed it a second time and shows it as answered elsewhere.
    const [got] = await act(() => received(threadId)); // the pages may still be settling: inside act
    const [winner, loser] = JSON.stringify(got?.value) === '{"id":"a"}' ? ["one", "two"] : ["two", "one"];
    await waitFor(
      () => expect(shownBy.get(loser)?.[0]).toMatchObject({ outcome: "answered", answeredElsewhere: true }),
      wait,
    );
    await waitFor(() => expect(shownBy.get(winner)?.[0]).toMatchObject({ outcome: "answered" }), wait);
    expect(shownBy.get(winner)?.[0]?.answeredElsewhere).toBeUndefined();
    await pause(500);
    expect(await act(() => received(threadId))).toHaveLength(1);
    expect(resumesOn(threadId).length).toBeLessThanOrEqual(2);
    // What useStream logged, if anything, was only the loser's refusal.
    for (const error of logged) expect(String(error)).toMatch(/HTTP (409|422)|already-consumed interrupt/);
  });
  it("given two hooks over one stream (two providers), should share one gate: the second click never resumes, both show the first answer as their own", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "two-hooks" });
    const refused = vi.spyOn(console, "error");
    onTestFinished(() => refused.mockRestore());
    function TwoHooks() {
      const stream = useStream<Record<string, unknown>>({ apiUrl: langgraph.proxy.url, assistantId: "pick", threadId });
      const options = { threadId, pollIntervalMs: 100, runPayload: strict };
      const first = useLangGraphHitl(stream, options);
      const second = useLangGraphHitl(stream, options);
      return (
        <>
          {[first, second].map((hitl, i) => (
            <div key={i === 0 ? "one" : "two"} data-testid={i === 0 ? "one" : "two"}>
              <HitlProvider transport={hitl} registry={registry} journal={noopJournal}>
                <HitlRenderer settled="none" />
                <Ledger name={i === 0 ? "one" : "two"} />
              </HitlProvider>
            </div>
          ))}
        </>
      );
    }
    render(<TwoHooks />);
    const one = within(screen.getByTestId("one"));
    const two = within(screen.getByTestId("two"));
    await one.findByRole("button", { name: "b" }, wait);
    await two.findByRole("button", { name: "a" }, wait);
    await act(async () => {
      fireEvent.click(one.getByRole("button", { name: "b" }));
      fireEvent.click(two.getByRole("button", { name: "a" }));
    });
    await waitFor(async () => expect(await received(threadId)).toHaveLength(1), wait);
    await idle(threadId);
    for (const name of ["one", "two"]) {
      await waitFor(
        () => expect(shownBy.get(name)?.[0]).toMatchObject({ state: "settled", outcome: "answered" }),
        wait,
      );
      // Neither lost a race: the second click was refused by the one gate, not by the server.
      expect(shownBy.get(name)?.[0]?.answeredElsewhere).toBeUndefined();
    }
    expect((await act(() => received(threadId))).map((r) => r.value)).toEqual([{ id: "b" }]);
    // One resume run: without the shared gate the second hook's resume also went, and the server
    // took it as a run (refusing the consumed interrupt inside it).
    expect(resumesOn(threadId)).toHaveLength(1);
    // Nothing was refused by the server, so useStream logged nothing.
    expect(refused).not.toHaveBeenCalled();
  });
});
