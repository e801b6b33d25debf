import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type ElicitRequestParams, type ElicitResult, ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Meta, StoryContext, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createMcpTransport, type McpHitlTransport } from "../src/adapters/mcp/transport";
import { createHitlClient, type HitlClient } from "../src/core/client";
import { noopJournal } from "../src/core/journal";
import { selectRequests } from "../src/core/ledger";
import { defaultRegistry, HitlProvider, HitlRenderer } from "../src/index";
import { mediaKind } from "../src/kinds/media";
import { elicitationFor } from "../src/server/mcp";

/**
 * MCP elicitation (`hitl-kit/adapters/mcp`) on the real `@modelcontextprotocol/sdk`, in the
 * browser: each story connects an `McpServer` and a `Client` over the SDK's in-memory transport,
 * the server sends one `elicitation/create`, the kit renders it, and the play function checks the
 * one `ElicitResult` the server received. Forms, rich pickers, URL consent, refusals.
 */

interface McpArgs {
  /** What the server sends. */
  readonly params: ElicitRequestParams;
  /** Kinds whose rich pickers this client opts into. */
  readonly kinds?: readonly string[];
}

interface McpScene {
  readonly transport: McpHitlTransport;
  readonly client: HitlClient;
  /** Every result the server received, in order (a second one would be a bug). */
  readonly results: ElicitResult[];
  readonly server: McpServer;
  readonly abort: AbortController;
}

async function connect(args: McpArgs): Promise<McpScene> {
  const server = new McpServer({ name: "story-server", version: "1.0.0" });
  const client = new Client({ name: "story-page", version: "1.0.0" });
  const transport = createMcpTransport(client, { kinds: args.kinds ?? [] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const results: ElicitResult[] = [];
  const abort = new AbortController();
  // Sent with the SDK's low-level request (not `elicitInput`) so a schema outside the spec's
  // subset reaches the client as a real server could send it.
  void server.server
    .request({ method: "elicitation/create", params: args.params }, ElicitResultSchema, { signal: abort.signal })
    .then((result) => results.push(result))
    .catch(() => undefined);
  // The page's client, built here so the loader can wait on its ledger before the story renders.
  const hitl = createHitlClient({ transport, kinds: defaultRegistry, journal: noopJournal });
  // A client follows its transport only while mounted; the provider mounts it again to render.
  const stop = hitl.mount();
  try {
    await waitFor(() => expect(selectRequests(hitl.store.getSnapshot())).toHaveLength(1));
  } finally {
    stop();
  }
  return { transport, client: hitl, results, server, abort };
}

const sceneOf = (context: Pick<StoryContext<McpArgs>, "loaded">): McpScene => {
  const scene: unknown = context.loaded.mcp;
  if (typeof scene !== "object" || scene === null || !("transport" in scene) || !("results" in scene)) {
    throw new Error("mcp story: the loader did not run");
  }
  return scene as McpScene; // checked above: the loader's own object
};

const meta = {
  title: "Adapters/MCP elicitation",
  loaders: [async (context) => ({ mcp: await connect(context.args) })],
  render: (_args, context) => (
    <HitlProvider transport={sceneOf(context).transport} client={sceneOf(context).client} journal={noopJournal}>
      <HitlRenderer settled="all" />
    </HitlProvider>
  ),
  parameters: { a11y: { test: "error" } },
} satisfies Meta<McpArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const booking: ElicitRequestParams = {
  mode: "form",
  message: "Book a table",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name", minLength: 2 },
      email: { type: "string", title: "Email", format: "email" },
      guests: { type: "integer", title: "Guests", minimum: 1, maximum: 12, default: 2 },
      terrace: { type: "boolean", title: "Terrace", default: false },
      menu: { type: "string", title: "Menu", enum: ["std", "veg"], enumNames: ["Standard", "Vegetarian"] },
      courses: {
        type: "array",
        title: "Courses",
        items: {
          anyOf: [
            { const: "starter", title: "Starter" },
            { const: "main", title: "Main" },
          ],
        },
        minItems: 1,
      },
    },
    required: ["name", "email", "courses"],
  },
};

const widget = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-slot="widget"]');

/** A form from `requestedSchema`, filled by keyboard: the server gets typed content, once. */
export const FormAnswered: Story = {
  args: { params: booking },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: /^Name/ }), "Ada");
    await userEvent.type(canvas.getByRole("textbox", { name: /^Email/ }), "ada@example.com");
    await userEvent.click(canvas.getByRole("checkbox", { name: "Main" }));
    const submit = canvas.getByRole("button", { name: "Submit" });
    await userEvent.dblClick(submit);
    await waitFor(() => expect(scene.results).toHaveLength(1));
    await expect(scene.results[0]).toEqual({
      action: "accept",
      content: { name: "Ada", email: "ada@example.com", guests: 2, terrace: false, courses: ["main"] },
    });
    await waitFor(() => expect(widget(context.canvasElement)).toHaveAttribute("data-state", "answered"));
  },
};

/** Decline: the server gets `decline`, with the reason in the kit's `_meta` key. */
export const FormDeclined: Story = {
  args: { params: booking },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Decline" }));
    await userEvent.type(canvas.getByRole("textbox", { name: /reason/i }), "Fully booked");
    await userEvent.click(canvas.getByRole("button", { name: "Send decline" }));
    await waitFor(() =>
      expect(scene.results).toEqual([{ action: "decline", _meta: { "dev.hitl-kit/reason": "Fully booked" } }]),
    );
    await waitFor(() => expect(widget(context.canvasElement)).toHaveAttribute("data-state", "declined"));
  },
};

