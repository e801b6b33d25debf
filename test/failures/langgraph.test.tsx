import { Client } from "@langchain/langgraph-sdk";
import { useStream } from "@langchain/langgraph-sdk/react";
import { useStream as useProtocolStream } from "@langchain/react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode, useEffect, useState, useSyncExternalStore } from "react";
import { createLangGraphTransport } from "../../src/adapters/langgraph/transport";
import { useLangChainReactHitl } from "../../src/adapters/langgraph/use-langchain-react-hitl";
import { useLangGraphHitl } from "../../src/adapters/langgraph/use-langgraph-hitl";
import { createHitlClient } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { HitlProvider, HitlRenderer, useHitlClient } from "../../src/index";
import { conformanceKind } from "../../src/testing/conformance";
import { setUpLangGraphServer, until } from "../support/langgraph-harness";
import { pickRegistry } from "../support/pick-widget";

/**
 * LangGraph, on a real LangGraph API server (`@langchain/langgraph-api` 1.5, LangGraph 1.7), and
 * the real `useStream` of `@langchain/langgraph-sdk/react` 1.15 (and of `@langchain/react` 1.1)
 * rendered in jsdom as a typical page uses it — its `interrupts` shown as forms, an answer sent
 * with `submit(null, { command: { resume } })`, a chat message with `submit({ messages })`:
 * - parallel interrupts (a `Send` fan-out) resumed with one plain value, as a client does that
 *   answers "the" interrupt (`Command({ resume: value })`, what a chat UI's submit sends; see
 *   langchain-ai/langgraphjs#2780): EVERY waiting branch gets that value — answering one
 *   question answers the other with it, and the other form is gone;
 * - a second resume naming an interrupt already answered (a stale page, a second device) is
 *   silently ignored (langchain-ai/langgraph#8836): HTTP 200, a run, and the graph keeps the
 *   first answer, while the second page believes its own went in;
 * - a resolved interrupt's form reappears after a reload: `reconnectOnMount` rejoins the run the
 *   page left and replays it, `__interrupt__` included, though another tab answered it since;
 * - an interrupt raised after a reload (the run was still working when the page read the thread)
 *   or by another tab's run is never shown: the page learns interrupts only from its own runs;
 * - a double click, or an auto-resume under StrictMode, sends two resumes: the second answers
 *   the graph's NEXT question, which nobody saw, with the first one's answer;
 * - a chat message sent while an interrupt waits becomes its answer (`@langchain/react`: the
 *   protocol's `run.start` on an interrupted thread is a resume on langgraph-api 1.5).
 * Reproduced without the kit; prevented by `createLangGraphTransport` and the hooks over it, which
 * resume each interrupt by its id with its own value, once, never one that is not waiting, and
 * read the thread's own state on join and between runs; the chat message by the kit's reply path
 * (`client.sendMessage`): each waiting question gets one reply by its id, resumed in one run, and the
 * message goes after it as a run of its own. What these versions no longer do is written as
 * such ("…: fixed in …, holds without the kit"): a plain reload reads the thread's state, resumes
 * one by one by interrupt id work, and the SDK's `submit({ messages })` on an interrupted thread
 * is a new run (the question withdrawn, never answered).
 */

const langgraph = setUpLangGraphServer();
const { startThread, received, resumesOn } = langgraph;

afterEach(async () => {
  await unmountWhenDone();
  sessionStorage.clear();
});

/** Unmounts the pages once their runs streamed to the end (a run streams a while after the thread is idle). */
async function unmountWhenDone() {
  await waitFor(() => expect(screen.queryAllByTestId("loading").map((e) => e.textContent)).not.toContain("true"), wait);
  cleanup();
}

async function run(threadId: string, graph: string, payload: Record<string, unknown>) {
  const parts: { event: string; data: unknown }[] = [];
  for await (const part of langgraph.direct.runs.stream(threadId, graph, payload)) parts.push(part);
  return parts;
}

/** A thread whose first run (started here, as another tab or a server job would) waits on its interrupts. */

/** The interrupt ids the thread waits on, by its own state. */
async function waiting(threadId: string): Promise<string[]> {
  const state = await langgraph.direct.threads.getState(threadId);
  return state.tasks.flatMap((task) => task.interrupts.map((interrupt) => interrupt.id ?? ""));
}

async function idle(threadId: string) {
  await waitFor(async () => expect((await langgraph.direct.threads.get(threadId)).status).not.toBe("busy"), wait);
}

