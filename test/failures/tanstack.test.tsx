// @vitest-environment node
import { HttpAgent, verifyEvents } from "@ag-ui/client";
import type { BaseEvent } from "@ag-ui/core";
import { from, lastValueFrom, toArray } from "rxjs";
import { normalizeToolCallEvents, ToolCallEventsMiddleware } from "../../src/adapters/ag-ui/middleware";
import {
  ANSWER,
  CURRENT_TANSTACK_AI,
  SERVER_TOOL,
  SERVER_TOOL_OUTPUT,
  startTanStackChatServer,
  type TanStackChatServer,
  type TanStackVersion,
  tanstackChatEvents,
} from "../support/tanstack-chat";

/**
 * TanStack AI: `chat()` sends a model turn's `RUN_FINISHED` (`finishReason: "tool_calls"`) and
 * only then runs its server tools and sends their events — 0.14.0 a second `TOOL_CALL_END` and
 * the `TOOL_CALL_RESULT`, the current release the `TOOL_CALL_RESULT` — so `@ag-ui/client`'s
 * `verifyEvents` rejects the stream ("The run has already finished") and an `HttpAgent` run
 * fails. The streams here are the real `chat()`'s of both versions (offline: a fake adapter
 * yields what their OpenAI adapter yields; see `test/support/tanstack-chat.ts`).
 */

async function verify(events: readonly BaseEvent[]): Promise<BaseEvent[]> {
  return lastValueFrom(from(events).pipe(verifyEvents(), toArray()));
}

const types = (events: readonly BaseEvent[]) => events.map((e) => e.type);
const count = (events: readonly BaseEvent[], type: string) => events.filter((e) => e.type === type).length;

/** How many START, END and RESULT events each tool call has. */
function perCall(events: readonly BaseEvent[]): Record<string, [start: number, end: number, result: number]> {
  const calls: Record<string, [number, number, number]> = {};
  for (const event of events) {
    const id = (event as { toolCallId?: unknown }).toolCallId;
    if (typeof id !== "string") continue;
    const tally = calls[id] ?? [0, 0, 0];
    calls[id] = tally;
    if (event.type === "TOOL_CALL_START") tally[0]++;
    if (event.type === "TOOL_CALL_END") tally[1]++;
    if (event.type === "TOOL_CALL_RESULT") tally[2]++;
  }
  return calls;
}

const toolCall = ["TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_ARGS", "TOOL_CALL_END"];
const cases: ReadonlyArray<{
  version: TanStackVersion;
  label: string;
  callId: string;
  rejected: RegExp;
  raw: string[];
  normalised: string[];
}> = [
  {
    version: "0.14.0",
    label: "0.14.0",
    callId: "fc_1",
    // The repeated END is the first event after the finished run.
    rejected: /Cannot send event type 'TOOL_CALL_END': The run has already finished with 'RUN_FINISHED'/,
    raw: [
      "RUN_STARTED",
      ...toolCall,
      "RUN_FINISHED",
      "TOOL_CALL_END",
      "TOOL_CALL_RESULT",
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ],
    normalised: [
      "RUN_STARTED",
      ...toolCall,
      "TOOL_CALL_RESULT",
      "RUN_FINISHED",
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ],
  },
  {
    version: "current",
    label: CURRENT_TANSTACK_AI,
    callId: "call_1",
    rejected: /Cannot send event type 'TOOL_CALL_RESULT': The run has already finished with 'RUN_FINISHED'/,
    // One RUN_STARTED (chat() suppresses the next turn's), two RUN_FINISHEDs.
    raw: [
      "RUN_STARTED",
      ...toolCall,
      "RUN_FINISHED",
      "TOOL_CALL_RESULT",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ],
    normalised: [
      "RUN_STARTED",
      ...toolCall,
      "TOOL_CALL_RESULT",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ],
  },
];

