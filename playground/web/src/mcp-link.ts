import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export type LinkStatus = "connecting" | "connected" | "reconnecting" | "disconnected";

export interface LinkState {
  readonly status: LinkStatus;
  /** How many sessions the server lost under this page, so the page can say so after reconnecting. */
  readonly lost: number;
  /** Why the last connect failed (`disconnected`). */
  readonly error?: string;
}

/**
 * The page's one connection to the MCP server, outside React and shaped for
 * `useSyncExternalStore`. It says `connected` only once the server answered initialize (before
 * that the client has no session id, and a call would go out without one), and it notices a
 * session the server no longer has and opens a new one.
 */
export interface McpLink {
  getSnapshot(): LinkState;
  subscribe(listener: () => void): () => void;
  /** Connects. Idempotent: StrictMode runs the page's effect twice, and one session is wanted. */
  start(): void;
  /** Tries again after `disconnected`. */
  retry(): void;
}

export function createMcpLink(client: Client, url: URL): McpLink {
  let state: LinkState = { status: "connecting", lost: 0 };
  const listeners = new Set<() => void>();
  const set = (next: Partial<LinkState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };
  /** Errors of an earlier transport (a fetch aborted by its close) say nothing about the current session. */
  let current: StreamableHTTPClientTransport | undefined;
  let started = false;

  const connect = async () => {
    const transport = new StreamableHTTPClientTransport(url);
    current = transport;
    // Set before connect: the client keeps this handler and calls its own after it.
    transport.onerror = (error) => {
      if (transport === current && state.status === "connected" && sessionGone(error)) void reconnect();
    };
    try {
      await client.connect(transport);
      if (transport === current) set({ status: "connected", error: undefined });
    } catch (error) {
      if (transport === current)
        set({ status: "disconnected", error: error instanceof Error ? error.message : String(error) });
    }
  };

  const reconnect = async () => {
    set({ status: "reconnecting", lost: state.lost + 1 });
    // Closing is what ends the lost session's work on this side: the kit withdraws the pickers it
    // was showing (nothing could answer them now), and waiting tool calls reject instead of
    // waiting for responses that will never come.
    await client.close();
    await connect();
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      void connect();
    },
    retry() {
      if (state.status !== "disconnected") return;
      set({ status: "connecting" });
      void connect();
    },
  };
}

/**
 * Whether an error of the client's transport means the server no longer has the session: the
 * spec's 404 (to a call, or to reopening the server's event stream after the server closed it),
 * or the SDK giving up on reopening that stream at all (the server is gone; reconnecting will
 * either find it again or say `disconnected`).
 */
function sessionGone(error: Error): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  return error.message.startsWith("Maximum reconnection attempts");
}