const wait = { timeout: 10_000 };
/** Time passing while the page lives (its updates inside act). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

// ─── pages ───────────────────────────────────────────────────────────────────────────────────────

/** What an interrupt carries, as `useStream` shows it. */
interface Shown {
  readonly id?: string;
  readonly value?: unknown;
}

/** The kit's question, as a page without the kit reads it: `{ ui: { kind, ids }, prompt }`. */
function idsOf(interrupt: Shown): string[] {
  const value = interrupt.value as { ui?: { ids?: unknown } } | undefined;
  return Array.isArray(value?.ui?.ids) ? (value.ui.ids as string[]) : [];
}

/** One form per interrupt the stream shows: a button per choice, answering with `onAnswer`. */
function Questions({
  interrupts,
  onAnswer,
}: {
  readonly interrupts: readonly Shown[];
  readonly onAnswer: (interrupt: Shown, value: { id: string }) => void;
}) {
  return interrupts
    .filter((interrupt) => idsOf(interrupt).length > 0)
    .map((interrupt) => (
      <fieldset key={interrupt.id} data-testid="question">
        {idsOf(interrupt).map((id) => (
          <button key={id} type="button" onClick={() => onAnswer(interrupt, { id })}>
            {id}
          </button>
        ))}
      </fieldset>
    ));
}

const chatText = "wait — what are these?";
const chatMessage = { messages: [{ type: "human", content: chatText }] };

/**
 * A page as a typical app writes it over `useStream` (`@langchain/langgraph-sdk/react`): the
 * interrupts the stream shows as forms, answered with `submit(null, { command: { resume } })` —
 * the plain value, or (`byId`) `{ [interrupt.id]: value }`; Run starts a run with `input`; Send
 * sends a chat message (`submit({ messages })`).
 */
function NaivePage({
  assistantId,
  threadId: initial,
  input,
  reconnectOnMount = false,
  byId = false,
}: {
  readonly assistantId: string;
  readonly threadId?: string;
  readonly input?: Record<string, unknown>;
  readonly reconnectOnMount?: boolean;
  readonly byId?: boolean;
}) {
  const [threadId, setThreadId] = useState<string | null>(initial ?? null);
  const stream = useStream<Record<string, unknown>>({
    apiUrl: langgraph.proxy.url,
    assistantId,
    threadId,
    onThreadId: setThreadId,
    reconnectOnMount,
  });
  return (
    <>
      <Questions
        interrupts={stream.interrupts as readonly Shown[]}
        onAnswer={(interrupt, value) =>
          void stream.submit(null, { command: { resume: byId ? { [interrupt.id ?? ""]: value } : value } })
        }
      />
      <output data-testid="thread">{threadId}</output>
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <button type="button" onClick={() => void stream.submit(input ?? {})}>
        Run
      </button>
      <button type="button" onClick={() => void stream.submit(chatMessage)}>
        Send
      </button>
    </>
  );
}

const registry = pickRegistry("question");

const strict = () => ({ config: { configurable: { __pregel_strict_resume: true } } });

/** What the kit's page holds (its ledger), for the test to read. */
let shown: readonly ParkedRequest[] = [];
function Ledger() {
  const client = useHitlClient();
  shown = selectRequests(useSyncExternalStore(client.store.subscribe, client.store.getSnapshot));
  return null;
}

/** The same page with the kit: `useLangGraphHitl` over the same `useStream`, the kit's renderer. */
function KitPage({
  assistantId,
  threadId: initial,
  input,
  reconnectOnMount = false,
}: {
  readonly assistantId: string;
  readonly threadId?: string;
  readonly input?: Record<string, unknown>;
  readonly reconnectOnMount?: boolean;
}) {
  const [threadId, setThreadId] = useState<string | null>(initial ?? null);
  const stream = useStream<Record<string, unknown>>({
    apiUrl: langgraph.proxy.url,
    assistantId,
    threadId,
    onThreadId: setThreadId,
    reconnectOnMount,
  });
  const hitl = useLangGraphHitl(stream, { threadId, pollIntervalMs: 100, runPayload: strict });
  return (
    <HitlProvider transport={hitl} registry={registry} journal={noopJournal}>
      <HitlRenderer settled="none" />
      <Ledger />
      <output data-testid="thread">{threadId}</output>
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <button type="button" onClick={() => void stream.submit(input ?? {})}>
        Run
      </button>
      <button type="button" onClick={() => void stream.submit(chatMessage)}>
        Send
      </button>
    </HitlProvider>
  );
}

