/**
 * The playground MCP server's 2026-07-28 endpoint (`/mcp-2026`), on the TypeScript SDK v2 as it
 * recommends (`createMcpHandler`): a tool asks inside its result (`inputRequired(...)`) and reads
 * the answers from the retry (`ctx.mcpReq.inputResponses`), its state sealed by the SDK's codec.
 *   - `plan_event`: round 1 asks two things at once — the cover image (the kit's hint: a media
 *     picker, a flat form elsewhere) and the details (a form) —, round 2 a URL step (the deposit).
 * Every retry it gets is recorded (`retries`), so a test can count them per call and round.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createMcpHandler, createRequestStateCodec, inputRequired, McpServer } from "@modelcontextprotocol/server";
import { mediaKind } from "hitl-kit/kinds";
import { elicitationFor, readElicitResult } from "hitl-kit/server";
import { z } from "zod";

const MEDIA = ["alpine-lake", "autumn-road", "city-night", "desert-dunes"];

const DETAILS_SCHEMA = {
  type: "object",
  properties: {
    guests: { type: "integer", title: "Guests", minimum: 1, maximum: 50 },
    catering: { type: "boolean", title: "Catering", default: false },
  },
  required: ["guests"],
};

/** `{ handler, retries }`: the Fetch handler for `/mcp-2026`, and each retry's `{ call, round, responses }`. */
export function createMcp2026Endpoint({ origin }) {
  // One key for the whole server: the SDK builds a new McpServer for every request.
  const codec = createRequestStateCodec({ key: randomBytes(32) });
  const retries = [];
  const cover = elicitationFor(
    mediaKind,
    { kind: "media", items: MEDIA.map((id) => ({ id, url: `/media/${id}.svg`, alt: id.replace(/-/g, " ") })) },
    { message: "Which image should be the event's cover?" },
  );
  if (!cover.ok) throw new Error(cover.message);

  const build = () => {
    const server = new McpServer(
      { name: "hitl-kit-playground-2026", version: "1.0.0" },
      { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
    );
    server.registerTool(
      "plan_event",
      {
        description: "Plans an event, asking for its cover and details, then a deposit.",
        inputSchema: z.object({ title: z.string() }),
      },
      async ({ title }, ctx) => {
        const state = ctx.mcpReq.requestState();
        const responses = ctx.mcpReq.inputResponses ?? {};
        if (!state) {
          return inputRequired({
            inputRequests: {
              cover: inputRequired.elicit(cover.params),
              details: inputRequired.elicit({ message: `Details for “${title}”`, requestedSchema: DETAILS_SCHEMA }),
            },
            requestState: await codec.mint({ call: randomUUID(), round: 1 }),
          });
        }
        retries.push({ call: state.call, round: state.round, responses });
        if (state.round === 1) {
          return inputRequired({
            inputRequests: {
              deposit: inputRequired.elicitUrl({
                message: "Pay the deposit to book the venue.",
                url: `${origin.self}/deposit`,
              }),
            },
            requestState: await codec.mint({ ...state, round: 2, first: responses }),
          });
        }
        const summary = {
          title,
          cover: readElicitResult(mediaKind, cover.request, state.first?.cover),
          details: state.first?.details ?? null,
          deposit: responses.deposit?.action ?? null,
        };
        return { content: [{ type: "text", text: JSON.stringify(summary) }] };
      },
    );
    return server;
  };

  return { handler: createMcpHandler(build), retries };
}
