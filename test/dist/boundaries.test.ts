import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Checks the built package (run after `npm run build`): every subpath in `exports` exists with
 * its types, React entries start with "use client", and the React-free layers stay React-free
 * and DOM-free when loaded in plain Node — the Node that runs npm (20 here), the kit's minimum.
 */
const root = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  exports: Record<string, string | { types: string; import: string }>;
};
const node = process.env.npm_node_execpath ?? process.execPath;

/**
 * The built files `entries` reach through relative imports (static ones, and `import()` too when
 * `dynamic`), and the bare specifiers (packages) they import.
 */
function importGraph(entries: readonly string[], { dynamic }: { dynamic: boolean }) {
  const seen = new Set<string>();
  const bare = new Set<string>();
  const statics = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
  const dynamics = /import\(["']([^"']+)["']\)/g;
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    const matches = [...code.matchAll(statics), ...(dynamic ? code.matchAll(dynamics) : [])];
    for (const match of matches) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith(".")) walk(resolve(dirname(file), specifier));
      else bare.add(specifier);
    }
  };
  for (const entry of entries) walk(join(root, entry));
  return { seen, bare };
}

/** Every adapter's React-free entry (`hitl-kit/adapters/<name>/transport`). */
const transportEntries = ["eve", "mcp", "ai-sdk", "ag-ui", "langgraph", "tanstack-ai", "inbox", "mastra"];

