import type { IncomingMessage } from "node:http";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { type Connect, createServer, defineConfig, type Plugin, type ViteDevServer } from "vite";
import { type AnswerClaimStore, createRedisClaimStore } from "../../src/server/claim-store";
import { createEveAnswerGuard } from "../../src/server/eve-guard";
import { searchLibrary } from "../shared/media-library";

/**
 * The playground chat page. Runs the kit from its sources (no build): `hitl-kit/*` resolves to
 * `src/`. `/eve` is proxied to the local eve server, so the page talks to it same-origin.
 *
 *   npx vite --config playground/web/vite.config.ts      (PLAYGROUND_PORT, EVE_PORT, MCP_PORT, LANGGRAPH_PORT)
 *
 * HITL_REDIS_URL (e.g. `redis://127.0.0.1:6379`): the answer guard takes its claims in that Redis,
 * shared with every other page server started with the same URL (unset: its own memory store).
 *
 * `/mastra` is proxied to the playground's Mastra server (`playground/mastra/agent.ts`), for the Mastra page.
 * `/langgraph` is proxied to the playground's LangGraph server (`playground/langgraph/server.mjs`:
 * its resume-counting proxy in front of a real LangGraph API server), for the LangGraph page.
 * HITL_VITE_CACHE_DIR: Vite's dependency cache (default `node_modules/.vite/playground-web`), for
 * page servers that must not share one (several at once).
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const kit = (path: string) => here(`../../src/${path}`);

/** `hitl-kit/*` → the kit's sources. Most specific first: each is an exact match. */
const alias = [
  { find: /^hitl-kit$/, replacement: kit("index.tsx") },
  { find: /^hitl-kit\/adapters\/eve$/, replacement: kit("adapters/eve/index.ts") },
  { find: /^hitl-kit\/adapters\/mcp$/, replacement: kit("adapters/mcp/index.ts") },
  { find: /^hitl-kit\/adapters\/ai-sdk$/, replacement: kit("adapters/ai-sdk/index.ts") },
  { find: /^hitl-kit\/adapters\/assistant-ui$/, replacement: kit("adapters/assistant-ui/index.ts") },
  { find: /^hitl-kit\/adapters\/tanstack-ai$/, replacement: kit("adapters/tanstack-ai/index.ts") },
  { find: /^hitl-kit\/adapters\/langgraph$/, replacement: kit("adapters/langgraph/index.ts") },
  { find: /^hitl-kit\/adapters\/mastra$/, replacement: kit("adapters/mastra/index.ts") },
  { find: /^hitl-kit\/adapters\/inbox$/, replacement: kit("adapters/inbox/index.ts") },
  { find: /^hitl-kit\/server$/, replacement: kit("server/index.ts") },
  { find: /^hitl-kit\/kinds$/, replacement: kit("kinds/index.ts") },
  { find: /^hitl-kit\/widgets$/, replacement: kit("widgets/index.ts") },
  { find: /^hitl-kit\/core$/, replacement: kit("core/index.ts") },
  { find: /^hitl-kit\/styles\.css$/, replacement: kit("styles.css") },
];

