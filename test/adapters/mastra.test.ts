// @vitest-environment node
import { MastraClient } from "@mastra/client-js";
import { describe, expect, it } from "vitest";
import { parkMastraCall, readMastraChunk } from "../../src/adapters/mastra/convert";
import { encodeMastraAnswer } from "../../src/adapters/mastra/encode";
import {
  createMastraTransport,
  type MastraAgentLike,
  type MastraStreamResponse,
} from "../../src/adapters/mastra/transport";
import { createHitlClient } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import { builtInKinds } from "../../src/kinds";
import { mastraServerPerFile } from "../support/mastra-server";
import { until } from "../support/until";

const kinds = Object.values(builtInKinds);

describe("Mastra suspensions and approvals as parked requests", () => {
  it("given an approval chunk, should park a native approval offering approve and deny, keyed by run and call", () => {
    const reading = readMastraChunk({
      type: "tool-call-approval",
      runId: "run-1",
      from: "AGENT",
      payload: { toolCallId: "c1", toolName: "delete_file", args: { id: "r" }, resumeSchema: "{}" },
    });
    expect(reading).toMatchObject({
      type: "parked",
      parked: {
        request: {
          requestId: "run-1::c1",
          kind: "approval",
          native: true,
          payload: { kind: "approval", toolName: "delete_file", input: { id: "r" }, decisions: ["approve", "deny"] },
        },
      },
    });
  });

  it("given a model-written suspension hint naming approval, should not make it a native approval", () => {
    const { request } = parkMastraCall({
      runId: "r",
      toolCallId: "c",
      toolName: "t",
      args: {},
      type: "suspension",
      suspendPayload: { ui: { kind: "approval", toolName: "x", input: {} } },
    });
    expect(request.native).toBeUndefined();
  });

  it("given a resume schema a form cannot show, an unreadable one or none, should park the fallback with the reason", () => {
    const call = { runId: "r", toolCallId: "c", toolName: "t", args: {}, type: "suspension" as const };
    const nested = parkMastraCall({
      ...call,
      resumeSchema: JSON.stringify({ type: "object", properties: { a: { type: "object", properties: {} } } }),
    });
    expect(nested.request.issues?.length).toBeGreaterThan(0);
    expect(parkMastraCall({ ...call, resumeSchema: "{not json" }).request.issues).toEqual([
      { path: ["resumeSchema"], message: "The resume schema is not JSON" },
    ]);
    expect(parkMastraCall({ ...call, resumeSchema: "x".repeat(100_001) }).request.issues?.[0]?.message).toMatch(
      /longer than/,
    );
    expect(parkMastraCall(call).request.issues?.[0]?.path).toEqual(["suspendPayload"]);
  });

  it("given chunks without a run or call id, should report a problem and park nothing", () => {
    expect(readMastraChunk({ type: "tool-call-suspended", payload: { toolCallId: "c" } })).toMatchObject({
      type: "problem",
    });
    expect(readMastraChunk({ type: "tool-call-approval", runId: "r", payload: {} })).toMatchObject({ type: "problem" });
    expect(readMastraChunk({ type: "text-delta", runId: "r", payload: { text: "hi" } })).toBeNull();
    expect(readMastraChunk("nonsense")).toBeNull();
  });

  it("given no thread, should refuse to create a transport (the listing would be every user's runs)", () => {
    const agent = {} as MastraAgentLike;
    expect(() => createMastraTransport(agent, { threadId: "" })).toThrow(/threadId is required/);
  });

  it("given the call now waits for a suspension where the person answered an approval, should send nothing and settle it withdrawn", async () => {
    // The agent's side as Mastra lists it: the same run and call id, now suspended (not an approval).
    let listing = { runs: [{ runId: "r", toolCalls: [{ toolCallId: "c", toolName: "t", requiresApproval: true }] }] };
    const sent: string[] = [];
    const stream: MastraStreamResponse = { processDataStream: async () => {} };
    const record = (route: string) => async () => {
      sent.push(route);
      return stream;
    };
    const agent: MastraAgentLike = {
      listSuspendedRuns: async () => listing,
      approveToolCall: record("approve"),
      declineToolCall: record("decline"),
      resumeStream: record("resume"),
    };
    const transport = createMastraTransport(agent, { threadId: "t", pollIntervalMs: 0 });
    const client = createHitlClient({ transport, kinds, journal: noopJournal });
    const unmount = client.mount();
    await transport.refresh();
    expect(client.getRequest("r::c")?.state).toBe("open");
    listing = {
      runs: [
        {
          runId: "r",
          toolCalls: [{ toolCallId: "c", toolName: "t", requiresApproval: false, suspendPayload: {} } as never],
        },
      ],
    };
    client.answer("r::c", { type: "value", value: { decision: "approve" } });
    await client.whenIdle();
    expect(sent).toEqual([]);
    expect(client.getRequest("r::c")).toMatchObject({ state: "settled", outcome: "withdrawn" });
    unmount();
    transport.close();
  });

  it("given an approval this page answered whose stream was lost, then gone from the listing, should settle it approved with the answer; one nobody here answered, withdrawn", async () => {
    // The agent's side as Mastra lists it: two approvals waiting, then none (the listing says only that).
    const waiting = (ids: string[]) => ({
      runs: [
        { runId: "r", toolCalls: ids.map((toolCallId) => ({ toolCallId, toolName: "t", requiresApproval: true })) },
      ],
    });
    let listing = waiting(["mine", "theirs"]);
    // The resumed stream never says anything: as if the page lost it.
    const stream: MastraStreamResponse = { processDataStream: async () => {} };
    const agent: MastraAgentLike = {
      listSuspendedRuns: async () => listing,
      approveToolCall: async () => stream,
      declineToolCall: async () => stream,
      resumeStream: async () => stream,
    };
    const transport = createMastraTransport(agent, { threadId: "t", pollIntervalMs: 0 });
    const client = createHitlClient({ transport, kinds, journal: noopJournal });
    const unmount = client.mount();
    await transport.refresh();
    const approve = { type: "value", value: { decision: "approve" } } as const;
    client.answer("r::mine", approve);
    await client.whenIdle();
    expect(client.getRequest("r::mine")?.state).toBe("responded");
    listing = waiting([]);
    await transport.refresh();
    expect(client.getRequest("r::mine")).toMatchObject({ state: "settled", outcome: "approved", resolution: approve });
    expect(client.getRequest("r::theirs")).toMatchObject({ state: "settled", outcome: "withdrawn" });
    unmount();
    transport.close();
  });
});

