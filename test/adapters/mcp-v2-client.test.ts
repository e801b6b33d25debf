import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { startMcpServer } from "../../playground/mcp/server.mjs";
import { createMcpTransport } from "../../src/adapters/mcp/transport";
import { createHitlClient, type HitlClient } from "../../src/core/client";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { openUrlKind } from "../../src/kinds/open-url";
import { until } from "../support/langgraph-harness";

/**
 * The kit as the elicitation handler of the SDK v2's `Client` (`createMcpTransport` takes either
 * SDK's), against the playground's real MCP server: on a 2025-11-25 connection the server sends
 * `elicitation/create` itself (the SDK v1 server's `elicitInput`); on 2026-07-28 the client's own
 * round driver (its default `autoFulfill`) hands each embedded request to the same handler and
 * retries once per round.
 */

let server: Awaited<ReturnType<typeof startMcpServer>>;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startMcpServer({ port: 0 });
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function page(mode: "legacy" | { pin: "2026-07-28" }, path: string) {
  const mcp = new Client({ name: "chat", version: "1.0.0" }, { versionNegotiation: { mode } });
  const transport = createMcpTransport(mcp, { kinds: ["media"] });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(path, server.url)));
  const kit: HitlClient = createHitlClient({ transport, kinds: [formKind, mediaKind, openUrlKind] });
  const unmount = kit.mount();
  closers.push(async () => {
    unmount();
    transport.close();
    await mcp.close();
  });
  const requests = () => selectRequests(kit.store.getSnapshot());
  const open = (): ParkedRequest[] => requests().filter((request) => request.state === "open");
  return { mcp, kit, open, requests };
}

const textOf = (result: { content?: unknown }) =>
  ((result.content ?? []) as Array<{ type: string; text?: string }>).map((part) => part.text ?? "").join("");

describe("createMcpTransport on the SDK v2 Client", { timeout: 20_000 }, () => {
  it("on a 2025-11-25 connection: the server's own elicitation parks as the kit's picker and gets one result", async () => {
    const { mcp, kit, open } = await page("legacy", "/mcp");
    expect(mcp.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    const call = mcp.callTool({ name: "pick_image", arguments: {} });
    await until(() => open().length === 1, "the media picker");
    const [request] = open();
    expect(request?.kind).toBe("media");
    const requestId = request?.requestId ?? "";
    expect(kit.answer(requestId, { type: "value", value: { selected: ["lighthouse"] } }).ok).toBe(true);
    expect(kit.answer(requestId, { type: "value", value: { selected: ["city-night"] } }).status).toBe(
      "already-answered",
    );
    expect(JSON.parse(textOf(await call))).toEqual({ status: "answered", value: { selected: ["lighthouse"] } });
  });

  it("on 2026-07-28 in the SDK's automatic mode: each round's requests park together, the SDK retries once per round", async () => {
    const retries = async () =>
      (await (await fetch(new URL("/mcp-2026/retries", server.url))).json()) as Array<{ call: string; round: number }>;
    const before = (await retries()).length;
    const { mcp, kit, open, requests } = await page({ pin: "2026-07-28" }, "/mcp-2026");
    expect(mcp.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const call = mcp.callTool({ name: "plan_event", arguments: { title: "Offsite" } });

    await until(() => open().length === 2, "round 1's two requests");
    const cover = open().find((request) => request.kind === "media");
    const details = open().find((request) => request.kind === "form");
    kit.answer(cover?.requestId ?? "", { type: "value", value: { selected: ["autumn-road"] } });
    await kit.whenIdle();
    expect((await retries()).length - before, "no retry while the round has an open request").toBe(0);
    kit.answer(details?.requestId ?? "", { type: "value", value: { values: { guests: 3, catering: false } } });

    await until(() => open().length === 1, "round 2's deposit step");
    const [deposit] = open();
    expect(deposit?.kind).toBe("open-url");
    kit.answer(deposit?.requestId ?? "", { type: "value", value: { opened: true } });
    expect(JSON.parse(textOf(await call))).toEqual({
      title: "Offsite",
      cover: { status: "answered", value: { selected: ["autumn-road"] } },
      details: { action: "accept", content: { guests: 3, catering: false } },
      deposit: "accept",
    });
    expect((await retries()).slice(before).map((retry) => retry.round)).toEqual([1, 2]);
    // Three requests, each its own (the SDK names them by key; rounds do not collide), each
    // settled — the URL step too, which on 2026 has no completion notice to wait for.
    await kit.whenIdle();
    expect(requests().map((request) => [request.kind, request.state, request.outcome])).toEqual([
      ["media", "settled", "answered"],
      ["form", "settled", "answered"],
      ["open-url", "settled", "answered"],
    ]);
  });
});
