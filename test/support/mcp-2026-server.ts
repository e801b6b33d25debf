import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, createRequestStateCodec, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { serveFetch } from "../../playground/mcp/fetch-bridge.mjs";
import { mediaKind } from "../../src/kinds/media";
import { elicitationFor, readElicitResult } from "../../src/server/mcp";

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

/** `port`: a port to listen on again (a restarted server); a free one by default. */
export async function startMcp2026Server(build: () => McpServer, port = "0"): Promise<Mcp2026Server> {
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
  await new Promise<void>((resolve) => server.listen(Number(port), "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${address.port}/mcp`),
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

export const IMAGES = {
  kind: "media",
  items: [
    { id: "lake", url: "https://img.example/lake.png", alt: "A lake" },
    { id: "dunes", url: "https://img.example/dunes.png", alt: "Dunes" },
  ],
} as const;

export interface Retry {
  readonly round: number;
  readonly responses: Record<string, unknown>;
}

/** The server's state seal: one key for the server (the SDK builds a new `McpServer` per request). */
const codec = createRequestStateCodec<{ round: number }>({ key: randomBytes(32) });

/**
 * The 2026 test server's tool \`plan_event\`: two questions in round 1 (a picker from the kit's hint
 * and a plain form), a URL step in round 2, then a summary of the answers; and \`too_many\`, which
 * asks more than the kit reads. Every retry it gets is pushed to \`retries\`, by round; its
 * \`requestState\` is sealed by the SDK's codec, so a state not echoed byte for byte is refused.
 */
export function buildPlanEventServer(retries: Retry[]) {
  const server = new McpServer(
    { name: "rounds", version: "1.0.0" },
    { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
  );
  const ask = elicitationFor(mediaKind, IMAGES, { message: "Which image?" });
  if (!ask.ok) throw new Error(ask.message);
  // Two questions in round 1 (a picker from the kit's hint and a plain form), a URL step in round 2.
  server.registerTool("plan_event", { inputSchema: z.object({ title: z.string() }) }, async ({ title }, ctx) => {
    const state = ctx.mcpReq.requestState<{ round: number }>();
    const responses = (ctx.mcpReq.inputResponses ?? {}) as Record<string, unknown>;
    if (state) retries.push({ round: state.round, responses });
    if (!state) {
      return inputRequired({
        inputRequests: {
          image: inputRequired.elicit(ask.params as never),
          catering: inputRequired.elicit({
            message: `Catering for ${title}?`,
            requestedSchema: {
              type: "object",
              properties: { catering: { type: "boolean", title: "Catering" } },
            },
          }),
        },
        requestState: await codec.mint({ round: 1 }),
      });
    }
    if (state.round === 1) {
      return inputRequired({
        inputRequests: {
          payment: inputRequired.elicitUrl({ message: "Pay the deposit", url: "https://pay.example/deposit" }),
        },
        requestState: await codec.mint({ round: 2 }),
      });
    }
    const first = retries.find((retry) => retry.round === 1)?.responses ?? {};
    const summary = {
      image: readElicitResult(mediaKind, ask.request, first.image),
      catering: first.catering,
      payment: responses.payment,
    };
    return { content: [{ type: "text", text: JSON.stringify(summary) }] };
  });
  server.registerTool("too_many", { inputSchema: z.object({}) }, async () =>
    inputRequired({
      inputRequests: Object.fromEntries(
        Array.from({ length: 17 }, (_, index) => [
          `q${index}`,
          inputRequired.elicit({ message: `Question ${index}`, requestedSchema: { type: "object", properties: {} } }),
        ]),
      ),
    }),
  );
  return server;
}
