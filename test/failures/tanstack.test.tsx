import { HttpAgent, verifyEvents } from "@ag-ui/client";
import { type BaseEvent, EventType } from "@ag-ui/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { from, lastValueFrom, toArray } from "rxjs";
import { normalizeToolCallEvents, ToolCallEventsMiddleware } from "../../src/adapters/ag-ui/middleware";
import { useAgUiHitl } from "../../src/adapters/ag-ui/use-ag-ui-hitl";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider } from "../../src/react/provider";
import { HitlRenderer } from "../../src/react/renderer";
import { registry, TestFallback } from "../react/harness";
import { type AgUiTestServer, startAgUiServer } from "../support/ag-ui-server";

/**
 * TanStack AI: for every server-executed tool it emitted a second `TOOL_CALL_END` without a
 * `TOOL_CALL_START`, and `@ag-ui/client`'s `verifyEvents` rejected the whole stream: the run
 * failed with an error. Reproduced on a real
 * `HttpAgent` against a local endpoint streaming that shape with `@ag-ui/encoder`; with the
 * kit's middleware the run goes through, the picker renders once and is answered once.
 */

const runFinished = { threadId: "t", runId: "r" };
const tanstackStream: BaseEvent[] = [
  { type: EventType.RUN_STARTED, ...runFinished } as BaseEvent,
  { type: EventType.TOOL_CALL_START, toolCallId: "lookup-1", toolCallName: "lookup" } as BaseEvent,
  { type: EventType.TOOL_CALL_ARGS, toolCallId: "lookup-1", delta: "{}" } as BaseEvent,
  { type: EventType.TOOL_CALL_END, toolCallId: "lookup-1" } as BaseEvent,
  { type: EventType.TOOL_CALL_RESULT, messageId: "m", toolCallId: "lookup-1", content: "42" } as BaseEvent,
  { type: EventType.TOOL_CALL_END, toolCallId: "lookup-1" } as BaseEvent,
  { type: EventType.RUN_FINISHED, ...runFinished } as BaseEvent,
];

function Page({ agent }: { agent: HttpAgent }) {
  const transport = useAgUiHitl(agent);
  return (
    <HitlProvider transport={transport} journal={noopJournal} registry={registry}>
      <HitlRenderer fallback={TestFallback} />
    </HitlProvider>
  );
}

describe("tanstack: a second TOOL_CALL_END without a TOOL_CALL_START", () => {
  let server: AgUiTestServer;
  beforeEach(async () => {
    server = await startAgUiServer();
    server.quirk = "tanstack";
  });
  afterEach(async () => {
    await server.close();
  });

  it("given the stream raw, should be rejected by verifyEvents; normalised, accepted", async () => {
    await expect(lastValueFrom(from(tanstackStream).pipe(verifyEvents(), toArray()))).rejects.toThrow(
      /No active tool call found with ID 'lookup-1'/,
    );
    const normalised = normalizeToolCallEvents(tanstackStream);
    await expect(lastValueFrom(from(normalised).pipe(verifyEvents(), toArray()))).resolves.toEqual(normalised);
  });

  it("given a real HttpAgent without the middleware, should fail the run: the client rejects the stream", async () => {
    const agent = new HttpAgent({ url: server.url, threadId: "raw" });
    render(<Page agent={agent} />);
    agent.addMessage({ id: "u1", role: "user", content: "ask a,b" });
    // @ag-ui/client logs the failed run as well as rejecting it: that log is kept off the console.
    const original = console.error;
    const logged = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (args[0] !== "Agent execution failed:") original.apply(console, args);
    });
    onTestFinished(() => logged.mockRestore());
    await expect(agent.runAgent()).rejects.toThrow(/No active tool call found with ID 'server-1'/);
    expect(logged).toHaveBeenCalledWith(
      "Agent execution failed:",
      expect.objectContaining({ message: expect.stringContaining("No active tool call found with ID 'server-1'") }),
    );
    expect(agent.isRunning).toBe(false);
    expect(server.runs).toHaveLength(1);
  });

  it("given the middleware, should render the picker once and answer it once", async () => {
    const agent = new HttpAgent({ url: server.url, threadId: "kit" }).use(new ToolCallEventsMiddleware());
    render(<Page agent={agent} />);
    agent.addMessage({ id: "u1", role: "user", content: "ask a,b" });
    await act(async () => {
      await agent.runAgent();
    });
    expect(screen.getAllByTestId("pick")).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pick a" }));
      fireEvent.click(screen.getByRole("button", { name: "Pick b" }));
    });
    await waitFor(() => expect(server.runs).toHaveLength(2));
    await act(async () => {
      await server.idle();
    });
    expect(server.received("call-1").map((m) => (m.role === "tool" ? JSON.parse(String(m.content)) : null))).toEqual([
      { id: "a" },
    ]);
    expect(server.refusals).toEqual([]);
    await waitFor(() => expect(screen.getByTestId("pick")).toHaveAttribute("data-state", "answered"));
  });
});
