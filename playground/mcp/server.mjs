/**
 * The playground's MCP server: a real `@modelcontextprotocol/sdk` server over Streamable HTTP on
 * 127.0.0.1 (no network), whose tools ask the person through elicitation:
 *   - `book_table`: a form with every field type the spec allows;
 *   - `pick_image`: a rich media picker (the kit's hint) with a flat-form fallback;
 *   - `connect_account`: URL mode — a consent page this server serves, completed when visited.
 * It also serves the 2026-07-28 revision at `/mcp-2026` (the SDK v2; `server-2026.mjs`).
 * It imports the kit as an MCP server author would (`hitl-kit/server`, `hitl-kit/kinds`), from
 * dist/ (`npm run build` first). Run alone: `node playground/mcp/server.mjs [port]`.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { mediaKind } from "hitl-kit/kinds";
import { elicitationFor, readElicitResult } from "hitl-kit/server";
import { serveFetch } from "./fetch-bridge.mjs";
import { createMcp2026Endpoint } from "./server-2026.mjs";

const MEDIA = ["alpine-lake", "autumn-road", "city-night", "desert-dunes", "forest-mist", "lighthouse"];

/** Every field type of the spec's elicitation subset. */
export const BOOKING_SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", description: "Who the table is for", minLength: 2, maxLength: 60 },
    email: { type: "string", title: "Email", format: "email" },
    website: { type: "string", title: "Website", format: "uri" },
    date: { type: "string", title: "Date", format: "date" },
    arrival: {
      type: "string",
      title: "Arrival",
      description: "RFC 3339, e.g. 2025-06-01T19:30:00Z",
      format: "date-time",
    },
    guests: { type: "integer", title: "Guests", minimum: 1, maximum: 12, default: 2 },
    budget: { type: "number", title: "Budget per person", minimum: 0 },
    terrace: { type: "boolean", title: "Terrace", default: false },
    seating: { type: "string", title: "Seating", enum: ["window", "bar", "booth"] },
    menu: { type: "string", title: "Menu", enum: ["std", "veg"], enumNames: ["Standard", "Vegetarian"] },
    occasion: {
      type: "string",
      title: "Occasion",
      oneOf: [
        { const: "none", title: "Nothing special" },
        { const: "birthday", title: "Birthday" },
      ],
    },
    allergies: { type: "array", title: "Allergies", items: { type: "string", enum: ["nuts", "gluten", "dairy"] } },
    courses: {
      type: "array",
      title: "Courses",
      items: {
        anyOf: [
          { const: "starter", title: "Starter" },
          { const: "main", title: "Main" },
          { const: "dessert", title: "Dessert" },
        ],
      },
      minItems: 1,
      maxItems: 3,
    },
  },
  required: ["name", "email", "guests", "courses"],
};

const text = (value) => ({
  content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }],
});

/** One MCP server per session (the SDK's stateful Streamable HTTP pattern). */
function createMcpServer(origin, consents) {
  const server = new McpServer({ name: "hitl-kit-playground", version: "1.0.0" });

  server.registerTool(
    "book_table",
    { description: "Books a table; asks the person for the details." },
    async (extra) => {
      const result = await server.server.elicitInput(
        { mode: "form", message: "Book a table: who, when, and how?", requestedSchema: BOOKING_SCHEMA },
        { relatedRequestId: extra.requestId },
      );
      return text(result);
    },
  );

  server.registerTool("pick_image", { description: "Asks which image to use for the cover." }, async (extra) => {
    const ui = {
      kind: "media",
      // Same-origin paths: the chat page serves /media.
      items: MEDIA.map((id) => ({ id, url: `/media/${id}.svg`, alt: id.replace(/-/g, " ") })),
    };
    const ask = elicitationFor(mediaKind, ui, { message: "Which image should be the cover?" });
    if (!ask.ok) return text(ask.message);
    const result = await server.server.elicitInput(ask.params, { relatedRequestId: extra.requestId });
    return text(readElicitResult(mediaKind, ask.request, result));
  });

  server.registerTool(
    "connect_account",
    { description: "Connects an account out of band (URL mode)." },
    async (extra) => {
      const elicitationId = randomUUID();
      const done = new Promise((resolve) => consents.set(elicitationId, resolve));
      const result = await server.server.elicitInput(
        {
          mode: "url",
          message: "Connect your calendar account to continue.",
          elicitationId,
          url: `${origin.self}/consent/${elicitationId}`,
        },
        { relatedRequestId: extra.requestId },
      );
      if (result.action !== "accept") {
        consents.delete(elicitationId);
        return text(result);
      }
      // Accepted: the person opened the page. The flow completes when they confirm there.
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 120_000))]);
      await server.server.createElicitationCompletionNotifier(elicitationId)();
      return text({ action: "accept", connected: consents.has(elicitationId) === false });
    },
  );

  return server;
}

