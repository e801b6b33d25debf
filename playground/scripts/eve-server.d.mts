/** Types for `eve-server.mjs` (plain JS so it runs on any Node >= 20 without a build step). */

export declare const REPO_ROOT: string;
export declare const AGENT_APP: string;
export declare const STATE_ROOT: string;
export declare const DEFAULT_PROMPT_LOG: string;

export interface StartEveServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind. @default "127.0.0.1" */
  host?: string;
  /** File the scripted model appends prompts to (`HITL_PROMPT_LOG`). @default `<stateDir>/prompts.ndjson` */
  promptLog?: string;
  /** This server's private folder (its app copy and eve state). @default a new temporary folder, removed by `stop()` */
  stateDir?: string;
  /** Keep eve's state (sessions) from a previous run in `stateDir`. @default false */
  keepState?: boolean;
  /** Build first if the build is missing or stale. @default true */
  build?: boolean;
  /** Build even if the last build is current. @default false */
  rebuild?: boolean;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  /** How long to wait for `/eve/v1/health`. @default 60000 */
  timeoutMs?: number;
  /** Progress lines. @default console.error */
  log?: (line: string) => void;
  /** The server's stdout and stderr. @default ignored */
  onOutput?: (chunk: string) => void;
}

export interface EveServer {
  /** e.g. "http://127.0.0.1:41234" (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly stateDir: string;
  readonly promptLog: string;
  /** eve CLI's pid (also its process group id). */
  readonly pid: number;
  /** `buildMs` is 0 when the last build was current. */
  readonly timings: { readonly buildMs: number; readonly startMs: number };
  /** Stops the server (SIGTERM to its process group, SIGKILL after 10 s) and removes a temporary stateDir. */
  stop(): Promise<void>;
}

export declare function startEveServer(options?: StartEveServerOptions): Promise<EveServer>;
export declare function buildEveAgent(options?: {
  force?: boolean;
  log?: (line: string) => void;
}): Promise<{ built: boolean; ms: number }>;
export declare function eveNodeBinary(): string;
