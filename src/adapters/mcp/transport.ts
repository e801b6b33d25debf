import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CancelledNotificationSchema,
  ElicitationCompleteNotificationSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { AnswerBody } from "../../core/answer";
import { formatIssues } from "../../core/issues";
import type { LedgerProblem } from "../../core/ledger";
import type { Outcome } from "../../core/model";
import {
  ACCEPTED,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
} from "../../core/transport";
import type { ElicitationMapping } from "../../wire/hint";
import { type ElicitationHandling, parkElicitation } from "./convert";
import { toElicitResult } from "./encode";

/**
 * MCP elicitation as a kit transport: every `elicitation/create` the server sends becomes a
 * parked request (a `form`, a rich picker when the request carries the kit's hint, or an
 * `open-url` consent), and the person's one typed answer becomes the one `ElicitResult`.
 * Cancellation (`notifications/cancelled`, a timeout), a closed connection and
 * `notifications/elicitation/complete` settle the request; a late answer is never sent.
 */

export interface McpHitlOptions {
  /**
   * Kinds whose rich pickers may replace the flat form when a request carries the kit's hint,
   * by name. A hint of a kind not listed here falls back to the flat form. @default none
   */
  readonly kinds?: readonly string[];
  /** How your own kinds' answers become `content` (the built-in pickers have theirs). */
  readonly mappings?: Readonly<Record<string, ElicitationMapping<never, never>>>;
  readonly onProblem?: (problem: LedgerProblem) => void;
}

export interface McpHitlTransport extends HitlTransport {
  /** Answers every waiting elicitation with `cancel` and stops handling new ones. */
  close(): void;
}

/** What the handler keeps for a request until its one result goes out. */
interface Pending extends ElicitationHandling {
  readonly resolve: (result: ElicitResult) => void;
}

/** The one shape the kit reads of `elicitation/create`; everything else is checked by hand. */
const looseElicitRequest = z.object({ method: z.literal("elicitation/create"), params: z.unknown() });

const transports = new WeakMap<Client | ClientV2, McpHitlTransport>();
let connections = 0;

/**
 * Installs the kit as `client`'s elicitation handler and declares the form and URL modes. Call
 * it before `client.connect(…)` (capabilities are sent on connect). Idempotent per client.
 *
 * `client` is the SDK v1's `Client` or the SDK v2's (`@modelcontextprotocol/client`). On a v2
 * client the handler serves both eras: a 2025-11-25 server's own `elicitation/create`, and on
 * 2026-07-28 the rounds the SDK fulfils itself (its default `autoFulfill`) — each embedded request
 * parks, and the SDK retries once every request of the round has its answer.
 */
