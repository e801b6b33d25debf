import type { InboxListEntry } from "../../src/adapters/inbox/transport";
import { inboxView } from "../../src/adapters/inbox/view";

/** What the inbox list shows: groups, their order, unread counts. */

const entry = (
  id: string,
  extra: Partial<Omit<InboxListEntry, "request">> & { source?: string; conversation?: string } = {},
): InboxListEntry => ({
  request: { requestId: id, callId: id, toolName: "t", prompt: id, kind: "approval", payload: {} },
  state: "open",
  parkedAt: 0,
  ...extra,
});

const NOW = 1_000_000;
const HOUR = 60 * 60 * 1000;

describe("inboxView", () => {
  it("given entries from several places, should group them by source and conversation, longest waiting first", () => {
    const view = inboxView(
      [
        entry("b1", { source: "mcp", conversation: "b", parkedAt: 20 }),
        entry("a1", { source: "langgraph", conversation: "a", parkedAt: 10 }),
        entry("a2", { source: "langgraph", conversation: "a", parkedAt: 30 }),
        entry("c1", { source: "langgraph", conversation: "c", parkedAt: 5, state: "answered" }),
        entry("x1", { parkedAt: 40 }),
      ],
      { now: NOW, seen: new Set() },
    );
    expect(
      view.groups.map((group) => [group.source, group.conversation, group.entries.map((e) => e.request.requestId)]),
    ).toEqual([
      ["langgraph", "a", ["a1", "a2"]],
      ["mcp", "b", ["b1"]],
      ["inbox", undefined, ["x1"]],
      // Nothing open: after every group that waits, however old.
      ["langgraph", "c", ["c1"]],
    ]);
    expect(view.ordered.map((e) => e.request.requestId)).toEqual(["a1", "a2", "b1", "x1", "c1"]);
    expect(view.open).toBe(4);
  });

  it("given expiries, should put what expires soonest first, in its group and among groups", () => {
    const view = inboxView(
      [
        entry("old", { conversation: "a", parkedAt: 1 }),
        entry("later", { conversation: "a", parkedAt: 2, expiresAt: NOW + 50 * 60_000 }),
        entry("soon", { conversation: "b", parkedAt: 3, expiresAt: NOW + 5 * 60_000 }),
        entry("far", { conversation: "c", parkedAt: 0, expiresAt: NOW + 3 * HOUR }),
      ],
      { now: NOW, seen: new Set() },
    );
    expect(view.groups.map((group) => group.conversation)).toEqual(["b", "a", "c"]);
    expect(view.groups[1]?.entries.map((e) => e.request.requestId)).toEqual(["later", "old"]);
    expect(view.groups[0]?.expiresSoonAt).toBe(NOW + 5 * 60_000);
    expect(view.groups[2]?.expiresSoonAt).toBeUndefined();
  });

  it("given some requests opened in this browser, should count the others as unread, and settled ones never", () => {
    const view = inboxView(
      [
        entry("r1", { conversation: "a" }),
        entry("r2", { conversation: "a" }),
        entry("r3", { conversation: "b" }),
        entry("r4", { conversation: "b", state: "expired" }),
      ],
      { now: NOW, seen: new Set(["r2"]) },
    );
    expect(view.groups.map((group) => [group.conversation, group.unread, group.open])).toEqual([
      ["a", 1, 2],
      ["b", 1, 1],
    ]);
    expect(view.unread).toBe(2);
  });

  it("given nothing listed, should show nothing", () => {
    expect(inboxView([], { now: NOW, seen: new Set() })).toEqual({ groups: [], open: 0, unread: 0, ordered: [] });
  });
});

describe("the inbox transport's calls", () => {
  it("given two conversations that use the same call id, should keep their requests apart (one call each)", async () => {
    const { createInboxTransport } = await import("../../src/adapters/inbox/transport");
    const listed = (id: string, conversation: string) => ({
      request: { requestId: id, callId: "call_1", toolName: "pick_tags", prompt: id, kind: "approval", payload: {} },
      state: "open",
      parkedAt: 1,
      source: "eve",
      conversation,
    });
    const body = JSON.stringify({ entries: [listed("r1", "session-a"), listed("r2", "session-b")] });
    const transport = createInboxTransport({ url: "http://app.test/inbox", fetch: async () => new Response(body) });
    await transport.refresh();
    const calls = transport.getEntries().map((entry) => entry.request.callId);
    expect(new Set(calls).size).toBe(2);
    expect(calls[0]).toContain("session-a");
    transport.close();
  });
});