/** Escape (or ×) closes it without deciding: the server gets `cancel`. */
export const Dismissed: Story = {
  args: { params: booking },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole("button", { name: "Close without answering" })).toBeVisible();
    canvas.getByRole("textbox", { name: /^Name/ }).focus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(scene.results).toEqual([{ action: "cancel" }]));
    await waitFor(() => expect(widget(context.canvasElement)).toHaveAttribute("data-state", "dismissed"));
    await expect(canvas.queryByRole("button", { name: "Close without answering" })).toBeNull();
  },
};

/** A nested object is outside the spec's subset: declined at once, and the page says why. */
export const RefusedSchema: Story = {
  args: {
    params: {
      mode: "form",
      message: "Your address",
      requestedSchema: {
        type: "object",
        properties: { address: { type: "object", properties: { street: { type: "string" } } } },
      },
      // Outside the SDK's types on purpose: what a non-conforming server can still send.
    } as unknown as ElicitRequestParams,
  },
  play: async (context) => {
    const scene = sceneOf(context);
    await waitFor(() => expect(scene.results).toEqual([{ action: "decline" }]));
    await expect(within(context.canvasElement).queryByRole("textbox")).toBeNull();
    await expect(widget(context.canvasElement)).toHaveAttribute("data-state", "invalid");
    await expect(widget(context.canvasElement)).toHaveTextContent(/Unsupported type "object"/);
    // Nobody answered it: the receipt says it could not be shown, not that an answer was refused.
    await expect(widget(context.canvasElement)).toHaveTextContent("This request could not be shown.");
  },
};

const ask = elicitationFor(
  mediaKind,
  {
    kind: "media",
    items: ["alpine-lake", "lighthouse", "city-night"].map((id) => ({
      id,
      url: `/media/${id}.svg`,
      alt: id.replace(/-/g, " "),
    })),
  },
  { message: "Which image should be the cover?" },
);
const mediaParams = (ask.ok ? ask.params : booking) as ElicitRequestParams;

/** The kit's hint in `_meta`: the media picker; the content still fits the flat schema. */
export const RichPicker: Story = {
  args: { params: mediaParams, kinds: ["media"] },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole("option", { name: "lighthouse" }));
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(scene.results).toEqual([{ action: "accept", content: { selected: ["lighthouse"] } }]));
  },
};

/** The same request on a client that did not opt into rich pickers: the flat form. */
export const RichPickerAsFlatForm: Story = {
  args: { params: mediaParams, kinds: [] },
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(canvas.getByRole("group", { name: /Choose/ })).toBeVisible();
    await expect(canvas.queryByRole("listbox")).toBeNull();
  },
};

const payUrl = "https://pay.example.com/checkout?session=42";

/** URL mode: the domain and the whole address, nothing opened until the person opens it. */
export const UrlConsent: Story = {
  args: { params: { mode: "url", message: "Pay to continue", elicitationId: "pay-1", url: payUrl } },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    await expect(canvas.getByText("pay.example.com")).toBeVisible();
    await expect(canvas.getByText(payUrl)).toBeVisible();
    const link = canvas.getByRole("link", { name: /Open pay\.example\.com/ });
    await expect(link).toHaveAttribute("href", payUrl);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(scene.results).toEqual([]);
  },
};

/** Opened: the server gets `accept`; the widget waits until the server says it completed. */
export const UrlConsentCompleted: Story = {
  args: { params: { mode: "url", message: "Pay to continue", elicitationId: "pay-2", url: payUrl } },
  play: async (context) => {
    const scene = sceneOf(context);
    const canvas = within(context.canvasElement);
    const link = canvas.getByRole("link", { name: /Open pay\.example\.com/ });
    // The story does not leave the page: the click's default (a new tab) is prevented here only.
    link.addEventListener("click", (event) => event.preventDefault(), { once: true });
    await userEvent.click(link);
    await waitFor(() => expect(scene.results).toEqual([{ action: "accept" }]));
    await waitFor(() => expect(widget(context.canvasElement)).toHaveAttribute("data-state", "responded"));
    await scene.server.server.createElicitationCompletionNotifier("pay-2")();
    await waitFor(() => expect(widget(context.canvasElement)).toHaveAttribute("data-state", "answered"));
  },
};

/** A link that is not https (nor http on localhost) is never offered: declined, with the reason. */
export const UrlRefused: Story = {
  args: { params: { mode: "url", message: "Verify", elicitationId: "x", url: "http://pay.example.com/" } },
  play: async (context) => {
    const scene = sceneOf(context);
    await waitFor(() => expect(scene.results).toEqual([{ action: "decline" }]));
    await expect(within(context.canvasElement).queryByRole("link")).toBeNull();
    await expect(widget(context.canvasElement)).toHaveTextContent(/Only https: links/);
    await expect(widget(context.canvasElement)).toHaveTextContent("This request could not be shown.");
  },
};

/** The server gives up (notifications/cancelled): the widget ends as cancelled, nothing is sent. */
export const CancelledByServer: Story = {
  args: { params: booking },
  play: async (context) => {
    const scene = sceneOf(context);
    scene.abort.abort("the tool gave up");
    await waitFor(() => expect(widget(context.canvasElement)).toHaveAttribute("data-state", "cancelled"));
    await expect(within(context.canvasElement).queryByRole("button", { name: "Submit" })).toBeNull();
    await expect(scene.results).toEqual([]);
  },
};
