import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { StrictMode } from "react";
import { z } from "zod";
import { createMcpTransport, type McpHitlTransport } from "../../src/adapters/mcp/transport";
import { noopJournal } from "../../src/core/journal";
import { selectRequests } from "../../src/core/ledger";
import type { ParkedRequest } from "../../src/core/model";
import { HitlProvider, HitlRenderer } from "../../src/index";
import { formKind } from "../../src/kinds/form";
import { mediaKind } from "../../src/kinds/media";
import { elicitationFor, readElicitResult } from "../../src/server/mcp";
import { captureKitWarnings } from "../support/kit-warnings";
import { ledgerOf } from "../support/ledger";

/**
 * The MCP adapter on the real `@modelcontextprotocol/sdk`: an `McpServer` and a `Client` over
 * the SDK's in-memory transport pair. The server calls `elicitInput` (directly, or from a real
 * tool the client calls); the client's elicitation handler is the kit. The SDK's server
 * validates accepted content against `requestedSchema` with its own JSON Schema validator, so
 * an accept that reaches the tool passed the server's check too.
 */

interface Connected {
  server: McpServer;
  client: Client;
  transport: McpHitlTransport;
  close(): Promise<void>;
}

async function connect(kinds: readonly string[] = ["media"]): Promise<Connected> {
  const server = new McpServer({ name: "test-server", version: "1.0.0" });
  server.registerTool(
    "pick_image",
    { description: "Asks which image to use", inputSchema: { ids: z.array(z.string()) } },
    async ({ ids }) => {
      const ask = elicitationFor(
        mediaKind,
        { kind: "media", items: ids.map((id) => ({ id, url: `https://img.example/${id}.png`, alt: `Image ${id}` })) },
        { message: "Which image?" },
      );
      if (!ask.ok) return { content: [{ type: "text", text: ask.message }] };
      const result = readElicitResult(mediaKind, ask.request, await server.server.elicitInput(ask.params));
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    },
  );
  const client = new Client({ name: "chat", version: "1.0.0" });
  const transport = createMcpTransport(client, { kinds });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    server,
    client,
    transport,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const requests = (transport: McpHitlTransport) => selectRequests(ledgerOf(transport).getSnapshot());

async function parked(transport: McpHitlTransport, count = 1): Promise<ParkedRequest> {
  for (let i = 0; i < 200 && requests(transport).length < count; i++) await new Promise((r) => setTimeout(r, 5));
  const request = requests(transport)[count - 1];
  if (!request) throw new Error("no elicitation arrived");
  return request;
}

function renderChat(transport: McpHitlTransport) {
  return render(
    <StrictMode>
      <HitlProvider transport={transport} journal={noopJournal}>
        <HitlRenderer settled="all" />
      </HitlProvider>
    </StrictMode>,
  );
}

const everyField: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", description: "As on your passport", minLength: 2, maxLength: 40 },
    email: { type: "string", title: "Email", format: "email" },
    homepage: { type: "string", title: "Homepage", format: "uri" },
    birthday: { type: "string", title: "Birthday", format: "date" },
    meeting: { type: "string", title: "Meeting", format: "date-time" },
    budget: { type: "number", title: "Budget", minimum: 0, maximum: 1000 },
    seats: { type: "integer", title: "Seats", minimum: 1, maximum: 9, default: 2 },
    newsletter: { type: "boolean", title: "Newsletter", default: false },
    size: { type: "string", title: "Size", enum: ["s", "m", "l"] },
    color: { type: "string", title: "Colour", enum: ["r", "g"], enumNames: ["Red", "Green"] },
    plan: {
      type: "string",
      title: "Plan",
      oneOf: [
        { const: "free", title: "Free" },
        { const: "pro", title: "Pro" },
      ],
    },
    toppings: { type: "array", title: "Toppings", items: { type: "string", enum: ["ham", "olive"] }, maxItems: 2 },
    days: {
      type: "array",
      title: "Days",
      items: {
        anyOf: [
          { const: "mon", title: "Monday" },
          { const: "tue", title: "Tuesday" },
        ],
      },
      minItems: 1,
    },
  },
  required: ["name", "email", "seats", "days"],
};

