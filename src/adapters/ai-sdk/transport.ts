import type { ChatRequestOptions, UIMessage } from "ai";
import type { AnswerBody, TransportAnswer } from "../../core/answer";
import type { LedgerProblem } from "../../core/ledger";
import { selectRequest, selectRequests } from "../../core/ledger";
import type { ParkedRequest } from "../../core/model";
import { createTransportState, type HitlTransport, HitlTransportError } from "../../core/transport";
import { toToolOutput } from "../tool-output";
import { createAiSdkConverter } from "./convert";

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
  /** Called for each tool part the converter could not read (also reported through `HitlProvider`'s `onError`). */
  readonly onProblem?: (problem: LedgerProblem) => void;
}

export interface AiSdkHitlTransport extends HitlTransport {
  /** Feeds the chat's current messages (the hook does this on every change). */
  sync(chat: AiSdkChatLike): void;
  /**
   * Sends a chat message the person typed. A picker still waiting for its answer gets one
   * first — the typed "replied in chat" result (`{ reply: text }`) — and an approval still
   * waiting is denied with that reason, so the message never goes out beside a tool call that
   * has no result (which the provider rejects); an approval granted but never carried out (a
   * reload came between) is carried out first. Use it instead of `chat.sendMessage`.
   */
  sendMessage(message: { readonly text: string }, options?: ChatRequestOptions): Promise<void>;
}

/** The reason an approval carries when the person typed in the chat instead of deciding. */
export const REPLIED_IN_CHAT_REASON = "The person replied in the chat instead.";

/**
 * Which tool calls have been answered, per chat: the `Chat` object behind `useChat` keeps one
 * output slot per call, but two providers (or two hooks) on one chat would each fill it and each
 * trigger a send. Keyed by the chat's own `addToolOutput`, which is stable per `Chat` instance.
 */
const answeredByChat = new WeakMap<object, Set<string>>();

function answeredFor(chat: AiSdkChatLike): Set<string> {
  const key = chat.addToolOutput as object;
  let answered = answeredByChat.get(key);
  if (!answered) {
    answered = new Set();
    answeredByChat.set(key, answered);
  }
  return answered;
}

/**
 * An AI SDK chat as a transport: `useChat`'s messages in, `addToolOutput` /
 * `addToolApprovalResponse` out. A picker's answer is the kind's typed output object (what the
 * model reads), a decline `{ declined: true, reason? }`; an approval's answer is approve, or deny
 * with a reason. The conversation continues through `useChat`'s `sendAutomaticallyWhen` (see
 * `continueAfterAnswers`).
 */
