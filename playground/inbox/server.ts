import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client as LangGraphClient } from "@langchain/langgraph-sdk";
import { Client as McpClient, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  type AnswerClaimStore,
  createInbox,
  createSqliteInboxStore,
  eveSink,
  type InboxEntry,
  type InboxRecord,
  langGraphSink,
  mcpSink,
  parkEveSession,
  parkLangGraphInterrupts,
  sinkBySource,
  startMcpInboxCall,
} from "hitl-kit/server";
import Database from "libsql";
import { tagsPayload } from "../agent/agent/lib/payloads";

/**
 * The playground's inbox, as an app would run one beside its chat pages: every request waiting
 * for the person across the eve agent, the LangGraph server and the MCP server, in a SQLite file
 * (it outlives a restart of the page server), answered once from `/inbox.html` or from an answer
 * link. Each answer goes back where it came from through that source's sink: eve's through the
 * page server's own answer guard (one claim with the chat page), LangGraph's as a strict resume,
 * MCP's as the round's one retry.
 *
 * What parks:
 * - eve: the sessions this page server saw (followed or posted to through it), read while active;
 * - LangGraph: every interrupted thread (`threads.search`), read every two seconds;
 * - MCP: `POST /inbox/mcp/plan` makes a server-side call to the MCP server's 2026 tool, whose
 *   rounds park here (the MCP page's own calls run in the browser and stay there);
 * - `POST /inbox/ask { ttlMs }`: a question of the playground's own (it expires, for the demo).
 *
 * Routes (under `/inbox`): the inbox's own (`requests`, `links`), `GET sent` (the answer links
 * "sent": a line per request in `sent-links.ndjson`), `GET results` (how the playground's own
 * questions and the MCP calls ended), `POST ask`, `POST mcp/plan`.
 */

export interface PlaygroundInboxOptions {
  /** Where the database, the links file and the link secret live (shared by page servers given the same). */
  readonly dataDir: string;
  /** This page server's own name (its port): the eve sessions it saw are kept per server. */
  readonly serverId: string;
  readonly eveUrl: string;
  /** The LangGraph API (the playground's resume-counting proxy). */
  readonly langgraphUrl: string;
  /** The MCP server's origin (its 2026 endpoint is `/mcp-2026`). */
  readonly mcpOrigin: string;
  /** The page's own origin, for the links. */
  readonly pageOrigin: string;
  /** The answer guard the page server puts in front of eve: the inbox answers through it. */
  readonly guard: (request: Request) => Promise<Response>;
  /** Where rounds are claimed (the guard's Redis when there is one). */
  readonly claims?: AnswerClaimStore;
}

export interface PlaygroundInbox {
  /** The routes under `/inbox/`; `undefined` for any other path. */
  handle(request: Request): Promise<Response | undefined>;
  /** A session the page server saw: its requests park from now on. */
  watchSession(sessionId: string): void;
  close(): void;
}

const OWNER = "default";
/** Sessions looked at each tick, the most recently seen first. */
const MAX_WATCHED = 20;
const TICK_MS = 1_000;
/** A session with traffic through this server within this long is read for new questions. */
const RECENT_MS = 5 * 60_000;

interface Ending {
  readonly id: string;
  readonly source: string;
  readonly at: number;
  readonly result: unknown;
}

