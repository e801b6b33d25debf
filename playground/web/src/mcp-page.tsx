import { HitlRenderer } from "hitl-kit";
import type { ReactNode } from "react";

/** A tool call the page made, and how it ended (nothing yet: it waits for the person). */
export interface LoggedCall {
  readonly id: string | number;
  readonly tool: string;
  readonly result?: string;
  readonly error?: string;
}

/**
 * What both MCP pages show (2025-11-25 and 2026-07-28): the header with a link to the other
 * revision's page, the connection status, the page's own controls (`children`), the log of tool
 * calls with their results, and the kit's renderer for what the server asks.
 */
export function McpPage(props: {
  readonly title: string;
  readonly other: { readonly href: string; readonly label: string };
  readonly status: string;
  readonly calls: readonly LoggedCall[];
  readonly children: ReactNode;
}) {
  return (
    <div className="app">
      <header className="app-header">
        <h1>{props.title}</h1>
        <div className="app-header-actions">
          <a className="button" href={props.other.href}>
            {props.other.label}
          </a>
          <a className="button" href="/">
            eve chat
          </a>
        </div>
      </header>
      <main className="layout">
        <section className="chat" aria-label="Tool calls">
          <p className="muted" data-testid="mcp-status">
            MCP server: {props.status}
          </p>
          {props.children}
          <ol className="log" aria-label="Results">
            {props.calls.map((c) => (
              <li key={c.id} className="message message-assistant" data-testid="tool-call" data-tool={c.tool}>
                <span className="message-author">{c.tool}</span>
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
  );
}