describe("tanstack: a server tool's events after its run's RUN_FINISHED", () => {
  for (const { version, label, callId, rejected, raw, normalised } of cases) {
    describe(`@tanstack/ai ${label}`, () => {
      it("given the real chat() stream, should be rejected by verifyEvents without the kit and accepted normalised: one START/END/RESULT per call, one run per RUN_STARTED the server sent", async () => {
        const events = await tanstackChatEvents(version, { threadId: "thread-1", runId: "run-1" });
        expect(types(events)).toEqual(raw);
        await expect(verify(events)).rejects.toThrow(rejected);

        const kept = normalizeToolCallEvents(events);
        await expect(verify(kept)).resolves.toEqual(kept);
        expect(types(kept)).toEqual(normalised);
        expect(perCall(kept)).toEqual({ [callId]: [1, 1, 1] });
        const result = kept.find((e) => e.type === "TOOL_CALL_RESULT") as BaseEvent & { content: string };
        expect(JSON.parse(result.content)).toEqual(SERVER_TOOL_OUTPUT);
        // As many runs as the server started, each finished once, nothing after a finish but a start.
        expect(count(kept, "RUN_STARTED")).toBe(count(events, "RUN_STARTED"));
        expect(count(kept, "RUN_FINISHED")).toBe(count(kept, "RUN_STARTED"));
        kept.forEach((event, i) => {
          if (event.type === "RUN_FINISHED") expect(kept[i + 1]?.type ?? "RUN_STARTED").toBe("RUN_STARTED");
        });
      });
    });
  }

  describe(`a real HttpAgent against a TanStack AI ${CURRENT_TANSTACK_AI} endpoint (the real chat() over its own SSE)`, () => {
    let server: TanStackChatServer;
    beforeEach(async () => {
      server = await startTanStackChatServer("current");
    });
    afterEach(async () => {
      await server.close();
    });

    it("given the run, should fail without the kit (the client rejects the late TOOL_CALL_RESULT) and complete with the middleware: the tool call, its one result, the answer", async () => {
      const raw = new HttpAgent({ url: server.url, threadId: "raw" });
      raw.addMessage({ id: "u1", role: "user", content: "What is the weather in Paris?" });
      const failures = captureAgentFailures();
      await expect(raw.runAgent()).rejects.toThrow(
        /Cannot send event type 'TOOL_CALL_RESULT': The run has already finished/,
      );
      expect(failures.messages()).toEqual([expect.stringMatching(/The run has already finished/)]);
      expect(raw.isRunning).toBe(false);
      expect(raw.messages.filter((m) => m.role === "tool")).toEqual([]);

      const agent = new HttpAgent({ url: server.url, threadId: "kit" }).use(new ToolCallEventsMiddleware());
      const seen: string[] = [];
      agent.subscribe({ onEvent: ({ event }) => void seen.push(event.type) });
      agent.addMessage({ id: "u1", role: "user", content: "What is the weather in Paris?" });
      await agent.runAgent();
      expect(seen).toEqual(cases[1]?.normalised);
      const [user, call, result, answer, ...rest] = agent.messages;
      expect(user?.id).toBe("u1");
      expect(call).toMatchObject({
        role: "assistant",
        toolCalls: [{ id: "call_1", function: { name: SERVER_TOOL, arguments: '{"city":"Paris"}' } }],
      });
      expect(result).toMatchObject({ role: "tool", toolCallId: "call_1" });
      expect(JSON.parse(String(result?.content))).toEqual(SERVER_TOOL_OUTPUT);
      expect(answer).toMatchObject({ role: "assistant", content: ANSWER.join("") });
      expect(rest).toEqual([]);
      expect(server.runs).toHaveLength(2);
    });
  });

  it("given 0.14.0's endpoint and a real HttpAgent, should fail at @ag-ui/core 1.0's schema before any tool event, with or without the kit (RUN_FINISHED.usage is an object, not TokenUsage[]): a separate incompatibility", async () => {
    vi.stubEnv("SUPPRESS_TRANSFORMATION_WARNINGS", "true");
    const server = await startTanStackChatServer("0.14.0");
    try {
      for (const agent of [
        new HttpAgent({ url: server.url }),
        new HttpAgent({ url: server.url }).use(new ToolCallEventsMiddleware()),
      ]) {
        agent.addMessage({ id: "u1", role: "user", content: "What is the weather in Paris?" });
        const failures = captureAgentFailures();
        await expect(agent.runAgent()).rejects.toThrow(
          /"path": \[\s*"usage"\s*\][\s\S]*expected array, received object/,
        );
        expect(failures.messages()).toEqual([expect.stringMatching(/"usage"/)]);
        expect(agent.messages.some((m) => m.role === "tool")).toBe(false);
      }
    } finally {
      vi.unstubAllEnvs();
      await server.close();
    }
  });
});

/**
 * `@ag-ui/client` logs a failed run ("Agent execution failed:") as well as rejecting it: the log
 * is captured for the test to assert, not printed; anything else still reaches the console.
 */
function captureAgentFailures() {
  const original = console.error;
  const logged: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (args[0] === "Agent execution failed:")
      logged.push(String(args[1] instanceof Error ? args[1].message : args[1]));
    else original.apply(console, args);
  });
  onTestFinished(() => spy.mockRestore());
  return { messages: () => [...logged] };
}
