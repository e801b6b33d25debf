import { createMcpRoundsTransport, McpRoundsError, type McpRoundsOptions } from "../../src/adapters/mcp/rounds";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { openUrlKind } from "../../src/kinds/open-url";
import type { McpContinuation } from "../../src/wire/mcp-rounds";
import { until } from "../support/langgraph-harness";
import {
  buildPlanEventServer,
  connectRoundsClient,
  type Mcp2026Server,
  type Retry,
  startMcp2026Server,
} from "../support/mcp-2026-server";

/**
 * MCP 2026-07-28's elicitations inside results on the real TypeScript SDK v2: a server built as
 * the SDK recommends (`createMcpHandler`, a tool that asks with `inputRequired(...)` and reads
 * `inputResponses`, its `requestState` sealed by the SDK's codec, so a state not echoed byte for
 * byte is refused) over HTTP on 127.0.0.1, and the v2 `Client` on a 2026 connection in manual
 * mode, driven by the kit. The server records every retry it got, by round.
 */

interface Page {
  readonly kit: HitlClient;
  readonly transport: ReturnType<typeof createMcpRoundsTransport>;
  open(): ParkedRequest[];
  request(key: string): ParkedRequest;
  close(): Promise<void>;
}

let server: Mcp2026Server;
let retries: Retry[];
const pages: Page[] = [];

beforeEach(async () => {
  retries = [];
  const serverRetries = retries;
  server = await startMcp2026Server(() => buildPlanEventServer(serverRetries));
});

afterEach(async () => {
  for (const page of pages.splice(0)) await page.close();
  await server.close();
});

/** A page: the v2 client pinned to 2026-07-28 in manual mode, the kit's rounds transport over it, a mounted kit client. */
async function openPage(options: McpRoundsOptions = {}): Promise<Page> {
  const mcp = await connectRoundsClient(server.url, "chat");
  expect(mcp.getNegotiatedProtocolVersion()).toBe("2026-07-28");
  const transport = createMcpRoundsTransport(mcp, { kinds: ["media"], ...options });
  const kit = createHitlClient({ transport, kinds: [formKind, mediaKind, openUrlKind] });
  const unmount = kit.mount();
  const open = () => selectRequests(kit.store.getSnapshot()).filter((request) => request.state === "open");
  const page: Page = {
    kit,
    transport,
    open,
    request(key) {
      const found = selectRequests(kit.store.getSnapshot()).find((request) => request.requestId.endsWith(`:${key}`));
      if (!found) throw new Error(`no request for ${key}`);
      return found;
    },
    async close() {
      unmount();
      transport.close();
      await mcp.close();
    },
  };
  pages.push(page);
  return page;
}

const openKeysOf = (page: Page) => page.open().map((request) => request.requestId.split(":").at(-1));
const PLAN = { name: "plan_event", arguments: { title: "Offsite" } };