const cacheDir = process.env.HITL_VITE_CACHE_DIR || here("../../node_modules/.vite/playground-web");
const port = Number(process.env.PLAYGROUND_PORT ?? 5173);
const eve = `http://127.0.0.1:${process.env.EVE_PORT ?? 3031}`;
const mcp = `http://127.0.0.1:${process.env.MCP_PORT ?? 3032}`;
const langgraph = `http://127.0.0.1:${process.env.LANGGRAPH_PORT ?? 3033}`;
const mastra = `http://127.0.0.1:${process.env.MASTRA_PORT ?? 3034}`;
const server = {
  host: "127.0.0.1",
  port,
  strictPort: true,
  // NDJSON streams pass through unbuffered; eve's channel sees a same-origin request.
  // `^/mcp($|\?)`, not "/mcp": a prefix would also send the page /mcp.html to the MCP server.
  proxy: {
    "/eve": { target: eve, changeOrigin: true },
    "^/mcp($|\\?)": { target: mcp, changeOrigin: true },
    // The same server's 2026-07-28 endpoint (the SDK v2).
    "^/mcp-2026($|\\?)": { target: mcp, changeOrigin: true },
    // The LangGraph API (SSE streams pass through unbuffered), under /langgraph on the page's origin.
    "/langgraph/": {
      target: langgraph,
      changeOrigin: true,
      rewrite: (path: string) => path.replace(/^\/langgraph/, ""),
    },
    // The Mastra server (`@mastra/hono`; its `/api` routes, SSE streams) under /mastra.
    "/mastra/": {
      target: mastra,
      changeOrigin: true,
      rewrite: (path: string) => path.replace(/^\/mastra/, ""),
    },
  },
  fs: { allow: [here("../..")] },
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/**
 * The guard's claims in the Redis at HITL_REDIS_URL, on a connection of this server's own (as
 * each app instance has), or `undefined` without it: the guard's default memory store, enough for
 * one page server (so `npm start` needs no Redis). Connected before the server listens: a Redis
 * asked for but unreachable fails the start instead of leaving the race unguarded. Later outages
 * fail fast (no offline queue): the guard then refuses answers with 503 until Redis is back.
 */
async function redisClaims(url: string | undefined): Promise<{ claims: AnswerClaimStore; close(): void } | undefined> {
  if (!url) return undefined;
  const { createClient } = await import("redis");
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 5_000 } });
  let reported = false;
  client.on("error", (error: unknown) => {
    // node-redis reconnects by itself; one line per outage, not one per retry.
    if (!reported) console.warn(`[eve-answer-guard] Redis ${url}: ${String(error)}`);
    reported = true;
  });
  client.on("ready", () => {
    reported = false;
  });
  // connect() keeps retrying (and pending) while Redis is down: give up on it after a while.
  const connecting = client.connect();
  connecting.catch(() => {}); // a rejection after the timeout below is already reported
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      connecting,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`HITL_REDIS_URL ${url}: no Redis answered within 10 s`)), 10_000);
      }),
    ]);
  } catch (error) {
    client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    claims: createRedisClaimStore({ command: (name, args) => client.sendCommand([name, ...args]) }),
    close: () => client.destroy(),
  };
}

/** What the plugins below mount their routes on: the dev server (`npm start`) or the preview server (the end-to-end tests, on the built page). */
interface Mountable {
  readonly middlewares: Connect.Server;
  readonly httpServer: { once(event: "close" | "listening", listener: () => void): unknown } | null;
}

/**
 * Loads a route module through Vite (so `hitl-kit/*` is the kit's source): the dev server's own
 * `ssrLoadModule`, or — under `vite preview`, which has none — one Vite server in middleware mode,
 * started at the first request and closed with the preview server.
 */
type ModuleLoader = (path: string) => Promise<Record<string, unknown>>;

function moduleLoaderFor(server: Mountable & { ssrLoadModule?: ModuleLoader }): ModuleLoader {
  if (server.ssrLoadModule) return (path) => (server.ssrLoadModule as ModuleLoader)(path);
  let loader: Promise<ViteDevServer> | undefined;
  server.httpServer?.once("close", () => void loader?.then((vite) => vite.close()));
  return async (path) => {
    loader ??= createServer({
      configFile: false,
      root: here("."),
      cacheDir,
      resolve: { alias, dedupe: ["react", "react-dom"] },
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: "custom",
      optimizeDeps: { noDiscovery: true, include: [] },
      logLevel: "warn",
    });
    return (await loader).ssrLoadModule(path);
  };
}

/**
 * The kit's cross-device guard in front of eve's answer route, as an app would mount it: an
 * answer to a request eve already settled (another browser answered it) gets a 409 with what was
 * chosen instead of reaching eve as a stray message, and of two answers posted in the same
 * instant the one that takes the claim goes through. Everything else goes to the proxy below.
 */
function eveAnswerGuard(): Plugin {
  const route = /^\/eve\/v1\/session\/[^/?]+$/u;
  const mount = async (server: Mountable) => {
    const { guard } = await sharedGuard(server);
    server.middlewares.use((req, res, next) => {
      if (req.method !== "POST" || !route.test((req.url ?? "").split("?")[0] ?? "")) return next();
      void (async () => {
        const headers = new Headers({ "content-type": String(req.headers["content-type"] ?? "application/json") });
        const response = await guard(
          new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: await readBody(req) }),
        );
        res.statusCode = response.status;
        res.setHeader("content-type", response.headers.get("content-type") ?? "application/json");
        res.end(Buffer.from(await response.arrayBuffer()));
      })().catch(next);
    });
  };
  return { name: "hitl-playground:eve-answer-guard", configureServer: mount, configurePreviewServer: mount };
}

/**
 * The page server's one answer guard (and its claims): the chat page's answers and the inbox's go
 * through the same one, so of a chat answer and an inbox answer to one request only one reaches eve.
 */