const threadOf = () => screen.getByTestId("thread").textContent ?? "";
const questions = () => screen.queryAllByTestId("question");

describe("langgraph: one plain resume value for parallel interrupts", { timeout: 30_000 }, () => {
  it("given two waiting branches resumed with one plain value (no kit), should hand that value to both", async () => {
    const { thread_id: threadId } = await langgraph.direct.threads.create();
    await run(threadId, "parallel", { input: { label: "plain" } });
    // The person answered the left question ("a" is one of its choices).
    await run(threadId, "parallel", { command: { resume: { id: "a" } } });
    const got = await received(threadId);
    expect(got.map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "a" }],
    ]);
    // The right branch got an answer to a question nobody answered, and not one of its choices.
    expect(got[1]?.result).toMatchObject({ status: "invalid" });
  });

  it("given the kit, should resume each branch with its own answer, in one run", async () => {
    const { thread_id: threadId } = await langgraph.direct.threads.create();
    await run(threadId, "parallel", { input: { label: "kit" } });
    const transport = createLangGraphTransport({
      client: new Client({ apiUrl: langgraph.proxy.url }),
      assistantId: "parallel",
      threadId,
      pollIntervalMs: 50,
    });
    await transport.refresh();
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    const unmount = client.mount();
    const [left, right] = selectRequests(client.store.getSnapshot()).map((r) => r.requestId) as [string, string];
    client.answer(left, { type: "value", value: { id: "a" } });
    client.answer(right, { type: "value", value: { id: "d" } });
    await until(
      () => client.getRequest(left)?.state === "settled" && client.getRequest(right)?.state === "settled",
      "both to settle",
    );
    const got = await received(threadId);
    expect(got.map((r) => [r.node, r.value, r.result])).toEqual([
      ["left", { id: "a" }, { status: "answered", value: { id: "a" } }],
      ["right", { id: "d" }, { status: "answered", value: { id: "d" } }],
    ]);
    expect(langgraph.proxy.runs.filter((r) => r.threadId === threadId)).toHaveLength(1);
    unmount();
    transport.close();
  });

  it("given a page answering its two forms one by one with submit's plain value (no kit), should give the first answer to both and take the second form away", async () => {
    const threadId = await startThread("parallel", { label: "one-by-one" });
    render(<NaivePage assistantId="parallel" threadId={threadId} />);
    await waitFor(() => expect(questions()).toHaveLength(2), wait);
    fireEvent.click(screen.getByRole("button", { name: "a" })); // the left question
    await waitFor(async () => expect(await received(threadId)).toHaveLength(2), wait);
    await idle(threadId);
    await pause(300);
    // The right question was answered with the left one's answer, and its form is gone: the
    // person's own answer to it can no longer be given (nothing waits for a second resume).
    const got = await received(threadId);
    expect(got.map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "a" }],
    ]);
    expect(got[1]?.result).toMatchObject({ status: "invalid" });
    expect(questions()).toEqual([]);
    expect(resumesOn(threadId).map((r) => r.body.command)).toEqual([{ resume: { id: "a" } }]);
  });

  it("given a page answering them one by one by interrupt id (no kit): fixed in langgraph 1.7 / langgraph-sdk 1.15, holds without the kit", async () => {
    const threadId = await startThread("parallel", { label: "one-by-one-by-id" });
    render(<NaivePage assistantId="parallel" threadId={threadId} byId />);
    await waitFor(() => expect(questions()).toHaveLength(2), wait);
    fireEvent.click(screen.getByRole("button", { name: "a" }));
    // The left branch takes its answer; the right one still waits and the page shows it again.
    await waitFor(async () => expect(await received(threadId)).toHaveLength(1), wait);
    fireEvent.click(await screen.findByRole("button", { name: "d" }, wait));
    await waitFor(async () => expect(await received(threadId)).toHaveLength(2), wait);
    await idle(threadId);
    expect((await received(threadId)).map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "d" }],
    ]);
    expect(resumesOn(threadId)).toHaveLength(2);
  });

  it("given the kit on that page, should hold the first answer and resume both branches with their own, in one run", async () => {
    const threadId = await startThread("parallel", { label: "one-by-one-kit" });
    render(<KitPage assistantId="parallel" threadId={threadId} />);
    fireEvent.click(await screen.findByRole("button", { name: "a" }, wait));
    await pause(300);
    expect(resumesOn(threadId)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "d" }));
    await waitFor(async () => expect(await received(threadId)).toHaveLength(2), wait);
    await idle(threadId);
    await waitFor(() => expect(shown.every((r) => r.state === "settled")).toBe(true), wait);
    expect((await received(threadId)).map((r) => [r.node, r.value])).toEqual([
      ["left", { id: "a" }],
      ["right", { id: "d" }],
    ]);
    expect(resumesOn(threadId)).toHaveLength(1);
  });
});

