import { MastraClient } from "@mastra/client-js";
import { describe, expect, it } from "vitest";
import { createMemoryInboxStore, deliverSettled } from "../../src/server/inbox-store";
import { mastraSink, parkMastraRuns } from "../../src/server/mastra-inbox";
import { mastraServerPerFile } from "../support/mastra-server";

/**
 * A Mastra agent's waiting calls through the inbox, on a real Mastra server (`@mastra/hono`, the
 * playground's agent): suspended runs parked into a store, answered there (later, from anywhere),
 * and delivered once through `@mastra/client-js` — a delivery repeated after a crash sends nothing.
 */

const mastra = mastraServerPerFile();
let threads = 0;

const agentOf = () => new MastraClient({ baseUrl: mastra().url, retries: 0 }).getAgent("hitl-agent");
/** Each test reads only its own runs (the server keeps every test's runs). */
const ownerOf = (mine: readonly string[]) => (run: { threadId?: string }) =>
  run.threadId !== undefined && mine.includes(run.threadId) ? "ann" : undefined;
const answersTo = (toolCallId: string) => mastra().answers.filter((a) => a.body.toolCallId === toolCallId);

describe("Mastra runs in the inbox", () => {
  it("given an approval and a picker waiting in two threads, should park each once and answer each once with its typed answer", async () => {
    const deleting = `inbox-${++threads}`;
    const picking = `inbox-${++threads}`;
    const approval = await mastra().ask("delete notes/a.md", deleting);
    const picker = await mastra().ask("choose x,y", picking);
    const store = createMemoryInboxStore();
    const agent = agentOf();
    expect(await parkMastraRuns({ agent, store, owner: ownerOf([deleting, picking]) })).toEqual({ parked: 2 });
    // Parking again changes nothing.
    expect(await parkMastraRuns({ agent, store, owner: ownerOf([deleting, picking]) })).toEqual({ parked: 0 });
    const { records } = await store.list({ owner: "ann" });
    expect(records.map((r) => [r.source, r.conversation, r.request.kind])).toEqual([
      ["mastra", deleting, "approval"],
      ["mastra", picking, "pick"],
    ]);
    const [approvalRecord, pickRecord] = records;
    await store.answer(approvalRecord?.id ?? "", {
      owner: "ann",
      answer: { type: "value", value: { decision: "approve" } },
      outcome: "approved",
    });
    await store.answer(pickRecord?.id ?? "", {
      owner: "ann",
      answer: { type: "value", value: { id: "y" } },
      outcome: "answered",
    });
    const sink = mastraSink({ agent });
    const report = await deliverSettled(store, sink);
    expect(report.failed).toEqual([]);
    expect(report.delivered).toHaveLength(2);

    const deleteCall = approval.toolCallIds[0] ?? "";
    const pickCall = picker.toolCallIds[0] ?? "";
    expect(answersTo(deleteCall).map((a) => a.route)).toEqual(["approve"]);
    expect(mastra().executions.get(`delete_file:${deleteCall}`)).toBe(1);
    expect(answersTo(pickCall).map((a) => a.body.resumeData)).toEqual([{ id: "y" }]);
    expect(mastra().record.picked.get(pickCall)).toEqual({ status: "answered", value: { id: "y" } });

    // A process that died after answering, before it marked the delivery, delivers again: nothing goes out.
    for (const record of [approvalRecord, pickRecord]) {
      const settled = await store.get(record?.id ?? "");
      if (settled) await sink(settled);
    }
    expect(answersTo(deleteCall)).toHaveLength(1);
    expect(answersTo(pickCall)).toHaveLength(1);
    expect(await parkMastraRuns({ agent, store, owner: ownerOf([deleting, picking]) })).toEqual({ parked: 0 });
  });

  it("given an approval that expired, should decline it rather than leave the run waiting, and the tool never runs", async () => {
    const thread = `inbox-${++threads}`;
    const { toolCallIds } = await mastra().ask("delete notes/b.md", thread);
    let now = 1_000;
    const store = createMemoryInboxStore({ now: () => now });
    const agent = agentOf();
    await parkMastraRuns({ agent, store, owner: ownerOf([thread]), expiresAt: (run) => (run.suspendedAt ? 2_000 : 0) });
    const [record] = (await store.list({ owner: "ann" })).records;
    expect(record?.expiresAt).toBe(2_000);
    now = 3_000;
    expect(await store.expire()).toBe(1);
    const report = await deliverSettled(store, mastraSink({ agent }));
    expect(report).toMatchObject({ failed: [], delivered: [record?.id] });
    const call = toolCallIds[0] ?? "";
    expect(answersTo(call).map((a) => [a.route, a.body.reason])).toEqual([
      ["decline", "The request expired before anyone answered it"],
    ]);
    expect(mastra().executions.get(`delete_file:${call}`)).toBeUndefined();
  });
});
