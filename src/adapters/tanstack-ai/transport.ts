import type { TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import {
  ACCEPTED,
  type ChatMessage,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
} from "../../core/transport";
import { sniffKind } from "../../wire/sniff-kind";
import { toToolOutput } from "../../wire/tool-output";
import { createTanStackAiConverter } from "./convert";
import { approves, interruptResolution } from "./encode";
import { INTERRUPT_BINDING_KEY } from "./interrupts";

/**
 * One entry of the chat's `interrupts` (`useChat()`'s, or `ChatClient.getInterrupts()`): the
 * fields the adapter reads, and the bound methods that answer it.
 */
export interface TanStackInterruptLike {
  readonly id: string;
  readonly kind?: string;
  readonly status?: string;
  readonly metadata?: unknown;
  readonly resolveInterrupt?: (...args: never[]) => void;
  readonly cancel?: () => void;
}

/**
 * The parts of what `useChat()` (`@tanstack/ai-react`) returns that the adapter uses. A
 * `ChatClient` (`@tanstack/ai-client`) fits through `chatClientLike(client)`.
 */
export interface TanStackChatLike {
  readonly messages: readonly unknown[];
  readonly interrupts?: readonly TanStackInterruptLike[];
  /** The client is sending the batch that resumes its interrupts. */
  readonly resuming?: boolean;
  /** A run is streaming: its interrupts are not known yet. */
  readonly isLoading?: boolean;
  addToolResult(result: {
    toolCallId: string;
    tool: string;
    output: unknown;
    state?: "output-available" | "output-error";
    errorText?: string;
  }): Promise<void>;
  addToolApprovalResponse(response: { id: string; approved: boolean }): Promise<void>;
  /** Sends a chat message (`useChat`'s `sendMessage`), for the kit's reply path (`client.sendMessage`). */
  sendMessage?(content: string, options?: never): Promise<void>;
}

export interface TanStackAiHitlOptions {
  /**
   * The conversation's `threadId` (what you gave `useChat`): keys the record of answers in flight,
   * so a reloaded page recognises its own. Without it each transport gets a key of its own.
   */
  readonly threadId?: string;
  /** Called for each part the converter could not read (also reported through the client's `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
  /**
   * How long an answer given while the run that asked is still streaming waits for it to finish
   * (its interrupt is what the answer resolves) before it counts as not sent. @default 30000
   */
  readonly waitMs?: number;
}

export interface TanStackAiHitlTransport extends HitlTransport {
  /** Feeds the chat's current state (the hook does this on every render; see `linkChatClient`). */
  sync(chat?: TanStackChatLike): void;
  /**
   * Sends a chat message the person typed: call `client.sendMessage({ text, options? })`
   * (`useHitlClient()` in React), which gates the replies through the client. TanStack AI's client
   * refuses a message while interrupts wait, so every open request gets its reply first — a
   * picker the typed "replied in chat" result (`{ reply: text }`), an approval a deny, a form
   * interrupt a cancel — the run resumes with them, and the message goes once it is over.
   * `options` are `useChat`'s `sendMessage` options.
   */
  sendMessage(message: ChatMessage, replies: readonly TransportAnswer[]): Promise<ReadonlySet<string>>;
}

let counter = 0;

/**
 * A TanStack AI chat as a transport, without React: its state in (`sync`), and for each answer
 * exactly one of
 * - `addToolResult` for a picker tool call (a client tool without `execute`): the kind's typed
 *   result object (`toToolOutput`: the value, or `{ declined: true, reason? }`, `{ reply }`);
 * - the approval's response for a tool with `needsApproval` (approve, or deny): its interrupt's
 *   `resolveInterrupt({ approved })`, or `addToolApprovalResponse` when the page registered the tool;
 * - the interrupt's `resolveInterrupt(payload)` or `cancel()` for a generic interrupt.
 * TanStack AI 0.58 parks every one of them as an interrupt of the run that asked, and its client
 * sends them in one batch once each has its answer: one continuation carrying exactly one
 * resolution per interrupt. An answer given while that run still streams waits for it to end.
 */
export function createTanStackAiTransport(
  chat: TanStackChatLike,
  options: TanStackAiHitlOptions = {},
): TanStackAiHitlTransport {
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const { connection } = createConnectionState();
  const convert = createTanStackAiConverter();
  const waitMs = options.waitMs ?? 30_000;
  /** Calls whose streaming input already named its kind (each prefetches once). */
  const expected = new Set<string>();
  const waiters = new Set<() => void>();
  let current = chat;
  let last: readonly unknown[] = [];

  const sync = (next: TanStackChatLike = current) => {
    current = next;
    const seen = [next.messages, next.interrupts, next.resuming, next.isLoading];
    if (seen.every((value, index) => value === last[index])) return;
    last = seen;
    prefetch(next.messages);
    events.deliver(convert(next));
    for (const waiter of [...waiters]) waiter();
  };

  const prefetch = (messages: readonly unknown[]) => {
    const parts = partsOf(messages.at(-1));
    for (const part of parts) {
      if (part.type !== "tool-call" || typeof part.id !== "string" || expected.has(part.id)) continue;
      if (part.state !== "input-streaming" || typeof part.arguments !== "string") continue;
      const kind = sniffKind(part.arguments);
      if (kind === undefined) continue;
      expected.add(part.id);
      events.expect(kind);
    }
  };

  // The state already there is converted at once, so the first render shows its requests.
  sync(chat);

  /**
   * Resolves once `ready()` holds (checked on every sync), or fails with `timedOut()` after
   * `waitMs` — counted again from each sync at which `busy()` says the chat is still working.
   */
  const until = (ready: () => boolean, timedOut = notSent, busy = () => false): Promise<void> =>
    ready()
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const arm = () => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              waiters.delete(check);
              reject(timedOut());
            }, waitMs);
          };
          const check = () => {
            if (ready()) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve();
            } else if (busy()) arm();
          };
          arm();
          waiters.add(check);
        });

  /** The run that asked is over: its interrupts (if any) are the client's now. */
  const runOver = () => current.isLoading !== true;
  const boundInterrupt = (id: string) => current.interrupts?.find((interrupt) => interrupt.id === id);
  const toolInterrupt = (toolCallId: string) =>
    current.interrupts?.some((interrupt) => {
      if (interrupt.id === `client_tool_${toolCallId}`) return true;
      const binding = isRecord(interrupt.metadata) ? interrupt.metadata[INTERRUPT_BINDING_KEY] : undefined;
      return isRecord(binding) && binding.toolCallId === toolCallId;
    }) === true;

  const toolCall = (toolCallId: string) => {
    for (const message of current.messages) {
      for (const part of partsOf(message)) {
        if (part.type === "tool-call" && part.id === toolCallId) return part;
      }
    }
    return undefined;
  };
  const hasResult = (toolCallId: string) =>
    current.messages.some((message) =>
      partsOf(message).some((part) => part.type === "tool-result" && part.toolCallId === toolCallId),
    );

  const alreadyAnswered = (what: string) =>
    new HitlTransportError(`This ${what} already has its answer.`, "unconfirmed");

  /**
   * Runs one client call that only updates the chat's own state: a throw means nothing was staged.
   * Which requests this page answered is the client's ledger's to know (one per chat, through
   * `follows`): its gate lets one answer through per request, and settles a concluded one with it.
   */
  const stage = async (call: () => unknown) => {
    try {
      await call();
    } catch (error) {
      throw new HitlTransportError(error instanceof Error ? error.message : String(error), "rejected");
    }
    return ACCEPTED;
  };

  /** Gives one request its one answer through the client call that fits it. */
  const sendOne = async ({ requestId, answer, request }: TransportAnswer): Promise<SendOutcome> => {
    const interrupt = convert.interrupt(requestId);
    if (interrupt) {
      const bound = boundInterrupt(requestId);
      if (!bound || !isOpen(bound)) throw alreadyAnswered("interrupt");
      const resolution = interruptResolution(requestId, answer, interrupt.answering);
      return stage(() =>
        resolution.status === "cancelled"
          ? bound.cancel?.()
          : (bound.resolveInterrupt as ((payload: unknown) => void) | undefined)?.(resolution.payload),
      );
    }
    if (request.native && request.kind === "approval") {
      await until(() => boundInterrupt(requestId) !== undefined || runOver());
      const bound = boundInterrupt(requestId);
      const approval = toolCall(request.callId)?.approval;
      const decided = isRecord(approval) && approval.approved !== undefined;
      // Waiting: its interrupt is open, or (a server without interrupts) its part asks.
      const waiting = bound ? isOpen(bound) : isRecord(approval);
      if (decided || !waiting) throw alreadyAnswered("approval");
      const approved = approves(answer);
      return stage(() =>
        // A tool the page registered is the client's own approval; any other is a generic interrupt.
        bound?.resolveInterrupt && bound.kind !== "tool-approval"
          ? (bound.resolveInterrupt as (payload: unknown) => void)({ approved })
          : current.addToolApprovalResponse({ id: requestId, approved }),
      );
    }
    await until(() => toolInterrupt(request.callId) || runOver());
    const part = toolCall(request.callId);
    if (!part || part.output !== undefined || hasResult(request.callId)) {
      throw alreadyAnswered("tool call");
    }
    return stage(() =>
      current.addToolResult({ toolCallId: request.callId, tool: request.toolName, output: toToolOutput(answer) }),
    );
  };

  return {
    sessionKey: `tanstack-ai:${options.threadId ?? `page-${Date.now().toString(36)}-${(++counter).toString(36)}`}`,
    // Two transports over one chat client (two hooks) share one ledger, so one gate.
    follows: chat.addToolResult as object,
    connection,
    connect: events.connect,
    peek: events.peek,
    sync,
    send: sendOne,
    // TanStack AI's client refuses a message while any interrupt waits: every open request gets a reply first.
    awaitsReply: () => true,
    async sendMessage(message, replies) {
      if (!current.sendMessage)
        throw new HitlTransportError("This chat sends no messages (no sendMessage).", "rejected");
      const sent = new Set<string>();
      for (const reply of replies) {
        try {
          await sendOne(reply);
          sent.add(reply.requestId);
        } catch {
          // Answered meanwhile (or refused by the client): left to the chat's own record.
        }
      }
      // The replies resume the run; the message goes once the client has no interrupt waiting.
      await until(
        () => runOver() && current.resuming !== true && (current.interrupts?.length ?? 0) === 0,
        () => new HitlTransportError("The chat still waits on interrupts; the message was not sent.", "unconfirmed"),
        () => !runOver() || current.resuming === true,
      );
      await current.sendMessage(message.text, message.options as never);
      return sent;
    },
  };
}

function notSent(): HitlTransportError {
  return new HitlTransportError("The run that asked never finished; nothing was sent.", "rejected", true);
}

/** An interrupt nobody resolved yet (or whose resolution failed and may be given again). */
function isOpen(interrupt: TanStackInterruptLike): boolean {
  return interrupt.status === undefined || interrupt.status === "pending" || interrupt.status === "error";
}

function partsOf(message: unknown): Record<string, unknown>[] {
  if (!isRecord(message) || !Array.isArray(message.parts)) return [];
  return message.parts.filter(isRecord);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// The rest of the adapter a server or a script needs, without React.
export { type ChatClientLike, chatClientLike, linkChatClient } from "./chat-client";
export { createTanStackAiConverter, type TanStackAiConverter, type TanStackChatState } from "./convert";
export { isToolInterrupt, parkTanStackInterrupt } from "./interrupts";
