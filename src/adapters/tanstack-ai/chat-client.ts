import {
  createTanStackAiTransport,
  type TanStackAiHitlOptions,
  type TanStackAiHitlTransport,
  type TanStackChatLike,
  type TanStackInterruptLike,
} from "./transport";

/** The parts of a `ChatClient` (`@tanstack/ai-client`) the adapter uses. */
export interface ChatClientLike {
  getMessages(): readonly unknown[];
  getInterruptState(): { readonly interrupts: readonly TanStackInterruptLike[]; readonly resuming: boolean };
  getIsLoading(): boolean;
  addToolResult: TanStackChatLike["addToolResult"];
  addToolApprovalResponse: TanStackChatLike["addToolApprovalResponse"];
  sendMessage(content: string, body?: Record<string, unknown>, options?: never): Promise<void>;
}

const likes = new WeakMap<ChatClientLike, TanStackChatLike>();

/** A `ChatClient` in the shape the transport reads (one per client, so its methods stay the same). */
export function chatClientLike(client: ChatClientLike): TanStackChatLike {
  const known = likes.get(client);
  if (known) return known;
  const like: TanStackChatLike = {
    get messages() {
      return client.getMessages();
    },
    get interrupts() {
      return client.getInterruptState().interrupts;
    },
    get resuming() {
      return client.getInterruptState().resuming;
    },
    get isLoading() {
      return client.getIsLoading();
    },
    addToolResult: (result) => client.addToolResult(result),
    addToolApprovalResponse: (response) => client.addToolApprovalResponse(response),
    sendMessage: (content, options) => client.sendMessage(content, undefined, options),
  };
  likes.set(client, like);
  return like;
}

/** The `ChatClient` callbacks that keep a transport in step with the client. */
export interface ChatClientCallbacks {
  onMessagesChange(messages: readonly unknown[]): void;
  onLoadingChange(isLoading: boolean): void;
  onInterruptStateChange(state: unknown): void;
}

/**
 * The transport for a `ChatClient` outside React (a worker, a test, another framework): the
 * client reports its changes only through the callbacks it was built with, so the link hands
 * them out first and the transport follows once connected.
 *
 *   const link = linkChatClient({ threadId });
 *   const client = new ChatClient({ connection, threadId, ...link.callbacks });
 *   const transport = link.connect(client);
 */
export function linkChatClient(options: TanStackAiHitlOptions = {}): {
  readonly callbacks: ChatClientCallbacks;
  connect(client: ChatClientLike): TanStackAiHitlTransport;
} {
  let linked: { transport: TanStackAiHitlTransport; like: TanStackChatLike } | undefined;
  const sync = () => linked?.transport.sync(linked.like);
  return {
    callbacks: { onMessagesChange: sync, onLoadingChange: sync, onInterruptStateChange: sync },
    connect(client) {
      if (!linked) {
        const like = chatClientLike(client);
        linked = { transport: createTanStackAiTransport(like, options), like };
      }
      return linked.transport;
    },
  };
}
