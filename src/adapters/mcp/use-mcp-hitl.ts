"use client";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { useTransport } from "../../react/use-transport";
import { createMcpTransport, type McpHitlOptions, type McpHitlTransport } from "./transport";

/**
 * The kit as an MCP client's elicitation handler, for `HitlProvider`:
 *
 *   const [client] = useState(() => new Client({ name: "chat", version: "1.0.0" }));
 *   const transport = useMcpHitl(client, { kinds: ["media", "template"] });
 *   useEffect(() => { void client.connect(new StreamableHTTPClientTransport(url)); }, [client]);
 *   <HitlProvider transport={transport}><HitlRenderer /></HitlProvider>
 *
 * Call it before the client connects (the first render is): the client declares the
 * elicitation modes in its capabilities when it connects.
 */
export function useMcpHitl(client: Client | ClientV2, options: McpHitlOptions = {}): McpHitlTransport {
  // One transport per client (createMcpTransport is idempotent), so StrictMode's second render
  // gets the very transport whose handler is installed; another client, another transport.
  return useTransport(client, options, (latest) => createMcpTransport(client, latest.current));
}
