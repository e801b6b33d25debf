import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { HitlProvider } from "hitl-kit";
import { createMcpRoundsTransport, type McpContinuation } from "hitl-kit/adapters/mcp/transport";
import { useCallback, useEffect, useState } from "react";
import { type LoggedCall, McpPage } from "./mcp-page";

/**
 * The MCP page on the 2026-07-28 revision: a v2 SDK `Client` pinned to it, in manual mode, and the
 * kit's rounds transport answering the playground server's `/mcp-2026` tool. Each call waiting on
 * a round is kept in sessionStorage as it changes, so a reload restores it — answers given before
 * stay given, the open ones ask again — and the round is still retried once.
 */

const STORED = "hitl-playground:mcp-2026-calls";

function stored(): Record<string, McpContinuation> {
  try {
    return JSON.parse(sessionStorage.getItem(STORED) ?? "{}") as Record<string, McpContinuation>;
  } catch {
    return {};
  }
}

function keep(id: string, continuation: McpContinuation | undefined) {
  const calls = stored();
  if (continuation) calls[id] = continuation;
  else delete calls[id];
  sessionStorage.setItem(STORED, JSON.stringify(calls));
}

/** The page's one client and transport, made once (outside React: StrictMode renders twice). */
function connectOnce() {
  const client = new Client(
    { name: "hitl-kit-playground", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      inputRequired: { autoFulfill: false },
    },
  );
  const transport = createMcpRoundsTransport(client, { kinds: ["media"], onContinuation: keep });
  const connected = client.connect(new StreamableHTTPClientTransport(new URL("/mcp-2026", window.location.origin)));
  return { transport, connected };
}

let page: ReturnType<typeof connectOnce> | undefined;

export function Mcp2026App() {
  const [{ transport, connected }] = useState(() => {
    page ??= connectOnce();
    return page;
  });
  const [status, setStatus] = useState<"connecting" | "connected" | "disconnected">("connecting");
  const [calls, setCalls] = useState<readonly LoggedCall[]>([]);

  // Shows a call in the log, then its final result or why it ended.
  const follow = useCallback((id: string, call: Promise<Record<string, unknown>>) => {
    setCalls((previous) => (previous.some((c) => c.id === id) ? previous : [...previous, { id, tool: "plan_event" }]));
    call.then(
      (result) => {
        const content = Array.isArray(result.content) ? (result.content as Array<{ text?: string }>) : [];
        const text = content.map((part) => part.text ?? "").join("\n");
        setCalls((previous) => previous.map((c) => (c.id === id ? { ...c, result: text } : c)));
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        setCalls((previous) => previous.map((c) => (c.id === id ? { ...c, error: message } : c)));
      },
    );
  }, []);

  useEffect(() => {
    let live = true;
    connected.then(
      () => {
        if (!live) return;
        setStatus("connected");
        // The calls this tab was answering before a reload: each restored once per page.
        for (const [id, continuation] of Object.entries(stored())) {
          if (transport.snapshot().some((c) => c.id === id)) continue;
          follow(id, transport.restore(continuation));
        }
      },
      () => live && setStatus("disconnected"),
    );
    return () => {
      live = false;
    };
  }, [connected, transport, follow]);

  const plan = () => {
    const id = `call-${Date.now()}`;
    follow(id, transport.callTool({ name: "plan_event", arguments: { title: "Autumn offsite" } }));
  };

  return (
    <HitlProvider transport={transport}>
      <McpPage
        title="hitl-kit · MCP 2026-07-28"
        other={{ href: "/mcp.html", label: "MCP 2025-11-25" }}
        status={status}
        calls={calls}
      >
        <div className="tool-buttons">
          <button
            type="button"
            className="button"
            disabled={status !== "connected"}
            onClick={plan}
            title="Two questions in one round, then a URL step"
          >
            Plan an event
          </button>
        </div>
      </McpPage>
    </HitlProvider>
  );
}
