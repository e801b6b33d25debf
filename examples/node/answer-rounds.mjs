#!/usr/bin/env node
/**
 * MCP 2026-07-28 from plain Node: the playground server's `/mcp-2026` tool asks inside its result
 * (two questions in round 1, a URL step in round 2). The kit drives the rounds on the SDK v2's
 * `Client` in manual mode — and the call outlives its process: the first "process" answers one
 * question and stores the waiting call as JSON; a second client restores it from that JSON,
 * answers the rest, and the server gets ONE retry per round.
 *
 *   npm run build && node playground/mcp/server.mjs             # terminal 1
 *   node examples/node/answer-rounds.mjs [mcp-2026-url]         # terminal 2
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpRoundsTransport } from "hitl-kit/adapters/mcp/transport";
import { createHitlClient, selectRequests } from "hitl-kit/core";
import { formKind, mediaKind, openUrlKind } from "hitl-kit/kinds";

const url = process.argv[2] ?? process.env.MCP_URL ?? "http://127.0.0.1:3032/mcp-2026";
const print = (line = "") => process.stdout.write(`${line}\n`);
const value = (v) => ({ type: "value", value: v });

/** A "process": a v2 client pinned to 2026-07-28 in manual mode, the rounds transport, a mounted kit client. */
async function open() {
  const mcp = new Client(
    { name: "hitl-kit-node-example", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      inputRequired: { autoFulfill: false },
    },
  );
  await mcp.connect(new StreamableHTTPClientTransport(new URL(url))).catch((error) => {
    throw new Error(`cannot reach ${url} (${error.message}); start it: node playground/mcp/server.mjs`);
  });
  const transport = createMcpRoundsTransport(mcp, { kinds: ["media"] });
  const kit = createHitlClient({ transport, kinds: [formKind, mediaKind, openUrlKind] });
  const unmount = kit.mount();
  const close = async () => {
    unmount();
    transport.close();
    await mcp.close();
  };
  return { transport, kit, close };
}

/** The open request of `kind`, once it parks. */
function next(kit, kind, timeoutMs = 10_000) {
  const find = () => selectRequests(kit.store.getSnapshot()).find((r) => r.kind === kind && r.state === "open");
  return new Promise((resolve, reject) => {
    const check = () => {
      const request = find();
      if (!request) return;
      unsubscribe();
      clearTimeout(timer);
      resolve(request);
    };
    const unsubscribe = kit.store.subscribe(check);
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no ${kind} request in ${timeoutMs} ms`));
    }, timeoutMs);
    check();
  });
}

async function main() {
  // The first process: calls the tool, answers the cover, stores the waiting call, and stops.
  const first = await open();
  print(`connected to ${url}`);
  const lost = first.transport.callTool({ name: "plan_event", arguments: { title: "Team offsite" } });
  lost.catch(() => {}); // this process stops before the call ends: its promise rejects on close
  const cover = await next(first.kit, "media");
  print(`round 1 asks: ${cover.prompt} + ${(await next(first.kit, "form")).prompt}`);
  print(`answer the cover: ${first.kit.answer(cover.requestId, value({ selected: ["city-night"] })).status}`);
  await first.kit.whenIdle();
  const stored = JSON.stringify(first.transport.snapshot()[0]);
  print(
    `stored the waiting call (${stored.length} bytes of JSON), answers so far: ${Object.keys(JSON.parse(stored).answers).join(", ")}`,
  );
  await first.close();

  // The second process: restores it from the JSON and answers the rest.
  const second = await open();
  const done = second.transport.restore(JSON.parse(stored));
  const details = await next(second.kit, "form");
  print(`restored: round ${JSON.parse(stored).round} still asks: ${details.prompt}`);
  print(
    `answer the details: ${second.kit.answer(details.requestId, value({ values: { guests: 8, catering: true } })).status}`,
  );
  const deposit = await next(second.kit, "open-url");
  print(`round 2 asks: ${deposit.prompt} (${deposit.payload.url.replace(/:\d+/, ":<port>")})`);
  print(`open it: ${second.kit.answer(deposit.requestId, value({ opened: true })).status}`);
  const result = await done;
  print(`plan_event result: ${result.content.map((part) => part.text).join("\n")}`);
  await second.close();
}

try {
  await main();
} catch (error) {
  console.error(`\nfailed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
