// @vitest-environment node
import { MastraClient } from "@mastra/client-js";
import { describe, expect, it } from "vitest";
import { createMastraTransport } from "../../src/adapters/mastra/transport";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import { builtInKinds } from "../../src/kinds";
import { conformanceKind } from "../../src/testing/conformance";
import { mastraServerPerFile } from "../support/mastra-server";
import { until } from "../support/until";

/**
 * Mastra's reported approval failures, on Mastra's own code: a real `@mastra/core` 1.71 agent
 * behind `@mastra/hono`, pages on the real `@mastra/client-js` 1.47 (`test/support/mastra-server.ts`).
 * Each is shown without the kit first, as Mastra's API and docs have an app do it, then with the
 * kit's transport and client (each page on its own device: its own journal and storage).
 *
 * - mastra#19633: an approval resumes whatever the run is suspended on, not the call the person
 *   saw. Over HTTP Mastra 1.71 requires the call id and refuses a call that is not waiting; in
 *   process `approveToolCall({ runId })` still resumes the first suspended call, and it does not
 *   check that the call waits for an approval: a stale page's approval is fed to the NEXT
 *   question, a suspension nobody saw, and uses it up.
 * - mastra#20470 (a decline still ran the tool): does not reproduce on 1.71 — `declineToolCall`
 *   returns before `execute`; kept as a guard that the kit's deny is that decline.
 * - mastra#14931 (the approval is gone after a reload): with Memory and storage the run is still
 *   listed; a reloaded page shows it again from `listSuspendedRuns` and sends one answer.
 */

const mastra = mastraServerPerFile();
let threads = 0;

const kinds = [...Object.values(builtInKinds), conformanceKind];

function page(thread: string) {
  const agent = new MastraClient({ baseUrl: mastra().url, retries: 0 }).getAgent("hitl-agent");
  const transport = createMastraTransport(agent, { threadId: thread, pollIntervalMs: 0 });
  const client: HitlClient = createHitlClient({ transport, kinds, journal: noopJournal });
  const unmount = client.mount();
  return {
    transport,
    client,
    close() {
      unmount();
      transport.close();
    },
  };
}

async function suspendedOn(thread: string) {
  const listing = await mastra().mastra.getAgent("hitlAgent").listSuspendedRuns({ threadId: thread });
  return listing.runs.flatMap((run) => run.toolCalls.map((call) => call.toolName ?? ""));
}

const answersTo = (toolCallId: string) => mastra().answers.filter((a) => a.body.toolCallId === toolCallId);

