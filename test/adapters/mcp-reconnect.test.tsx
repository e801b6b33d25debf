import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createMcpTransport, type McpHitlTransport } from "../../src/adapters/mcp/transport";
import { createHitlClient } from "../../src/core/client";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import { formKind } from "../../src/kinds/form";
import { ledgerOf } from "../support/ledger";

/**
 * A client that reconnects after its session was lost (the playground's MCP page does, on a
 * 404): the new session is a new server, whose JSON-RPC ids start at 0 again. The kit must read
 * its requests as new ones, not as replays of the old session's.
 */

const requests = (transport: McpHitlTransport) => selectRequests(ledgerOf(transport).getSnapshot());

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!check()) throw new Error("timed out waiting");
}

async function session(client: Client): Promise<McpServer> {
  const server = new McpServer({ name: "session", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return server;
}

const ask = (server: McpServer, message: string) =>
  server.server.elicitInput({
    mode: "form",
    message,
    requestedSchema: { type: "object", properties: { note: { type: "string", title: "Note" } } },
  });

describe("MCP elicitation across a lost session and a reconnect", () => {
  it("given the client reconnects to a new session, should park that session's requests though their ids repeat", async () => {
    const client = new Client({ name: "chat", version: "1.0.0" });
    const transport = createMcpTransport(client);
    const kit = createHitlClient({ transport, kinds: [formKind], journal: noopJournal });

    const first = await session(client);
    void ask(first, "First session").catch(() => {});
    await until(() => requests(transport).length === 1);
    // The session is lost: the page closes the client, which withdraws what was open.
    await client.close();
    await first.close();
    await until(() => requests(transport)[0]?.state === "settled");
    expect(requests(transport)[0]).toMatchObject({ prompt: "First session", outcome: "withdrawn" });

    const second = await session(client);
    const result = ask(second, "Second session");
    await until(() => requests(transport).length === 2);
    const request = requests(transport)[1]!;
    expect(request).toMatchObject({ prompt: "Second session", state: "open" });
    expect(request.requestId).not.toBe(requests(transport)[0]!.requestId);

    kit.answer(request.requestId, { type: "value", value: { values: { note: "hello" } } });
    await expect(result).resolves.toEqual({ action: "accept", content: { note: "hello" } });
    await client.close();
    await second.close();
  });
});