describe("langgraph: a second resume of an interrupt already answered", () => {
  it("given a stale page resuming the answered interrupt again (no kit), should be taken with HTTP 200 and silently ignored", async () => {
    const { thread_id: threadId } = await langgraph.direct.threads.create();
    await run(threadId, "pick", { input: { ids: ["a", "b"], label: "stale" } });
    const stale = await langgraph.direct.threads.getState(threadId);
    const id = stale.tasks[0]?.interrupts[0]?.id ?? "";
    await run(threadId, "pick", { command: { resume: { [id]: { id: "a" } } } });
    // The second page still shows the question (its last look was before the answer) and sends its own.
    const parts = await run(threadId, "pick", { command: { resume: { [id]: { id: "b" } } } });
    expect(parts.map((part) => part.event)).not.toContain("error"); // it "went through"
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
  });

  it("given the kit on that stale page, should send nothing and show the request answered elsewhere", async () => {
    const { thread_id: threadId } = await langgraph.direct.threads.create();
    await run(threadId, "pick", { input: { ids: ["a", "b"], label: "stale-kit" } });
    const stale = await langgraph.direct.threads.getState(threadId);
    const id = stale.tasks[0]?.interrupts[0]?.id ?? "";
    await run(threadId, "pick", { command: { resume: { [id]: { id: "a" } } } });
    const transport = createLangGraphTransport({
      client: new Client({ apiUrl: langgraph.proxy.url }),
      assistantId: "pick",
      threadId,
      pollIntervalMs: 0,
      initialState: stale,
    });
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    expect(client.getRequest(id)?.state).toBe("open");
    expect(client.answer(id, { type: "value", value: { id: "b" } }).status).toBe("sent");
    // The page follows the thread from its mount (its first read is after the answer).
    const unmount = client.mount();
    await client.whenIdle();
    expect(client.getRequest(id)).toMatchObject({ state: "settled", outcome: "answered", answeredElsewhere: true });
    expect(langgraph.proxy.runs.filter((r) => r.threadId === threadId)).toEqual([]);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
    unmount();
    transport.close();
  });
});

// ─── a reload ────────────────────────────────────────────────────────────────────────────────────

/**
 * Renders `page`, starts its run (the `slow` graph: it works a while before it asks) and reloads
 * the page while the run works: the page goes, the run goes on. A reload ends the page before its
 * run ends, so the run id `reconnectOnMount` stored stays in sessionStorage; here the unmounted
 * page's fetch lives on in the same jsdom and clears it when the run ends, so the test puts back
 * what the reload leaves. Resolves once the thread waits on its interrupt.
 */
async function reloadMidRun(page: React.ReactElement): Promise<{ threadId: string; interruptId: string }> {
  const { unmount } = render(page);
  fireEvent.click(screen.getByRole("button", { name: "Run" }));
  await waitFor(() => expect(threadOf()).not.toBe(""), wait);
  const threadId = threadOf();
  const key = `lg:stream:${threadId}`;
  await waitFor(() => expect(sessionStorage.getItem(key)).not.toBeNull(), wait);
  const runId = sessionStorage.getItem(key) ?? "";
  unmount(); // the reload: the run is still working
  await waitFor(async () => expect(await waiting(threadId)).toHaveLength(1), wait);
  await waitFor(() => expect(sessionStorage.getItem(key)).toBeNull(), wait);
  sessionStorage.setItem(key, runId);
  const [interruptId = ""] = await waiting(threadId);
  return { threadId, interruptId };
}

/** Another tab answers the interrupt, through the server (not the page). */
async function answerElsewhere(threadId: string, graph: string, interruptId: string, value: unknown) {
  await run(threadId, graph, { command: { resume: { [interruptId]: value } } });
  expect(await waiting(threadId)).toEqual([]);
}