describe("the built package", () => {
  it("given every subpath in exports, should have its JavaScript and its types on disk", () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      const files = typeof target === "string" ? [target] : [target.import, target.types];
      for (const file of files) expect(existsSync(join(root, file)), `${subpath} → ${file}`).toBe(true);
    }
  });

  it('given the React entries, should start with "use client", and the others should not', () => {
    const first = (file: string) => readFileSync(join(root, file), "utf8").split("\n")[0];
    for (const file of ["dist/index.js", "dist/adapters/eve.js", "dist/adapters/mcp.js", "dist/adapters/ai-sdk.js", "dist/adapters/assistant-ui.js", "dist/adapters/ag-ui.js", "dist/adapters/langgraph.js", "dist/adapters/inbox.js", "dist/widgets.js", "dist/widgets/media-picker.js", "dist/widgets/form.js"]) {
      expect(first(file)).toBe('"use client";');
    }
    for (const file of ["dist/core.js", "dist/kinds.js", "dist/server.js", "dist/testing.js", "dist/adapters/eve/wire.js", ...transportEntries.map((name) => `dist/adapters/${name}/transport.js`)]) {
      expect(first(file)).not.toContain("use client");
    }
  });

  it.each(["core", "kinds", "server", "testing", "adapters/eve/wire", "adapters/inbox/transport"])(
    "given hitl-kit/%s, should import no React, Radix or TanStack module, directly or through a chunk",
    (name) => {
      const { bare } = importGraph([`dist/${name}.js`], { dynamic: true });
      expect([...bare].filter((s) => /^(react|react-dom|radix-ui|@radix-ui|@tanstack)(\/|$)/.test(s))).toEqual([]);
      // Nor any transport's SDK: an eve server imports hitl-kit/server without the AI SDK installed.
      expect([...bare].filter((s) => /^(ai|@ai-sdk|@ag-ui|@modelcontextprotocol)(\/|$)/.test(s))).toEqual([]);
    },
  );

  it.each(transportEntries)(
    "given hitl-kit/adapters/%s/transport, should import no React, Radix or TanStack module, directly or through a chunk",
    (name) => {
      const { bare } = importGraph([`dist/adapters/${name}/transport.js`], { dynamic: true });
      // Its own SDK, yes (a Node process driving that transport has it); React never.
      expect([...bare].filter((s) => /^(react|react-dom|radix-ui|@radix-ui|@tanstack)(\/|$)/.test(s))).toEqual([]);
    },
  );

  it("given a chat page (hitl-kit and the eve adapter), should load TanStack Query only with a remote collection's chunk", () => {
    // Static imports only: what the page loads before any request. Remote collections (lazy widget
    // chunks) bring TanStack Query when one is shown, so an app without it does not pay for it.
    const { seen, bare } = importGraph(["dist/index.js", "dist/adapters/eve.js"], { dynamic: false });
    expect(seen.size).toBeGreaterThan(10);
    expect([...bare]).toContain("react");
    expect([...bare].filter((s) => s.startsWith("@tanstack/react-query"))).toEqual([]);
    // …and the remote collection's module does import it (the walk above would see it if the page did).
    expect(readFileSync(join(root, "dist/react/use-remote-collection.js"), "utf8")).toContain("@tanstack/react-query");
  });

  it("given the form widget, should load the pattern engine (re2js) only through import(), and the server at once", () => {
    // ~46 kB gz: a page loads it only for a form that has a pattern (the form kind's `prepare`).
    const { bare } = importGraph(["dist/index.js", "dist/adapters/eve.js", "dist/widgets/form.js", "dist/kinds.js"], {
      dynamic: false,
    });
    expect([...bare]).toContain("zod");
    expect([...bare].filter((s) => s.startsWith("re2js"))).toEqual([]);
    expect(importGraph(["dist/widgets/form.js"], { dynamic: true }).bare).toContain("re2js");
    // Server code parses form payloads synchronously: hitl-kit/server imports it statically.
    expect(importGraph(["dist/server.js"], { dynamic: false }).bare).toContain("re2js");
  });

  it("given plain Node with window booby-trapped, should load core, kinds, server, the eve wire and every adapter's transport and use them", () => {
    const script = `
      Object.defineProperty(globalThis, "window", { get() { throw new Error("touched window"); } });
      Object.defineProperty(globalThis, "document", { get() { throw new Error("touched document"); } });
      const core = await import("hitl-kit/core");
      const kinds = await import("hitl-kit/kinds");
      const server = await import("hitl-kit/server");
      const wire = await import("hitl-kit/adapters/eve/wire");
      const events = core.createTransportEvents();
      const client = core.createHitlClient({
        transport: { sessionKey: "s", connection: core.alwaysLive, connect: events.connect, send: async () => core.ACCEPTED },
        kinds: [kinds.mediaKind],
      });
      // A headless client follows its transport while mounted, as a page's does.
      client.mount();
      const text = wire.encodeAnswer("media", { selected: ["a"] });
      const request = { kind: "media", items: [{ id: "a", url: "https://x/a.png" }], min: 1, max: 1 };
      const decoded = server.readEveAnswer(kinds.mediaKind, request, { status: "answered", text }).status;
      const typed = server.readAnswer(kinds.mediaKind, request, { type: "value", value: { selected: ["a"] } }).status;
      const schema = server.pickerInputSchema(kinds.mediaKind);
      // A pattern, parsed synchronously: hitl-kit/server has registered the pattern engine.
      const form = server.pickerInputSchema(kinds.formKind).safeParse({ prompt: "p", ui: { kind: "form", fields: [{ type: "text", name: "c", label: "C", pattern: "[A-Z]+" }] } });
      const output = server.readToolOutput(kinds.mediaKind, request, { declined: true }).status;
      events.deliver({ type: "transport", changes: [{ type: "requested", request: { requestId: "r", callId: "c", toolName: "pick", prompt: "p", kind: "media", payload: request } }] });
      const answers = [
        client.answer("r", { type: "value", value: { selected: ["zzz"] } }).status,
        client.answer("r", { type: "value", value: { selected: ["a"] } }).status,
        client.answer("r", { type: "value", value: { selected: ["a"] } }).status,
      ];
      // Every adapter, without React: its transport over its own SDK's object.
      const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
      const { HttpAgent } = await import("@ag-ui/client");
      const { MastraClient } = await import("@mastra/client-js");
      const transports = [
        (await import("hitl-kit/adapters/eve/transport")).createEveTransport({ events: [], status: "ready", conversation: { inputs: {} }, respond: async () => {} }),
        (await import("hitl-kit/adapters/mcp/transport")).createMcpTransport(new Client({ name: "node", version: "1.0.0" })),
        (await import("hitl-kit/adapters/ai-sdk/transport")).createAiSdkTransport({ id: "c", messages: [], setMessages() {}, sendMessage: async () => {}, addToolOutput() {}, addToolApprovalResponse() {} }),
        (await import("hitl-kit/adapters/ag-ui/transport")).createAgUiTransport(new HttpAgent({ url: "http://127.0.0.1:9/agent" })),
        (await import("hitl-kit/adapters/inbox/transport")).createInboxTransport({ url: "http://127.0.0.1:9/api/hitl" }),
        (await import("hitl-kit/adapters/mastra/transport")).createMastraTransport(new MastraClient({ baseUrl: "http://127.0.0.1:9", retries: 0 }).getAgent("a"), { threadId: "t", pollIntervalMs: 0 }),
      ].map((transport) => typeof core.createHitlClient({ transport, kinds: [] }).answer);
      const { createRequire } = await import("node:module");
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((p) => /node_modules[\\\\/](react|react-dom|radix-ui|@radix-ui|@tanstack)[\\\\/]/.test(p));
      console.log(JSON.stringify({ version: process.version, decoded, typed, client: typeof client.answer, answers, transports, output, parsed: schema.safeParse({ prompt: "p", ui: { kind: "media", items: [{ id: "a", url: "/a.png" }] } }).success, form: form.success, loaded }));
    `;
    const out = execFileSync(node, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    const result = JSON.parse(out.trim().split("\n").pop()!) as { version: string; decoded: string; parsed: boolean; loaded: string[] };
    expect(result).toMatchObject({
      decoded: "answered",
      typed: "answered",
      output: "declined",
      client: "function",
      answers: ["refused", "sent", "already-answered"],
      transports: ["function", "function", "function", "function", "function", "function"],
      parsed: true,
      form: true,
      loaded: [],
    });
    expect(Number(result.version.slice(1).split(".")[0])).toBeGreaterThanOrEqual(20);
  });
});