export function createMcpTransport(client: Client | ClientV2, options: McpHitlOptions = {}): McpHitlTransport {
  const existing = transports.get(client);
  if (existing) return existing;
  try {
    client.registerCapabilities({ elicitation: { form: {}, url: {} } });
  } catch (error) {
    throw new Error(
      `hitl-kit: create the MCP transport before client.connect() — elicitation must be declared in the client's capabilities (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const sessionKey = `mcp:${Date.now().toString(36)}:${++connections}`;
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const { connection } = createConnectionState();
  const pending = new Map<string, Pending>();
  /** Requests already delivered, so a duplicated delivery gets no second answer. */
  const delivered = new Set<string>();
  const byElicitation = new Map<string, string>();
  /** Our requests by their JSON-RPC id, for cancellations. */
  const byJsonRpcId = new Map<string | number, string>();
  const allowed = new Set(options.kinds ?? []);
  let closed = false;
  // A client that reconnects after a lost session talks to a new server session, whose JSON-RPC
  // ids start at 0 again: keyed by id alone, its first request would read as a replay of the old
  // session's first and never be shown. Each connection (transport) after the first gets its own key.
  const connectionKeys = new WeakMap<object, string>();
  let connectionCount = 0;
  const connectionKey = () => {
    const current = client.transport;
    if (current === undefined) return "";
    let key = connectionKeys.get(current);
    if (key === undefined) {
      key = ++connectionCount === 1 ? "" : `:c${connectionCount}`;
      connectionKeys.set(current, key);
    }
    return key;
  };

  const settle = (requestId: string, outcome: Outcome, response?: AnswerBody) =>
    events.deliver({
      type: "transport",
      changes: [
        { type: "resolved", requestId, outcome, authoritative: true, ...(response !== undefined ? { response } : {}) },
      ],
    });

  /**
   * Ends a waiting request: with its one result, or (`undefined`) with none at all — after the
   * server cancelled it or the connection closed, any response would be a late answer.
   */
  const finish = (requestId: string, result: ElicitResult | undefined) => {
    const entry = pending.get(requestId);
    if (!entry) return false;
    pending.delete(requestId);
    for (const [id, ours] of byJsonRpcId) if (ours === requestId) byJsonRpcId.delete(id);
    if (result) entry.resolve(result);
    return true;
  };

  /** One `elicitation/create` (its JSON-RPC id, or a fresh id for a request nothing replays) → its one result. */
  const handle = (
    params: unknown,
    jsonRpcId: string | number,
    signal: AbortSignal,
    era: "2025" | "2026" = "2025",
  ): Promise<ElicitResult> => {
    const requestId = `${sessionKey}${connectionKey()}:${String(jsonRpcId)}`;
    // A duplicated delivery of the same JSON-RPC request (a replaying stream): the first delivery
    // carries the one result; answering this one too would put a second response on the wire.
    if (delivered.has(requestId)) return new Promise<ElicitResult>(() => {});
    delivered.add(requestId);
    if (closed) return Promise.resolve<ElicitResult>({ action: "cancel" });
    const parked = parkElicitation(requestId, params, allowed, options.mappings ?? {}, era);
    events.deliver({ type: "transport", changes: [{ type: "requested", request: parked.request }] });
    if (!parked.ok) {
      settle(requestId, "invalid");
      return Promise.resolve<ElicitResult>({ action: "decline" });
    }
    return new Promise<ElicitResult>((resolve) => {
      pending.set(requestId, { resolve, ...parked.pending });
      byJsonRpcId.set(jsonRpcId, requestId);
      if (parked.pending.elicitationId !== undefined) byElicitation.set(parked.pending.elicitationId, requestId);
      // The SDK aborts a handler when the connection closes (a server's cancellation is read
      // below, first): the request is withdrawn, and nothing is sent after it.
      signal.addEventListener(
        "abort",
        () => {
          if (finish(requestId, undefined)) settle(requestId, "withdrawn");
        },
        { once: true },
      );
    });
  };

  /** `notifications/elicitation/complete` (2025 URL mode): the out-of-band flow finished. */
  const complete = (elicitationId: string) => {
    const requestId = byElicitation.get(elicitationId);
    if (requestId === undefined) return;
    byElicitation.delete(elicitationId);
    // Completed out of band: after this page accepted (the ledger settles it with that answer), or
    // before anyone chose (the elicitation ends declined; the ledger, with nothing sent, withdraws it).
    finish(requestId, { action: "cancel" });
    events.deliver({ type: "transport", changes: [{ type: "concluded", requestId }] });
  };

  if (isClientV2(client)) {
    let embedded = 0;
    client.setRequestHandler("elicitation/create", (request, ctx) => {
      // On a 2026 connection a server never sends this: the SDK's round driver calls it for each
      // key of an interim result, with the key as the id (the same in every round) and nothing
      // replayed — each call is a request of its own. A URL step there has no elicitationId: the
      // SDK's retry tells the server how it went.
      if (client.getProtocolEra() !== "modern")
        return handle(request.params, ctx.mcpReq.id, ctx.mcpReq.signal) as never;
      return handle(request.params, `round${++embedded}:${String(ctx.mcpReq.id)}`, ctx.mcpReq.signal, "2026") as never;
    });
    client.setNotificationHandler("notifications/elicitation/complete", (notification) =>
      complete(notification.params.elicitationId),
    );
  } else {
    // Bypasses `Client.setRequestHandler`'s own check on purpose: it rejects a schema outside the
    // spec's subset with a JSON-RPC error, where the kit answers `decline` with a readable issue.
    // The kit validates every request and result itself (form-schema.ts), more strictly.
    Protocol.prototype.setRequestHandler.call(client, looseElicitRequest, (request, extra) =>
      handle(request.params, extra.requestId, extra.signal),
    );
    // The server gave up on a request (`notifications/cancelled`: its own abort, or a timeout).
    // Read here rather than through the SDK's abort signal because the SDK 1.32 ignores a
    // cancellation of request id 0 (a falsy check), which is the first request a server sends.
    // The SDK's own handling still runs afterwards for everything else.
    const sdkCancel = (Protocol.prototype as unknown as { _oncancel?: (notification: unknown) => Promise<void> })
      ._oncancel;
    client.setNotificationHandler(CancelledNotificationSchema, async (notification) => {
      const requestId = notification.params.requestId;
      const ours = requestId === undefined ? undefined : byJsonRpcId.get(requestId);
      if (ours !== undefined && finish(ours, undefined)) settle(ours, "cancelled");
      await sdkCancel?.call(client, notification);
    });
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
      complete(notification.params.elicitationId),
    );
  }

  const transport: McpHitlTransport = {
    sessionKey,
    connection,
    connect: events.connect,
    peek: events.peek,
    async send(answer): Promise<SendOutcome> {
      const entry = pending.get(answer.requestId);
      if (!entry) {
        throw new HitlTransportError("The server is no longer waiting for this answer.", "rejected");
      }
      const result = toElicitResult(answer, entry);
      if (!result.ok) throw new HitlTransportError(formatIssues(result.issues), "rejected");
      finish(answer.requestId, result.value);
      // URL mode (2025): accepted now, settled when the server says the out-of-band flow
      // completed. On 2026 there is no such word (no elicitationId): the answer settles it.
      if (entry.mode === "url" && entry.elicitationId !== undefined && result.value.action === "accept") {
        return ACCEPTED;
      }
      return { type: "settled", outcome: result.value.action === "cancel" ? "cancelled" : "answered" };
    },
    close() {
      closed = true;
      for (const requestId of [...pending.keys()]) {
        if (finish(requestId, { action: "cancel" })) settle(requestId, "withdrawn");
      }
    },
  };
  transports.set(client, transport);
  return transport;
}

/** The SDK v2's `Client` (it reports the era it negotiated; the v1 `Client` has no such method). */
function isClientV2(client: Client | ClientV2): client is ClientV2 {
  return typeof (client as { getProtocolEra?: unknown }).getProtocolEra === "function";
}

// The rest of the adapter a server or a script needs, without React.
export {
  type ContentValue,
  type ElicitContent,
  MAX_ELICIT_PROPERTIES,
  type RequestedSchema,
  readRequestedSchema,
  toContent,
  toFormFields,
  validateContent,
} from "../../wire/form-schema";
export {
  builtInMappings,
  type ElicitationMapping,
  HITL_REASON_META_KEY,
  HITL_UI_META_KEY,
  mappingFor,
} from "../../wire/hint";
export {
  MCP_ROUND_LIMITS,
  type McpContinuation,
  type McpElicitResult,
  type McpInputRequest,
  type McpRoundMethod,
  type McpRoundReading,
  readContinuation,
} from "../../wire/mcp-rounds";
export { type ElicitationHandling, type Parked, parkElicitation } from "./convert";
export { createMcpRoundsTransport, McpRoundsError, type McpRoundsOptions, type McpRoundsTransport } from "./rounds";
