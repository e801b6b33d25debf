/** Types for `server.mjs` (plain JS so `npm start` and the end-to-end setup run it without a build step). */

export declare const LANGGRAPH_GRAPH_IDS: readonly string[];

export interface StartLangGraphOptions {
  /** The page-facing proxy's port; 0 (the default) picks a free one. */
  port?: number;
  /** The API server's folder (`.langgraph_api/`: threads kept across restarts). @default a temporary folder, removed by `stop()` */
  stateDir?: string;
  /** How long to wait for the server to listen. @default 60000 */
  timeoutMs?: number;
  /** Progress lines. @default console.error */
  log?: (line: string) => void;
}

/** One resume the server took, as the proxy saw it go through. */
export interface CountedResume {
  readonly threadId: string;
  readonly interruptId: string;
  readonly value: unknown;
  /** `run`: `command.resume` on a run (useStream's submit); `respond`: the protocol's `input.respond`. */
  readonly via: "run" | "respond";
}

export interface LangGraphPlaygroundServer {
  /** The proxy the page talks to, e.g. "http://127.0.0.1:41234" (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** The API server itself (bypassing the count). */
  readonly apiUrl: string;
  /** Every resume the server took, in order. */
  readonly resumes: readonly CountedResume[];
  stop(): Promise<void>;
}

export declare function startLangGraphServer(options?: StartLangGraphOptions): Promise<LangGraphPlaygroundServer>;
