import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { createMcpTransport } from "hitl-kit/adapters/mcp/transport";
import type { HitlTransport } from "hitl-kit/core";
import {
  createTestSession,
  createTestTransport,
  type TestApprovalOptions,
  type TestAskOptions,
} from "hitl-kit/testing";

/**
 * The agent side of the page: for each widget of the kit's shadcn registry, one request of its
 * kind, parked where the kit's transports find requests. Nine in an in-memory eve session each
 * (`hitl-kit/testing`: eve's protocol, no server); `open-url` — a kind only MCP's URL-mode
 * elicitation parks — from an MCP server over the SDK's in-memory transport. Each scenario counts
 * what its agent received: a correct page sends exactly one answer per request.
 */

/** The registry's widget items, in the order the page shows them. */
export const widgetNames = [
  "media-picker",
  "template-picker",
  "aspect-ratio-picker",
  "multi-select",
  "form",
  "approval",
  "question",
  "questions",
  "open-url",
  "fallback",
] as const;
export type WidgetName = (typeof widgetNames)[number];

export interface Received {
  readonly answers: number;
  readonly results: number;
  readonly last: string;
}

export interface Scenario {
  /** The card (`card-<name>` in the page): the item's name, or the item and a variant of it. */
  readonly name: string;
  /** The registry item it shows. */
  readonly item: WidgetName;
  /** The kind of the parked request (`fallback`: a kind no widget is registered for). */
  readonly kind: string;
  readonly transport: HitlTransport;
  /**
   * What the agent received so far: answers to the request, results of its tool call, and the
   * last answer as JSON (eve's `InputResponse`, or MCP's `ElicitResult`).
   */
  received(): Received;
  /** Called when the counts may have changed. */
  subscribe(listener: () => void): () => void;
}

