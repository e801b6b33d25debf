import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { HitlProvider, HitlRenderer } from "hitl-kit";
import { createMcpRoundsTransport, type McpContinuation } from "hitl-kit/adapters/mcp";
import { useCallback, useEffect, useState } from "react";

/**
 * The MCP page on the 2026-07-28 revision: a v2 SDK `Client` pinned to it, in manual mode, and the
 * kit's rounds transport answering the playground server's `/mcp-2026` tool. Each call waiting on
 * a round is kept in sessionStorage as it changes, so a reload restores it — answers given before
 * stay given, the open ones ask again — and the round is still retried once.
 */

const STORED = "hitl-playground:mcp-2026-calls";

interface Call {
  readonly id: string;
  readonly result?: string;
  readonly error?: string;
}

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
  const [calls, setCalls] = useState<readonly Call[]>([]);

  // Shows a call in the log, then its final result or why it ended.
  const follow = useCallback((id: string, call: Promise<Record<string, unknown>>) => {
    setCalls((previous) => (previous.some((c) => c.id === id) ? previous : [...previous, { id }]));
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
      <div className="app">
        <header className="app-header">
          <h1>hitl-kit · MCP 2026-07-28</h1>
          <div className="app-header-actions">
            <a className="button" href="/mcp.html">
              MCP 2025-11-25
            </a>
            <a className="button" href="/">
              eve chat
            </a>
          </div>
        </header>
        <main className="layout">
          <section className="chat" aria-label="Tool calls">
            <p className="muted" data-testid="mcp-status">
              MCP server: {status}
            </p>
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
            <ol className="log" aria-label="Results">
              {calls.map((c) => (
                <li key={c.id} className="message message-assistant" data-testid="tool-call" data-tool="plan_event">
                  <span className="message-author">plan_event</span>
                  <pre className="message-text" data-testid="tool-result">
                    {c.error ?? c.result ?? "waiting for you…"}
                  </pre>
                </li>
              ))}
            </ol>
            <HitlRenderer settled="all" />
          </section>
        </main>
      </div>
    </HitlProvider>
  );
}