let guarding: Promise<{ guard: (request: Request) => Promise<Response>; claims?: AnswerClaimStore }> | undefined;
function sharedGuard(server: Mountable) {
  guarding ??= (async () => {
    const redis = await redisClaims(process.env.HITL_REDIS_URL);
    if (redis) server.httpServer?.once("close", redis.close);
    const claims = redis?.claims;
    return {
      guard: createEveAnswerGuard({ eveUrl: eve, ...(claims ? { claims } : {}) }),
      ...(claims ? { claims } : {}),
    };
  })();
  return guarding;
}

/**
 * The inbox (`playground/inbox/server.ts`, loaded through Vite so `hitl-kit/*` is the kit's
 * source) under `/inbox/`, started with the server: it parks what waits in the eve sessions this
 * server saw (each page follows its session's stream through here), in LangGraph and in its own
 * MCP calls, and delivers what a crashed server left undelivered. HITL_INBOX_DIR: its database,
 * link secret and "sent" links (default `node_modules/.cache/hitl-playground-inbox`), shared by
 * every page server given the same one.
 */
function inboxRoutes(): Plugin {
  const sessionPath = /^\/eve\/v1\/session\/([^/?]+)/u;
  const mount = (server: Mountable & { ssrLoadModule?: ModuleLoader }) => {
    const load = moduleLoaderFor(server);
    let started: Promise<import("../inbox/server").PlaygroundInbox> | undefined;
    const inbox = () => {
      started ??= (async () => {
        const { guard, claims } = await sharedGuard(server);
        const { createPlaygroundInbox } = (await load(here("../inbox/server.ts"))) as typeof import("../inbox/server");
        const created = createPlaygroundInbox({
          dataDir: process.env.HITL_INBOX_DIR || here("../../node_modules/.cache/hitl-playground-inbox"),
          serverId: String(port),
          eveUrl: eve,
          langgraphUrl: langgraph,
          mcpOrigin: mcp,
          pageOrigin: `http://127.0.0.1:${port}`,
          guard,
          ...(claims ? { claims } : {}),
        });
        server.httpServer?.once("close", () => created.close());
        return created;
      })();
      return started;
    };
    // Started with the server, not at the first visit: what a crashed server left goes out now.
    server.httpServer?.once("listening", () => void inbox().catch((error) => console.warn("[inbox]", error)));
    server.middlewares.use((req, res, next) => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      const session = sessionPath.exec(path)?.[1];
      if (session) void inbox().then((started) => started.watchSession(decodeURIComponent(session)));
      if (!path.startsWith("/inbox/")) return next();
      void (async () => {
        const headers = new Headers();
        for (const name of ["content-type", "accept"]) {
          const value = req.headers[name];
          if (typeof value === "string") headers.set(name, value);
        }
        const body = req.method === "POST" ? await readBody(req) : undefined;
        const response = await (await inbox()).handle(
          new Request(`http://127.0.0.1:${port}${req.url}`, {
            method: req.method ?? "GET",
            headers,
            ...(body !== undefined ? { body } : {}),
          }),
        );
        if (!response) return next();
        res.statusCode = response.status;
        for (const [key, value] of response.headers) res.setHeader(key, value);
        res.end(Buffer.from(await response.arrayBuffer()));
      })().catch(next);
    });
  };
  return { name: "hitl-playground:inbox", configureServer: mount, configurePreviewServer: mount };
}

interface ChatRoute {
  POST(request: Request): Promise<Response>;
}

/**
 * A chat route served by this dev server as a Next.js or TanStack Start app would serve its
 * handler: `POST <path>` runs the route module (loaded through Vite, so `hitl-kit/*` is the kit's
 * source) and streams its response as it comes; `GET <path><inspect.suffix>` answers what the
 * route recorded, for the end-to-end tests.
 */