/** Starts the server; resolves once listening. `stop()` closes every session. */
export async function startMcpServer({ port = 0, log = () => {} } = {}) {
  const sessions = new Map();
  const consents = new Map();
  const origin = { self: "" };
  const modern = createMcp2026Endpoint({ origin });

  const http = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname === "/mcp-2026") {
        await serveFetch(modern.handler.fetch, req, res);
        return;
      }
      if (url.pathname === "/mcp-2026/retries") {
        // What the 2026 tool's retries carried, for the tests to count (one per round).
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(modern.retries));
        return;
      }
      if (url.pathname === "/deposit") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<!doctype html><title>Deposit</title><h1>Deposit paid</h1><p>You can close this tab.</p>");
        return;
      }
      const consent = /^\/consent\/([\w-]+)$/.exec(url.pathname);
      if (consent) {
        const finish = consents.get(consent[1]);
        consents.delete(consent[1]);
        finish?.();
        res.writeHead(finish ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
        res.end(
          finish
            ? "<!doctype html><title>Connected</title><h1>Calendar connected</h1><p>You can close this tab.</p>"
            : "<!doctype html><title>Unknown</title><h1>This link has expired</h1>",
        );
        return;
      }
      if (url.pathname !== "/mcp") {
        res.writeHead(404).end();
        return;
      }
      const sessionId = req.headers["mcp-session-id"];
      const body = req.method === "POST" ? await readJson(req) : undefined;
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (!transport) {
        if (typeof sessionId === "string") {
          // The spec's answer to a session the server no longer has: 404, which tells the client to
          // initialize a new one. A 400 here would read as the client's mistake, and hide the loss.
          log(`[mcp] ${req.method} for unknown session ${sessionId}: 404`);
          reply(res, 404, -32001, "Session not found");
          return;
        }
        if (req.method !== "POST" || !isInitializeRequest(body)) {
          // Before its initialize came back, a client has no session to send: a request without
          // one is the client's mistake (it called too early), not a lost session.
          log(`[mcp] ${req.method} ${describe(body)} without a session: 400`);
          reply(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
          return;
        }
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => sessions.set(id, transport),
        });
        transport.onclose = () => {
          if (transport.sessionId) sessions.delete(transport.sessionId);
        };
        await createMcpServer(origin, consents).connect(transport);
      }
      await transport.handleRequest(req, res, body);
    } catch (error) {
      log(`[mcp] ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise((resolve) => http.listen(port, "127.0.0.1", resolve));
  const address = http.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  // The consent page is offered as http on localhost: the one non-https origin the kit allows.
  origin.self = `http://localhost:${actualPort}`;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/mcp`,
    async stop() {
      for (const transport of sessions.values()) await transport.close().catch(() => {});
      await modern.handler.close?.();
      await new Promise((resolve) => http.close(resolve));
      http.closeAllConnections?.();
    },
  };
}

function reply(res, status, code, message) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** The JSON-RPC method(s) of a body, for the log. */
function describe(body) {
  const messages = Array.isArray(body) ? body : [body];
  return messages.map((message) => message?.method ?? (message?.id !== undefined ? "response" : "?")).join(",");
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      data += chunk;
      if (data.length > 1_000_000) reject(new Error("request too large"));
    });
    req.on("end", () => {
      try {
        resolve(data ? JSON.parse(data) : undefined);
      } catch (error) {
        reject(error);
      }
    });
    req.on("error", reject);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.MCP_PORT ?? 3032);
  const server = await startMcpServer({ port, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`MCP server ${server.url}\n`);
}