describe("langgraph: a resolved interrupt's form reappearing after a reload", { timeout: 30_000 }, () => {
  const input = { ids: ["a", "b"], label: "reload", delayMs: 600 };

  it("given a page rejoining its run on reload (reconnectOnMount, no kit), should show again the form another tab answered", async () => {
    const { threadId, interruptId } = await reloadMidRun(
      <NaivePage assistantId="slow" input={input} reconnectOnMount />,
    );
    await answerElsewhere(threadId, "slow", interruptId, { id: "a" });
    cleanup();
    // The reloaded page rejoins the run it left (useStream replays it from its first event).
    render(<NaivePage assistantId="slow" threadId={threadId} reconnectOnMount />);
    await screen.findByRole("button", { name: "b" }, wait);
    await idle(threadId);
    await pause(500);
    // The answered question is on the page again, and stays: the thread waits on nothing.
    expect(questions()).toHaveLength(1);
    expect(await waiting(threadId)).toEqual([]);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
  });

  it("given a plain reload (no reconnectOnMount, no kit) after another tab answered: fixed in langgraph-sdk 1.15, holds without the kit", async () => {
    const threadId = await startThread("pick", { ids: ["a", "b"], label: "plain-reload" });
    const { unmount } = render(<NaivePage assistantId="pick" threadId={threadId} />);
    await screen.findByRole("button", { name: "b" }, wait);
    unmount();
    const [interruptId = ""] = await waiting(threadId);
    await answerElsewhere(threadId, "pick", interruptId, { id: "a" });
    render(<NaivePage assistantId="pick" threadId={threadId} />);
    // The page reads the thread's state on load: the answered interrupt is not in it.
    await waitFor(() => expect(screen.getByTestId("thread")).toHaveTextContent(threadId), wait);
    await pause(500);
    expect(questions()).toEqual([]);
  });

  it("given the kit on the page that rejoins its run, should settle the replayed interrupt as answered and show no form", async () => {
    const { threadId, interruptId } = await reloadMidRun(<KitPage assistantId="slow" input={input} reconnectOnMount />);
    await answerElsewhere(threadId, "slow", interruptId, { id: "a" });
    cleanup();
    shown = [];
    render(<KitPage assistantId="slow" threadId={threadId} reconnectOnMount />);
    // The replay shows the kit the interrupt; the thread's state settles it (answered, not here).
    await waitFor(
      () =>
        expect(shown.find((r) => r.requestId === interruptId)).toMatchObject({ state: "settled", outcome: "answered" }),
      wait,
    );
    await idle(threadId);
    await pause(500);
    expect(questions()).toEqual([]);
    expect(resumesOn(threadId)).toEqual([]);
    expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "a" }]);
  });
});

// ─── an interrupt the page never learns of ───────────────────────────────────────────────────────

describe("langgraph: an interrupt raised after a reload or in another tab never shown", { timeout: 30_000 }, () => {
  const input = { ids: ["a", "b"], label: "unseen", delayMs: 1_000 };

  /** Starts the slow run from `first`, reloads into `second` while the run still works. */
  async function reloadWhileWorking(first: React.ReactElement, second: (threadId: string) => React.ReactElement) {
    const { unmount } = render(first);
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    await waitFor(() => expect(threadOf()).not.toBe(""), wait);
    const threadId = threadOf();
    await waitFor(async () => expect((await langgraph.direct.threads.get(threadId)).status).toBe("busy"), wait);
    unmount();
    render(second(threadId));
    return threadId;
  }

  it("given a page reloaded while its run works (no kit), should never show the interrupt the run raises after", async () => {
    const threadId = await reloadWhileWorking(<NaivePage assistantId="slow" input={input} />, (id) => (
      <NaivePage assistantId="slow" threadId={id} />
    ));
    await waitFor(async () => expect(await waiting(threadId)).toHaveLength(1), wait);
    await idle(threadId);
    await pause(1_000);
    // The thread waits on a question the page does not show: nobody will answer it.
    expect(questions()).toEqual([]);
    expect(await waiting(threadId)).toHaveLength(1);
  });

  it("given a page open on a thread another tab then runs (no kit), should never show the interrupt that run raises", async () => {
    const { thread_id: threadId } = await langgraph.direct.threads.create();
    render(<NaivePage assistantId="pick" threadId={threadId} />);
    await pause(300);
    await run(threadId, "pick", { input: { ids: ["a", "b"], label: "other-tab" } });
    expect(await waiting(threadId)).toHaveLength(1);
    await pause(1_000);
    expect(questions()).toEqual([]);
  });

  it("given the kit, should show the interrupt raised after the reload and in another tab, and resume each once", async () => {
    const threadId = await reloadWhileWorking(<KitPage assistantId="slow" input={input} />, (id) => (
      <KitPage assistantId="slow" threadId={id} />
    ));
    fireEvent.click(await screen.findByRole("button", { name: "b" }, wait));
    await waitFor(async () => expect((await received(threadId)).map((r) => r.value)).toEqual([{ id: "b" }]), wait);
    await idle(threadId);
    await waitFor(() => expect(shown[0]?.state).toBe("settled"), wait);
    expect(resumesOn(threadId)).toHaveLength(1);
    await unmountWhenDone();

    const { thread_id: other } = await langgraph.direct.threads.create();
    render(<KitPage assistantId="pick" threadId={other} />);
    await pause(300);
    await act(() => run(other, "pick", { input: { ids: ["a", "b"], label: "other-tab-kit" } }));
    fireEvent.click(await screen.findByRole("button", { name: "a" }, wait));
    await waitFor(async () => expect((await received(other)).map((r) => r.value)).toEqual([{ id: "a" }]), wait);
    await idle(other);
    await waitFor(() => expect(shown[0]?.state).toBe("settled"), wait);
    expect(resumesOn(other)).toHaveLength(1);
  });
});

