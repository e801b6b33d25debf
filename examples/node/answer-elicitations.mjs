#!/usr/bin/env node
/**
 * hitl-kit without React: a plain Node script answers an MCP server's elicitations through the
 * kit's framework-free client. No DOM, no build step of its own — the kit is imported by its
 * package subpaths, which resolve through the package's `exports` (self-reference) to dist/.
 *
 *   npm run build && node playground/mcp/server.mjs           # terminal 1
 *   node examples/node/answer-elicitations.mjs [mcp-url]      # terminal 2
 *
 * The URL comes from the argument, else MCP_URL, else the playground server's default.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createMcpTransport } from "hitl-kit/adapters/mcp/transport";
import { createHitlClient, selectRequests } from "hitl-kit/core";
import { formKind, loadPatternEngine, mediaKind } from "hitl-kit/kinds";

const url = process.argv[2] ?? process.env.MCP_URL ?? "http://127.0.0.1:3032/mcp";
const print = (line = "") => process.stdout.write(`${line}\n`);

const mcp = new Client({ name: "hitl-kit-node-example", version: "1.0.0" });
// Before connect: the transport declares elicitation in the client's capabilities. "media" lets
// a request carrying the kit's hint (pick_image) park as a media pick instead of a flat form.
const transport = createMcpTransport(mcp, { kinds: ["media"] });
// The kit's client judges every answer with the request's kind before anything is sent.
const kit = createHitlClient({ transport, kinds: [formKind, mediaKind] });
// Follow the transport (a page's provider does this when it mounts); `unmount()` stops it.
const unmount = kit.mount();

/** The next open request of `kind`: an elicitation arrives while its tool call is in flight. */
function nextRequest(kind, timeoutMs = 10_000) {
  const find = () => selectRequests(kit.store.getSnapshot()).find((r) => r.kind === kind && r.state === "open");
  return new Promise((resolve, reject) => {
    const stop = () => {
      unsubscribe();
      clearTimeout(timer);
    };
    const check = () => {
      const request = find();
      if (!request) return;
      stop();
      resolve(request);
    };
    const unsubscribe = kit.store.subscribe(check);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${kind} request in ${timeoutMs} ms`));
    }, timeoutMs);
    check();
  });
}

/** Prints what `kit.answer` did; a refusal lists each issue as `path: message`. */
function report(label, result) {
  print(`${label}: ${result.status}${result.status === "already-answered" ? ` (${result.state})` : ""}`);
  if (result.status === "refused") {
    for (const { path, message } of result.issues) print(`  - ${path.join(".") || "(answer)"}: ${message}`);
  }
  return result;
}

const value = (v) => ({ type: "value", value: v });
const toolText = (result) => result.content.map((part) => part.text).join("\n");
const booking = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  guests: 4,
  terrace: true,
  seating: "window",
  courses: ["starter", "main"],
};

async function main() {
  // The booking form has pattern fields (uri, date-time), which the kit runs only with its RE2
  // engine, never a backtracking one. A page loads it when a form renders; a script loads it
  // itself, or every form answer is refused ("The pattern engine is not loaded").
  await loadPatternEngine();
  await mcp.connect(new StreamableHTTPClientTransport(new URL(url))).catch((error) => {
    throw new Error(`cannot reach ${url} (${error.message}); start it: node playground/mcp/server.mjs`);
  });
  print(`connected to ${url}`);

  // book_table: the call stays open until its elicitation is answered, so it is awaited last.
  const booked = mcp.callTool({ name: "book_table" });
  const form = await nextRequest("form");
  print(`\nbook_table asks: ${form.prompt}`);
  // Wrong on purpose: refused by the kit itself, so the server never sees them.
  report("answer without the `values` wrapper", kit.answer(form.requestId, value(booking)));
  report("answer with guests as a string", kit.answer(form.requestId, value({ values: { ...booking, guests: "4" } })));
  // The valid answer goes out once; the same answer again (a double click, a second tab) does not.
  const sent = report("valid answer", kit.answer(form.requestId, value({ values: booking })));
  report("same answer again", kit.answer(form.requestId, value({ values: booking })));
  if (!sent.ok) throw new Error("the valid booking was not sent");
  print(`book_table result: ${toolText(await booked)}`);

  // pick_image: the kit's hint makes it a media pick, answered with the chosen ids.
  const picked = mcp.callTool({ name: "pick_image" });
  const media = await nextRequest("media");
  print(`\npick_image asks: ${media.prompt} (${media.payload.items.map((item) => item.id).join(", ")})`);
  const pick = report("pick lighthouse", kit.answer(media.requestId, value({ selected: ["lighthouse"] })));
  if (!pick.ok) throw new Error("the media pick was not sent");
  print(`pick_image result: ${toolText(await picked)}`);
}

try {
  await main();
  unmount();
  await mcp.close();
} catch (error) {
  console.error(`\nfailed: ${error instanceof Error ? error.message : String(error)}`);
  await mcp.close().catch(() => {});
  process.exit(1);
}