/** Thumbnails as inline SVGs: the page loads nothing from the network. */
function swatch(hue: number, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="hsl(${hue} 70% 55%)"/><circle cx="220" cy="90" r="40" fill="hsl(${hue + 40} 90% 80%)"/><text x="20" y="220" font-family="sans-serif" font-size="22" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** What the agent parks in an eve session: a workflow tool's `ctx.ask`, or a tool that needs approval. */
type EveRequest = { readonly name: WidgetName; readonly variant?: string; readonly kind: string } & (
  | { readonly ask: TestAskOptions }
  | { readonly approval: TestApprovalOptions }
);

/** A kit picker: its payload goes under the tool input's `ui`. */
const picker = (name: WidgetName, toolName: string, prompt: string, ui: Record<string, unknown>): EveRequest => ({
  name,
  kind: String(ui.kind),
  ask: { toolName, prompt, input: { prompt, ui } },
});

/** The eve requests: a kit picker under `input.ui`, eve's own question, a tool approval. */
const eveRequests: readonly EveRequest[] = [
  picker("media-picker", "pick_media", "Pick up to two photos for the launch post", {
    kind: "media",
    items: [
      { id: "coast", url: swatch(200, "Coast"), alt: "A blue coast at noon" },
      { id: "sunset", url: swatch(20, "Sunset"), alt: "An orange sunset over the sea" },
      { id: "forest", url: swatch(130, "Forest"), alt: "A green forest in the mist" },
      { id: "night", url: swatch(250, "Night"), alt: "A violet night sky" },
    ],
    min: 1,
    max: 2,
  }),
  picker("template-picker", "pick_template", "Which template should the announcement use?", {
    kind: "template",
    templates: [
      {
        id: "product-launch",
        name: "Product launch",
        description: "A headline, a short pitch and a call to action.",
        variables: [{ name: "productName", label: "Product name", required: true, placeholder: "Acme Rocket" }],
      },
      { id: "release-notes", name: "Release notes", description: "What's new, what's fixed, what's next." },
    ],
  }),
  picker("aspect-ratio-picker", "pick_aspect_ratio", "Which aspect ratio should the video have?", {
    kind: "aspect-ratio",
    presets: [
      { ratio: "1:1", label: "Square" },
      { ratio: "16:9", label: "Widescreen" },
      { ratio: "9:16", label: "Story" },
    ],
  }),
  picker("multi-select", "pick_tags", "Which tags fit this article? Pick one to three.", {
    kind: "multi-select",
    options: [
      { id: "design", label: "Design" },
      { id: "engineering", label: "Engineering" },
      { id: "product", label: "Product" },
      { id: "research", label: "Research" },
    ],
    min: 1,
    max: 3,
  }),
  picker("form", "fill_form", "Tell me about the event", {
    kind: "form",
    submitLabel: "Create event",
    fields: [
      { type: "text", name: "title", label: "Event title", required: true, maxLength: 120 },
      { type: "email", name: "organizerEmail", label: "Organizer email", required: true },
      { type: "number", name: "capacity", label: "Capacity", min: 1, max: 500, integer: true, default: 50 },
    ],
  }),
  {
    name: "approval",
    kind: "approval",
    approval: { toolName: "delete_file", input: { path: "notes/old-draft.md" } },
  },
  {
    name: "question",
    kind: "question",
    ask: {
      toolName: "deploy_canary",
      prompt: "Which region should the canary run in?",
      input: { prompt: "Which region should the canary run in?" },
      options: [
        { id: "eu-west-1", label: "Europe (Ireland)" },
        { id: "us-east-1", label: "US East (N. Virginia)" },
        { id: "ap-southeast-2", label: "Asia Pacific (Sydney)" },
      ],
      allowFreeform: false,
    },
  },
  {
    // The same item's other layout: options with descriptions are a radio group and a Submit.
    name: "question",
    variant: "radios",
    kind: "question",
    ask: {
      toolName: "pick_runtime",
      prompt: "Which runtime should the worker use?",
      input: { prompt: "Which runtime should the worker use?" },
      options: [
        { id: "node", label: "Node.js 24", description: "The current LTS; every dependency supports it." },
        { id: "bun", label: "Bun 1.3", description: "Faster cold starts; two dependencies untested." },
        { id: "deno", label: "Deno 2", description: "Permissions by default; needs the npm: prefix." },
      ],
      allowFreeform: false,
    },
  },
  picker("questions", "ask_user_question", "A few questions before I scaffold checkout-api", {
    kind: "questions",
    questions: [
      {
        id: "db",
        header: "Database",
        prompt: "Which database should the service use?",
        options: [
          { id: "pg", label: "PostgreSQL", description: "Relational; the team runs it already", recommended: true },
          { id: "sqlite", label: "SQLite", description: "One file, no server" },
          { id: "dynamo", label: "DynamoDB" },
        ],
      },
      {
        id: "features",
        header: "Features",
        prompt: "Which features should be enabled at launch?",
        options: [
          { id: "auth", label: "Auth" },
          { id: "billing", label: "Billing" },
          { id: "search", label: "Search" },
        ],
        multiple: true,
        max: 3,
        other: true,
      },
      { id: "notes", header: "Notes", prompt: "Anything else I should know?", other: true, optional: true },
    ],
  }),
  // No widget is registered for `seat-map`: the kit renders the (installed) fallback, answerable as text.
  picker("fallback", "pick_seat", "Which seat would you like?", { kind: "seat-map", rows: 30, seatsPerRow: 6 }),
];

function eveScenario(request: EveRequest): Scenario {
  const session = createTestSession();
  const ref = "approval" in request ? session.requestApproval(request.approval) : session.ask(request.ask);
  return {
    name: request.variant ? `${request.name}-${request.variant}` : request.name,
    item: request.name,
    kind: request.kind,
    transport: createTestTransport(session),
    received: () => {
      const answers = session.answers(ref.requestId);
      return {
        answers: answers.length,
        results: session.toolResults(ref.callId).length,
        last: JSON.stringify(answers.at(-1)?.response ?? null),
      };
    },
    subscribe: (listener) => session.subscribe(() => listener()),
  };
}

/** An https link (the widget offers nothing else but http on localhost); the page never loads it itself. */
export const OPEN_URL = "https://pay.example.com/checkout?session=42";

/**
 * `open-url`: an MCP server asks for a URL-mode elicitation; once the person opened the link the
 * server gets `accept`, and (playing the rest of the flow) says the elicitation completed, which
 * turns the widget into its receipt.
 */
async function mcpOpenUrlScenario(): Promise<Scenario> {
  const server = new McpServer({ name: "shadcn-example-server", version: "1.0.0" });
  const client = new Client({ name: "shadcn-example-page", version: "1.0.0" });
  const transport = createMcpTransport(client);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const results: unknown[] = [];
  const listeners = new Set<() => void>();
  // Every JSON-RPC response that reaches the server, counted on the wire: the SDK settles the
  // server's request with the first, so a second answer would show only here.
  let responses = 0;
  const deliver = serverSide.onmessage;
  serverSide.onmessage = (message, extra) => {
    if ("id" in message && ("result" in message || "error" in message)) {
      responses++;
      for (const listener of listeners) listener();
    }
    deliver?.(message, extra);
  };
  const elicitationId = "pay-42";
  void server.server
    .request(
      {
        method: "elicitation/create",
        params: { mode: "url", message: "Pay to continue", elicitationId, url: OPEN_URL },
      },
      ElicitResultSchema,
    )
    .then(async (result) => {
      results.push(result);
      for (const listener of listeners) listener();
      if (result.action === "accept") await server.server.createElicitationCompletionNotifier(elicitationId)();
    })
    .catch(() => undefined);
  return {
    name: "open-url",
    item: "open-url",
    kind: "open-url",
    transport,
    // MCP: the answers are the responses on the wire; the result, the `ElicitResult` the server's request settled with.
    received: () => ({
      answers: responses,
      results: results.length,
      last: JSON.stringify(results.at(-1) ?? null),
    }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Every scenario, in `widgetNames` order (an item's variants after it); every item has one. */
export async function createScenarios(): Promise<readonly Scenario[]> {
  const eve = eveRequests.map(eveScenario);
  const mcp = await mcpOpenUrlScenario();
  const all = [...eve, mcp];
  return widgetNames.flatMap((name) => {
    const shown = all.filter((candidate) => candidate.item === name);
    if (shown.length === 0) throw new Error(`no scenario for ${name}`);
    return shown;
  });
}
