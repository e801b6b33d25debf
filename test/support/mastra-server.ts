import { afterAll, beforeAll } from "vitest";
import {
  type MastraPlaygroundServer,
  mastraPickerTool,
  startMastraServer as startPlaygroundMastra,
} from "../../playground/mastra/agent";
import { conformanceKind } from "../../src/testing/conformance";

/**
 * The playground's Mastra agent (`playground/mastra/agent.ts`: a real `@mastra/core` agent behind
 * `@mastra/hono`, a scripted model) with one more tool for the conformance suite: "choose a,b" makes
 * the model call `pick`, which suspends with `conformanceKind`'s hint. `ask` starts a run in
 * process, as the person would in another page.
 */
export interface MastraTestServer extends MastraPlaygroundServer {
  readonly answers: MastraPlaygroundServer["record"]["answers"];
  readonly results: Map<string, number>;
  readonly executions: Map<string, number>;
  /** Starts a run in process; resolves once it waits or ends, with the calls it waits on. */
  ask(text: string, thread: string): Promise<{ runId: string; toolCallIds: string[] }>;
  close(): Promise<void>;
}

export async function startMastraServer(): Promise<MastraTestServer> {
  const server = await startPlaygroundMastra({
    tools: (record) => ({ pick: mastraPickerTool("pick", conformanceKind, record) }),
    triggers: [
      {
        match: (text) =>
          text.startsWith("choose ")
            ? { calls: [{ toolName: "pick", input: { ui: { kind: "pick", ids: text.slice(7).split(",") } } }] }
            : undefined,
      },
    ],
  });
  return {
    ...server,
    answers: server.record.answers,
    results: server.record.results,
    executions: server.record.executions,
    async ask(text, thread) {
      const output = await server.mastra.getAgent("hitlAgent").stream(text, { memory: { thread, resource: "tester" } });
      const toolCallIds: string[] = [];
      for await (const chunk of output.fullStream) {
        if (chunk.type === "tool-call-approval" || chunk.type === "tool-call-suspended") {
          toolCallIds.push(chunk.payload.toolCallId);
        }
      }
      return { runId: output.runId, toolCallIds };
    },
    close: server.stop,
  };
}

/**
 * `@mastra/client-js` 1.47.0 logs `Error processing stream response: Error: tool_result must be
 * preceded by a tool_call` for every resumed stream (its client-tool accumulator meets the resumed
 * call's result, whose call was in the previous response) and goes on delivering the chunks.
 * This filters exactly that line, so every other error still shows; `seen()` counts it.
 */
export function quietMastraClientLog(): { seen(): number; restore(): void } {
  const original = console.error;
  let seen = 0;
  console.error = (...args: unknown[]) => {
    const [first, second] = args;
    const known =
      first === "Error processing stream response:" &&
      second instanceof Error &&
      second.message === "tool_result must be preceded by a tool_call";
    if (known) seen += 1;
    else original(...args);
  };
  return {
    seen: () => seen,
    restore: () => {
      console.error = original;
    },
  };
}

/**
 * One Mastra test server for the file (started before its tests, stopped after), with client-js's
 * known log line filtered while it runs: the returned function gives the server.
 */
export function mastraServerPerFile(): () => MastraTestServer {
  let server: MastraTestServer | undefined;
  const clientLog = quietMastraClientLog();
  beforeAll(async () => {
    server = await startMastraServer();
  });
  afterAll(async () => {
    clientLog.restore();
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("the Mastra server is not started yet (use it inside a test)");
    return server;
  };
}
