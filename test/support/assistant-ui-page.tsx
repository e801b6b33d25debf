import { Chat, useChat } from "@ai-sdk/react";
import {
  type AssistantRuntime,
  AssistantRuntimeProvider,
  ComposerPrimitive,
  MessagePrimitive,
  ThreadPrimitive,
} from "@assistant-ui/react";
import { AssistantChatTransport, useAISDKChat, useAISDKRuntime, useChatRuntime } from "@assistant-ui/react-ai-sdk";
import type { UIMessage } from "ai";
import { type ReactNode, useState } from "react";
import type { ChatRoute } from "../../playground/ai-sdk/route";
import { continueAfterAnswers } from "../../src/adapters/ai-sdk/transport";
import { HitlToolUIs, useAssistantUiHitl } from "../../src/adapters/assistant-ui/index";
import { noopJournal } from "../../src/core/journal";
import { HitlProvider, useHitlClient } from "../../src/index";

/**
 * A chat page on assistant-ui (`@assistant-ui/react`) over its AI SDK runtime
 * (`@assistant-ui/react-ai-sdk`) with the kit's tool UIs, whose requests the playground's real AI
 * SDK route serves in-process (`playground/ai-sdk/route.ts`, scripted model). Two ways to build
 * the runtime, as assistant-ui documents them: `useChatRuntime` (which owns its chat), or
 * `useAISDKRuntime` over the app's `useChat` — there the page owns the `Chat` and records every
 * result that reaches it (`sends`): what the kit's transport sends, and a tool UI's `addResult`
 * too, since assistant-ui hands that to the same `addToolOutput`.
 */
export type RuntimeKind = "useChatRuntime" | "useAISDKRuntime";

/** One result or approval response that reached the chat. */
export interface ChatSend {
  readonly toolCallId?: string;
  readonly approvalId?: string;
  readonly output?: unknown;
}

/** What a test reads off the page: the chat's messages, and (`useAISDKRuntime`) what reached it. */
export interface PageProbe {
  messages: readonly UIMessage[];
  readonly sends: ChatSend[] | undefined;
}

export function createProbe(runtime: RuntimeKind): PageProbe {
  return { messages: [], sends: runtime === "useAISDKRuntime" ? [] : undefined };
}

interface PageProps {
  readonly route: ChatRoute;
  readonly runtime?: RuntimeKind;
  readonly initialMessages?: UIMessage[];
  /** Renders the thread this many times (a main view and a side panel): one tool UI per view. */
  readonly views?: number;
  /** Gets the chat's messages on every render, and with `useAISDKRuntime` each result that reached the chat. */
  readonly probe?: PageProbe;
}

/** The playground route's tools the kit answers: every picker, and the tool behind approval. */
export const hitlTools = ["pick_media", "pick_template", "pick_aspect_ratio", "pick_tags", "fill_form", "delete_file"];

export function AssistantPage({ runtime = "useChatRuntime", ...props }: PageProps) {
  return runtime === "useChatRuntime" ? <WithChatRuntime {...props} /> : <WithAISDKRuntime {...props} />;
}

function useRouteTransport(route: ChatRoute) {
  const [transport] = useState(
    () =>
      new AssistantChatTransport({
        api: "http://chat.test/api/chat",
        fetch: (input, init) => route.POST(new Request(String(input), init as RequestInit)),
      }),
  );
  return transport;
}

function WithChatRuntime({ route, initialMessages, ...props }: Omit<PageProps, "runtime">) {
  const runtime = useChatRuntime({
    transport: useRouteTransport(route),
    sendAutomaticallyWhen: continueAfterAnswers,
    ...(initialMessages ? { messages: initialMessages } : {}),
  });
  return <Page runtime={runtime} {...props} />;
}

function WithAISDKRuntime({ route, initialMessages, ...props }: Omit<PageProps, "runtime">) {
  const transport = useRouteTransport(route);
  const [chat] = useState(() => {
    const created = new Chat({
      transport,
      sendAutomaticallyWhen: continueAfterAnswers,
      ...(initialMessages ? { messages: initialMessages } : {}),
    });
    const { addToolOutput, addToolApprovalResponse } = created;
    created.addToolOutput = (options) => {
      props.probe?.sends?.push({ toolCallId: options.toolCallId, output: options.output });
      return addToolOutput(options);
    };
    created.addToolApprovalResponse = (options) => {
      props.probe?.sends?.push({
        approvalId: options.id,
        output: { approved: options.approved, reason: options.reason },
      });
      return addToolApprovalResponse(options);
    };
    return created;
  });
  const runtime = useAISDKRuntime(useChat({ chat }));
  return <Page runtime={runtime} {...props} />;
}

function Page({ runtime, views = 1, probe }: { runtime: AssistantRuntime } & Pick<PageProps, "views" | "probe">) {
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <Hitl>
        {Array.from({ length: views }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical views
          <Thread key={i} composer={i === 0} />
        ))}
        <Status probe={probe} />
        <ReplyBox />
      </Hitl>
    </AssistantRuntimeProvider>
  );
}

/** What an app writes once: the kit's transport for the runtime's chat, its provider, its tool UIs. */
function Hitl({ children }: { children: ReactNode }) {
  const hitl = useAssistantUiHitl();
  return (
    <HitlProvider transport={hitl} journal={noopJournal}>
      <HitlToolUIs toolNames={hitlTools} />
      {children}
    </HitlProvider>
  );
}

function Thread({ composer }: { composer: boolean }) {
  return (
    <ThreadPrimitive.Root data-testid="thread">
      <ThreadPrimitive.Viewport>
        <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
      </ThreadPrimitive.Viewport>
      {composer && (
        <ComposerPrimitive.Root>
          <ComposerPrimitive.Input aria-label="Message" />
          <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
        </ComposerPrimitive.Root>
      )}
    </ThreadPrimitive.Root>
  );
}

function UserMessage() {
  return (
    <MessagePrimitive.Root data-testid="user-message">
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  );
}

function AssistantMessage() {
  return (
    <MessagePrimitive.Root data-testid="assistant-message">
      <MessagePrimitive.Parts components={{ Text: ({ text }) => <p>{text}</p> }} />
    </MessagePrimitive.Root>
  );
}

/** The chat's status (`ready` once nothing is on its way), from the chat behind the runtime. */
function Status({ probe }: { probe: PageProbe | undefined }) {
  const chat = useAISDKChat();
  if (probe && chat) probe.messages = chat.messages;
  return <output data-testid="status">{chat?.status}</output>;
}

/** A chat box of the app's own that sends through the kit (`client.sendMessage`), beside the composer. */
function ReplyBox() {
  const client = useHitlClient();
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void client.sendMessage({ text });
        setText("");
      }}
    >
      <input aria-label="Reply" value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
