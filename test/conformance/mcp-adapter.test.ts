import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createMcpTransport } from "../../src/adapters/mcp/transport";
import type { AnswerBody } from "../../src/core/answer";
import { selectRequests } from "../../src/core/ledger";
import { elicitationFor } from "../../src/server/mcp";
import {
  type ConformanceDriver,
  type ConformanceRef,
  conformanceKind,
  runTransportConformance,
} from "../../src/testing/conformance";
import { ledgerOf } from "../support/ledger";
import { pickAnswerOf, pickMapping } from "../support/mcp-pick";

/**
 * The MCP adapter through the conformance suite, on the real SDK: an `McpServer` elicits with
 * the kit's hint for the suite's `pick` kind; the client is the kit. What the server received
 * is counted on the wire: every JSON-RPC response to an elicitation, so a second answer would
 * show even though the SDK drops it.
 */

const driver: ConformanceDriver = {
  name: "createMcpTransport (MCP elicitation, @modelcontextprotocol/sdk in-memory)",
  skip: {
    twoTabs: "an elicitation is a JSON-RPC request to one client connection; another tab has its own connection",
    laggingTab: "as twoTabs: a second page never sees another connection's requests",
    reloadArrived: "a reload closes the connection; the server's request ends with it (the 'connection closes' test)",
    reloadNeverArrived: "as reloadArrived",
    dropBefore: "a JSON-RPC response has no delivery receipt; a lost one surfaces on the server as a timeout",
    dropAfter: "as dropBefore",
    refused: "MCP has no refusal of a response: the SDK sends it once",
    transient: "as refused",
    replyInTwoTabs: "MCP has no chat: an elicitation is answered only by its result",
    twoDevices: "an elicitation goes to one client connection: another device never sees it",
  },
  async createServer() {
    const server = new McpServer({ name: "conformance", version: "1.0.0" });
    const client = new Client({ name: "page", version: "1.0.0" });
    const transport = createMcpTransport(client, { kinds: ["pick"], mappings: { pick: pickMapping as never } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // Every response the server receives, by JSON-RPC id, and every elicitation it sent (for replays).
    const responses = new Map<string | number, JSONRPCMessage[]>();
    const sent = new Map<string | number, JSONRPCMessage>();
    const deliver = serverSide.send.bind(serverSide);
    serverSide.send = async (message, options) => {
      if (
        "method" in message &&
        message.method === "elicitation/create" &&
        "id" in message &&
        message.id !== undefined
      ) {
        sent.set(message.id, message);
      }
      return deliver(message, options);
    };
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const receive = serverSide.onmessage;
    serverSide.onmessage = (message, extra) => {
      if ("id" in message && message.id !== undefined && !("method" in message)) {
        responses.set(message.id, [...(responses.get(message.id) ?? []), message]);
      }
      receive?.(message, extra);
    };

    interface Asked {
      readonly jsonRpcId: string | number;
      readonly controller: AbortController;
      settled: boolean;
    }
    const asked = new Map<string, Asked>();
    const known = () => selectRequests(ledgerOf(transport).getSnapshot()).map((r) => r.requestId);

    return {
      async ask(ids) {
        const before = new Set(known());
        const elicitation = elicitationFor(
          conformanceKind,
          { kind: "pick", ids: [...ids] },
          {
            message: "Pick one",
            mapping: pickMapping,
          },
        );
        if (!elicitation.ok) throw new Error(elicitation.message);
        const controller = new AbortController();
        const jsonRpcIds = new Set(sent.keys());
        const entry: Asked = { jsonRpcId: -1, controller, settled: false };
        void server.server
          .elicitInput(elicitation.params, { signal: controller.signal })
          .catch(() => undefined)
          .finally(() => {
            entry.settled = true;
          });
        for (let i = 0; i < 200 && known().every((id) => before.has(id)); i++)
          await new Promise((r) => setTimeout(r, 2));
        const requestId = known().find((id) => !before.has(id));
        const jsonRpcId = [...sent.keys()].find((id) => !jsonRpcIds.has(id));
        if (requestId === undefined || jsonRpcId === undefined) throw new Error("the elicitation never arrived");
        asked.set(requestId, Object.assign(entry, { jsonRpcId }));
        return { requestId, callId: requestId };
      },
      connect: () => ({
        transport,
        replay: async () => {
          for (const message of sent.values()) await deliver(message);
        },
        pause: () => {},
        close: () => {},
      }),
      received(ref: ConformanceRef): readonly AnswerBody[] {
        const entry = asked.get(ref.requestId);
        return (responses.get(entry?.jsonRpcId ?? -1) ?? []).map((message) =>
          pickAnswerOf("result" in message ? message.result : {}),
        );
      },
      toolResults: (ref) => (asked.get(ref.requestId)?.settled ? 1 : 0),
      strays: () => 0,
      failNext: () => {
        throw new Error("not expressible over MCP (skipped)");
      },
      withdraw: (ref) => asked.get(ref.requestId)?.controller.abort("the tool gave up"),
      idle: () => new Promise((resolve) => setTimeout(resolve, 15)),
      async close() {
        transport.close();
        await client.close();
        await server.close();
      },
    };
  },
};

runTransportConformance({ describe, it }, driver);
