import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";
import { serveFetch } from "../../playground/mcp/fetch-bridge.mjs";

/**
 * A real MCP server on the TypeScript SDK v2 (`@modelcontextprotocol/server`), served the way the
 * SDK recommends — `createMcpHandler` (2026-07-28 requests, and 2025 ones statelessly) — over
 * `node:http` on 127.0.0.1 (the playground's `serveFetch`). Records the method of each POST.
 */
export interface Mcp2026Server {
  /** The MCP endpoint (`http://127.0.0.1:port/mcp`). */
  readonly url: URL;
  /** The JSON-RPC methods of every POST served, in order. */
  readonly methods: string[];
  close(): Promise<void>;
}

export async function startMcp2026Server(build: () => McpServer): Promise<Mcp2026Server> {
  const handler = createMcpHandler(() => build());
  const methods: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      if (request.method === "POST") methods.push(methodOf(body));
      serveFetch(handler.fetch, request, response, body).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    methods,
    async close() {
      await handler.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A v2 `Client` as the rounds transport needs it — pinned to 2026-07-28, in manual mode, form and
 * URL elicitation declared — connected to `url`.
 */
export async function connectRoundsClient(url: URL, name = "page"): Promise<Client> {
  const client = new Client(
    { name, version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      inputRequired: { autoFulfill: false },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

function methodOf(body: Buffer): string {
  try {
    const message = JSON.parse(body.toString("utf8")) as { method?: unknown };
    return typeof message.method === "string" ? message.method : "(response)";
  } catch {
    return "(unreadable)";
  }
}