function chatRoute<R extends ChatRoute>(options: {
  readonly name: string;
  readonly path: string;
  readonly load: (load: ModuleLoader) => Promise<R>;
  readonly inspect: { readonly suffix: string; readonly read: (route: R) => unknown };
}): Plugin {
  const { name, path: routePath, inspect } = options;
  const mount = (server: Mountable & { ssrLoadModule?: ModuleLoader }) => {
    const load = moduleLoaderFor(server);
    let route: Promise<R> | undefined;
    server.middlewares.use((req, res, next) => {
      const path = (req.url ?? "").split("?")[0];
      if (path !== routePath && path !== routePath + inspect.suffix) return next();
      void (async () => {
        route ??= options.load(load);
        const chat = await route;
        if (path !== routePath) {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify(inspect.read(chat)));
          return;
        }
        if (req.method !== "POST") {
          res.statusCode = 405;
          res.end();
          return;
        }
        const body = await readBody(req);
        const response = await chat.POST(
          new Request(`http://127.0.0.1${routePath}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          }),
        );
        res.statusCode = response.status;
        for (const [key, value] of response.headers) res.setHeader(key, value);
        // Streamed as it comes: the page shows the model's answer (and the picker) at once.
        const reader = response.body?.getReader();
        for (;;) {
          const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
          if (chunk.done) break;
          res.write(chunk.value);
        }
        res.end();
      })().catch(next);
    });
  };
  return { name, configureServer: mount, configurePreviewServer: mount };
}

/**
 * The AI SDK page's route (`playground/ai-sdk/route.ts`, as a Next.js app's `app/api/chat/route.ts`):
 * `POST /api/chat`; `GET /api/chat/prompts` lists every prompt the scripted model received, for
 * the end-to-end tests to count tool results per call. The assistant-ui page has an instance of its
 * own at `/api/assistant-ui/chat`, so the two pages' tests can run at once without counting each
 * other's prompts.
 */
const aiSdkRoute = (path: string, name: string) =>
  chatRoute({
    name,
    path,
    load: (load) =>
      load(here("../ai-sdk/route.ts")).then((module) => (module as typeof import("../ai-sdk/route")).createChatRoute()),
    inspect: { suffix: "/prompts", read: (chat) => chat.model.doStreamCalls.map((call) => call.prompt) },
  });

/**
 * The TanStack AI page's route (`playground/tanstack-ai/route.ts`: the real `chat()` of
 * `@tanstack/ai` and its server-sent events): `POST /api/tanstack-ai`; `GET
 * /api/tanstack-ai/record` answers what the route received (each request's resume entries and
 * tool results, each prompt the scripted adapter got).
 */
const tanstackAiRoute = () =>
  chatRoute({
    name: "hitl-playground:tanstack-ai-route",
    path: "/api/tanstack-ai",
    load: (load) =>
      load(here("../tanstack-ai/route.ts")).then((module) =>
        (module as typeof import("../tanstack-ai/route")).createTanStackAiRoute(),
      ),
    inspect: { suffix: "/record", read: (chat) => chat.record },
  });

/**
 * The app's own backend for the media library a picker request may name (`source: { id:
 * "library" }`): `GET /api/library?q=…&cursor=…` answers one page of 100,000 generated images,
 * searched on the server. The page registers a loader that calls it (`src/library.ts`).
 */
function libraryRoute(): Plugin {
  return {
    name: "hitl-playground:library-route",
    configureServer: (server) => mountLibrary(server),
    configurePreviewServer: (server) => mountLibrary(server),
  };
}

function mountLibrary(server: Mountable) {
  server.middlewares.use((req, res, next) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/api/library") return next();
    if (req.method !== "GET") {
      res.statusCode = 405;
      res.end();
      return;
    }
    const page = searchLibrary({
      query: url.searchParams.get("q") ?? "",
      cursor: url.searchParams.get("cursor") ?? undefined,
    });
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(page));
  });
}

export default defineConfig({
  root: here("."),
  publicDir: here("../public"), // /media/*, /voices/*
  cacheDir,
  plugins: [
    react(),
    eveAnswerGuard(),
    aiSdkRoute("/api/chat", "hitl-playground:ai-sdk-route"),
    aiSdkRoute("/api/assistant-ui/chat", "hitl-playground:assistant-ui-route"),
    tanstackAiRoute(),
    libraryRoute(),
    inboxRoutes(),
  ],
  resolve: {
    alias,
    dedupe: ["react", "react-dom"],
  },
  server,
  preview: server,
  // The widgets load on first use (dynamic imports): pre-bundle what they import at startup, so
  // the first picker does not make Vite discover a dependency and reload the page mid-request.
  optimizeDeps: {
    include: [
      "@radix-ui/react-slot",
      "@tanstack/react-query",
      "re2js",
      "@tanstack/ai-react",
      "@langchain/langgraph-sdk",
      "@langchain/langgraph-sdk/react",
      "@mastra/client-js",
    ],
  },
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        main: here("index.html"),
        mcp: here("mcp.html"),
        aiSdk: here("ai-sdk.html"),
        assistantUi: here("assistant-ui.html"),
        tanstackAi: here("tanstack-ai.html"),
        langgraph: here("langgraph.html"),
        mastra: here("mastra.html"),
        inbox: here("inbox.html"),
      },
    },
  },
});
