import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { HitlProvider } from "hitl-kit";
import { useMcpHitl } from "hitl-kit/adapters/mcp";
import { useEffect, useState, useSyncExternalStore } from "react";
import { createMcpLink } from "./mcp-link";
import { type LoggedCall, McpPage } from "./mcp-page";

/** The playground MCP server's tools (playground/mcp/server.mjs), each of which elicits. */
const TOOLS = [
  { name: "book_table", label: "Book a table", what: "a form with every field type" },
  { name: "pick_image", label: "Pick an image", what: "a rich media picker (flat form without the kit)" },
  { name: "connect_account", label: "Connect an account", what: "URL mode: consent to open a page" },
] as const;

/** What a call that the lost session took down says: it never ran, or ran without its answer. */
const LOST_CALL = "The MCP server lost the session before this call finished; the page reconnected — call it again.";

/**
 * A minimal MCP host: it connects to the playground's MCP server over Streamable HTTP (proxied
 * same-origin at /mcp) and calls its tools; every elicitation the server sends is answered
 * through the kit's widgets, exactly once.
 */
export function McpApp() {
  const [client] = useState(() => new Client({ name: "hitl-kit-playground", version: "1.0.0" }));
  // Before the client connects: it declares the elicitation modes on connect.
  const transport = useMcpHitl(client, { kinds: ["media"] });
  const [link] = useState(() => createMcpLink(client, new URL("/mcp", window.location.origin)));
  const { status, lost, error } = useSyncExternalStore(link.subscribe, link.getSnapshot);
  const [calls, setCalls] = useState<readonly LoggedCall[]>([]);

  // No cleanup that closes: StrictMode's rehearsal unmount would end the first session and open a
  // second. `start` connects once, and the status follows the connection, not this effect.
  useEffect(() => link.start(), [link]);

  const call = async (tool: string) => {
    const id = Date.now() + Math.random();
    const lostBefore = link.getSnapshot().lost;
    setCalls((previous) => [...previous, { id, tool }]);
    try {
      const result = await client.callTool({ name: tool, arguments: {} }, undefined, { timeout: 10 * 60_000 });
      const content = Array.isArray(result.content) ? result.content : [];
      const text = content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
      setCalls((previous) => previous.map((c) => (c.id === id ? { ...c, result: text } : c)));
    } catch (error) {
      // The SDK's own error (a 404, or "Connection closed" from the reconnect) does not say that
      // the session is gone and a new one is ready.
      const message =
        link.getSnapshot().lost > lostBefore ? LOST_CALL : error instanceof Error ? error.message : String(error);
      setCalls((previous) => previous.map((c) => (c.id === id ? { ...c, error: message } : c)));
    }
  };

  return (
    <HitlProvider transport={transport}>
      <McpPage
        title="hitl-kit · MCP elicitation"
        other={{ href: "/mcp.html?era=2026", label: "MCP 2026-07-28" }}
        status={status}
        calls={calls}
      >
        {status === "disconnected" && (
          <p className="muted" role="alert" data-testid="mcp-error">
            Could not connect: {error}{" "}
            <button type="button" className="button" onClick={() => link.retry()}>
              Reconnect
            </button>
          </p>
        )}
        {lost > 0 && (
          <p className="muted" role="status" data-testid="mcp-session-lost">
            The server lost the session{lost > 1 ? ` (${lost} times)` : ""}: what it had open was withdrawn, and the
            page opened a new one.
          </p>
        )}
        <div className="tool-buttons">
          {TOOLS.map((tool) => (
            <button
              key={tool.name}
              type="button"
              className="button"
              disabled={status !== "connected"}
              onClick={() => void call(tool.name)}
              title={tool.what}
            >
              {tool.label}
            </button>
          ))}
        </div>
      </McpPage>
    </HitlProvider>
  );
}
