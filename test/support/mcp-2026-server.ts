import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, type McpServer } from "@modelcontextprotocol/server";

/**
 * A real MCP server on the TypeScript SDK v2 (`@modelcontextprotocol/server`), served the way the
 * SDK recommends — `createMcpHandler` (2026-07-28 requests, and 2025 ones statelessly) — over
 * `node:http` on 127.0.0.1. The SDK's Node adapter (`@modelcontextprotocol/node`) stops at 2.1,
 * so a few lines here hand each request to the handler's `fetch`. Counts the POSTs it served.
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
    void serve(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    if (request.method === "POST" && body) {
      try {
        const message = JSON.parse(body.toString("utf8")) as { method?: unknown };
        if (typeof message.method === "string") methods.push(message.method);
      } catch {
        methods.push("(unreadable)");
      }
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const answer = await handler.fetch(
      new Request(`http://${request.headers.host}${request.url}`, {
        method: request.method,
        headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
      }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (answer.body) for await (const chunk of answer.body) response.write(chunk);
    response.end();
  };
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