describe("encodeMastraAnswer: a typed answer as the one client call that gives it", () => {
  const approval = { runId: "r", toolCallId: "c", toolName: "t", args: {}, type: "approval" as const };
  const target = { runId: "r", toolCallId: "c" };
  const encode = (answer: Parameters<typeof encodeMastraAnswer>[1]) =>
    encodeMastraAnswer(approval, answer, { mode: "kind" });

  it("given an approval's answers, should approve only an approve, and carry a deny's note or a decline's reason", () => {
    expect(encode({ type: "value", value: { decision: "approve" } })).toEqual({ route: "approveToolCall", target });
    expect(encode({ type: "value", value: { decision: "deny", note: "not now" } })).toEqual({
      route: "declineToolCall",
      target,
      reason: "not now",
    });
    expect(encode({ type: "declined", reason: " too risky " })).toEqual({
      route: "declineToolCall",
      target,
      reason: "too risky",
    });
    // Anything that is not a decision denies: an approval never runs by default.
    for (const answer of [{ type: "value", value: "approve" }, { type: "dismissed" }] as const) {
      expect(encode(answer)).toEqual({ route: "declineToolCall", target });
    }
  });

  it("given a suspension's answers, should resume with the kind's typed result (a decline as its marker)", () => {
    const suspension = { ...approval, type: "suspension" as const };
    expect(encodeMastraAnswer(suspension, { type: "value", value: { ok: 1 } }, { mode: "kind" })).toEqual({
      route: "resumeStream",
      target,
      resumeData: { ok: 1 },
    });
    expect(encodeMastraAnswer(suspension, { type: "declined", reason: "no" }, { mode: "kind" })).toMatchObject({
      route: "resumeStream",
      resumeData: { declined: true, reason: "no" },
    });
  });
});

describe("a plain Mastra suspension on a real Mastra server", () => {
  const mastra = mastraServerPerFile();

  it("given a thread nothing was streamed on yet (Mastra answers 403 'thread not found'), should be live with nothing waiting", async () => {
    const agent = new MastraClient({ baseUrl: mastra().url, retries: 0 }).getAgent("hitl-agent");
    const transport = createMastraTransport(agent, { threadId: "never-streamed", pollIntervalMs: 0 });
    const client = createHitlClient({ transport, kinds, journal: noopJournal });
    const unmount = client.mount();
    await transport.refresh();
    expect(transport.connection.getSnapshot()).toBe("live");
    expect(selectRequests(client.store.getSnapshot())).toEqual([]);
    unmount();
    transport.close();
  });

  it("given a tool that suspends with a resumeSchema, should show it as a form and resume the tool with the form's object", async () => {
    const agent = new MastraClient({ baseUrl: mastra().url, retries: 0 }).getAgent(
      "hitl-agent",
    ) as unknown as MastraAgentLike & {
      stream(messages: string, options: object): Promise<MastraStreamResponse>;
    };
    const transport = createMastraTransport(agent, { threadId: "city", resourceId: "tester", pollIntervalMs: 0 });
    const client = createHitlClient({ transport, kinds, journal: noopJournal });
    const unmount = client.mount();
    // The page's own stream: the suspension arrives with its resume schema.
    await transport.follow(await agent.stream("city weather", { memory: { thread: "city", resource: "tester" } }));
    const [request] = selectRequests(client.store.getSnapshot());
    expect(request).toMatchObject({ kind: "form", toolName: "ask_city", state: "open" });
    expect(request?.payload).toMatchObject({
      fields: [
        { name: "city", required: true },
        { name: "nights", required: false },
      ],
    });
    const requestId = request?.requestId ?? "";
    expect(client.answer(requestId, { type: "value", value: { values: { city: "Paris" } } }).status).toBe("sent");
    await until(() => client.getRequest(requestId)?.state === "settled", "the answer to settle", 4_000);
    expect(client.getRequest(requestId)).toMatchObject({ state: "settled", outcome: "answered" });
    const toolCallId = requestId.split("::")[1] ?? "";
    expect(
      mastra()
        .answers.filter((a) => a.body.toolCallId === toolCallId)
        .map((a) => a.body.resumeData),
    ).toEqual([{ city: "Paris" }]);
    expect(mastra().results.get(toolCallId)).toBe(1);
    unmount();
    transport.close();
  });
});