// ─── a double resume ─────────────────────────────────────────────────────────────────────────────

/** Answers the question it is shown as soon as it mounts (a remembered choice, an auto-approve). */
function AutoAnswer({ onAnswer }: { readonly onAnswer: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount — as the page means it
  useEffect(() => onAnswer(), []);
  return <p>Answered with your usual choice</p>;
}

/** A page that answers the first question with a remembered choice (`submit`'s plain value). */
function AutoPage({ threadId }: { readonly threadId: string }) {
  const stream = useStream<Record<string, unknown>>({ apiUrl: langgraph.proxy.url, assistantId: "twice", threadId });
  const [first] = stream.interrupts as readonly Shown[];
  const isFirst = (first?.value as { prompt?: unknown } | undefined)?.prompt === "First";
  return (
    <>
      <output data-testid="loading">{String(stream.isLoading)}</output>
      {isFirst ? (
        <AutoAnswer onAnswer={() => void stream.submit(null, { command: { resume: { id: "a" } } })} />
      ) : (
        <Questions
          interrupts={stream.interrupts as readonly Shown[]}
          onAnswer={(_, value) => void stream.submit(null, { command: { resume: value } })}
        />
      )}
    </>
  );
}

/** The kit's page answering the first question it parks with the remembered choice, through its client. */
function KitAutoAnswer() {
  const client = useHitlClient();
  const requests = selectRequests(useSyncExternalStore(client.store.subscribe, client.store.getSnapshot));
  const first = requests.find((r) => r.state === "open" && r.prompt === "First");
  useEffect(() => {
    if (first) client.answer(first.requestId, { type: "value", value: { id: "a" } });
  }, [client, first]);
  return null;
}

function KitAutoPage({ threadId }: { readonly threadId: string }) {
  const stream = useStream<Record<string, unknown>>({ apiUrl: langgraph.proxy.url, assistantId: "twice", threadId });
  const hitl = useLangGraphHitl(stream, { threadId, pollIntervalMs: 100, runPayload: strict });
  return (
    <HitlProvider transport={hitl} registry={registry} journal={noopJournal}>
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <KitAutoAnswer />
      <HitlRenderer settled="none" />
      <Ledger />
    </HitlProvider>
  );
}

describe("langgraph: a double resume (a double click, StrictMode)", { timeout: 30_000 }, () => {
  const input = { ids: ["a", "b"], label: "double" };

  it("given a double click on a naive answer button (no kit), should send two resumes: the second answers the next question, unseen", async () => {
    const threadId = await startThread("twice", input);
    render(<NaivePage assistantId="twice" threadId={threadId} />);
    const a = await screen.findByRole("button", { name: "a" }, wait);
    await act(async () => {
      fireEvent.click(a);
      fireEvent.click(a);
    });
    await waitFor(async () => expect(await received(threadId)).toHaveLength(2), wait);
    await idle(threadId);
    // The person answered "First"; "Second" was never on the page, and the graph took "a" for it.
    expect((await received(threadId)).map((r) => [r.label, r.value])).toEqual([
      ["double:first", { id: "a" }],
      ["double:second", { id: "a" }],
    ]);
    expect(resumesOn(threadId)).toHaveLength(2);
  });

  it("given a page auto-answering on mount under StrictMode (no kit), should send two resumes: the second answers the next question, unseen", async () => {
    const threadId = await startThread("twice", { ...input, label: "strict" });
    render(
      <StrictMode>
        <AutoPage threadId={threadId} />
      </StrictMode>,
    );
    await waitFor(async () => expect(await received(threadId)).toHaveLength(2), wait);
    await idle(threadId);
    expect((await received(threadId)).map((r) => [r.label, r.value])).toEqual([
      ["strict:first", { id: "a" }],
      ["strict:second", { id: "a" }],
    ]);
    expect(resumesOn(threadId)).toHaveLength(2);
  });

  it("given the kit, a double click and a StrictMode auto-answer should each resume once, and the next question waits for the person", async () => {
    const threadId = await startThread("twice", { ...input, label: "kit" });
    render(
      <StrictMode>
        <KitPage assistantId="twice" threadId={threadId} />
      </StrictMode>,
    );
    const a = await screen.findByRole("button", { name: "a" }, wait);
    await act(async () => {
      fireEvent.click(a);
      fireEvent.click(a);
    });
    // "First" settles as answered; "Second" parks open, shown and unanswered.
    await waitFor(
      () =>
        expect(shown.map((r) => [r.prompt, r.state])).toEqual([
          ["First", "settled"],
          ["Second", "open"],
        ]),
      wait,
    );
    await idle(threadId);
    await pause(300);
    expect(resumesOn(threadId)).toHaveLength(1);
    expect(await waiting(threadId)).toHaveLength(1);
    expect(await received(threadId)).toEqual([]); // the graph records both answers once "Second" has one
    expect(questions()).toHaveLength(1);
    await unmountWhenDone();

    const other = await startThread("twice", { ...input, label: "kit-strict" });
    render(
      <StrictMode>
        <KitAutoPage threadId={other} />
      </StrictMode>,
    );
    await waitFor(() => expect(shown.find((r) => r.prompt === "Second")?.state).toBe("open"), wait);
    await idle(other);
    await pause(300);
    expect(resumesOn(other)).toHaveLength(1);
    expect(await waiting(other)).toHaveLength(1);
    expect(await received(other)).toEqual([]);
  });
});

// ─── a chat message while an interrupt waits ─────────────────────────────────────────────────────

let protocolThread = "";
/** The same typical page over `@langchain/react`'s `useStream` (the protocol stream): Run, forms, Send. */
function ProtocolPage({ input }: { readonly input: Record<string, unknown> }) {
  const stream = useProtocolStream({ apiUrl: langgraph.proxy.url, assistantId: "pick" });
  protocolThread = stream.threadId ?? "";
  return (
    <>
      <Questions
        interrupts={stream.interrupts as readonly Shown[]}
        onAnswer={(interrupt, value) => void stream.respond(value, { interruptId: interrupt.id ?? "" })}
      />
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <button type="button" onClick={() => void stream.submit(input)}>
        Run
      </button>
      <button type="button" onClick={() => void stream.submit(chatMessage)}>
        Send
      </button>
    </>
  );
}

/** The kit's chat box: the message goes through the kit's reply path. */
function KitSend() {
  const client = useHitlClient();
  return (
    <button type="button" onClick={() => void client.sendMessage({ text: chatText })}>
      Send
    </button>
  );
}

/** The protocol page with the kit (`useLangChainReactHitl`), its chat message sent with `client.sendMessage`. */
function ProtocolKitPage({
  input,
  assistantId = "pick",
}: {
  readonly input: Record<string, unknown>;
  readonly assistantId?: string;
}) {
  const stream = useProtocolStream({ apiUrl: langgraph.proxy.url, assistantId });
  const hitl = useLangChainReactHitl(stream, { pollIntervalMs: 100, runPayload: strict });
  protocolThread = stream.threadId ?? "";
  return (
    <HitlProvider transport={hitl} registry={registry} journal={noopJournal}>
      <HitlRenderer settled="none" />
      <Ledger />
      <output data-testid="loading">{String(stream.isLoading)}</output>
      <button type="button" onClick={() => void stream.submit(input)}>
        Run
      </button>
      <KitSend />
    </HitlProvider>
  );
}

describe("langgraph: a chat message sent while an interrupt waits", { timeout: 30_000 }, () => {
  const input = { ids: ["a", "b"], label: "chat" };

  it("given @langchain/react's useStream and a message sent with submit (no kit), should take the message as the interrupt's answer", async () => {
    protocolThread = "";
    render(<ProtocolPage input={input} />);
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    await screen.findByRole("button", { name: "b" }, wait);
    const threadId = protocolThread;
    expect(await act(() => waiting(threadId))).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(async () => expect(await received(threadId)).toHaveLength(1), wait);
    await idle(threadId);
    await unmountWhenDone();
    // langgraph-api 1.5 turns the protocol's run.start on an interrupted thread into its resume.
    const [got] = await received(threadId);
    expect(got?.value).toMatchObject(chatMessage);
    expect(got?.result).toMatchObject({ status: "invalid" });
    expect(await waiting(threadId)).toEqual([]);
    expect(resumesOn(threadId)).toEqual([]); // no resume was sent: a run.start became one
  });

  it("given the SDK's useStream and a message sent with submit (no kit): fixed in langgraph-sdk 1.15, holds without the kit — a new run, the interrupt gets nothing", async () => {
    const threadId = await startThread("pick", { ...input, label: "chat-sdk" });
    const [before] = await waiting(threadId);
    render(<NaivePage assistantId="pick" threadId={threadId} />);
    await screen.findByRole("button", { name: "b" }, wait);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(async () => expect((await waiting(threadId))[0]).not.toBe(before), wait);
    await idle(threadId);
    expect(await received(threadId)).toEqual([]);
    expect(resumesOn(threadId)).toEqual([]);
    // The message is the thread's; the question is asked again (a new interrupt), on the page.
    const state = await langgraph.direct.threads.getState<{ messages?: unknown[] }>(threadId);
    expect(state.values.messages).toEqual(chatMessage.messages);
    expect(await waiting(threadId)).toHaveLength(1);
    await waitFor(() => expect(questions()).toHaveLength(1), wait);
  });

  it("given the kit over the SDK's useStream, should withdraw the question the message replaced and park the new one, resuming nothing", async () => {
    const threadId = await startThread("pick", { ...input, label: "chat-kit" });
    const [before = ""] = await waiting(threadId);
    render(<KitPage assistantId="pick" threadId={threadId} />);
    await screen.findByRole("button", { name: "b" }, wait);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(shown.find((r) => r.requestId === before)?.outcome).toBe("withdrawn"), wait);
    await waitFor(() => expect(shown.filter((r) => r.state === "open")).toHaveLength(1), wait);
    await idle(threadId);
    expect(await received(threadId)).toEqual([]);
    expect(resumesOn(threadId)).toEqual([]);
    expect(langgraph.proxy.resumesFor(before)).toEqual([]);
  });

  it("given the kit over @langchain/react's useStream and the message sent through client.sendMessage: holds with the kit — one reply resumes the question, then the message is a run of its own", async () => {
    protocolThread = "";
    // pickOnce: the message's run asks nothing, so nothing waits once it is over.
    render(<ProtocolKitPage input={input} assistantId="pickOnce" />);
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    await screen.findByRole("button", { name: "b" }, wait);
    const threadId = protocolThread;
    const [interruptId = ""] = shown.map((r) => r.requestId);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(async () => expect(await received(threadId)).toHaveLength(1), wait);
    await idle(threadId);
    // The question got the kit's reply, by its id, and shows it; the message went after it, as a
    // run.start of its own once nothing waited, never one the server folds into the resume.
    await waitFor(
      () =>
        expect(shown.find((r) => r.requestId === interruptId)).toMatchObject({
          state: "settled",
          outcome: "answered",
          resolution: { type: "reply", text: chatText },
        }),
      wait,
    );
    // The message's own run, over before the page goes.
    await waitFor(async () => {
      const state = await langgraph.direct.threads.getState<{ messages?: unknown[] }>(threadId);
      expect(state.values.messages).toHaveLength(1);
      expect((await langgraph.direct.threads.get(threadId)).status).not.toBe("busy");
      expect(screen.getByTestId("loading").textContent).toBe("false");
    }, wait);
    await unmountWhenDone();
    const [got] = await received(threadId);
    expect(got).toMatchObject({ value: { reply: chatText }, result: { status: "replied", text: chatText } });
    expect(langgraph.proxy.resumesFor(interruptId)).toEqual([{ reply: chatText }]);
    expect(resumesOn(threadId).map((r) => r.body.command)).toEqual([
      { resume: { [interruptId]: { reply: chatText } } },
    ]);
    // The page's run.start, the resume (input.respond), then the message's run.start.
    expect(langgraph.proxy.runs.filter((r) => r.threadId === threadId).map((r) => r.body.via)).toEqual([
      "submit",
      "respond",
      "submit",
    ]);
    const state = await langgraph.direct.threads.getState<{ messages?: { type?: unknown; content?: unknown }[] }>(
      threadId,
    );
    expect(state.values.messages?.map((m) => [m.type, m.content])).toEqual([["human", chatText]]);
    expect(await waiting(threadId)).toEqual([]);
  });
});
