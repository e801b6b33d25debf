import type { ChatRequestOptions, UIMessage } from "ai";
import type { TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import type { ParkedRequestInit } from "../../core/model";
import {
  ACCEPTED,
  type ChatMessage,
  createConnectionState,
  createTransportEvents,
  type HitlTransport,
  HitlTransportError,
  type SendOutcome,
} from "../../core/transport";
import { toToolOutput } from "../../wire/tool-output";
import { createAiSdkConverter } from "./convert";
import { answerParts, approvalResponse, isToolPart } from "./encode";

/**
 * The parts of what `useChat()` (`@ai-sdk/react` 4) returns that the adapter uses. A `Chat`
 * instance from `ai` fits too, through `chatLike(chat)`.
 */
export interface AiSdkChatLike<M extends UIMessage = UIMessage> {
  readonly id: string;
  readonly messages: readonly M[];
  setMessages(update: (messages: M[]) => M[]): void;
  sendMessage(
    message?: { readonly text: string } | Omit<M, "id" | "role"> | undefined,
    options?: ChatRequestOptions,
  ): Promise<void>;
  addToolOutput(args: { tool: never; toolCallId: string; output: unknown }): void | PromiseLike<void>;
  addToolApprovalResponse(args: { id: string; approved: boolean; reason?: string }): void | PromiseLike<void>;
}

export interface AiSdkHitlOptions {
  /** Called for each tool part the converter could not read (also reported through the client's `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
}

export interface AiSdkHitlTransport extends HitlTransport {
  /** Feeds the chat's current messages (the hook does this on every change). */
  sync(chat: AiSdkChatLike): void;
  /**
   * Sends a chat message the person typed: call `client.sendMessage({ text })` (the
   * provider's client: `useHitlClient()` in React), which gates the replies through the client. A picker still waiting for its answer gets one first,
   * the typed "replied in chat" result (`{ reply: text }`), and an approval still waiting is
   * denied, so the message never goes out beside a tool call without its result (which the
   * provider rejects); an approval granted but never carried out (a reload came between) is
   * carried out first.
   */
  sendMessage(message: ChatMessage, replies: readonly TransportAnswer[]): Promise<ReadonlySet<string>>;
}

/**
 * An AI SDK chat as a transport, without React: `useChat`'s messages in (`sync`),
 * `addToolOutput` / `addToolApprovalResponse` out. A picker's answer is the kind's typed output
 * object (what the model reads), a decline `{ declined: true, reason? }`; an approval's answer is
 * its decision (approve, or deny with a note). The conversation continues through `useChat`'s
 * `sendAutomaticallyWhen` (see `continueAfterAnswers`).
 */
export function createAiSdkTransport(chat: AiSdkChatLike, options: AiSdkHitlOptions = {}): AiSdkHitlTransport {
  const events = createTransportEvents(options.onProblem ? { onProblem: options.onProblem } : {});
  const { connection } = createConnectionState();
  const convert = createAiSdkConverter();
  /** Calls whose streaming input already named its kind (each prefetches once). */
  const expected = new Set<string>();
  let current = chat;
  let lastMessages: readonly unknown[] | undefined;

  const sync = (next: AiSdkChatLike) => {
    current = next;
    if (next.messages === lastMessages) return;
    lastMessages = next.messages;
    prefetch(next.messages);
    events.deliver(convert(next.messages));
  };

  const prefetch = (messages: readonly UIMessage[]) => {
    const last = messages.at(-1);
    if (last?.role !== "assistant") return;
    for (const part of last.parts) {
      if (!isToolPart(part) || part.state !== "input-streaming" || expected.has(part.toolCallId)) continue;
      const kind = kindOfPartialInput(part.input);
      if (kind === undefined) continue;
      expected.add(part.toolCallId);
      events.expect(kind);
    }
  };
  sync(chat);

  const waitingPart = (request: ParkedRequestInit) => {
    for (const message of current.messages) {
      for (const part of message.parts) {
        if (!isToolPart(part) || part.toolCallId !== request.callId) continue;
        if (request.native) {
          return part.state === "approval-requested" && part.approval?.id === request.requestId ? part : undefined;
        }
        return part.state === "input-available" ? part : undefined;
      }
    }
    return undefined;
  };

  return {
    sessionKey: `ai-sdk:${chat.id}`,
    // The `Chat` behind `useChat` keeps one output slot per call: two transports over it (two
    // hooks) share one ledger, so one gate fills it. Its `addToolOutput` is stable per `Chat`.
    follows: chat.addToolOutput as object,
    connection,
    connect: events.connect,
    peek: events.peek,
    sync,
    awaitsReply: (request) => waitingPart(request) !== undefined,
    async send({ requestId, answer, request }: TransportAnswer): Promise<SendOutcome> {
      if (!waitingPart(request)) {
        // The call's slot is filled already (the messages the server sent back): they will say with what.
        throw new HitlTransportError("This tool call already has its result.", "unconfirmed");
      }
      try {
        if (request.native && request.kind === "approval") {
          await current.addToolApprovalResponse(approvalResponse(requestId, answer));
        } else {
          await current.addToolOutput({
            tool: request.toolName as never,
            toolCallId: request.callId,
            output: toToolOutput(answer),
          });
        }
      } catch (error) {
        // Both only update the chat's own message list: a throw means the slot stayed empty.
        throw new HitlTransportError(error instanceof Error ? error.message : String(error), "rejected");
      }
      return ACCEPTED;
    },
    async sendMessage(message, replies) {
      const outputs = new Map<string, unknown>();
      const denials = new Map<string, { approved: false; reason?: string }>();
      const sent = new Set<string>();
      for (const { requestId, answer, request } of replies) {
        if (!waitingPart(request)) continue;
        sent.add(requestId);
        if (request.native) {
          const { approved: _approved, id: _id, ...reason } = approvalResponse(requestId, answer);
          denials.set(requestId, { approved: false, ...reason });
        } else outputs.set(request.callId, toToolOutput(answer));
      }
      if (outputs.size > 0 || denials.size > 0) {
        // One update for every open call, without `addToolOutput`: that would start an automatic
        // request of its own, racing the message below.
        current.setMessages((messages) => messages.map((m) => answerParts(m, outputs, denials)));
      }
      const options = message.options as ChatRequestOptions | undefined;
      // An approval granted but never carried out (the page reloaded before the automatic
      // request went): the AI SDK refuses a new message after it (`MissingToolResultsError`), so
      // the approved tool runs first, as the automatic request would have done.
      if (hasUnrunApproval(current.messages)) await current.sendMessage(undefined, options);
      await current.sendMessage({ text: message.text }, options);
      return sent;
    },
  };
}

/** `ui.kind` of a tool input the AI SDK is still parsing (a partial object). */
function kindOfPartialInput(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || !("ui" in input)) return undefined;
  const ui = input.ui;
  if (typeof ui !== "object" || ui === null || !("kind" in ui) || typeof ui.kind !== "string") return undefined;
  return /^[a-z][a-z0-9.-]{0,99}$/i.test(ui.kind) ? ui.kind : undefined;
}

/** The last message is the assistant's, with an approved call that has no result yet. */
function hasUnrunApproval(messages: readonly UIMessage[]): boolean {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return false;
  return last.parts.some(
    (part) => isToolPart(part) && part.state === "approval-responded" && part.approval?.approved === true,
  );
}

// The rest of the adapter a server or a script needs, without React.
export { chatLike, connectChat, continueAfterAnswers } from "./chat";
export { createAiSdkConverter } from "./convert";
