#!/usr/bin/env node
/**
 * `npm start`: sets up a fresh clone and starts the playground — a local eve agent with a
 * scripted, network-free model (Node 24), a local MCP server whose tools elicit, a local LangGraph
 * API server (its graph asks through the kit; a scripted chat model), and the chat pages (Vite; it
 * also serves the AI SDK page's `/api/chat` route and the TanStack AI page's `/api/tanstack-ai`
 * route) — then prints the URLs. Ctrl-C stops everything.
 * A Mastra server (`@mastra/hono`, a scripted model) serves the Mastra page.
 * Ports: PLAYGROUND_PORT (5173), EVE_PORT (3031), MCP_PORT (3032), LANGGRAPH_PORT (3033), MASTRA_PORT (3034).
 */
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pagePort = Number(process.env.PLAYGROUND_PORT ?? 5173);
const evePort = Number(process.env.EVE_PORT ?? 3031);
const mcpPort = Number(process.env.MCP_PORT ?? 3032);
const langgraphPort = Number(process.env.LANGGRAPH_PORT ?? 3033);
const mastraPort = Number(process.env.MASTRA_PORT ?? 3034);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed`);
    process.exit(1);
  }
}

// 1. Dependencies (and the Node 24 binary eve needs). Imported only after this, since the
//    eve-server module and Vite come from node_modules.
run(process.execPath, ["scripts/setup.mjs"]);
// 2. The agent imports the kit the way users do (`hitl-kit/server`), i.e. from dist/.
console.log("\n▸ Building the kit (dist/)");
run("npm", ["run", "build", "--silent"]);

// 3. The eve server: state kept in playground/.state so conversations survive a restart.
const { startEveServer, STATE_ROOT } = await import("../playground/scripts/eve-server.mjs");
console.log(`\n▸ Starting the eve agent on 127.0.0.1:${evePort} (first run builds it, ~15 s)`);
const eve = await startEveServer({ port: evePort, stateDir: join(STATE_ROOT, "playground"), keepState: true });

// 4. The MCP server (in this process): tools that ask through elicitation.
const { startMcpServer } = await import("../playground/mcp/server.mjs");
const mcp = await startMcpServer({ port: mcpPort, log: (line) => console.error(line) });

// 5. The LangGraph API server (its threads kept in playground/.state/langgraph), behind the proxy
//    that counts resumes, on LANGGRAPH_PORT.
const { startLangGraphServer } = await import("../playground/langgraph/server.mjs");
console.log(`\n▸ Starting the LangGraph server on 127.0.0.1:${langgraphPort}`);
const langgraph = await startLangGraphServer({
  port: langgraphPort,
  stateDir: join(STATE_ROOT, "langgraph"),
  log: (line) => console.error(line),
});

// 6. The Mastra server (in this process; the agent is TypeScript, loaded through tsx).
const { tsImport } = await import("tsx/esm/api");
const { startMastraServer } = await tsImport("../playground/mastra/agent.ts", import.meta.url);
console.log(`\n▸ Starting the Mastra server on 127.0.0.1:${mastraPort}`);
const mastra = await startMastraServer({ port: mastraPort });

// 7. The chat pages, proxying /eve, /mcp, /langgraph and /mastra to those servers.
const page = spawn("npx", ["--no-install", "vite", "--config", "playground/web/vite.config.ts"], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    PLAYGROUND_PORT: String(pagePort),
    EVE_PORT: String(eve.port),
    MCP_PORT: String(mcp.port),
    LANGGRAPH_PORT: String(langgraph.port),
    MASTRA_PORT: String(mastra.port),
    // The config imports the kit's sources (the cross-device guard), written for bundlers without
    // file extensions; Vite's default config loader bundles them fine, and its notice about a
    // future loader that would not is a page of noise in a new user's first run.
    VITE_CONFIG_NATIVE_IGNORE_WARNING: "true",
  },
  detached: true,
});
let announced = false;
page.stdout.on("data", (chunk) => {
  // Colour escapes stripped: npm start at a terminal gets Vite's coloured banner.
  if (!announced && /ready in|Local:/i.test(stripVTControlCharacters(String(chunk)))) {
    announced = true;
    console.log(`\n✓ hitl-kit playground: http://127.0.0.1:${pagePort}/`);
    console.log(`  eve agent ${eve.url} · prompts the model received: ${eve.promptLog}`);
    console.log('  Try "pick media", "fill form" or "delete file". Ctrl-C stops everything.');
    console.log(
      `  AI SDK useChat: http://127.0.0.1:${pagePort}/ai-sdk.html (route in the page server, scripted model)`,
    );
    console.log(
      `  assistant-ui: http://127.0.0.1:${pagePort}/assistant-ui.html (the AI SDK page's route, assistant-ui's thread)`,
    );
    console.log(
      `  TanStack AI useChat: http://127.0.0.1:${pagePort}/tanstack-ai.html (chat() route in the page server, scripted adapter)`,
    );
    console.log(`  MCP elicitation: http://127.0.0.1:${pagePort}/mcp.html (MCP server ${mcp.url})`);
    console.log(
      `  MCP 2026-07-28: http://127.0.0.1:${pagePort}/mcp.html?era=2026 (elicitations inside results, ${mcp.url}-2026)`,
    );
    console.log(
      `  LangGraph useStream: http://127.0.0.1:${pagePort}/langgraph.html (LangGraph API ${langgraph.apiUrl}, resumes counted at ${langgraph.url}/__hitl/resumes)`,
    );
    console.log(
      `  Mastra agent: http://127.0.0.1:${pagePort}/mastra.html (Mastra server ${mastra.url}, answers it received at ${mastra.url}/__hitl/record)`,
    );
    console.log(
      `  Inbox: http://127.0.0.1:${pagePort}/inbox.html (what waits across the eve chats, LangGraph and MCP; kept in ${process.env.HITL_INBOX_DIR || "node_modules/.cache/hitl-playground-inbox"})`,
    );
  }
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(-page.pid, "SIGTERM");
  } catch {
    // already gone
  }
  await langgraph.stop();
  await mastra.stop();
  await mcp.stop();
  await eve.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
page.on("exit", (code) => {
  if (!stopping) {
    console.error(`\n✗ the chat page stopped (exit ${code})`);
    void stop(1);
  }
});
