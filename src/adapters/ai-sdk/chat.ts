import {
  type AbstractChat,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from "ai";
import { type AiSdkChatLike, type AiSdkHitlOptions, type AiSdkHitlTransport, createAiSdkTransport } from "./transport";

/**
 * `useChat`'s `sendAutomaticallyWhen` for a chat with pickers and approvals: continue once every
 * tool call of the last step has its result, or every approval its response.
 */
export function continueAfterAnswers(options: { messages: UIMessage[] }): boolean {
  return (
    lastAssistantMessageIsCompleteWithToolCalls(options) || lastAssistantMessageIsCompleteWithApprovalResponses(options)
  );
}

/** A `Chat` instance (from `ai` or `@ai-sdk/react`) in the shape the transport reads. */
export function chatLike<M extends UIMessage>(chat: AbstractChat<M>): AiSdkChatLike<M> {
  return {
    get id() {
      return chat.id;
    },
    get messages() {
      return chat.messages;
    },
    setMessages: (update) => {
      chat.messages = update(chat.messages);
    },
    sendMessage: (message, options) => chat.sendMessage(message as Parameters<typeof chat.sendMessage>[0], options),
    addToolOutput: chat.addToolOutput as AiSdkChatLike<M>["addToolOutput"],
    addToolApprovalResponse: chat.addToolApprovalResponse,
  };
}

/**
 * The transport for a `Chat` instance outside React (a worker, a test, another framework's
 * binding): follows the chat's messages through the callback the framework bindings use (the
 * `Chat` of `@ai-sdk/react` has it).
 * `close()` stops following.
 */
export function connectChat<M extends UIMessage>(
  chat: AbstractChat<M> & { "~registerMessagesCallback": (onChange: () => void) => () => void },
  options: AiSdkHitlOptions = {},
): AiSdkHitlTransport & { close(): void } {
  const like = chatLike(chat);
  const transport = createAiSdkTransport(like as unknown as AiSdkChatLike, options);
  // `~registerMessagesCallback` is how @ai-sdk/react, vue and svelte follow a chat.
  const unsubscribe = chat["~registerMessagesCallback"](() => transport.sync(like as unknown as AiSdkChatLike));
  return Object.assign(transport, { close: unsubscribe });
}