describe("MCP elicitation through the kit, on the real SDK", () => {
  let connected: Connected | undefined;
  afterEach(async () => {
    // Closing withdraws what is still open, which updates a page that is still rendered.
    await act(async () => {
      await connected?.close();
    });
    connected = undefined;
  });

  it("given a form with every field type the spec allows, should park one form and return typed, schema-valid content", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const result = server.server.elicitInput({ mode: "form", message: "Book a table", requestedSchema: everyField });
    const request = await parked(transport);
    expect(request).toMatchObject({ kind: "form", prompt: "Book a table", dismissible: true });
    const payload = request.payload as { fields: { name: string; type: string; options?: unknown[] }[] };
    expect(payload.fields.map((field) => [field.name, field.type])).toEqual([
      ["name", "text"],
      ["email", "email"],
      ["homepage", "text"],
      ["birthday", "date"],
      ["meeting", "text"],
      ["budget", "number"],
      ["seats", "number"],
      ["newsletter", "checkbox"],
      ["size", "select"],
      ["color", "select"],
      ["plan", "select"],
      ["toppings", "multiselect"],
      ["days", "multiselect"],
    ]);
    expect(payload.fields.find((field) => field.name === "color")?.options).toEqual([
      { value: "r", label: "Red" },
      { value: "g", label: "Green" },
    ]);

    renderChat(transport);
    // The form renders with the schema's titles and descriptions.
    expect(screen.getByRole("textbox", { name: /^Name/ })).toBeInTheDocument();
    expect(screen.getByText("As on your passport")).toBeInTheDocument();

    const client = (await import("../../src/core/client")).createHitlClient({
      transport,
      kinds: [formKind, mediaKind],
    });
    const values = {
      name: "Ada",
      email: "ada@example.com",
      homepage: "https://ada.example",
      birthday: "1815-12-10",
      meeting: "2025-01-31T09:00:00Z",
      budget: 12.5,
      seats: 3,
      newsletter: true,
      size: "m",
      color: "g",
      plan: "pro",
      toppings: [],
      days: ["tue"],
    };
    await act(async () => {
      expect(client.answer(request.requestId, { type: "value", value: { values } })).toEqual({
        ok: true,
        status: "sent",
      });
      expect(client.answer(request.requestId, { type: "value", value: { values } })).toMatchObject({
        status: "already-answered",
      });
    });
    const received = await result;
    expect(received).toEqual({
      action: "accept",
      content: {
        name: "Ada",
        email: "ada@example.com",
        homepage: "https://ada.example",
        birthday: "1815-12-10",
        meeting: "2025-01-31T09:00:00Z",
        budget: 12.5,
        seats: 3,
        newsletter: true,
        size: "m",
        color: "g",
        plan: "pro",
        days: ["tue"],
      },
    });
    expect(typeof received.content?.seats).toBe("number");
    expect(requests(transport)[0]).toMatchObject({ state: "settled", outcome: "answered" });
  });

  it("given the person fills the flat form in the page, should send accept with the typed values", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const result = server.server.elicitInput({
      mode: "form",
      message: "Your details",
      requestedSchema: {
        type: "object",
        properties: {
          seats: { type: "integer", title: "Seats", minimum: 1 },
          vip: { type: "boolean", title: "VIP" },
        },
        required: ["seats"],
      },
    });
    await parked(transport);
    renderChat(transport);
    fireEvent.change(screen.getByRole("spinbutton", { name: /Seats/ }), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /VIP/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /Submit|Send/ }));
    });
    await expect(result).resolves.toEqual({ action: "accept", content: { seats: 4, vip: true } });
  });

  it("given the person declines, should send decline with the reason in _meta, once", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const result = server.server.elicitInput({ mode: "form", message: "Your name?", requestedSchema: everyField });
    const request = await parked(transport);
    const client = (await import("../../src/core/client")).createHitlClient({
      transport,
      kinds: [formKind, mediaKind],
    });
    client.answer(request.requestId, { type: "declined", reason: "private" });
    client.answer(request.requestId, { type: "declined" });
    const received = await result;
    expect(received).toEqual({ action: "decline", _meta: { "dev.hitl-kit/reason": "private" } });
    expect(readElicitResult(mediaKind, { kind: "media", items: [], min: 1, max: 1 } as never, received)).toEqual({
      status: "declined",
      reason: "private",
    });
  });

  it("given the person presses Escape on the form, should send cancel", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const result = server.server.elicitInput({
      mode: "form",
      message: "Anything?",
      requestedSchema: { type: "object", properties: { note: { type: "string", title: "Note" } } },
    });
    await parked(transport);
    renderChat(transport);
    const close = screen.getByRole("button", { name: "Close without answering" });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("textbox", { name: /Note/ }), { key: "Escape" });
    });
    await expect(result).resolves.toEqual({ action: "cancel" });
    expect(close).not.toBeInTheDocument();
    expect(document.querySelector('[data-slot="widget"]')).toHaveAttribute("data-state", "dismissed");
    expect(screen.getByText("Closed without an answer.")).toBeInTheDocument();
  });

  it.each([
    [
      "a nested object",
      { deep: { type: "object", properties: { x: { type: "string" } } } },
      /Unsupported type "object"/,
    ],
    ["a $ref", { who: { $ref: "#/definitions/person" } }, /no type|\$ref/],
    ["an unknown type", { when: { type: "timestamp" } }, /Unsupported type "timestamp"/],
    ["a pattern it cannot show", { code: { type: "string", pattern: "^[A-Z]+$" } }, /Unsupported keyword "pattern"/],
  ])("given a schema with %s, should decline without rendering a form, and say why", async (_, properties, why) => {
    connected = await connect();
    const { server, transport } = connected;
    // The SDK's own server-side types refuse these at compile time; a real server can still send them.
    const result = server.server.request(
      {
        method: "elicitation/create",
        params: { mode: "form", message: "Details?", requestedSchema: { type: "object", properties } },
      },
      z.looseObject({ action: z.string() }),
    );
    await expect(result).resolves.toMatchObject({ action: "decline" });
    const request = await parked(transport);
    expect(request).toMatchObject({ state: "settled", outcome: "invalid" });
    const warnings = captureKitWarnings();
    renderChat(transport);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(document.querySelector('[data-slot="widget"]')?.textContent).toMatch(why);
    // The developer is told why on the console, once.
    expect(warnings()).toEqual([expect.stringMatching(/^hitl-kit: request of kind "form" shown as the fallback/)]);
    expect(warnings()[0]).toMatch(why);
    // Nobody answered it: the receipt says it could not be shown, not that an answer was refused.
    expect(document.querySelector('[data-slot="receipt-outcome"]')).toHaveTextContent(
      "This request could not be shown.",
    );
  });

  it("given a rich-picker hint, should render the media picker and return content that validates against the flat schema", async () => {
    connected = await connect(["media"]);
    const { client, transport } = connected;
    const call = client.callTool({ name: "pick_image", arguments: { ids: ["a", "b"] } });
    const request = await parked(transport);
    expect(request).toMatchObject({ kind: "media", dismissible: true });
    renderChat(transport);
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    const kit = (await import("../../src/core/client")).createHitlClient({ transport, kinds: [formKind, mediaKind] });
    // The answer updates the rendered picker (submitting, then settled once the tool returns).
    const result = await act(async () => {
      kit.answer(request.requestId, { type: "value", value: { selected: ["b"] } });
      return await call;
    });
    expect(result.content).toEqual([
      { type: "text", text: JSON.stringify({ status: "answered", value: { selected: ["b"] } }) },
    ]);
  });

  it("given a hint of a kind this client does not opt into, should fall back to the flat form", async () => {
    connected = await connect([]);
    const { client, transport } = connected;
    void client.callTool({ name: "pick_image", arguments: { ids: ["a", "b"] } }).catch(() => {});
    const request = await parked(transport);
    expect(request.kind).toBe("form");
    renderChat(transport);
    expect(screen.getByRole("group", { name: /Choose/ })).toBeInTheDocument();
  });

  it("given URL mode, should show the domain and full URL, never open it by itself, and accept once opened", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const url = "https://pay.example.com/checkout?session=42";
    const result = server.server.elicitInput({ mode: "url", message: "Pay to continue", elicitationId: "pay-1", url });
    const request = await parked(transport);
    expect(request).toMatchObject({ kind: "open-url", native: true });
    const open = vi.spyOn(window, "open");
    renderChat(transport);
    const widget = document.querySelector('[data-slot="widget"]') as HTMLElement;
    expect(within(widget).getByText("pay.example.com")).toBeInTheDocument();
    expect(within(widget).getByText(url)).toBeInTheDocument();
    const link = within(widget).getByRole("link", { name: /Open pay\.example\.com/ });
    expect(link).toHaveAttribute("href", url);
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(open).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(link);
    });
    await expect(result).resolves.toEqual({ action: "accept" });
    expect(requests(transport)[0]?.state).toBe("responded");
    await act(async () => {
      await server.server.createElicitationCompletionNotifier("pay-1")();
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(requests(transport)[0]).toMatchObject({ state: "settled", outcome: "answered" });
    open.mockRestore();
  });

  it.each([
    ["javascript:", "javascript:alert(1)"],
    ["plain http off this machine", "http://pay.example.com/"],
    ["credentials before the host", "https://bank.example.com@evil.example/"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
  ])("given a URL elicitation with %s, should decline without offering it", async (_, url) => {
    connected = await connect();
    const { server, transport } = connected;
    const result = server.server.elicitInput({ mode: "url", message: "Open this", elicitationId: "x", url });
    await expect(result).resolves.toEqual({ action: "decline" });
    const warnings = captureKitWarnings();
    renderChat(transport);
    expect(screen.queryByRole("link")).toBeNull();
    expect(warnings()).toEqual([
      expect.stringMatching(
        /^hitl-kit: request of kind "open-url" shown as the fallback \(invalid-payload\):\nurl: Only https:/,
      ),
    ]);
  });

  it("given http on localhost, should offer it", async () => {
    connected = await connect();
    const { server, transport } = connected;
    void server.server
      .elicitInput({
        mode: "url",
        message: "Sign in",
        elicitationId: "x",
        url: "http://localhost:3000/login",
      })
      .catch(() => {});
    const request = await parked(transport);
    expect(request).toMatchObject({ kind: "open-url", state: "open" });
    expect(request.issues).toBeUndefined();
  });

  it("given the server cancels the request, should withdraw the widget and never send a late answer", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const controller = new AbortController();
    const result = server.server.elicitInput(
      {
        mode: "form",
        message: "Anything?",
        requestedSchema: { type: "object", properties: { note: { type: "string" } } },
      },
      { signal: controller.signal },
    );
    const request = await parked(transport);
    controller.abort("changed my mind");
    await expect(result).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    expect(requests(transport)[0]).toMatchObject({ state: "settled", outcome: "cancelled" });
    const send = vi.spyOn(transport, "send");
    const kit = (await import("../../src/core/client")).createHitlClient({ transport, kinds: [formKind, mediaKind] });
    kit.answer(request.requestId, { type: "value", value: { values: { note: "late" } } });
    await kit.whenIdle();
    expect(send).not.toHaveBeenCalled();
  });

  it("given the request times out on the server, should withdraw the widget", async () => {
    connected = await connect();
    const { server, transport } = connected;
    const result = server.server.elicitInput(
      {
        mode: "form",
        message: "Quick!",
        requestedSchema: { type: "object", properties: { note: { type: "string" } } },
      },
      { timeout: 30 },
    );
    await parked(transport);
    await expect(result).rejects.toThrow(/timed out/i);
    await new Promise((r) => setTimeout(r, 20));
    expect(requests(transport)[0]).toMatchObject({ state: "settled", outcome: "cancelled" });
  });

  it("given the connection closes, should withdraw open requests", async () => {
    connected = await connect();
    const { server, client, transport } = connected;
    void server.server
      .elicitInput({
        mode: "form",
        message: "Still there?",
        requestedSchema: { type: "object", properties: { a: { type: "string" } } },
      })
      .catch(() => {});
    await parked(transport);
    await client.close();
    await new Promise((r) => setTimeout(r, 10));
    expect(requests(transport)[0]).toMatchObject({ state: "settled", outcome: "withdrawn" });
  });

  it("given the transport is created after the client connected, should say how to fix it", async () => {
    connected = await connect();
    const late = new Client({ name: "late", version: "1.0.0" });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const other = new McpServer({ name: "s", version: "1" });
    await Promise.all([other.connect(b), late.connect(a)]);
    expect(() => createMcpTransport(late)).toThrow(/before client\.connect\(\)/);
    await late.close();
    await other.close();
  });
});
