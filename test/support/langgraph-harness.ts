import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll } from "vitest";
import type { Received } from "./langgraph-graphs";
import {
  type LangGraphProxy,
  type LangGraphTestServer,
  type ReceivedRun,
  startLangGraphProxy,
  startLangGraphServer,
} from "./langgraph-server";
import { until as waitUntil } from "./until";

/**
 * What every LangGraph test file sets up the same way: the real server (`startLangGraphServer`)
 * and the recording proxy in front of it, started once per file and closed after it, a client
 * straight to the server for the test's own runs and reads, and the reads each test makes.
 */
export interface LangGraphHarness {
  readonly server: LangGraphTestServer;
  /** What pages talk to: it records every run the server took and fails resumes on request. */
  readonly proxy: LangGraphProxy;
  /** Straight to the server (not through the proxy): the test's own runs and reads. */
  readonly direct: Client;
  /** A new thread with `graph` run on `input` (and `extra` run options) until it interrupts. */
  startThread(graph: string, input: Record<string, unknown>, extra?: Record<string, unknown>): Promise<string>;
  /** What the graph recorded as received, in order (the scripted graphs' `received`). */
  received(threadId: string): Promise<Received[]>;
  /** The runs the server took on the thread that resumed an interrupt. */
  resumesOn(threadId: string): ReceivedRun[];
  /** The thread runs nothing now. */
  isIdle(threadId: string): Promise<boolean>;
}

/** Starts the server and proxy before the file's tests and closes them after (call at a file's top level). */
export function setUpLangGraphServer(): LangGraphHarness {
  let server: LangGraphTestServer | undefined;
  let proxy: LangGraphProxy | undefined;
  let direct: Client | undefined;
  beforeAll(async () => {
    server = await startLangGraphServer();
    proxy = await startLangGraphProxy(server.url);
    direct = new Client({ apiUrl: server.url });
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the LangGraph server is not started: use it inside a test");
    return value;
  };
  const harness: LangGraphHarness = {
    get server() {
      return started(server);
    },
    get proxy() {
      return started(proxy);
    },
    get direct() {
      return started(direct);
    },
    async startThread(graph, input, extra = {}) {
      const thread = await harness.direct.threads.create();
      for await (const _ of harness.direct.runs.stream(thread.thread_id, graph, { input, ...extra })) {
        // the run goes until it interrupts
      }
      return thread.thread_id;
    },
    async received(threadId) {
      const state = await harness.direct.threads.getState<{ received?: Received[] }>(threadId);
      return state.values.received ?? [];
    },
    resumesOn: (threadId) => harness.proxy.runs.filter((run) => run.threadId === threadId && run.body.command),
    isIdle: async (threadId) => (await harness.direct.threads.get(threadId)).status !== "busy",
  };
  return harness;
}

/** Polls `condition` until it holds; fails naming `what` after `timeoutMs` (LangGraph runs are slow: 10 s). */
export function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  return waitUntil(condition, what, timeoutMs);
}