describe("mastra#19633: an approval resumes the call the person saw, or nothing", () => {
  it("given a stale page approving after another page did, without the kit Mastra feeds that approval to the next question and uses it up", async () => {
    const thread = `stale-${++threads}`;
    const { runId, toolCallIds } = await mastra().ask("both rec-1", thread);
    const [approvalCall] = toolCallIds;
    // Page one approves, as Mastra's client has a page do it: the record is deleted and the run
    // now waits on its next question (ask_city), which page two never saw.
    const one = new MastraClient({ baseUrl: mastra().url, retries: 0 }).getAgent("hitl-agent");
    await (await one.approveToolCall({ runId, toolCallId: approvalCall ?? "" })).processDataStream({
      onChunk: () => {},
    });
    expect(await suspendedOn(thread)).toEqual(["ask_city"]);
    // Page two still shows the approval; its server action approves the run (`toolCallId` is
    // optional in process, and Mastra's docs show it without one).
    const stale = await mastra().mastra.getAgent("hitlAgent").approveToolCall({ runId });
    for await (const _ of stale.fullStream);
    // The city question was answered by an approval: it is no longer waiting, and no city came.
    expect(await suspendedOn(thread)).toEqual([]);
    const cityCalls = [...mastra().executions.keys()].filter((key) => key.startsWith("ask_city:"));
    expect(cityCalls).toHaveLength(1);
    expect(mastra().results.get(cityCalls[0]?.slice("ask_city:".length) ?? "")).toBeUndefined();
  });

  it("given a stale page approving after another page did, with the kit nothing is sent and the next question still waits", async () => {
    const thread = `stale-kit-${++threads}`;
    const { runId, toolCallIds } = await mastra().ask("both rec-2", thread);
    const approvalCall = toolCallIds[0] ?? "";
    const requestId = `${runId}::${approvalCall}`;
    const one = page(thread);
    const two = page(thread);
    await Promise.all([one.transport.refresh(), two.transport.refresh()]);
    expect(one.client.getRequest(requestId)?.state).toBe("open");
    expect(two.client.getRequest(requestId)?.state).toBe("open");

    expect(one.client.answer(requestId, { type: "value", value: { decision: "approve" } }).status).toBe("sent");
    await until(async () => (await suspendedOn(thread)).includes("ask_city"), "the run to move on to ask_city");
    // Page two has not read the thread since: it still shows the approval, and approves.
    expect(two.client.getRequest(requestId)?.state).toBe("open");
    expect(two.client.answer(requestId, { type: "value", value: { decision: "approve" } }).status).toBe("sent");
    await two.client.whenIdle();

    expect(two.client.getRequest(requestId)).toMatchObject({ state: "settled", outcome: "withdrawn" });
    expect(answersTo(approvalCall).map((a) => a.route)).toEqual(["approve"]);
    expect(await suspendedOn(thread)).toEqual(["ask_city"]);
    expect(mastra().executions.get(`delete_file:${approvalCall}`)).toBe(1);
    // Page two shows the question it never saw once it reads the thread again.
    await two.transport.refresh();
    const city = selectRequests(two.client.store.getSnapshot()).find((r) => r.toolName === "ask_city");
    expect(city?.state).toBe("open");
    one.close();
    two.close();
  });
});

describe("mastra#20470: a declined tool never runs", () => {
  it("given a deny with a note, the kit declines the call once with that reason and the tool never runs", async () => {
    const thread = `deny-${++threads}`;
    const { runId, toolCallIds } = await mastra().ask("delete rec-3", thread);
    const call = toolCallIds[0] ?? "";
    const requestId = `${runId}::${call}`;
    const one = page(thread);
    await one.transport.refresh();
    const deny = { type: "value", value: { decision: "deny", note: "keep it" } } as const;
    expect(one.client.answer(requestId, deny).status).toBe("sent");
    expect(one.client.answer(requestId, deny).status).toBe("already-answered");
    await until(() => one.client.getRequest(requestId)?.state === "settled", "the deny to settle");
    await one.client.whenIdle();
    expect(one.client.getRequest(requestId)?.outcome).toBe("denied");
    expect(answersTo(call)).toEqual([{ route: "decline", body: expect.objectContaining({ reason: "keep it" }) }]);
    expect(mastra().executions.get(`delete_file:${call}`)).toBeUndefined();
    expect(await suspendedOn(thread)).toEqual([]);
    one.close();
  });
});

describe("mastra#14931: a pending approval survives a reload", () => {
  it("given a page that closed while an approval waited, a new page shows it again from Mastra's storage and sends one answer", async () => {
    const thread = `reload-${++threads}`;
    const { runId, toolCallIds } = await mastra().ask("delete rec-4", thread);
    const call = toolCallIds[0] ?? "";
    const requestId = `${runId}::${call}`;
    const before = page(thread);
    await before.transport.refresh();
    expect(before.client.getRequest(requestId)?.kind).toBe("approval");
    before.close();

    const after = page(thread);
    await after.transport.refresh();
    expect(after.client.getRequest(requestId)).toMatchObject({
      state: "open",
      kind: "approval",
      toolName: "delete_file",
    });
    expect(after.client.getRequest(requestId)?.payload).toMatchObject({ input: { path: "rec-4" } });
    after.client.answer(requestId, { type: "value", value: { decision: "approve" } });
    await until(() => after.client.getRequest(requestId)?.state === "settled", "the approval to settle");
    expect(after.client.getRequest(requestId)?.outcome).toBe("approved");
    expect(answersTo(call).map((a) => a.route)).toEqual(["approve"]);
    expect(mastra().executions.get(`delete_file:${call}`)).toBe(1);
    after.close();
  });
});