export function createAiSdkTransport(chat: AiSdkChatLike, options: AiSdkHitlOptions = {}): AiSdkHitlTransport {
  const state = createTransportState(options.onProblem ? { onProblem: options.onProblem } : {});
  const { store } = state;
  const convert = createAiSdkConverter();
  let current = chat;
  let lastMessages: readonly unknown[] | undefined;

  const sync = (next: AiSdkChatLike) => {
    current = next;
    if (next.messages === lastMessages) return;
    lastMessages = next.messages;
    const action = convert(next.messages);
    if (action) store.dispatch(action);
  };
  sync(chat);

  const waitingPart = (request: ParkedRequest) => {
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
    store,
    connection: state.connection,
    sync,
    async send({ requestId, answer }: TransportAnswer) {
      const request = selectRequest(store.getSnapshot(), requestId);
      if (!request) throw new HitlTransportError(`Unknown request ${requestId}`, "rejected");
      const answered = answeredFor(current);
      if (answered.has(requestId) || !waitingPart(request)) {
        // Someone filled this call's slot already (another provider on this chat, or the
        // messages the server sent back): the messages will say with what.
        throw new HitlTransportError("This tool call already has its result.", "unconfirmed");
      }
      answered.add(requestId);
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
        answered.delete(requestId);
        throw new HitlTransportError(error instanceof Error ? error.message : String(error), "rejected");
      }
    },
    async sendMessage(message, requestOptions) {
      const open = selectRequests(store.getSnapshot()).filter((r) => r.state === "open");
      const reply: AnswerBody = { type: "reply", text: message.text };
      const outputs = new Map<string, unknown>();
      const denials = new Set<string>();
      const answered = answeredFor(current);
      for (const request of open) {
        if (!waitingPart(request) || answered.has(request.requestId)) continue;
        // The store's gate, as the client uses it: a widget submitting right now keeps its answer.
        if (!store.beginSubmit(request.requestId, reply)) continue;
        answered.add(request.requestId);
        if (request.native) denials.add(request.requestId);
        else outputs.set(request.callId, toToolOutput(reply));
      }
      if (outputs.size > 0 || denials.size > 0) {
        // One update for every open call, without `addToolOutput`: that would start an automatic
        // request of its own, racing the message below.
        current.setMessages((messages) => messages.map((m) => answerParts(m, outputs, denials)));
        for (const request of open) {
          if (outputs.has(request.callId) || denials.has(request.requestId)) {
            store.dispatch({ type: "accepted", requestId: request.requestId });
          }
        }
      }
      // An approval granted but never carried out (the page reloaded before the automatic
      // request went): the AI SDK refuses a new message after it (`MissingToolResultsError`), so
      // the approved tool runs first, as the automatic request would have done.
      if (hasUnrunApproval(current.messages)) await current.sendMessage(undefined, requestOptions);
      await current.sendMessage({ text: message.text }, requestOptions);
    },
  };
}

/** The last message is the assistant's, with an approved call that has no result yet. */
function hasUnrunApproval(messages: readonly UIMessage[]): boolean {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return false;
  return last.parts.some(
    (part) => isToolPart(part) && part.state === "approval-responded" && part.approval?.approved === true,
  );
}

function approvalResponse(id: string, answer: AnswerBody): { id: string; approved: boolean; reason?: string } {
  if (answer.type === "value") {
    const value = answer.value as { decision?: unknown; note?: unknown } | null;
    if (value?.decision === "approve") return { id, approved: true };
    const note = typeof value?.note === "string" && value.note.trim() ? value.note : undefined;
    return note ? { id, approved: false, reason: note } : { id, approved: false };
  }
  // An approval has no third answer: a decline, a dismissal or a reply is a deny, with its words.
  const reason = answer.type === "declined" ? answer.reason : answer.type === "reply" ? answer.text : undefined;
  return reason?.trim() ? { id, approved: false, reason } : { id, approved: false };
}

function answerParts<M extends UIMessage>(message: M, outputs: Map<string, unknown>, denials: Set<string>): M {
  if (message.role !== "assistant") return message;
  let changed = false;
  const parts = message.parts.map((part) => {
    if (!isToolPart(part)) return part;
    if (part.state === "input-available" && outputs.has(part.toolCallId)) {
      changed = true;
      return { ...part, state: "output-available", output: outputs.get(part.toolCallId) };
    }
    if (part.state === "approval-requested" && part.approval && denials.has(part.approval.id)) {
      changed = true;
      return {
        ...part,
        state: "approval-responded",
        approval: { ...part.approval, approved: false, reason: REPLIED_IN_CHAT_REASON },
      };
    }
    return part;
  });
  return changed ? ({ ...message, parts } as M) : message;
}

interface ToolPartView {
  readonly type: string;
  readonly toolCallId: string;
  readonly state: string;
  readonly approval?: { readonly id: string; readonly approved?: boolean };
}

function isToolPart(part: unknown): part is ToolPartView {
  if (typeof part !== "object" || part === null || !("type" in part) || !("toolCallId" in part)) return false;
  return typeof part.type === "string" && (part.type.startsWith("tool-") || part.type === "dynamic-tool");
}