describe("MCP 2026 rounds on the SDK v2, driven by the kit", { timeout: 20_000 }, () => {
  it("parks each round as one batch, retries ONCE per round with every answer keyed as asked, and resolves the call once", async () => {
    const page = await openPage();
    const done = page.transport.callTool(PLAN);

    await until(() => page.open().length === 2, "round 1's two requests");
    expect(openKeysOf(page)).toEqual(["image", "catering"]);
    // The kit's hint made a picker of the first; the second is a plain form.
    expect(page.request("image").kind).toBe("media");
    expect(page.request("catering").kind).toBe("form");

    expect(page.kit.answer(page.request("image").requestId, { type: "value", value: { selected: ["dunes"] } })).toEqual(
      {
        ok: true,
        status: "sent",
      },
    );
    await page.kit.whenIdle();
    expect(retries, "no retry while a key of the round is open").toEqual([]);

    page.kit.answer(page.request("catering").requestId, { type: "value", value: { values: { catering: true } } });
    await until(() => page.open().length === 1, "round 2's URL step");
    expect(page.request("payment").kind).toBe("open-url");
    expect(page.request("image").outcome).toBe("answered");
    expect(page.request("catering").outcome).toBe("answered");

    page.kit.answer(page.request("payment").requestId, { type: "value", value: { opened: true } });
    const result = await done;
    const summary = JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? "{}");
    expect(summary).toEqual({
      image: { status: "answered", value: { selected: ["dunes"] } },
      catering: { action: "accept", content: { catering: true } },
      payment: { action: "accept" },
    });
    expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
    expect(server.methods.filter((method) => method === "tools/call")).toHaveLength(3);
    await page.kit.whenIdle();
    expect(page.request("payment").outcome).toBe("answered");
    expect(page.transport.snapshot()).toEqual([]);
  });

  it("sends a decline and a dismissal as answers of the round (decline with the person's reason)", async () => {
    const page = await openPage();
    const done = page.transport.callTool(PLAN);
    await until(() => page.open().length === 2, "round 1");
    page.kit.answer(page.request("image").requestId, { type: "declined", reason: "none fit" });
    page.kit.answer(page.request("catering").requestId, { type: "dismissed" });
    await until(() => retries.length === 1, "round 1's retry");
    expect(retries[0]?.responses).toEqual({
      image: { action: "decline", _meta: { "dev.hitl-kit/reason": "none fit" } },
      catering: { action: "cancel" },
    });
    await until(() => page.open().length === 1, "round 2");
    expect(page.request("catering").outcome).toBe("cancelled");
    page.kit.answer(page.request("payment").requestId, { type: "dismissed" });
    await done;
    expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
  });

  it("retries once when the round's last answer is given twice at once (a double click, two renderers)", async () => {
    const page = await openPage();
    // Left waiting on round 2: closing the page ends it (McpRoundsError "closed").
    page.transport.callTool(PLAN).catch(() => {});
    await until(() => page.open().length === 2, "round 1");
    page.kit.answer(page.request("image").requestId, { type: "value", value: { selected: ["lake"] } });
    const catering = page.request("catering").requestId;
    const both = [
      page.kit.answer(catering, { type: "value", value: { values: { catering: false } } }),
      page.kit.answer(catering, { type: "value", value: { values: { catering: true } } }),
    ];
    expect(both.map((result) => result.status)).toEqual(["sent", "already-answered"]);
    // Past the client's gate, straight at the transport: the answered key sends nothing again.
    await until(() => page.open().length === 1, "round 2");
    await expect(
      page.transport.send({
        requestId: catering,
        answer: { type: "value", value: { values: { catering: true } } },
      } as never),
    ).rejects.toThrow(/no longer waiting/);
    expect(retries).toHaveLength(1);
    expect(retries[0]?.responses.catering).toEqual({ action: "accept", content: { catering: false } });
  });

  it("retries once when the round's last answer reaches the transport twice at once (past the client's gate)", async () => {
    const page = await openPage();
    page.transport.callTool(PLAN).catch(() => {});
    await until(() => page.open().length === 2, "round 1");
    page.kit.answer(page.request("image").requestId, { type: "value", value: { selected: ["lake"] } });
    await page.kit.whenIdle();
    const catering = page.request("catering").requestId;
    const send = () =>
      page.transport.send({
        requestId: catering,
        answer: { type: "value", value: { values: { catering: true } } },
      } as never);
    const outcomes = await Promise.all([send(), send()]);
    expect(outcomes.map((outcome) => outcome.type).sort()).toEqual(["accepted", "settled"]);
    await until(() => page.transport.snapshot()[0]?.round === 2, "round 2");
    expect(retries).toHaveLength(1);
  });

  it("stores a half-answered round as JSON; a second page restores it, parks only what is open, and retries once", async () => {
    const stored = new Map<string, McpContinuation | undefined>();
    const first = await openPage({ onContinuation: (id, continuation) => stored.set(id, continuation) });
    const lost = first.transport.callTool(PLAN);
    lost.catch(() => {});
    await until(() => first.open().length === 2, "round 1");
    first.kit.answer(first.request("image").requestId, { type: "value", value: { selected: ["lake"] } });
    await until(() => [...stored.values()].some((c) => c && Object.keys(c.answers).length === 1), "the stored answer");
    const saved = JSON.parse(JSON.stringify(first.transport.snapshot()[0]));
    expect(saved).toEqual([...stored.values()][0]);
    // The page goes away: its call is over here, its stored continuation stays.
    await first.close();
    await expect(lost).rejects.toThrow(McpRoundsError);
    expect([...stored.values()][0]).toBeDefined();

    const second = await openPage({ onContinuation: (id, continuation) => stored.set(id, continuation) });
    const done = second.transport.restore(saved);
    expect(openKeysOf(second)).toEqual(["catering"]);
    expect(second.request("image").outcome).toBe("answered");
    second.kit.answer(second.request("catering").requestId, { type: "value", value: { values: { catering: true } } });
    await until(() => second.open().length === 1, "round 2 on the second page");
    second.kit.answer(second.request("payment").requestId, { type: "value", value: { opened: true } });
    const summary = JSON.parse(((await done).content as Array<{ text: string }>)[0]?.text ?? "{}");
    expect(summary.image.value).toEqual({ selected: ["lake"] });
    expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
    expect([...stored.values()][0], "the call ended: its stored continuation is dropped").toBeUndefined();
  });

  it("two pages restoring one continuation at once: the shared claim lets ONE retry, the other is told", async () => {
    const claimed = new Set<string>();
    const claimRetry = (round: string) => {
      if (claimed.has(round)) return false;
      claimed.add(round);
      return true;
    };
    const origin = await openPage();
    void origin.transport.callTool(PLAN).catch(() => {});
    await until(() => origin.open().length === 2, "round 1");
    origin.kit.answer(origin.request("image").requestId, { type: "value", value: { selected: ["lake"] } });
    await until(() => Object.keys(origin.transport.snapshot()[0]?.answers ?? {}).length === 1, "stored");
    const saved = JSON.parse(JSON.stringify(origin.transport.snapshot()[0]));
    await origin.close();

    const [one, two] = await Promise.all([openPage({ claimRetry }), openPage({ claimRetry })]);
    if (!one || !two) throw new Error("pages");
    const calls = [one.transport.restore(saved), two.transport.restore(saved)].map((call) =>
      call.then(
        () => "final",
        (error: unknown) => (error instanceof McpRoundsError ? error.reason : String(error)),
      ),
    );
    one.kit.answer(one.request("catering").requestId, { type: "value", value: { values: { catering: true } } });
    two.kit.answer(two.request("catering").requestId, { type: "value", value: { values: { catering: false } } });
    await until(() => [one, two].some((page) => page.open().length === 1), "round 2 on the winner");
    const winner = one.open().length === 1 ? one : two;
    winner.kit.answer(winner.request("payment").requestId, { type: "value", value: { opened: true } });
    expect((await Promise.all(calls)).sort()).toEqual(["final", "taken"]);
    expect(retries.map((retry) => retry.round)).toEqual([1, 2]);
  });

  it("refuses a round over the bounds with issues (the fallback, settled invalid) and sends no retry", async () => {
    const page = await openPage();
    await expect(page.transport.callTool({ name: "too_many", arguments: {} })).rejects.toThrow(
      /17 input requests in one round/,
    );
    const [refused] = selectRequests(page.kit.store.getSnapshot());
    expect(refused?.outcome).toBe("invalid");
    expect(refused?.issues?.[0]?.message).toMatch(/over the 16/);
    expect(server.methods.filter((method) => method === "tools/call")).toHaveLength(1);
  });

  it("refuses a stored value that is not a continuation, with issues, before asking the server anything", async () => {
    const page = await openPage();
    const before = server.methods.length;
    await expect(page.transport.restore({ version: 1, id: "x", method: "tools/list" })).rejects.toThrow(
      /method must be one of/,
    );
    expect(server.methods.length).toBe(before);
  });
});
