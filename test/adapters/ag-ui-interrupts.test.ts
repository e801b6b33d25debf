import { HttpAgent, type RunAgentInput } from "@ag-ui/client";
import { createAgUiTransport } from "../../src/adapters/ag-ui/transport";
import { createHitlClient } from "../../src/core/client";
import { selectRequests } from "../../src/core/ledger";
import { formKind } from "../../src/kinds/form";
import { conformanceKind } from "../../src/testing/conformance";
import { type AgUiTestServer, ConnectableHttpAgent, startAgUiServer } from "../support/ag-ui-server";

/**
 * AG-UI 1.0 interrupts on a real `HttpAgent` against a local AG-UI endpoint: a run that ends with
 * `RUN_FINISHED { outcome: { type: "interrupt", interrupts } }` parks one request per interrupt,
 * and the next run carries `RunAgentInput.resume` with exactly one entry per interrupt, once.
 */

let server: AgUiTestServer;
beforeEach(async () => {
  server = await startAgUiServer();
});
afterEach(async () => {
  await server.close();
});

type ResumeInput = RunAgentInput & { resume?: unknown[] };
const resumes = () =>
  server.runs.filter((run) => (run as ResumeInput).resume?.length).map((run) => (run as ResumeInput).resume);

async function interrupted(text: string, threadId: string) {
  const agent = new HttpAgent({ url: server.url, threadId });
  const transport = createAgUiTransport(agent);
  const client = createHitlClient({ transport, kinds: [conformanceKind, formKind] });
  // A page follows the agent while mounted; so does this client, for the test.
  client.mount();
  agent.addMessage({ id: "u1", role: "user", content: text });
  await agent.runAgent();
  const open = () => selectRequests(client.store.getSnapshot()).filter((r) => r.state === "open");
  const settle = async () => {
    await client.whenIdle();
    await server.idle();
    await new Promise((resolve) => setTimeout(resolve, 30));
  };
  return { agent, client, open, settle };
}

