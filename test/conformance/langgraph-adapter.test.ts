// @vitest-environment node
import { Client } from "@langchain/langgraph-sdk";
import { pendingInterrupts } from "../../src/adapters/langgraph/convert";
import { createLangGraphTransport, type LangGraphTransport } from "../../src/adapters/langgraph/transport";
import type { AnswerBody } from "../../src/core/answer";
import { selectRequests, type TransportAction } from "../../src/core/ledger";
import type { HitlTransport, TransportSink } from "../../src/core/transport";
import {
  type ConformanceConnection,
  type ConformanceDriver,
  type ConformanceRef,
  runTransportConformance,
} from "../../src/testing/conformance";
import { fromToolOutput } from "../../src/wire/tool-output";
import type { Received } from "../support/langgraph-graphs";
import { setUpLangGraphServer } from "../support/langgraph-harness";
import { ledgerOf } from "../support/ledger";

/**
 * The LangGraph adapter through the conformance suite, on a REAL LangGraph API server
 * (`@langchain/langgraph-api` 1.5, the in-memory server `langgraph dev` runs) serving the
 * scripted `pick` graph (`test/support/langgraph-graphs.ts`: a node asks with
 * `interrupt(interruptFor(conformanceKind, { ids }))`, the next records what it got). Each world
 * is a new thread; each page is `createLangGraphTransport` over its own real
 * `@langchain/langgraph-sdk` `Client`, polling the thread, through a proxy in front of the server
 * that fails the next resume as asked and records every resume the server RECEIVED (a run it
 * took). The resume runs ask for LangGraph's strict resume (see `runPayload`).
 */

const langgraph = setUpLangGraphServer();

const noResolution =
  "LangGraph's thread state does not say what an interrupt was resumed with: the device that lost the race settles as answered elsewhere (test/adapters/langgraph.test.ts), but cannot show the winner's answer";

interface Page {
  readonly transport: ReturnType<typeof createLangGraphTransport>;
  /** What the page's client is over (the transport, with a replay). */
  readonly seen: HitlTransport;
  paused: boolean;
  closed: boolean;
}

const driver: ConformanceDriver = {
  name: "createLangGraphTransport over real @langchain/langgraph-sdk Clients and a real LangGraph API server",
  // A resume run starts on the server's queue ~100–250 ms after it is created.
  graceMs: 1000,
  skip: { twoDevices: noResolution },
  async createServer() {
    langgraph.proxy.clearFailures();
    const { thread_id: threadId } = await langgraph.direct.threads.create();
    const pages: Page[] = [];
    const asked = new Set<string>();
    let records: Received[] = [];
    let waiting = new Set<string>();

    const readThread = async () => {
      const state = await langgraph.direct.threads.getState<{ received?: Received[] }>(threadId);
      records = state.values.received ?? [];
      waiting = new Set(pendingInterrupts(state).map((interrupt) => interrupt.id));
    };
    const threadBusy = async () => {
      const runs = await langgraph.direct.runs.list(threadId);
      return runs.some((run) => run.status === "pending" || run.status === "running");
    };
    /** No page is sending an answer (a transient retry waits as `submitting` without an error). */
    const quiet = () =>
      pages.every(
        ({ seen }) =>
          !selectRequests(ledgerOf(seen).getSnapshot()).some((r) => r.state === "submitting" && r.error === undefined),
      );
    const idle = async () => {
      for (let i = 0; i < 400; i++) {
        if (quiet() && !(await threadBusy())) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Every page that follows the thread sees where it is now.
      await Promise.all(pages.filter((p) => !p.paused && !p.closed).map((p) => p.transport.refresh()));
      await readThread();
    };

    return {
      async ask(ids) {
        for await (const _ of langgraph.direct.runs.stream(threadId, "pick", {
          input: { ids: [...ids], label: "conformance" },
        })) {
          // until the node interrupts
        }
        await readThread();
        const id = [...waiting].find((candidate) => !asked.has(candidate));
        if (id === undefined) throw new Error("the graph asked nothing");
        asked.add(id);
        return { requestId: id, callId: id };
      },
      async connect(): Promise<ConformanceConnection> {
        const transport = createLangGraphTransport({
          client: new Client({ apiUrl: langgraph.proxy.url }),
          assistantId: "pick",
          threadId,
          pollIntervalMs: 50,
          runPayload: () => ({ config: { configurable: { __pregel_strict_resume: true } } }),
        });
        // Live before the page renders: its first render shows what the thread waits on.
        await transport.refresh();
        const replayable = withReplay(transport);
        const page: Page = { transport, seen: replayable.transport, paused: false, closed: false };
        pages.push(page);
        return {
          transport: replayable.transport,
          replay: async () => {
            replayable.replay();
            await transport.refresh();
          },
          pause: () => {
            page.paused = true;
            transport.close();
          },
          close: () => {
            page.closed = true;
            transport.close();
          },
        };
      },
      received: (ref: ConformanceRef): AnswerBody[] =>
        langgraph.proxy
          .resumesFor(ref.requestId)
          .map((value) => fromToolOutput(value) ?? { type: "reply", text: String(value) }),
      toolResults: (ref) => {
        const got = records.filter((r) => r.label === "conformance").length;
        if (got > 0) return got;
        return waiting.has(ref.requestId) ? 0 : 1;
      },
      strays: () =>
        langgraph.proxy.runs.filter(({ threadId: thread, body }) => {
          if (thread !== threadId || typeof body.command !== "object" || body.command === null) return false;
          const resume = (body.command as { resume?: unknown }).resume;
          return typeof resume !== "object" || resume === null || Object.keys(resume).some((id) => !asked.has(id));
        }).length,
      failNext: (failure) => langgraph.proxy.failNext(failure),
      async withdraw() {
        // The graph moves on without an answer: a state update as the asking node.
        await langgraph.direct.threads.updateState(threadId, { values: { answer: null }, asNode: "ask" });
      },
      idle,
      close() {
        langgraph.proxy.clearFailures();
        for (const page of pages) page.transport.close();
      },
    };
  },
};

/**
 * The transport as one page's client sees it, with a replay: everything it delivered so far
 * delivered again, as a stream that reconnects from the start does.
 */
function withReplay(transport: LangGraphTransport): { transport: HitlTransport; replay(): void } {
  const delivered: TransportAction[] = [];
  const sinks = new Set<TransportSink>();
  return {
    transport: {
      sessionKey: transport.sessionKey,
      connection: transport.connection,
      send: (answer) => transport.send(answer),
      sendMessage: (message, replies) => transport.sendMessage(message, replies),
      connect(sink) {
        sinks.add(sink);
        const stop = transport.connect({
          deliver: (action) => {
            delivered.push(action);
            sink.deliver(action);
          },
          expect: (kind) => sink.expect(kind),
        });
        return () => {
          sinks.delete(sink);
          stop();
        };
      },
    },
    replay() {
      for (const sink of sinks) for (const action of [...delivered]) sink.deliver(action);
    },
  };
}

runTransportConformance({ describe, it }, driver);