export function createPlaygroundInbox(options: PlaygroundInboxOptions): PlaygroundInbox {
  mkdirSync(options.dataDir, { recursive: true });
  const file = (name: string) => join(options.dataDir, name);
  const db = new Database(file("inbox.db"));
  const store = createSqliteInboxStore(db);
  const endings: Ending[] = [];
  const ended = (source: string, id: string, result: unknown) => {
    endings.push({ id, source, at: Date.now(), result });
    if (endings.length > 100) endings.shift();
  };

  const langgraph = new LangGraphClient({ apiUrl: options.langgraphUrl });
  // A v2 MCP client of the page server's own, pinned to 2026-07-28 in manual mode (the kit answers).
  const mcp = new McpClient(
    { name: "hitl-playground-inbox", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      inputRequired: { autoFulfill: false },
    },
  );
  let mcpConnected: Promise<void> | undefined;
  const mcpClient = async () => {
    mcpConnected ??= mcp
      .connect(new StreamableHTTPClientTransport(new URL("/mcp-2026", options.mcpOrigin)))
      .catch((error: unknown) => {
        mcpConnected = undefined;
        throw error;
      });
    await mcpConnected;
    return mcp;
  };

  // One MCP sink (its round claims are its own unless the guard's Redis is shared), made once connected.
  let mcpDelivering: Promise<(record: InboxRecord) => Promise<void>> | undefined;
  const mcpDeliverer = () => {
    mcpDelivering ??= mcpClient().then(
      (client) =>
        mcpSink({
          client,
          store: inbox.store,
          kinds: ["media"],
          ...(options.claims ? { claims: options.claims } : {}),
          onEnd: (id, end) => ended("mcp", id, "result" in end ? end.result : { error: end.error.message }),
        }),
      (error: unknown) => {
        mcpDelivering = undefined;
        throw error;
      },
    );
    return mcpDelivering;
  };

  const inbox = createInbox({
    store,
    links: {
      secret: linkSecret(file("link-secret")),
      url: (token) => `${options.pageOrigin}/inbox.html#link=${token}`,
    },
    // "Sending" a link: a line in a file the page shows (an app would email it, or post it to Slack).
    onParked: (entry: InboxEntry, link: string | undefined) => {
      if (!link) return;
      const line = {
        requestId: entry.request.requestId,
        prompt: entry.request.prompt,
        source: entry.source,
        conversation: entry.conversation,
        link,
      };
      appendFileSync(file("sent-links.ndjson"), `${JSON.stringify(line)}\n`);
    },
    sink: sinkBySource({
      eve: eveSink({ guard: options.guard }),
      langgraph: langGraphSink({ client: langgraph, store }),
      mcp: async (record: InboxRecord) => (await mcpDeliverer())(record),
      playground: (record: InboxRecord) => ended("playground", record.id, record.answer ?? { expired: true }),
    }),
    onDeliveryError: (failed) => {
      for (const { id, error } of failed) console.warn(`[inbox] ${id} not delivered yet: ${String(error)}`);
    },
  });

  // Sessions seen, kept in a file so a restarted page server still looks at them.
  const sessionsFile = file(`eve-sessions-${options.serverId}.json`);
  let sessions: string[] = existsSync(sessionsFile) ? readSessions(sessionsFile) : [];
  /** When this process last saw each session's traffic: only recent ones are read again. */
  const seenAt = new Map<string, number>();
  const watchSession = (sessionId: string) => {
    seenAt.set(sessionId, Date.now());
    if (sessions[0] === sessionId) return;
    sessions = [sessionId, ...sessions.filter((id) => id !== sessionId)].slice(0, MAX_WATCHED);
    writeFileSync(sessionsFile, JSON.stringify(sessions));
  };

  // Each tick delivers what is answered (and what a crashed page server left undelivered); every
  // other tick the sources are read: every watched session at start-up, then those with recent
  // traffic (a new question comes after a message or a stream through this server), and LangGraph.
  let ticks = 0;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    const first = ticks === 0;
    ticks++;
    try {
      if (first || ticks % 2 === 0) {
        const recent = first ? sessions : sessions.filter((id) => Date.now() - (seenAt.get(id) ?? 0) < RECENT_MS);
        await Promise.allSettled([
          ...recent.map((sessionId) =>
            parkEveSession({ eveUrl: options.eveUrl, sessionId, store: inbox.store, owner: OWNER }),
          ),
          parkLangGraphInterrupts({ client: langgraph, store: inbox.store, owner: () => OWNER }),
        ]);
      }
      await store.expire();
      await inbox.deliver();
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void tick().catch(() => {}), TICK_MS);
  void tick().catch(() => {});

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  return {
    watchSession,
    async handle(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith("/inbox/")) return undefined;
      if (pathname === "/inbox/sent" && request.method === "GET") {
        const path = file("sent-links.ndjson");
        const lines = existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
        return json(lines.slice(-50).map((line) => JSON.parse(line) as unknown));
      }
      if (pathname === "/inbox/results" && request.method === "GET") return json(endings);
      if (pathname === "/inbox/ask" && request.method === "POST") {
        const body = (await request.json().catch(() => ({}))) as { ttlMs?: unknown };
        const ttlMs = typeof body.ttlMs === "number" && body.ttlMs > 0 ? Math.min(body.ttlMs, 86_400_000) : 60_000;
        const id = `playground-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
        const { prompt, ui } = tagsPayload();
        await inbox.store.park({
          request: { requestId: id, callId: id, toolName: "pick_tags", kind: ui.kind, prompt, payload: ui },
          owner: OWNER,
          source: "playground",
          conversation: "the playground",
          expiresAt: Date.now() + ttlMs,
        });
        return json({ requestId: id }, 201);
      }
      if (pathname === "/inbox/mcp/plan" && request.method === "POST") {
        try {
          const step = await startMcpInboxCall(
            { client: await mcpClient(), store: inbox.store, owner: OWNER, kinds: ["media"] },
            { params: { name: "plan_event", arguments: { title: "Inbox offsite" } } },
          );
          if (step.status === "done") ended("mcp", step.id, step.result);
          return json({ id: step.id, status: step.status }, 201);
        } catch (error) {
          return json({ error: error instanceof Error ? error.message : String(error) }, 502);
        }
      }
      return inbox.handle(request);
    },
    close() {
      clearInterval(timer);
      inbox.close();
      void mcp.close().catch(() => {});
      db.close();
    },
  };
}

/** The links' secret: made once and kept beside the database, so links sent before a restart still open. */
function linkSecret(path: string): string {
  if (process.env.HITL_INBOX_SECRET) return process.env.HITL_INBOX_SECRET;
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

function readSessions(path: string): string[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === "string").slice(0, MAX_WATCHED)
      : [];
  } catch {
    return [];
  }
}