describe("AG-UI interrupts", () => {
  it("given an interrupt with the kit's hint, should park its picker and resume once with the typed payload", async () => {
    const { client, open, settle } = await interrupted("interrupt a,b", "t1");
    expect(open()).toMatchObject([
      { kind: "pick", payload: { kind: "pick", ids: ["a", "b"] }, prompt: "Pick one of a, b" },
    ]);
    const [request] = open();
    expect(client.answer(request!.requestId, { type: "value", value: { id: "c" } })).toMatchObject({
      status: "refused",
    });
    expect(client.answer(request!.requestId, { type: "value", value: { id: "b" } }).status).toBe("sent");
    expect(client.answer(request!.requestId, { type: "value", value: { id: "a" } }).status).toBe("already-answered");
    await settle();
    expect(resumes()).toEqual([[{ interruptId: request!.requestId, status: "resolved", payload: { id: "b" } }]]);
    expect(client.getRequest(request!.requestId)).toMatchObject({ state: "settled", outcome: "answered" });
  });

  it("given two interrupts in one run, should resume only once both are answered, with one entry each", async () => {
    const { client, open, settle } = await interrupted("interrupt twice", "t2");
    const [first, second] = open();
    expect(open()).toHaveLength(2);
    client.answer(first!.requestId, { type: "value", value: { id: "a" } });
    await server.idle();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Held (shown as being sent) until the run's other interrupt has its answer: nothing resumed yet.
    expect(client.getRequest(first!.requestId)?.state).toBe("submitting");
    expect(resumes()).toEqual([]);
    client.answer(second!.requestId, { type: "declined", reason: "neither" });
    await settle();
    expect(resumes()).toEqual([
      [
        { interruptId: first!.requestId, status: "resolved", payload: { id: "a" } },
        { interruptId: second!.requestId, status: "cancelled", payload: { declined: true, reason: "neither" } },
      ],
    ]);
    expect(open()).toEqual([]);
  });

  it("given an interrupt with a responseSchema, should park a form and resume with content matching the schema", async () => {
    const { client, open, settle } = await interrupted("interrupt form", "t3");
    const [request] = open();
    expect(request).toMatchObject({
      kind: "form",
      payload: { kind: "form", fields: [{ name: "seats", type: "number" }] },
    });
    expect(client.answer(request!.requestId, { type: "value", value: { values: { seats: "three" } } }).status).toBe(
      "refused",
    );
    expect(client.answer(request!.requestId, { type: "value", value: { values: { seats: 3 } } }).status).toBe("sent");
    await settle();
    expect(resumes()).toEqual([[{ interruptId: request!.requestId, status: "resolved", payload: { seats: 3 } }]]);
  });

  it("given an interrupt whose expiresAt passes, should withdraw it and send nothing by itself", async () => {
    const { client, open, settle } = await interrupted("interrupt expiring", "t4");
    const [request] = open();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(client.getRequest(request!.requestId)).toMatchObject({ state: "settled", outcome: "withdrawn" });
    expect(client.answer(request!.requestId, { type: "value", value: { id: "a" } }).status).toBe("already-answered");
    await settle();
    expect(resumes()).toEqual([]);
  });

  it("given two interrupts in one run and one expiring unanswered, should resume once: the answer and a cancelled entry for the expired one", async () => {
    const { client, open, settle } = await interrupted("interrupt twice, one expiring", "t4b");
    const [first, late] = open();
    client.answer(first!.requestId, { type: "value", value: { id: "a" } });
    await server.idle();
    expect(resumes()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(client.getRequest(late!.requestId)).toMatchObject({ state: "settled", outcome: "withdrawn" });
    expect(resumes()).toEqual([
      [
        { interruptId: first!.requestId, status: "resolved", payload: { id: "a" } },
        { interruptId: late!.requestId, status: "cancelled" },
      ],
    ]);
    expect(client.getRequest(first!.requestId)).toMatchObject({ state: "settled", outcome: "answered" });
  });

  it("given the legacy on_interrupt event (@ag-ui/langgraph), should park the hint's picker and resume through forwardedProps.command.resume once", async () => {
    const { client, open, settle } = await interrupted("interrupt legacy", "t5");
    const [request] = open();
    expect(request).toMatchObject({ kind: "pick", prompt: "Pick one" });
    client.answer(request!.requestId, { type: "value", value: { id: "a" } });
    client.answer(request!.requestId, { type: "value", value: { id: "a" } });
    await settle();
    const legacy = server.runs.flatMap((run) => {
      const resume = (run.forwardedProps as { command?: { resume?: unknown } } | undefined)?.command?.resume;
      return resume === undefined ? [] : [resume];
    });
    expect(legacy).toEqual([{ id: "a" }]);
  });

  it("given another page's run that resumed nothing (ag-ui#2701), should keep the interrupt open after a reload that replays both, and resume it once", async () => {
    await interrupted("interrupt a,b", "t6");
    // Another tab (its own agent, which never saw the interrupt) sends a message on the thread.
    const other = new HttpAgent({ url: server.url, threadId: "t6" });
    other.setMessages(server.thread("t6"));
    other.addMessage({ id: "u2", role: "user", content: "hello" });
    await other.runAgent();
    await server.idle();
    // This page reloads: the server replays run 1 (the interrupt) and run 2 (no resume).
    const agent = new ConnectableHttpAgent({ url: server.url, threadId: "t6" });
    const transport = createAgUiTransport(agent);
    const client = createHitlClient({ transport, kinds: [conformanceKind, formKind] });
    client.mount();
    await agent.connectAgent();
    const open = selectRequests(client.store.getSnapshot()).filter((r) => r.state === "open");
    expect(open.map((r) => r.kind)).toEqual(["pick"]);
    const [request] = open;
    expect(client.answer(request!.requestId, { type: "value", value: { id: "a" } }).status).toBe("sent");
    await client.whenIdle();
    await server.idle();
    expect(server.closed(request!.requestId)).toBe(1);
    expect(server.refusals).toEqual([]);
    expect(client.getRequest(request!.requestId)).toMatchObject({ state: "settled", outcome: "answered" });
  });

  it("given a cancelled run (ag-ui#2729), should withdraw the call it asked and send it nothing", async () => {
    const agent = new HttpAgent({ url: server.url, threadId: "t7" });
    const transport = createAgUiTransport(agent);
    const client = createHitlClient({ transport, kinds: [conformanceKind] });
    client.mount();
    agent.addMessage({ id: "u1", role: "user", content: "cancel ask c,d" });
    await agent.runAgent();
    await client.whenIdle();
    const [call] = selectRequests(client.store.getSnapshot());
    expect(call).toMatchObject({ kind: "pick", state: "settled", outcome: "withdrawn" });
    expect(client.answer(call!.requestId, { type: "value", value: { id: "c" } }).status).toBe("already-answered");
    await server.idle();
    expect(server.received(call!.callId)).toEqual([]);
    expect(server.runs).toHaveLength(1);
  });
});
