/** Types for `server.mjs` (plain JS so it runs on any Node >= 20 without a build step). */

export interface StartMcpServerOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  log?: (line: string) => void;
}

export interface McpPlaygroundServer {
  readonly port: number;
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:3032/mcp`. */
  readonly url: string;
  stop(): Promise<void>;
}

/** The booking form's `requestedSchema`: every field type of the spec's elicitation subset. */
export declare const BOOKING_SCHEMA: Record<string, unknown>;

export declare function startMcpServer(options?: StartMcpServerOptions): Promise<McpPlaygroundServer>;
